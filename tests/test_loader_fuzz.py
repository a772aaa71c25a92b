"""Whatever bytes a layout file holds, loading ends in a sheet or a LayoutError."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kok_layouts import LayoutError, parse_layout

from .conftest import ROOT

TRAVEL = (ROOT / "examples" / "travel.yaml").read_bytes()


def _loads_or_refuses(data: bytes) -> None:
    try:
        parse_layout(data, "fuzz.yaml")
    except LayoutError as err:
        assert err.problems
        for problem in err.problems:
            assert problem.location is not None
            assert problem.location.line >= 1 and problem.location.column >= 1


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=400))
def test_random_bytes_never_escape_as_another_error(data: bytes) -> None:
    _loads_or_refuses(data)


@settings(max_examples=300, deadline=None)
@given(st.integers(0, len(TRAVEL) - 1), st.binary(min_size=1, max_size=6))
def test_a_damaged_layout_is_loaded_or_refused_with_places(at: int, junk: bytes) -> None:
    _loads_or_refuses(TRAVEL[:at] + junk + TRAVEL[at + len(junk):])


@settings(max_examples=200, deadline=None)
@given(st.integers(0, len(TRAVEL) - 1), st.integers(1, 40))
def test_a_cut_layout_is_loaded_or_refused_with_places(at: int, length: int) -> None:
    _loads_or_refuses(TRAVEL[:at] + TRAVEL[at + length:])
