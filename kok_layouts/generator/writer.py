"""The YAML text of a generated board: the normal layout format with a header comment."""

from __future__ import annotations

import json
from collections.abc import Sequence

from kok_layouts.generator.design import Design
from kok_layouts.generator.points import colour_bonus
from kok_layouts.model.grid import column_letter


def _quoted(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def _numbers(values: Sequence[int]) -> str:
    return "[" + ", ".join(f"{v:>2}" if len(values) > 1 else str(v) for v in values) + "]"


def _letters_comment(width: int, indent: str) -> str:
    letters = "".join(f"  {column_letter(c)}" for c in range(width))
    return indent + "#" + " " * (8 - len(indent)) + letters


def layout_text(design: Design, name: str, title: str, description: str,
                header: Sequence[str]) -> str:
    """The layout file of ``design``; ``header`` lines become the leading comment."""
    out = [f"# {line}" if line else "#" for line in header]
    out += ["format: 1", f"edition: {design.edition}", f"name: {name}",
            f"title: {_quoted(title)}", f"description: {_quoted(description)}"]
    kids = design.edition == "kids"
    out.append("animals:" if kids else "colours:")
    for entry in design.palette:
        if kids:
            key, animal, colour, rgb = entry
            out.append(f"  {key}: {{name: {animal}, colour: {colour}, print: \"{rgb}\"}}")
        else:
            key, colour, rgb = entry
            out.append(f"  {key}: {{name: {colour}, print: \"{rgb}\"}}")
    out.append("grid:                     # a letter per cell, UPPERCASE = star, '.' = hole")
    out += [f"  - {row}" for row in design.rows()]
    if design.enclosure_labels is not None:
        out.append("enclosures:               # same character = same enclosure")
        out += [f"  - {_quoted(row)}" for row in design.enclosure_labels]
    if kids:
        out.append(_letters_comment(design.width, "         "))
        out.append(f"buckets:  {_numbers(design.buckets)}")
        out.append("visitors:")
        out += [f"  - {_quoted(v)}" for v in design.visitors]
        out.append("food_boxes: 2             # per animal, circled by everyone who completes it")
        out.append(f"exclamation_marks: {design.exclamation_marks}      # by the chameleons")
        out.append("chameleon_every: 2        # every second mark is a chameleon")
        return "\n".join(out) + "\n"
    starts = ", ".join(column_letter(c) for c in design.start_columns)
    out.append(f"start_columns: [{starts}]")
    out.append("column_points:")
    out.append(_letters_comment(design.width, "  "))
    out.append(f"  first: {_numbers(design.first_points)}")
    out.append(f"  later: {_numbers(design.later_points)}")
    first, later = colour_bonus(design)
    out.append(f"colour_bonus: {{first: {first}, later: {later}}}")
    out.append(f"exclamation_marks: {design.exclamation_marks}")
    out.append("star_penalty: 2")
    if design.edition == "kok2":
        out.append("rows:")
        out.append(f"  labels: [{', '.join(design.row_labels)}]")
        out.append("  points: 5                 # for everyone who completes the row")
        out.append(f"  items: [{', '.join(design.row_items)}]   # for the first completer(s)")
        out.append("boxes:")
        cells = ", ".join(design.cell_name(c) for c in design.box_cells)
        out.append(f"  cells: [{cells}]   # crossing one of these gains a box")
        out.append("  count: 9")
        out.append("  available_at_start: 1")
        out.append("  points: 2                 # per unused box at the end")
        out.append(f"  columns: [{starts}]              # completing it gains a box")
        out.append("hearts:")
        out.append("  track: 5")
        out.append("  under_columns: true")
        out.append("special_die: [heart, heart, bomb, stars, row, block]")
    return "\n".join(out) + "\n"
