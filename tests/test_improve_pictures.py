"""The before-and-after pictures of ``kok improve`` (``examples/make_previews.py``): the
board as given labelled "before", the improved one labelled "after", and a red ring round
every repainted cell, moved star and re-dealt column's points, drawn as the sheets print."""

from __future__ import annotations

import sys

from kok_layouts import load_layout
from kok_layouts.analysis.improve import changes_between
from kok_layouts.render.scene import Rect

from .conftest import ROOT

sys.path.insert(0, str(ROOT / "examples"))

import make_previews


def test_the_picture_labels_before_and_after_and_rings_every_change() -> None:
    before = load_layout(str(ROOT / "examples" / "column-too-hard.yaml"))
    after = load_layout(str(ROOT / "examples" / "column-too-hard-improved.yaml"))
    scene = make_previews.before_and_after(before, after)
    texts = scene.texts()
    assert texts[0].startswith("Before")
    changes = changes_between(before, after)
    assert any(t.startswith(f"After kok improve: {len(changes)} change") for t in texts)
    rings = [i for i in scene.items if isinstance(i, Rect) and i.stroke == make_previews.MARK]
    cells = {c for c in before.board_cells
             if before.cell_colours[c] != after.cell_colours[c]
             or (c in before.stars) != (c in after.stars)}
    columns = make_previews._changed_columns(before, after)
    assert cells and len(rings) == len(cells) + len(columns)
    # The rings are in the lower ("after") half of the picture.
    middle = scene.height / 2
    assert all(ring.y > middle for ring in rings)
