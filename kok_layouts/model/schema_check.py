"""Checking a parsed layout against its edition's JSON Schema, with file positions.

Every violation becomes a :class:`Problem` at the line and column of the offending value
(or of the unknown key), most relevant first, with a hint on how to fix it taken from the
schema's own descriptions.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping
from functools import cache
from typing import Any

from jsonschema import Draft202012Validator, validators
from jsonschema.exceptions import ValidationError, best_match

from kok_layouts.errors import Location, Problem
from kok_layouts.model.source import SourceMap, SourcePath

_MAX_MESSAGE = 200
_SIZES = {
    "minItems": ("values", "at least", "needed"),
    "maxItems": ("values", "at most", "allowed"),
    "minLength": ("characters", "at least", "needed"),
    "maxLength": ("characters", "at most", "allowed"),
    "minProperties": ("entries", "at least", "needed"),
    "maxProperties": ("entries", "at most", "allowed"),
}


def _is_integer(checker: object, instance: object) -> bool:
    """An integer is an ``int`` as written: JSON Schema's own rule also takes 5.0, which
    would then print as ``5.0`` and score as a float."""
    return isinstance(instance, int) and not isinstance(instance, bool)


def _same_kind(name: str) -> Any:
    """``const`` or ``enum`` that also tells 1.0 from 1 (JSON Schema's equality does not)."""
    original = Draft202012Validator.VALIDATORS[name]

    def check(validator: Any, expected: Any, instance: Any, schema: Any) -> Any:
        allowed = [expected] if name == "const" else list(expected)
        if isinstance(instance, float) and not any(isinstance(a, float) for a in allowed):
            shown = ", ".join(repr(a) for a in allowed)
            yield ValidationError(f"{instance!r} is not {shown} (write it without a decimal "
                                  "point)")
            return
        yield from original(validator, expected, instance, schema)

    return check


@cache
def _whole_text(pattern: str) -> re.Pattern[str]:
    """``pattern`` with its closing ``$`` meaning the end of the text, as in JSON Schema
    (ECMA-262): Python's ``$`` also matches before a final newline, so ``^[a-z]+$`` would
    take ``"travel\\n"``."""
    if pattern.endswith("$") and not pattern.endswith("\\$"):
        pattern = pattern[:-1] + r"\Z"
    return re.compile(pattern)


def _pattern(validator: Any, pattern: str, instance: Any, schema: Any) -> Any:
    if isinstance(instance, str) and not _whole_text(pattern).search(instance):
        yield ValidationError(f"{instance!r} does not match {pattern!r}")


StrictValidator = validators.extend(  # type: ignore[no-untyped-call]
    Draft202012Validator,
    validators={"const": _same_kind("const"), "enum": _same_kind("enum"),
                "pattern": _pattern},
    type_checker=Draft202012Validator.TYPE_CHECKER.redefine("integer", _is_integer))
"""Draft 2020-12 with integers that are integers and patterns that match the whole text:
used for layouts and game records."""

# Which problems come first: the ones that tend to cause the others.
_RANK = {"const": 0, "additionalProperties": 0, "required": 1, "type": 2}


def describe_path(path: SourcePath) -> str:
    """A path as a designer reads it: ``colours.g.print``, ``grid[3]``."""
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text or "the layout"


def _shorten(text: str) -> str:
    return text if len(text) <= _MAX_MESSAGE else text[: _MAX_MESSAGE - 3] + "..."


def _number(value: float) -> str:
    text = repr(value)
    return text if len(text) <= 24 else text[:21] + "..."


def _hint(error: ValidationError) -> str:
    description = error.schema.get("description") if isinstance(error.schema, Mapping) else None
    return f" ({description})" if description else ""


def _problems_of(error: ValidationError, source: SourceMap) -> list[Problem]:
    path: SourcePath = tuple(error.absolute_path)
    node_schema: dict[str, Any] = dict(error.schema) if isinstance(error.schema, Mapping) else {}
    expected: Any = error.validator_value
    instance: Any = error.instance
    where = describe_path(path)
    if error.validator in ("oneOf", "anyOf") and error.context:
        deepest = best_match(error.context)
        if deepest is not None:
            hint = _hint(error)
            return [Problem("schema-" + str(deepest.validator),
                            _shorten(f"{where}: {deepest.message}{hint}"), source.locate(path))]
    if error.validator == "additionalProperties" and isinstance(instance, dict):
        allowed = sorted(node_schema.get("properties", {}))
        problems = []
        for key in instance:
            if key in allowed:
                continue
            close = difflib.get_close_matches(str(key), allowed, n=1)
            fix = f"did you mean {close[0]!r}?" if close else (
                f"allowed: {', '.join(allowed)}" if allowed else "remove it")
            inside = f" in {where}" if path else ""
            problems.append(Problem("schema-unknown-key", f"unknown key {key!r}{inside}; {fix}",
                                    source.locate_key((*path, key))))
        return problems
    if error.validator == "required" and isinstance(instance, dict):
        missing = [k for k in expected if k not in instance]
        properties = node_schema.get("properties", {})
        problems = []
        for key in missing:
            described = properties.get(key, {}).get("description")
            hint = f" ({described})" if described else ""
            inside = f" in {where}" if path else ""
            problems.append(Problem("schema-missing-key",
                                    _shorten(f"missing key {key!r}{inside}{hint}"),
                                    source.locate(path)))
        return problems
    if "propertyNames" in error.schema_path:
        message = (f"key {instance!r} in {where} must be a single lowercase letter "
                   "(the letter used for it in the grid)")
        return [Problem("schema-propertyNames", message,
                        source.locate_key((*path, str(instance))))]
    if error.validator == "const":
        message = f"{where} must be {expected!r}, not {instance!r}"
    elif error.validator == "enum":
        choices = ", ".join(repr(v) for v in expected)
        message = f"{where} is {instance!r}; use one of {choices}"
    elif error.validator == "type":
        found = type(instance).__name__.replace("NoneType", "nothing").replace("str", "text")
        message = f"{where} must be of type {expected}, not {found}{_hint(error)}"
        if expected == "integer" and isinstance(instance, float):
            message = (f"{where} must be a whole number written without a decimal point, "
                       f"not {_number(instance)}{_hint(error)}")
    elif error.validator == "pattern":
        message = f"{where}: {instance!r} is not allowed here{_hint(error)}"
    elif str(error.validator) in _SIZES:
        noun, bound, verb = _SIZES[str(error.validator)]
        size = len(instance) if isinstance(instance, (str, list, dict)) else 0
        message = (f"{where} has {size} {noun}, {bound} {expected} {verb}"
                   f"{_hint(error)}")
    else:
        message = f"{where}: {error.message}{_hint(error)}"
    return [Problem("schema-" + str(error.validator), _shorten(message), source.locate(path))]


def _edition_of(data: dict[str, Any], source: SourceMap) -> str | Problem:
    from kok_layouts.model.kinds import sheet_kinds

    edition = data.get("edition")
    choices = ", ".join(sheet_kinds())
    if edition is None:
        return Problem("schema-missing-key",
                       f"missing key 'edition' (one of {choices}); it says which game the "
                       "sheet is for",
                       source.locate(()))
    if isinstance(edition, str) and edition in sheet_kinds():
        return edition
    return Problem("schema-edition", f"edition is {edition!r}; use one of {choices}",
                   source.locate(("edition",)))


@cache
def _schema(edition: str) -> dict[str, Any]:
    from kok_layouts.model.kinds import sheet_kind

    return sheet_kind(edition).schema()


def schema_problems(data: Any, source: SourceMap) -> list[Problem]:
    """Every way ``data`` breaks its edition's schema, most relevant first."""
    if not isinstance(data, dict):
        found = type(data).__name__.replace("str", "text").replace("list", "a list")
        return [Problem("schema-type", f"a layout must be a mapping of keys (format: 1, edition: "
                                       f"..., ...), not {found}", source.locate(()))]
    edition = _edition_of(data, source)
    if isinstance(edition, Problem):
        return [edition]
    validator = StrictValidator(_schema(edition))
    ranked: list[tuple[int, Problem]] = []
    for error in validator.iter_errors(data):
        rank = _RANK.get(str(error.validator), 3)
        ranked.extend((rank, problem) for problem in _problems_of(error, source))
    ranked.sort(key=lambda item: (item[0], item[1].location or source.at(0, 0)))
    # One problem per value: .inf as a star penalty is "not an integer", not also "too big".
    seen: set[Location] = set()
    problems: list[Problem] = []
    for _, problem in ranked:
        if problem in problems:  # jsonschema says "required" once per missing key
            continue
        if problem.location is not None and problem.code != "schema-missing-key":
            if problem.location in seen:
                continue
            seen.add(problem.location)
        problems.append(problem)
    return problems
