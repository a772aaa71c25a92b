"""The classic game: Keer op Keer, Noch mal!, Encore! (docs/rules.md section 1)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from kok_layouts.editions.edition import Edition
from kok_layouts.model.sheet import ClassicSheet, Sheet


class Classic(Edition):
    name = "classic"

    # -- analysis -----------------------------------------------------------------------
    reference_pad = "black"
    solo_rating = True

    def start_columns_of(self, sheet: Sheet) -> frozenset[int]:
        assert isinstance(sheet, ClassicSheet)
        return frozenset(sheet.start_columns)

    def solo_bands(self, totals: Iterable[int]) -> dict[str, int]:
        from kok_layouts.rules.game import SOLO_BANDS, solo_band

        counted = Counter(solo_band(total) for total in totals)
        return {band: counted.get(band, 0) for band in SOLO_BANDS}


CLASSIC = Classic()
