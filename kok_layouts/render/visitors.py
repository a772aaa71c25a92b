"""The Kids visitors: who they are in each language, and a pictogram for each, so that a
child who cannot read yet tells the photographer from the ice-cream seller.

The built-in Kids layout names its visitors in Dutch (``de fotograaf``); a layout may
also name them in English, German or French. Every known visitor has a distinct vector
pictogram; a visitor the table does not know keeps its written name and a plain person.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from kok_layouts.render.labels import LANGUAGES, Language
from kok_layouts.render.scene import INK, RGB, WHITE, Circle, Item, Line, Polygon, Rect

Draw = Callable[[float, float, float], list[Item]]

_NAMES: dict[str, dict[Language, str]] = {
    "photographer": {"nl": "de fotograaf", "de": "der Fotograf", "fr": "le photographe",
                     "en": "the photographer"},
    "ice_cream": {"nl": "de ijsverkoper", "de": "der Eisverkäufer",
                  "fr": "le marchand de glaces", "en": "the ice-cream seller"},
    "teacher": {"nl": "de juf met de klas", "de": "die Lehrerin mit der Klasse",
                "fr": "la maîtresse et sa classe", "en": "the teacher and her class"},
    "vet": {"nl": "de dierenarts", "de": "die Tierärztin", "fr": "la vétérinaire",
            "en": "the vet"},
    "grandparents": {"nl": "opa en oma", "de": "Opa und Oma", "fr": "papi et mamie",
                     "en": "grandpa and grandma"},
    "wheelbarrow": {"nl": "de man met de kruiwagen", "de": "der Mann mit der Schubkarre",
                    "fr": "l'homme à la brouette", "en": "the man with the wheelbarrow"},
    "zookeeper": {"nl": "de dierenverzorger", "de": "der Tierpfleger", "fr": "le soigneur",
                  "en": "the zookeeper"},
    "balloons": {"nl": "de ballonnenman", "de": "der Ballonverkäufer",
                 "fr": "le marchand de ballons", "en": "the balloon seller"},
    "artist": {"nl": "de tekenaar", "de": "der Zeichner", "fr": "le dessinateur",
               "en": "the artist"},
    "twins": {"nl": "de tweeling", "de": "die Zwillinge", "fr": "les jumeaux",
              "en": "the twins"},
    "postman": {"nl": "de postbode", "de": "der Postbote", "fr": "le facteur",
                "en": "the postman"},
    "school_trip": {"nl": "de schoolreis", "de": "der Schulausflug",
                    "fr": "la sortie scolaire", "en": "the school trip"},
    "mayor": {"nl": "de burgemeester", "de": "der Bürgermeister", "fr": "le maire",
              "en": "the mayor"},
}

_KIND_OF = {names[lang].lower(): kind for kind, names in _NAMES.items() for lang in LANGUAGES}


def visitor_kind(name: str) -> str | None:
    """Which visitor a written name is (``"de fotograaf"`` -> ``"photographer"``)."""
    return _KIND_OF.get(name.strip().lower())


def visitor_name(name: str, lang: Language) -> str:
    """A visitor's name in ``lang``; names the table does not know stay as written."""
    kind = visitor_kind(name)
    return _NAMES[kind][lang] if kind else name


# -- pictograms: each fills a box of s x s mm around (cx, cy) -----------------------------

SKIN: RGB = (0.98, 0.84, 0.7)
RED: RGB = (0.85, 0.25, 0.25)
BLUE: RGB = (0.3, 0.5, 0.85)
YELLOW: RGB = (0.97, 0.8, 0.2)
GREEN: RGB = (0.35, 0.65, 0.3)
BROWN: RGB = (0.6, 0.4, 0.2)


def _person(cx: float, cy: float, s: float, body: RGB = WHITE) -> list[Item]:
    """A person ``s`` mm high standing on ``cy + s/2``: head and shoulders."""
    w = max(0.15, s * 0.06)
    steps = 14
    shoulders = tuple((cx + s * 0.3 * math.cos(math.pi + math.pi * i / steps),
                       cy + s * 0.5 + s * 0.45 * math.sin(math.pi + math.pi * i / steps))
                      for i in range(steps + 1))
    return [Polygon(shoulders, body, INK, w),
            Circle(cx, cy - s * 0.24, s * 0.2, SKIN, INK, w)]


def _photographer(cx: float, cy: float, s: float) -> list[Item]:
    w = s * 0.06
    return [Rect(cx - s * 0.18, cy - s * 0.3, s * 0.24, s * 0.12, INK, INK, w),
            Rect(cx - s * 0.45, cy - s * 0.2, s * 0.9, s * 0.55, (0.35, 0.35, 0.4), INK, w,
                 radius=s * 0.08),
            Circle(cx, cy + s * 0.07, s * 0.2, WHITE, INK, w),
            Circle(cx, cy + s * 0.07, s * 0.1, BLUE, INK, w * 0.7),
            Circle(cx + s * 0.33, cy - s * 0.1, s * 0.05, YELLOW, None)]


