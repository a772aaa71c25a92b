"""A coach for a finished game: what each of a player's choices cost against the strong bot.

The game is replayed from its record roll by roll. Wherever the reviewed player chose
(active or passive), the strong bot values every choice the roll allowed
(:func:`kok_layouts.rules.engine.strong.decide`: the strong bot's expected final score of
the position after the choice, relative to leaving the sheet as it is; passing is worth
minus the tuned ``pass_cost``). The *loss* of a roll is the value of the bot's best choice
minus the value of the choice played: 0 when the player played the best choice.

The worst rolls are explained in a sentence built from the game itself: the best choice
is played on the game and taken back, the played one too, and what differs is said
(a column, colour, animal or row completed, first or not, a joker kept, points now, a
column left closer to completion).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from kok_layouts import limits
from kok_layouts.errors import BadArgumentError, KokTypeError, shown
from kok_layouts.model.grid import column_letter
from kok_layouts.rules.dice import PURPLE
from kok_layouts.rules.game import Choice, Game, new_game
from kok_layouts.rules.kids import KidsMove
from kok_layouts.rules.kok2 import Special
from kok_layouts.rules.record import read_record, replay
from kok_layouts.rules.strong import StrongWeights, edition_of, valued_choices
from kok_layouts.rules.turns import Turns

WORST = 3
"""How many of the costliest rolls are explained in a sentence."""


@dataclass(frozen=True)
class RollReview:
    """One roll in which the reviewed player chose."""

    roll: int
    """The roll's number, from 1."""
    active: bool
    """Whether the player threw the dice in this roll (else chose from the dice left)."""
    played: str
    """The choice played, as a person says it (``3 yellow on H4-H6``, ``pass``)."""
    best: str
    """The strong bot's choice in the same position."""
    loss: float | None
    """Points the choice played lost against the best one (0: the best was played);
    ``None`` for a Keer op Keer 2 row or stars action short of its fullest, which the
    strong bot does not value."""
    sentence: str = ""
    """For the costliest rolls: what the best choice would have achieved."""
    rollout: float | None = None
    """With rollouts: the mean final score of the best choice minus that of the choice
    played, the strong bot playing every seat on from both on common dice."""

    def as_dict(self) -> dict[str, Any]:
        entry: dict[str, Any] = {"roll": self.roll, "active": self.active,
                                 "played": self.played, "best": self.best,
                                 "loss": self.loss}
        if self.rollout is not None:
            entry["rollout_loss"] = self.rollout
        if self.sentence:
            entry["sentence"] = self.sentence
        return entry


@dataclass(frozen=True)
class Review:
    """A player's game reviewed roll by roll (:func:`review_game`)."""

    player: str
    players: tuple[str, ...]
    layout: str
    edition: str
    title: str
    score: int
    """The player's final total (Kids: circles)."""
    rolls: tuple[RollReview, ...]
    rollouts: int = 0
    """The games played on from each position compared (0: the valuation alone)."""

    @property
    def total(self) -> float:
        """The points lost over the whole game."""
        return round(sum(r.loss for r in self.rolls if r.loss is not None), 2)

    @property
    def worst(self) -> list[RollReview]:
        """The explained rolls, costliest first."""
        return sorted((r for r in self.rolls if r.sentence),
                      key=lambda r: (-(r.loss or 0.0), r.roll))

    @property
    def best_played(self) -> int:
        """How many rolls the player played the strong bot's choice (or one as good)."""
        return sum(1 for r in self.rolls if r.loss == 0.0)

    @property
    def rollout_total(self) -> float:
        """The points lost by the rollouts' measure."""
        return round(sum(r.rollout for r in self.rolls if r.rollout is not None), 2)

    def as_dict(self) -> dict[str, Any]:
        found = {"player": self.player, "players": list(self.players),
                 "layout": self.layout, "edition": self.edition, "score": self.score,
                 "rolls": [r.as_dict() for r in self.rolls],
                 "worst": [{"roll": r.roll, "loss": r.loss, "sentence": r.sentence}
                           for r in self.worst],
                 "total": self.total}
        if self.rollouts:
            found["rollouts"] = self.rollouts
            found["rollout_total"] = self.rollout_total
        return found

    def text(self) -> str:
        """The review as the terminal shows it: the table of rolls, the worst rolls in
        sentences, the total."""
        lines = [f"Review of {self.player}'s game on {self.title} ({self.edition}): "
                 f"final score {self.score}, strong bot as the coach."]
        played_w = max([len("played"), *(len(r.played) for r in self.rolls)])
        rollout = f"  {'games':>6}" if self.rollouts else ""
        lines.append(f"{'roll':>4}  {'':1} {'played':<{played_w}}  {'loss':>5}{rollout}  best")
        for r in self.rolls:
            loss = "  -  " if r.loss is None else f"{r.loss:5.2f}"
            if self.rollouts:
                loss += "        " if r.rollout is None else f"  {r.rollout:6.2f}"
            best = "" if r.loss == 0.0 else r.best
            lines.append(f"{r.roll:>4}  {'*' if r.active else ' '} {r.played:<{played_w}}  "
                         f"{loss}  {best}".rstrip())
        lines.append("(* the player threw the dice; loss: points the choice lost against the "
                     "strong bot's best, by its valuation"
                     + (f"; games: the same by {self.rollouts} games played on by the strong "
                        "bot from both, on common dice)" if self.rollouts else ")"))
        if self.worst:
            lines.append("")
            lines.append("The costliest rolls:")
            lines += [f"- {r.sentence}" for r in self.worst]
        lines.append("")
        lines.append(f"Total: {self.total:.2f} points lost in {len(self.rolls)} choices; "
                     f"the best choice in {self.best_played} of them.")
        if self.rollouts:
            lines.append(f"By {self.rollouts} games played on from each costly choice: "
                         f"{self.rollout_total:.2f} points lost.")
        return "\n".join(lines)


