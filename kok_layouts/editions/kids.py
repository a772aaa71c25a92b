"""Keer op Keer Kids (docs/rules.md section 3): animals in enclosures, colour dice only."""

from __future__ import annotations

from kok_layouts.editions.edition import Edition, Tracks
from kok_layouts.model.sheet import KidsSheet, Sheet


class Kids(Edition):
    name = "kids"
    colour_noun = "animal"
    colour_nouns = "animals"
    column_reward = "buckets"
    official_size = (13, 5)
    start_columns = False

    def tracks(self, sheet: Sheet) -> Tracks:
        kids = self.own_sheet(sheet)
        assert isinstance(kids, KidsSheet)
        return Tracks(chameleon_every=kids.chameleon_every)

    # -- analysis -----------------------------------------------------------------------
    reference_pad = "kids"
    moves_note = "Moves with free choice of dice, one whole enclosure each: a lower bound."

    def start_columns_of(self, sheet: Sheet) -> frozenset[int]:
        assert isinstance(sheet, KidsSheet)
        return frozenset({sheet.middle_column})


KIDS = Kids()
