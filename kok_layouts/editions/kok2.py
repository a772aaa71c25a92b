"""Keer op Keer 2, Noch mal so gut! (docs/rules.md section 2): the classic game with a
special die, boxes, hearts, bombs and rows."""

from __future__ import annotations

from kok_layouts.editions.classic import Classic
from kok_layouts.editions.edition import Tracks
from kok_layouts.model.sheet import Kok2Sheet, Sheet


class Kok2(Classic):
    name = "kok2"
    special_die = True
    boxes = True
    hearts = True

    def tracks(self, sheet: Sheet) -> Tracks:
        kok2 = self.own_sheet(sheet)
        assert isinstance(kok2, Kok2Sheet)
        return Tracks(boxes=kok2.box_count, boxes_at_start=kok2.boxes_at_start,
                      hearts=kok2.heart_track, special_faces=tuple(kok2.special_faces))

    # -- analysis -----------------------------------------------------------------------
    reference_pad = "grey"
    moves_note = ("Keer op Keer 2: counted with colour and number dice only; the special "
                  "die can shorten these (--special-die bounds that).")
    solo_rating = False

    def goal_rows(self, sheet: Sheet) -> tuple[str, ...]:
        assert isinstance(sheet, Kok2Sheet)
        return tuple(rule.label for rule in sheet.rows)


KOK2 = Kok2()