# -- saying a choice as a person does ---------------------------------------------------------
def cells_text(game: Game, cells: int) -> str:
    """Cells as a person names them: ``H4-H6`` for a run down one column or along one
    row, else the names one by one (``A1 C1 E1``)."""
    width = game.sheet.width
    found = [c for c in range(cells.bit_length()) if cells >> c & 1]
    names = [game.sheet.cell_name(c) for c in sorted(found, key=lambda c: (c % width, c))]
    if len(found) < 2:
        return " ".join(names)
    columns = {c % width for c in found}
    rows = {c // width for c in found}
    if len(columns) == 1 and max(rows) - min(rows) + 1 == len(found):
        return f"{names[0]}-{names[-1]}"
    if len(rows) == 1 and max(columns) - min(columns) + 1 == len(found):
        return f"{names[0]}-{names[-1]}"
    return " ".join(names)


def say_choice(game: Game, choice: Choice | None) -> str:
    """``choice`` as a person says it: ``3 yellow on H4-H6``, ``2 green on A1-A2 with the
    ? joker``, ``a bomb on C3-D4``, ``lion on F2-G2``, ``pass``."""
    if choice is None:
        return "pass"
    move = choice.move
    sheet = game.sheet
    if isinstance(move, KidsMove):
        if move.die == PURPLE:
            text = "purple (an exclamation mark)"
            if move.chameleon:
                text += f" + the chameleon on {cells_text(game, move.chameleon)}"
        else:
            text = f"{sheet.colour_by_key[move.die].name} on {cells_text(game, move.cells)}"
    elif isinstance(move, Special):
        where = cells_text(game, move.cells)
        text = {"heart": "a heart (special die)", "bomb": f"a bomb on {where}",
                "stars": f"stars on {where}", "row": f"the row action on {where}",
                "block": f"the block {where}"}.get(move.face, f"special {move.face}: {where}")
    else:
        text = f"{move.number} {sheet.colour_by_key[move.colour].name} on " \
               f"{cells_text(game, move.cells)}"
        jokers = [j for j, used in (("the colour joker", move.colour_joker),
                                    ("the ? joker", move.number_joker)) if used]
        if jokers:
            text += " with " + " and ".join(jokers)
    for square in choice.bombs:
        text += f" + a bomb on {cells_text(game, square)}"
    return text


# -- valuing a roll ---------------------------------------------------------------------------
def _weights(game: Game) -> StrongWeights:
    from kok_layouts.rules.strong_weights import TUNED

    return TUNED[edition_of(game)]


def _same(one: Choice | None, other: Choice | None) -> bool:
    """Whether two choices leave the same position (Kids: from a die of the same face,
    since the active player's die decides what the others may take)."""
    if one is None or other is None:
        return one is other
    return one.move == other.move


def _value_of(choice: Choice | None, valued: list[tuple[Choice | None, float]]) -> float:
    """The value of ``choice`` among ``valued``: a Keer op Keer 2 row or stars action the
    bot does not weigh (NaN) is valued as the fullest action of the same face holding its
    cells, which it weighs; NaN if there is none."""
    found = [v for c, v in valued if _same(c, choice) and math.isfinite(v)]
    if found:
        return max(found)
    if choice is not None and isinstance(choice.move, Special):
        move = choice.move
        fuller = [v for c, v in valued if c is not None and isinstance(c.move, Special)
                  and c.move.face == move.face and c.move.cells & move.cells == move.cells
                  and math.isfinite(v)]
        if fuller:
            return max(fuller)
    return math.nan


# -- what a choice achieves -------------------------------------------------------------------
@dataclass(frozen=True)
class _After:
    """What a seat's sheet holds after a choice."""

    total: int
    columns: frozenset[int]
    colours: frozenset[str]
    rows: frozenset[int]
    marks: int
    hearts: int
    boxes: int
    crossed: int


def _facts(game: Game, seat: int) -> _After:
    player: Any = game.sheets[seat]
    rows = frozenset(player.completed_rows()) if hasattr(player, "completed_rows") else \
        frozenset()
    return _After(player.score().total, frozenset(player.completed_columns()),
                  frozenset(player.completed_colours()), rows, player.marks_left,
                  int(getattr(player, "hearts", 0)), int(getattr(player, "boxes_left", 0)),
                  player.crossed)


def _after(game: Game, seat: int, choice: Choice | None) -> _After:
    """The seat's sheet after ``choice``: made on the game and taken back."""
    game.choose(seat, choice)
    try:
        return _facts(game, seat)
    finally:
        game.undo()


def _listed(words: list[str]) -> str:
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def _gains(game: Game, mine: _After, other: _After) -> list[str]:
    """What ``mine`` holds that ``other`` does not, in words (completions first)."""
    sheet = game.sheet
    said: list[str] = []
    animals = not game.uses_number_dice  # (Kids: animals, not colours)
    for column in sorted(mine.columns - other.columns):
        first = " first" if column not in game.taken_columns else ""
        said.append(f"completed column {column_letter(column)}{first}")
    for key in sorted(mine.colours - other.colours):
        first = " first" if key not in game.taken_colours else ""
        noun = "the animal" if animals else "the colour"
        said.append(f"completed {noun} {sheet.colour_by_key[key].name}{first}")
    for row in sorted(mine.rows - other.rows):
        first = " first" if row not in game.taken_rows else ""
        rules = getattr(sheet, "rows", ())
        label = rules[row].label if row < len(rules) else str(row + 1)
        said.append(f"completed row {label}{first}")
    if mine.marks > other.marks:
        kept = mine.marks - other.marks
        noun = "an exclamation mark" if kept == 1 else f"{kept} exclamation marks"
        jokers = "a joker" if kept == 1 else "jokers"
        said.append(f"kept {noun} ({jokers})" if not animals else f"kept {noun}")
    if mine.boxes > other.boxes:
        said.append("kept a box")
    if mine.hearts > other.hearts:
        said.append("circled a heart")
    return said


def _closest_column(game: Game, mine: _After, other: _After) -> str:
    """The column the choice leaves nearer completion than the other choice, in words."""
    sheet = game.sheet
    best: tuple[int, int] | None = None
    for column in range(sheet.width):
        cells = sheet.column_cells(column)
        missing_mine = sum(1 for c in cells if not mine.crossed >> c & 1)
        missing_other = sum(1 for c in cells if not other.crossed >> c & 1)
        if 0 < missing_mine < missing_other and (best is None or missing_mine < best[0]):
            best = (missing_mine, column)
    if best is None:
        return ""
    missing, column = best
    return (f"left column {column_letter(column)} {missing} cell{'s' if missing > 1 else ''} "
            "from completion")


def _cut_off(game: Game, crossed: int) -> list[list[int]]:
    """The uncrossed pieces of one or two cells cut off from the rest of their area (only
    a 1 or a 2 crosses them later), on a sheet crossed as ``crossed``; none in Kids, where
    whole enclosures are crossed."""
    if not game.uses_number_dice:
        return []
    sheet = game.sheet
    neighbours = sheet.geometry.neighbours
    pieces: list[list[int]] = []
    for area in sheet.areas:
        left = {c for c in area.cells if not crossed >> c & 1}
        if len(left) == len(area.cells):
            continue
        while left:
            piece, todo = [], [left.pop()]
            while todo:
                cell = todo.pop()
                piece.append(cell)
                for near in neighbours[cell]:
                    if near in left:
                        left.discard(near)
                        todo.append(near)
            if len(piece) <= 2:
                pieces.append(sorted(piece))
    return pieces


def _new_cut_off(game: Game, mine: _After, other: _After) -> str:
    """The pieces ``mine`` cuts off that ``other`` does not, in words; empty if none."""
    before = {tuple(p) for p in _cut_off(game, other.crossed)}
    pieces = [p for p in _cut_off(game, mine.crossed) if tuple(p) not in before]
    if not pieces:
        return ""
    names = [cells_text(game, sum(1 << c for c in p)) for p in pieces]
    one = len(pieces) == 1
    size = len(pieces[0])
    needs = f"only a {size} crosses {'it' if size == 1 else 'them'} later" if one else \
        "only a 1 or a 2 crosses such cells later"
    return f"left {_listed(names)} cut off ({needs})"


def explain(game: Game, seat: int, roll: int, played: Choice | None, best: Choice | None,
            loss: float) -> str:
    """The sentence of a costly roll: the best choice, what it would have achieved against
    the choice played, and the points lost. ``game`` is at the seat's decision."""
    mine, theirs = _after(game, seat, best), _after(game, seat, played)
    gains = _gains(game, mine, theirs)
    cut = _new_cut_off(game, theirs, mine)
    if not gains and mine.total > theirs.total:
        gains.append(f"scored {mine.total - theirs.total} more point"
                     f"{'s' if mine.total - theirs.total > 1 else ''} at once")
    if not gains and cut:
        gains.append("left no cell cut off")
    if not gains:
        closer = _closest_column(game, mine, theirs)
        if closer:
            gains.append(closer)
    if not gains:
        more = (mine.crossed.bit_count() - theirs.crossed.bit_count())
        if more > 0:
            gains.append(f"crossed {more} more cell{'s' if more > 1 else ''}")
        else:
            gains.append("left a sheet the strong bot rates higher")
    lost_gains = _gains(game, theirs, mine)
    if cut:
        lost_gains.append(cut)
    played_text = say_choice(game, played)
    if played is None:
        against = "you passed"
    elif lost_gains:
        against = f"you played {played_text}, which {_listed(lost_gains)}"
    else:
        against = f"you played {played_text}"
    return (f"roll {roll}: {say_choice(game, best)} would have {_listed(gains)}; {against}: "
            f"{loss:.1f} point{'s' if loss != 1 else ''} lost.")


# -- the review -------------------------------------------------------------------------------
def _seat_of(game: Game, player: str | None) -> int:
    if player is None:
        return 0
    if not isinstance(player, str):
        raise KokTypeError(f"player is a player's name, not {type(player).__name__}")
    if player in game.players:
        return game.players.index(player)
    folded = [p for p in game.players if p.casefold() == player.casefold()]
    if len(folded) == 1:
        return game.players.index(folded[0])
    raise BadArgumentError(f"no player {shown(player, 40)!r} in this game; the players are "
                           f"{', '.join(game.players)}")


def review_game(recorded: Game, player: str | None = None, layout: str = "",
                worst: int = WORST, rollouts: int = 0, seed: int = 0) -> Review:
    """Review ``player``'s choices (default: the first player) in the finished or stopped
    game ``recorded``, roll by roll, against the strong bot; with ``rollouts``, each choice
    that lost points is measured again by that many games played on from the best and the
    played choice (:func:`rollout_loss`, dice from ``seed``)."""
    if rollouts:
        limits.GAMES.check(rollouts, "rollouts")
    if not isinstance(recorded, Game):
        raise KokTypeError(f"review a Game (load_and_replay), not {type(recorded).__name__}")
    seat = _seat_of(recorded, player)
    game = new_game(recorded.sheet, list(recorded.players), recorded.options,
                    solo=recorded.solo)
    turns = Turns(game)
    weights = _weights(game)
    found: list[tuple[RollReview, Choice | None, Choice | None]] = []
    for index, entry in enumerate(recorded.log):
        turns.throw(entry.roll)
        while waiting := game.waiting_for():
            for other in waiting:
                choice = entry.choices[other]
                if other == seat:
                    best, valued = valued_choices(game, seat, weights)
                    best_value = max((v for _, v in valued if math.isfinite(v)),
                                     default=0.0)
                    played_value = _value_of(choice, valued)
                    if _same(best, choice):
                        loss: float | None = 0.0
                    elif math.isfinite(played_value):
                        loss = round(max(0.0, best_value - played_value), 2)
                    else:
                        loss = None
                    found.append((RollReview(index + 1, other == entry.active,
                                             say_choice(game, choice), say_choice(game, best),
                                             loss), choice, best))
                turns.choose(other, choice)
        turns.finish_roll()
    costly = sorted((i for i, (r, _, _) in enumerate(found) if r.loss),
                    key=lambda i: (-(found[i][0].loss or 0.0), i))[:worst]
    rolls = [r for r, _, _ in found]
    if costly:
        rolls = _explained(recorded, seat, found, set(costly))
    if rollouts:
        for at, (review, played, best) in enumerate(found):
            measured = 0.0 if not review.loss else rollout_loss(
                recorded, seat, review.roll - 1, played, best, rollouts, seed)
            rolls[at] = replace(rolls[at], rollout=measured)
    name = recorded.players[seat]
    return Review(name, recorded.players, layout or recorded.sheet.name,
                  recorded.sheet.edition, recorded.sheet.title,
                  int(recorded.scores()[seat].total), tuple(rolls), rollouts)


def position_at(recorded: Game, seat: int, roll: int) -> Game:
    """A new game at ``seat``'s decision in roll ``roll`` (from 0) of ``recorded``."""
    game = new_game(recorded.sheet, list(recorded.players), recorded.options,
                    solo=recorded.solo)
    turns = Turns(game)
    for index, entry in enumerate(recorded.log[:roll + 1]):
        turns.throw(entry.roll)
        while waiting := game.waiting_for():
            for other in waiting:
                if index == roll and other == seat:
                    return game
                turns.choose(other, entry.choices[other])
        turns.finish_roll()
    raise BadArgumentError(f"{recorded.players[seat]} does not choose in roll {roll + 1}")


def rollout_loss(recorded: Game, seat: int, roll: int, played: Choice | None,
                 best: Choice | None, games: int, seed: int = 0) -> float:
    """The mean final score of ``seat`` after ``best`` minus after ``played`` in roll
    ``roll`` (from 0), over ``games`` games the strong bot plays on from both positions
    for every seat; game ``k`` throws its dice from ``default_rng([seed, roll, k])`` after
    both (common dice)."""
    import numpy as np

    from kok_layouts.rules.engine.strong import EngineStrongBot

    bots = [EngineStrongBot(_weights(recorded))] * len(recorded.players)
    total = 0.0
    for k in range(games):
        finals = []
        for choice in (best, played):
            game = position_at(recorded, seat, roll)
            turns = Turns(game, np.random.default_rng([seed, roll, k]))
            turns.choose(seat, choice)
            turns.play(bots)
            finals.append(game.scores()[seat].total)
        total += finals[0] - finals[1]
    return round(total / games, 2)


def _explained(recorded: Game, seat: int,
               found: list[tuple[RollReview, Choice | None, Choice | None]],
               costly: set[int]) -> list[RollReview]:
    """``found`` with the sentences of the rolls at ``costly`` (a second replay, stopping
    at each of those decisions)."""
    wanted = {found[i][0].roll: i for i in costly}
    rolls = [r for r, _, _ in found]
    game = new_game(recorded.sheet, list(recorded.players), recorded.options,
                    solo=recorded.solo)
    turns = Turns(game)
    for index, entry in enumerate(recorded.log):
        turns.throw(entry.roll)
        while waiting := game.waiting_for():
            for other in waiting:
                at = wanted.get(index + 1)
                if other == seat and at is not None:
                    review, played, best = found[at]
                    sentence = explain(game, seat, review.roll, played, best,
                                       review.loss or 0.0)
                    rolls[at] = RollReview(review.roll, review.active, review.played,
                                           review.best, review.loss, sentence)
                turns.choose(other, entry.choices[other])
        turns.finish_roll()
        if index + 1 >= max(wanted):
            break
    return rolls


def review_record(path: str | Path, player: str | None = None, rollouts: int = 0) -> Review:
    """:func:`review_game` of the record at ``path`` (read and replayed as
    :func:`~kok_layouts.rules.record.load_and_replay` does, refusing a broken one)."""
    record = read_record(path)
    game = replay(record, str(path), Path(path).resolve().parent)
    return review_game(game, player, str(record.get("layout", "")), rollouts=rollouts)
