"""Bad input to any command: one line on standard error, exit 2, never a traceback."""

from __future__ import annotations

from typing import Any

import pytest

CASES = [
    ("render", "black", "-o", "out.pdf", "--pages", "100000"),
    ("preview", "black", "-o", "out.png", "--dpi", "5"),
    ("preview", "kids", "-o", "out.png", "--record", "none.json", "--player", "a"),
    ("moves", "black", "--crossed", "H1", "--colour", "", "--number", "3"),
    ("moves", "black", "--colour", "joker", "--number", "joker", "--jokers-left", "-1"),
    ("moves", "grey", "--special", "bomb", "--hearts", "9"),
    ("moves", "grey", "--special", "row", "--boxes-left", "-2"),
    ("moves", "kids", "--colour", "purple", "--marks-used", "-1"),
    ("score", "grey", "--hearts-under", "=,H=,Z=3"),
    ("score", "black", "--later", "purple"),
    ("score", "kids", "--later", "green"),
    ("check", "examples/travel.yaml", "--games", "5", "--jobs", "0"),
    ("simulate", "black", "--games", "2", "--bots", ","),
    ("simulate", "black", "--games", "2", "--bots", "learned,"),
    ("simulate", "black", "--games", "2", "--bots", "learned,,strong"),
    ("simulate", "black", "--games", "2", "--bots", "\x1b[2J"),
    ("show", "tests/data/bad/binary_junk.yaml"),
    ("replay", "tests/data/bad/empty.yaml"),
    ("replay", "layouts/black.yaml"),
    ("play", "--solo", "--layout", "tests/data/bad/tabs.yaml"),
    ("render", "tests/data/bad/alias_bomb.yaml", "-o", "out.pdf"),
    ("validate",),
    ("nonsense",),
]


@pytest.mark.parametrize("args", CASES, ids=[" ".join(c)[:40] for c in CASES])
def test_bad_input_is_one_line_and_exit_2(kok: Any, args: tuple[str, ...],
                                          monkeypatch: pytest.MonkeyPatch,
                                          tmp_path: Any) -> None:
    from .conftest import ROOT

    monkeypatch.chdir(ROOT)
    fixed = tuple(str(tmp_path / a) if a.startswith(("out.", "none.")) else a for a in args)
    run = kok(*fixed)
    assert run.code == 2
    assert len(run.err.strip().splitlines()) == 1, run.err
    assert "Traceback" not in run.err
