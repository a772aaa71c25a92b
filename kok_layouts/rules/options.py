"""The switchable rules options of docs/rules.md (section 4), with their defaults."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any, Literal

from kok_layouts import limits
from kok_layouts.errors import BadArgumentError, KokError, KokTypeError, shown

EndRule = Literal["round", "roll"]
_SWITCHES = ("first_three_rolls_open", "connect_through_crossed", "number_joker_six")
_WHOLE = {"max_rolls": limits.MAX_ROLLS, "pass_penalty": limits.HOUSE_PENALTY,
          "star_penalty": limits.HOUSE_PENALTY}
_BOOLEANS = {"on": True, "off": False, "true": True, "false": False, "yes": True, "no": False,
             "1": True, "0": False}


@dataclass(frozen=True)
class Options:
    """Rules options: every default is the rule docs/rules.md decides on."""

    first_three_rolls_open: bool = True
    """In the first 3 rolls of the game passive players choose from all 6 dice."""
    connect_through_crossed: bool = False
    """The new cells need not touch each other if each links to them through crossed cells
    of the same area."""
    end: EndRule = "round"
    """``round``: once a player has two colours, finish the round so everyone threw equally
    often; ``roll``: end right after that roll."""
    max_rolls: int | None = None
    """Stop after this many rolls even if nobody finished (simulations of odd boards)."""
    pass_penalty: int = 0
    """House rule: points an active player loses for each roll in which they cross
    nothing (0: none, the printed rule)."""
    star_penalty: int | None = None
    """House rule: points each uncrossed star costs at the end (``None``: the sheet's
    printed value, 2 on the official pads)."""
    number_joker_six: bool = False
    """House rule: the ? of a number die may also stand for 6 (six cells, one mark)."""

    def __post_init__(self) -> None:
        for name in _SWITCHES:
            if type(getattr(self, name)) is not bool:
                raise KokTypeError(f"option {name} is True or False, not "
                                   f"{getattr(self, name)!r}")
        if self.end not in ("round", "roll"):
            raise BadArgumentError(f"option end is {self.end!r}; use 'round' or 'roll'")
        if self.max_rolls is not None and self.max_rolls not in limits.MAX_ROLLS:
            raise BadArgumentError(f"option max_rolls is a whole number from "
                                   f"{limits.MAX_ROLLS} or None, not {self.max_rolls!r}")
        if self.pass_penalty not in limits.HOUSE_PENALTY:
            raise BadArgumentError(f"option pass_penalty is a whole number from "
                                   f"{limits.HOUSE_PENALTY}, not {self.pass_penalty!r}")
        if self.star_penalty is not None and self.star_penalty not in limits.HOUSE_PENALTY:
            raise BadArgumentError(f"option star_penalty is a whole number from "
                                   f"{limits.HOUSE_PENALTY} or None, not "
                                   f"{self.star_penalty!r}")

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def parse(cls, settings: list[str]) -> Options:
        """Options from ``NAME=VALUE`` texts, as the command line takes them
        (``first_three_rolls_open=off``, ``end=roll``, ``max_rolls=60``,
        ``pass_penalty=1``, ``star_penalty=3``)."""
        values: dict[str, Any] = {}
        for setting in settings:
            name, sep, raw = setting.partition("=")
            name, raw = name.strip().replace("-", "_"), raw.strip().lower()
            if not sep:
                raise BadArgumentError(f"option {setting!r} is not NAME=VALUE")
            if name in _SWITCHES:
                if raw not in _BOOLEANS:
                    raise BadArgumentError(f"option {name} is on or off, not {raw!r}")
                values[name] = _BOOLEANS[raw]
            elif name in _WHOLE:
                bounds = _WHOLE[name]
                try:
                    values[name] = limits.parse_in(raw, bounds)
                except KokError:
                    raise BadArgumentError(f"option {name} is a whole number from "
                                           f"{bounds}, not '{shown(raw, 40)}'") from None
            else:
                values[name] = raw
        return cls.from_dict(values)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Options:
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise BadArgumentError(f"unknown rules option(s): {', '.join(unknown)}; "
                                   f"known: {', '.join(sorted(known))}")
        return cls(**data)
