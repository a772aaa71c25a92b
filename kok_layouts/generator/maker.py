"""What ``kok generate`` does for each edition: the boards it makes (official and custom),
the checks they pass, and the moves and budget of the balancing search.

Each edition has its generator (``GENERATORS["kids"]``, looked up along the edition's
lineage); the generator's own
modules build the boards (:mod:`~kok_layouts.generator.classic`,
:mod:`~kok_layouts.generator.custom`, :mod:`~kok_layouts.generator.kids`) and the moves
(:mod:`~kok_layouts.generator.moves`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from kok_layouts.generator.classic import add_kok2, official_grid
from kok_layouts.generator.custom import custom_grid
from kok_layouts.generator.draft import Draft
from kok_layouts.generator.kids import kids_board
from kok_layouts.generator.moves import (
    regrow_near,
    reorder_column,
    resize_animal,
    swap_stars,
    swap_two_regions,
)
from kok_layouts.generator.originality import copies_printed_pad
from kok_layouts.generator.points import assign_points

if TYPE_CHECKING:
    from kok_layouts.generator.request import Request

FRESH_TRIES = 1000
"""Draws for a fresh board (a Kids draw keeps about one layout in twenty: the built-in
sheet's shape, :func:`~kok_layouts.generator.kids.kids_board`)."""


def first_drawn(draw: Callable[[], Draft | None]) -> Draft | None:
    """The first board ``draw`` makes in :data:`FRESH_TRIES` tries (it may fail and return
    ``None``), or ``None``."""
    for _ in range(FRESH_TRIES):
        new = draw()
        if new is not None:
            return new
    return None


@dataclass(frozen=True)
class Balancing:
    """The budget of the balancing search for one edition."""

    candidates: int
    """Candidates tried at most (the same seed gives the same board); the time limit may
    stop the search earlier."""
    restart_after: int
    """Candidates without improvement after which the search goes on from a fresh board."""
    fresh_share: float
    """Share of search steps that draw a fresh board (Kids: lay the enclosures out
    afresh)."""


class BoardGenerator:
    """The boards of one edition, and how the balancing search changes them."""

    balancing: Balancing

    def board(self, request: Request, rng: np.random.Generator) -> Draft | None:
        """A board for ``request`` (its profile, size, colours and holes), or ``None``
        when this draw failed (the caller tries again with a derived seed)."""
        raise NotImplementedError

    def checks(self, profile: str) -> tuple[str, ...]:
        """What every board of ``profile`` has passed, as its header says."""
        return (f"kok validate --profile {profile}: no problems",
                "every cell reachable from the start")

    def original(self, draft: Draft) -> bool:
        """Whether ``draft`` copies no printed sheet."""
        return True

    def fresh(self, draft: Draft, profile: str, holes: int,
              rng: np.random.Generator) -> Draft | None:
        """A new board of the same kind, or ``None`` (there is none for this profile, or
        no draw succeeded)."""
        return None

    def neighbour(self, draft: Draft, profile: str, rng: np.random.Generator,
                  holes: int = 0, aim: Sequence[int] = (),
                  animal: tuple[str, bool] | None = None, fresh: bool = False
                  ) -> Draft | None:
        """A changed board that keeps the profile's invariants; ``aim`` names the columns
        the verdicts fail (the move then changes the board from one of them outwards),
        ``animal`` an animal (colour) to give fewer (``True``) or more cells; ``fresh``
        asks for a new board."""
        raise NotImplementedError


class ClassicGenerator(BoardGenerator):
    """Classic boards: the printed pads' invariants (profile official) or any size."""

    balancing = Balancing(candidates=60, restart_after=10, fresh_share=0.1)

    def score(self, draft: Draft, rng: np.random.Generator) -> None:
        """Set what follows from the grid: column points and the colour bonus."""
        assign_points(draft)

    def board(self, request: Request, rng: np.random.Generator) -> Draft | None:
        if request.profile == "official":
            draft = official_grid(rng)
        else:
            draft = custom_grid(request.width, request.height, request.colours,
                                request.holes, rng)
        if draft is not None:
            self.score(draft, rng)
        return draft

    def checks(self, profile: str) -> tuple[str, ...]:
        if profile == "official":
            return (*super().checks(profile), "not a printed pad, nor its mirror image")
        return super().checks(profile)

    def original(self, draft: Draft) -> bool:
        return not copies_printed_pad(draft.grid_rows())

    def fresh(self, draft: Draft, profile: str, holes: int,
              rng: np.random.Generator) -> Draft | None:
        if profile != "official":
            return None
        return first_drawn(lambda: official_grid(rng))

    def neighbour(self, draft: Draft, profile: str, rng: np.random.Generator,
                  holes: int = 0, aim: Sequence[int] = (),
                  animal: tuple[str, bool] | None = None, fresh: bool = False
                  ) -> Draft | None:
        """Official boards: regrow from a column out of line (or a random one), stack a
        column's runs anew, swap two columns' stars, or draw a fresh board; custom boards:
        two areas swap colours. The points follow the changed board."""
        fresh = fresh or rng.random() < self.balancing.fresh_share
        new: Draft | None
        if fresh and profile == "official":
            new = self.fresh(draft, profile, holes, rng)
        elif profile != "official":
            new = swap_two_regions(draft, rng)
        elif aim and rng.random() < 0.8:
            new = regrow_near(draft, aim, rng)
        else:
            pick = rng.random()
            if pick < 0.5:
                new = regrow_near(draft, [int(rng.integers(draft.width))], rng)
            elif pick < 0.8:
                new = reorder_column(draft, rng)
            else:
                new = swap_stars(draft, rng)
        if new is not None:
            self.score(new, rng)
        return new


class Kok2Generator(ClassicGenerator):
    """Keer op Keer 2 boards: a classic grid with rows, boxes and hearts."""

    balancing = Balancing(candidates=40, restart_after=10, fresh_share=0.1)

    def score(self, draft: Draft, rng: np.random.Generator) -> None:
        add_kok2(draft, rng)


class KidsGenerator(BoardGenerator):
    """Kids boards: enclosures of 1 to 4 cells (profile official: shaped like the
    built-in sheet)."""

    balancing = Balancing(candidates=150, restart_after=4, fresh_share=0.8)

    def board(self, request: Request, rng: np.random.Generator) -> Draft | None:
        return kids_board(request.width, request.height, request.colours, request.holes,
                          rng, printed_shape=request.profile == "official")

    def fresh(self, draft: Draft, profile: str, holes: int,
              rng: np.random.Generator) -> Draft | None:
        return first_drawn(lambda: kids_board(draft.width, draft.height, len(draft.colours),
                                              holes, rng, printed_shape=profile == "official"))

    def neighbour(self, draft: Draft, profile: str, rng: np.random.Generator,
                  holes: int = 0, aim: Sequence[int] = (),
                  animal: tuple[str, bool] | None = None, fresh: bool = False
                  ) -> Draft | None:
        """Lay the enclosures out afresh; or give an animal out of line fewer or more
        cells; or swap the animals of two enclosures."""
        if fresh or rng.random() < self.balancing.fresh_share:
            return self.fresh(draft, profile, holes, rng)
        if animal is not None and rng.random() < 0.7:
            return resize_animal(draft, animal[0], animal[1], rng)
        return swap_two_regions(draft, rng)


CLASSIC_GENERATOR = ClassicGenerator()
KOK2_GENERATOR = Kok2Generator()
KIDS_GENERATOR = KidsGenerator()

GENERATORS: dict[str, BoardGenerator] = {
    "classic": CLASSIC_GENERATOR, "kok2": KOK2_GENERATOR, "kids": KIDS_GENERATOR}
"""How ``kok generate`` makes each edition's boards, by edition name: official and custom
boards, the checks they pass, and the moves and budget of the balancing search."""
