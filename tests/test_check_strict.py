"""``kok check --strict``: exit 1 when any verdict fails, 0 when every verdict passes."""

from __future__ import annotations

from typing import Any

from .conftest import ROOT


def test_strict_exits_0_when_every_verdict_passes(kok: Any) -> None:
    # The black pad's 2,000 games with seed 1 are its stored reference games.
    run = kok("check", "black", "--strict", "--quiet", "--jobs", "1")
    assert "[!!]" not in run.out and "[??]" not in run.out
    assert run.code == 0


def test_strict_exits_1_when_a_verdict_fails(kok: Any) -> None:
    lopsided = str(ROOT / "examples" / "lopsided.yaml")
    strict = kok("check", lopsided, "--games", "300", "--strict", "--quiet", "--jobs", "1")
    assert "[!!]" in strict.out
    assert strict.code == 1


def test_without_strict_failing_verdicts_still_exit_0(kok: Any) -> None:
    lopsided = str(ROOT / "examples" / "lopsided.yaml")
    plain = kok("check", lopsided, "--games", "300", "--quiet", "--jobs", "1")
    assert "[!!]" in plain.out
    assert plain.code == 0


def test_strict_counts_a_verdict_that_cannot_tell_as_not_passing(kok: Any) -> None:
    # 10 games are too few for any verdict: none passes, so --strict cannot say "all pass".
    run = kok("check", "black", "--games", "10", "--strict", "--quiet", "--jobs", "1")
    assert "[??]" in run.out
    assert run.code == 1