def _ice_cream(cx: float, cy: float, s: float) -> list[Item]:
    w = s * 0.06
    cone = ((cx - s * 0.22, cy - s * 0.02), (cx + s * 0.22, cy - s * 0.02), (cx, cy + s * 0.5))
    return [Polygon(cone, (0.9, 0.7, 0.4), INK, w),
            Circle(cx - s * 0.11, cy - s * 0.12, s * 0.16, (0.97, 0.6, 0.75), INK, w),
            Circle(cx + s * 0.11, cy - s * 0.12, s * 0.16, (0.95, 0.93, 0.8), INK, w),
            Circle(cx, cy - s * 0.32, s * 0.15, (0.55, 0.35, 0.2), INK, w)]


def _teacher(cx: float, cy: float, s: float) -> list[Item]:
    return [*_person(cx - s * 0.22, cy - s * 0.1, s * 0.75, RED),
            *_person(cx + s * 0.2, cy + s * 0.15, s * 0.42, YELLOW),
            *_person(cx + s * 0.38, cy + s * 0.15, s * 0.42, GREEN)]


def _vet(cx: float, cy: float, s: float) -> list[Item]:
    w = s * 0.05
    toes = [Circle(cx + dx * s, cy + dy * s, s * 0.1, BROWN, INK, w)
            for dx, dy in ((-0.3, -0.08), (-0.12, -0.3), (0.12, -0.3), (0.3, -0.08))]
    return [*toes,
            Polygon(tuple((cx + s * 0.24 * math.cos(t), cy + s * 0.2 + s * 0.19 * math.sin(t))
                          for t in (i * math.pi / 10 for i in range(20))), BROWN, INK, w),
            Rect(cx + s * 0.22, cy + s * 0.22, s * 0.26, s * 0.26, WHITE, INK, w),
            Rect(cx + s * 0.32, cy + s * 0.25, s * 0.06, s * 0.2, RED, None),
            Rect(cx + s * 0.25, cy + s * 0.32, s * 0.2, s * 0.06, RED, None)]


def _grandparents(cx: float, cy: float, s: float) -> list[Item]:
    w = s * 0.06
    return [*_person(cx - s * 0.22, cy, s * 0.8, (0.6, 0.6, 0.7)),
            *_person(cx + s * 0.22, cy, s * 0.8, (0.8, 0.55, 0.75)),
            Circle(cx + s * 0.22, cy - s * 0.43, s * 0.08, (0.85, 0.85, 0.85), INK, w * 0.7),
            Line(cx - s * 0.48, cy - s * 0.05, cx - s * 0.48, cy + s * 0.45, BROWN, w * 1.4),
            Line(cx - s * 0.48, cy - s * 0.05, cx - s * 0.4, cy - s * 0.1, BROWN, w * 1.4)]


def _wheelbarrow(cx: float, cy: float, s: float) -> list[Item]:
    w = s * 0.06
    tray = ((cx - s * 0.35, cy - s * 0.12), (cx + s * 0.3, cy - s * 0.12),
            (cx + s * 0.18, cy + s * 0.12), (cx - s * 0.22, cy + s * 0.12))
    return [Line(cx + s * 0.1, cy + s * 0.1, cx + s * 0.48, cy - s * 0.3, INK, w),
            Polygon(tray, GREEN, INK, w),
            Line(cx - s * 0.2, cy + s * 0.12, cx - s * 0.28, cy + s * 0.3, INK, w),
            Circle(cx - s * 0.05, cy + s * 0.3, s * 0.13, INK, INK, w),
            Circle(cx - s * 0.05, cy + s * 0.3, s * 0.05, WHITE, None)]


def _zookeeper(cx: float, cy: float, s: float) -> list[Item]:
    w = s * 0.06
    cap = ((cx - s * 0.2, cy - s * 0.33), (cx + s * 0.2, cy - s * 0.33),
           (cx + s * 0.36, cy - s * 0.27), (cx - s * 0.2, cy - s * 0.27))
    return [*_person(cx, cy + s * 0.05, s * 0.9, GREEN),
            Polygon(_arc(cx, cy - s * 0.33, s * 0.18, s * 0.16), GREEN, INK, w),
            Polygon(cap, GREEN, INK, w * 0.8)]


