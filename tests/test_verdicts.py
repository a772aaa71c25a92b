"""Calibrated verdicts and advice: judged against the spread over the official pads."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from kok_layouts import Sheet, load_layout, parse_layout
from kok_layouts.analysis.advice import advise, suggest_column_points
from kok_layouts.analysis.balance import (
    MIN_GAMES,
    WIDEN_BELOW,
    Spread,
    Widening,
    decide,
    verdicts,
)
from kok_layouts.analysis.check import check, widening_for
from kok_layouts.analysis.heatmap import heat_map
from kok_layouts.analysis.intervals import Estimate, wilson
from kok_layouts.analysis.measures import measure
from kok_layouts.analysis.references import (
    REFERENCE_GAMES,
    official_pads,
    reference_measures,
    stored,
    stored_measures,
)
from kok_layouts.analysis.simulate import DEFAULT_BOT, simulate
from kok_layouts.model.loader import list_layouts
from kok_layouts.model.sheet import ClassicSheet, KidsSheet

from .conftest import ROOT
from .game_cache import GameCache

# The travel board with yellow made easy: yellow is the start column E (a 3-cell area
# and two single cells on it) and one cell beside it; every other colour as before.
EASY_ROWS = ["gGoobbBrr", "oggYgbrrO", "OogbybgoO", "roBbybgGg", "rrboYrogb"]
TRAVEL_ROWS = ["gGyybbBrr", "oggYybrrO", "OogbyYgoo", "roBbrygGy", "rrboRrygy"]


def easy_yellow() -> Sheet:
    text = (ROOT / "examples" / "travel.yaml").read_text()
    for old, new in zip(TRAVEL_ROWS, EASY_ROWS, strict=True):
        text = text.replace("  - " + old, "  - " + new)
    return parse_layout(text.replace("name: travel", "name: easy-yellow"), "easy.yaml")


def codes(report: Any) -> dict[str, bool | None]:
    return {v.code: v.ok for v in report.verdicts}


def test_wilson_interval_holds_the_share_and_narrows_with_more_games() -> None:
    few, many = wilson(3, 10), wilson(300, 1000)
    assert few.low < 0.3 < few.high and many.low < 0.3 < many.high
    assert many.width < few.width / 5
    assert wilson(0, 20).low == 0.0 and wilson(20, 20).high == 1.0


def test_a_verdict_fails_only_when_the_interval_lies_wholly_outside_the_spread() -> None:
    spread = Spread(0.2, 0.5, 5)
    assert decide(Estimate(0.6, 0.55, 0.65), spread, 1000) is False
    assert decide(Estimate(0.52, 0.48, 0.56), spread, 1000) is True  # overlaps: no proof
    assert decide(Estimate(0.1, 0.05, 0.15), spread, 1000, below=False) is True
    assert decide(Estimate(0.4, 0.0, 0.8), spread, 1000) is None  # too wide to tell
    assert decide(Estimate(0.4, 0.15, 0.75), spread, 1000) is True  # at most twice as wide
    assert decide(Estimate(0.9, 0.85, 0.95), spread, MIN_GAMES - 1) is None


def test_the_stored_references_say_how_they_were_made_and_cover_every_pad() -> None:
    data = stored()
    assert data["bot"] == DEFAULT_BOT and data["games"] == REFERENCE_GAMES
    assert isinstance(data["seed"], int) and data["bot_version"]
    for info in list_layouts():
        assert {"1", "2"} <= set(data["pads"][info.name]), info.name
        figures = stored_measures(info.name, 2, DEFAULT_BOT, None)
        assert figures is not None and figures.games == REFERENCE_GAMES


def test_official_pads_are_found_by_edition_not_by_a_fixed_list() -> None:
    classic = official_pads("classic")
    assert classic[0] == "black" and {"red", "blue", "orange", "yellow"} <= set(classic)
    assert official_pads("kok2") == ["grey"] and official_pads("kids") == ["kids"]


@pytest.mark.parametrize("name", [info.name for info in list_layouts()])
def test_every_official_pad_passes_its_own_yardstick_at_2000_games(name: str) -> None:
    # The stored figures are 2,000 games of each pad; judged like any board, each lies
    # inside the spread of its edition on every measure.
    sheet = load_layout(name)
    for players in (1, 2):
        mine = stored_measures(name, players, DEFAULT_BOT, None)
        assert mine is not None
        refs = reference_measures(sheet.edition, players, REFERENCE_GAMES)
        found = verdicts(sheet, mine, refs, refs[official_pads(sheet.edition)[0]])
        failed = [v.text for v in found if v.ok is not True]
        assert not failed, failed


def test_an_official_pad_played_with_another_seed_passes_every_verdict(
        checked_games: GameCache) -> None:
    # A fresh run (seed 2; the references used seed 1) of 2,000 games, kept for the
    # suite: the 600 games of seed 2 below are its first 600.
    report = check(load_layout("kids"), 2000, 2, seed=2, jobs=2)
    assert all(v.ok is True for v in report.verdicts), [v.text for v in report.verdicts]


def test_a_board_with_one_colour_made_easy_is_flagged_and_the_advice_names_it(
        checked_games: GameCache) -> None:
    report = check(easy_yellow(), 300, 2, seed=1, jobs=2)
    easy = next(v for v in report.verdicts if v.code == "colour-easy")
    assert easy.ok is False and easy.text.startswith("yellow is much easier")
    assert report.advice is not None
    # The advice names yellow and says which cells to paint, in words and as an action
    # that a program can apply.
    assert any(s.startswith("Yellow is too easy") for s in report.advice.sentences)
    repaints = [a for a in report.advice.actions
                if a.verdict == "colour-easy" and a.kind in ("repaint", "swap_areas")]
    assert repaints and all(a.cells for a in repaints)
    assert all(" ".join(a.cells) in a.text or all(c in a.text for c in a.cells)
               for a in repaints)
    data = report.as_dict()
    assert set(data["advice"]["column_points"]) >= {"first", "later"}
    assert all(isinstance(s, str) for s in data["advice"]["sentences"])


def test_the_same_board_gives_the_same_verdicts_at_seeds_1_and_2(
        checked_games: GameCache) -> None:
    # The runs are the suite's shared games (kids seed 2: the first 600 of 2,000).
    for sheet, games in ((easy_yellow(), 300), (load_layout("kids"), 600)):
        one = codes(check(sheet, games, 2, seed=1, jobs=2))
        two = codes(check(sheet, games, 2, seed=2, jobs=2))
        assert one == two, sheet.name


def test_with_five_games_every_verdict_says_not_enough_games(kok: Any) -> None:
    report = check(easy_yellow(), 5, 2, seed=1)
    assert report.verdicts and all(v.ok is None for v in report.verdicts)
    assert all("not enough games to tell" in v.text for v in report.verdicts)
    run = kok("check", "kids", "--games", "5", "--json", "--jobs", "1")
    data = json.loads(run.out)
    assert "Infinity" not in run.out and "NaN" not in run.out
    one = json.loads(kok("check", "kids", "--games", "1", "--json").out)
    assert all(v["ok"] is None for v in one["verdicts"])
    assert data["verdicts"] and all(v["ok"] is None for v in data["verdicts"])


def test_suggested_points_keep_the_printed_values_and_favour_hard_columns(
        shared_games: GameCache) -> None:
    sheet = easy_yellow()
    results = shared_games(sheet, 200, 2, seed=1)  # the first 200 of the checks' 300
    measured = measure(sheet, results)
    rates = measured.column_rates
    hardest = min(rates, key=lambda k: rates[k].value)
    easiest = max(rates, key=lambda k: rates[k].value)
    first, later = suggest_column_points(sheet, measured, easier=[easiest], harder=[hardest])
    printed = [p.first for p in sheet.column_points]  # type: ignore[attr-defined]
    assert sorted(first) == sorted(printed)
    letters = [chr(ord("A") + i) for i in range(sheet.width)]
    assert first[letters.index(hardest)] == max(first)
    start = sheet.start_columns[0]  # type: ignore[attr-defined]
    assert first[start] == min(first)
    others = [f for i, f in enumerate(first) if i != start]
    assert first[letters.index(easiest)] == min(others)
    assert all(f >= lt for f, lt in zip(first, later, strict=True))
    advice = advise(sheet, measured, {}, heat_map(sheet, results))
    assert advice.first == tuple(printed)  # nothing compared, nothing suggested


def test_the_advice_never_re_deals_the_start_column() -> None:
    for name in ("black", "grey", "kids"):
        sheet = load_layout(name)
        measured = measure(sheet, simulate(sheet, 60, 2, seed=3))
        first, _ = suggest_column_points(sheet, measured)
        if isinstance(sheet, KidsSheet):
            start, printed = sheet.middle_column, list(sheet.buckets)
        else:
            assert isinstance(sheet, ClassicSheet)
            start, printed = sheet.start_columns[0], [p.first for p in sheet.column_points]
        assert first[start] == printed[start], f"{name}: the start column keeps its points"


def test_the_heat_map_counts_crossings_per_cell_and_leaves_holes_empty() -> None:
    sheet = load_layout("examples/donut.yaml")
    results = simulate(sheet, 40, 2, seed=1)
    heat = heat_map(sheet, results)
    full = sum(1 for r in results for seat in r.crossed_at for at in seat if at)
    crossed = sum(v or 0.0 for v in heat.crossed) * len(results) * 2
    assert crossed == pytest.approx(full)
    assert all(v is None or 0.0 <= v <= 1.0 for v in heat.crossed)
    assert any(v is None for v in heat.crossed)  # the donut's hole
    data = heat.as_dict()
    assert len(data["crossed"]) == sheet.height and len(data["crossed"][0]) == sheet.width


def test_reference_none_drops_the_how_far_verdict_and_a_pad_can_be_chosen(kok: Any) -> None:
    none = kok("check", "kids", "--games", "40", "--reference", "none", "--json")
    assert "reference" not in {v["code"] for v in json.loads(none.out)["verdicts"]}
    run = kok("check", "examples/travel.yaml", "--games", "40", "--reference", "yellow",
              "--json")
    data = json.loads(run.out)
    assert data["reference"]["layout"] == "yellow"
    assert "Compared with yellow" in next(v["text"] for v in data["verdicts"]
                                         if v["code"] == "reference")
    bad = kok("check", "kids", "--games", "40", "--reference", "nope")
    assert bad.code == 2 and len(bad.err.strip().splitlines()) == 1


def test_boards_of_another_size_are_compared_with_the_pads_carried_over_to_their_size(
        checked_games: GameCache) -> None:
    report = check(easy_yellow(), 60, 2, seed=1)
    texts = {v.code: v.text for v in report.verdicts}
    assert "carried over to 9 x 5" in texts["score"]
    assert "carried over to 9 x 5" in texts["length"]
    assert "per roll" not in texts["score"] and "rolls per 100 cells" not in texts["length"]
    assert report.size is not None and report.as_dict()["size_yardstick"]["width"] == 9
    kids = check(load_layout("kids"), 60, 2, seed=1)
    texts = {v.code: v.text for v in kids.verdicts}
    assert "carried" not in texts["score"] and texts["score"].startswith("The mean score")
    assert kids.size is None


def test_the_reference_script_writes_the_figures_it_would_store(tmp_path: Path) -> None:
    from kok_layouts.analysis.references import main

    out = tmp_path / "refs.json"
    # Two games solo and with two, one game with every other player count the pads allow
    # (the script's plumbing, not its figures: the fewest games that tell the counts apart).
    assert main(["--games", "2", "--more-games", "1", "--jobs", "1", "-o", str(out)]) == 0
    data = json.loads(out.read_text())
    assert data["games"] == 2 and data["bot"] == DEFAULT_BOT
    assert set(data["pads"]) == {info.name for info in list_layouts()}
    assert data["games_by_players"] == {"1": 2, "2": 2, "3": 1, "4": 1, "5": 1, "6": 1}
    assert set(data["pads"]["black"]) == {"1", "2", "3", "4", "5", "6"}
    assert set(data["pads"]["kids"]) == {"1", "2", "3", "4"}


def test_an_edition_with_one_pad_is_judged_with_the_classic_pads_variation() -> None:
    classic = reference_measures("classic", 2, REFERENCE_GAMES)
    widening = Widening.between(classic)
    assert widening.pads == len(classic) >= WIDEN_BELOW
    # Seven pads spread wider than a typical one of them, on both sides.
    assert all(low >= 0 and high >= 0 for low, high in widening.margins.values())
    assert widening.margins["mean_score"][1] > 0 and widening.margins["column"][0] > 0
    kids = reference_measures("kids", 2, REFERENCE_GAMES)
    assert len(kids) < WIDEN_BELOW and widening_for("kids", kids, 2, 300) == widening
    assert widening_for("classic", classic, 2, 300) is None
    own = Spread.of([kids["kids"].mean_score], 1)
    wide = widening.widen("mean_score", own, kids["kids"].mean_score.value)
    # The score widens by the same share of a Kids game's score as of a classic one's.
    share = (wide.high - own.high) / kids["kids"].mean_score.value
    classic_mean = sum(m.mean_score.value for m in classic.values()) / len(classic)
    classic_high = max(m.mean_score.high for m in classic.values())
    classic_typical = sum(m.mean_score.high for m in classic.values()) / len(classic)
    assert share == pytest.approx((classic_high - classic_typical) / classic_mean)


def test_a_kids_board_scoring_a_little_above_the_pad_is_no_longer_failed_for_it(
        shared_games: GameCache) -> None:
    kids = load_layout("kids")
    results = shared_games(kids, 300, 2, 2, (DEFAULT_BOT,))  # the first 300 of seed 2's
    measured = measure(kids, results)
    references = reference_measures("kids", 2, REFERENCE_GAMES)
    plain = {v.code: v for v in verdicts(kids, measured, references)}
    widened = {v.code: v for v in verdicts(
        kids, measured, references, None, None,
        Widening.between(reference_measures("classic", 2, REFERENCE_GAMES)))}
    # On one pad's own interval 300 games cannot tell; widened they can, and say why.
    assert plain["score"].ok is None and widened["score"].ok is True
    assert "widened by how much the 7 classic pads differ" in widened["score"].text