def _arc(cx: float, cy: float, rx: float, ry: float) -> tuple[tuple[float, float], ...]:
    """The top half of an ellipse, closed along its base."""
    return tuple((cx + rx * math.cos(math.pi + math.pi * i / 12),
                  cy + ry * math.sin(math.pi + math.pi * i / 12)) for i in range(13))


def _balloons(cx: float, cy: float, s: float) -> list[Item]:
    w = s * 0.05
    items: list[Item] = []
    for dx, dy, colour in ((-0.24, -0.2, RED), (0.0, -0.32, BLUE), (0.24, -0.18, YELLOW)):
        bx, by = cx + dx * s, cy + dy * s
        items.append(Line(bx, by + s * 0.17, cx, cy + s * 0.48, INK, w))
        items.append(Polygon(tuple((bx + s * 0.14 * math.cos(t), by + s * 0.17 * math.sin(t))
                                   for t in (i * math.pi / 10 for i in range(20))),
                             colour, INK, w))
    return items


def _artist(cx: float, cy: float, s: float) -> list[Item]:
    w = s * 0.05
    palette = tuple((cx + s * 0.42 * math.cos(t), cy + s * 0.3 * math.sin(t))
                    for t in (i * math.pi / 14 for i in range(28)))
    return [Polygon(palette, (0.92, 0.8, 0.6), INK, w),
            Circle(cx + s * 0.18, cy + s * 0.1, s * 0.08, WHITE, INK, w),
            Circle(cx - s * 0.22, cy - s * 0.05, s * 0.07, RED, None),
            Circle(cx - s * 0.05, cy - s * 0.15, s * 0.07, BLUE, None),
            Circle(cx + s * 0.14, cy - s * 0.14, s * 0.07, YELLOW, None),
            Circle(cx - s * 0.15, cy + s * 0.14, s * 0.07, GREEN, None)]


def _twins(cx: float, cy: float, s: float) -> list[Item]:
    return [*_person(cx - s * 0.2, cy + s * 0.1, s * 0.6, BLUE),
            *_person(cx + s * 0.2, cy + s * 0.1, s * 0.6, BLUE)]


def _postman(cx: float, cy: float, s: float) -> list[Item]:
    w = s * 0.06
    left, right, top, bottom = cx - s * 0.45, cx + s * 0.45, cy - s * 0.28, cy + s * 0.28
    return [Rect(left, top, right - left, bottom - top, YELLOW, INK, w),
            Polygon(((left, top), (cx, cy + s * 0.05), (right, top)), None, INK, w,
                    closed=False)]


def _school_trip(cx: float, cy: float, s: float) -> list[Item]:
    w = s * 0.06
    items: list[Item] = [Rect(cx - s * 0.48, cy - s * 0.3, s * 0.96, s * 0.5, YELLOW, INK, w,
                              radius=s * 0.08)]
    for i in range(4):
        items.append(Rect(cx - s * 0.4 + i * s * 0.21, cy - s * 0.22, s * 0.15, s * 0.15,
                          WHITE, INK, w * 0.7))
    items += [Circle(cx - s * 0.26, cy + s * 0.22, s * 0.1, INK, INK, w),
              Circle(cx + s * 0.26, cy + s * 0.22, s * 0.1, INK, INK, w)]
    return items


def _mayor(cx: float, cy: float, s: float) -> list[Item]:
    w = s * 0.06
    return [*_person(cx, cy + s * 0.08, s * 0.84, (0.25, 0.25, 0.3)),
            Rect(cx - s * 0.14, cy - s * 0.48, s * 0.28, s * 0.2, INK, INK, w),
            Rect(cx - s * 0.24, cy - s * 0.3, s * 0.48, s * 0.05, INK, INK, w),
            Polygon(((cx - s * 0.16, cy + s * 0.14), (cx, cy + s * 0.3),
                     (cx + s * 0.16, cy + s * 0.14)), None, YELLOW, w * 1.2, closed=False),
            Circle(cx, cy + s * 0.32, s * 0.07, YELLOW, INK, w * 0.6)]


PICTOGRAMS: dict[str, Draw] = {
    "photographer": _photographer, "ice_cream": _ice_cream, "teacher": _teacher,
    "vet": _vet, "grandparents": _grandparents, "wheelbarrow": _wheelbarrow,
    "zookeeper": _zookeeper, "balloons": _balloons, "artist": _artist, "twins": _twins,
    "postman": _postman, "school_trip": _school_trip, "mayor": _mayor,
}


def visitor_pictogram(name: str, cx: float, cy: float, size: float) -> list[Item]:
    """The pictogram of a visitor by its written name; a plain person if unknown."""
    kind = visitor_kind(name)
    if kind is None:
        return _person(cx, cy, size * 0.9)
    return PICTOGRAMS[kind](cx, cy, size)
