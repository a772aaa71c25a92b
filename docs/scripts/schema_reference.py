"""The layout format's reference, made from the JSON Schemas in ``schemas/``.

``docs/scripts/gen_pages.py`` writes one page per schema when the site is built (MkDocs'
``gen-files`` plugin), so the reference is the schema itself and cannot drift from it;
``tests/test_docs_reference.py`` holds every property to a line of the page.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SCHEMAS = Path(__file__).resolve().parents[2] / "schemas"

PAGES = {
    "classic": "Classic layout (classic.schema.json)",
    "kok2": "Keer op Keer 2 layout (kok2.schema.json)",
    "kids": "Kids layout (kids.schema.json)",
    "record": "Game record (record.schema.json)",
}
"""Each schema's page title, in the order of the site's navigation."""

NOTES = {
    "description": "A longer text about the board (it may hold lines); printed nowhere, "
                   "shown by kok show and kok design.",
    "edition": "Which game the layout is for; it picks the schema the file is checked "
               "against.",
    "hearts": "The heart track: how many hearts it holds, and whether hearts are printed "
              "under the columns.",
    "first": "The points for whoever completes it first (in the same roll: everyone who "
             "does).",
    "later": "The points for everyone who completes it later.",
    "labels": "A letter per row, printed beside it (P to V on the grey sheet).",
    "available_at_start": "How many of the printed boxes may be used from the start.",
    "print": "The print colour, as #rrggbb.",
    "active": "The seat of the active player of this roll.",
    "cells": "The crossed cells, by name (H1 is the top cell of column H).",
    "chameleon": "Whether the purple die's chameleon crossed this enclosure.",
}
"""Descriptions for the properties whose schema has none, by property name. A new
property needs a description in its schema or here; the tests say which one lacks it."""


@dataclass(frozen=True)
class Row:
    """One property of a schema: where it is, and what the reference says about it."""

    path: str
    kind: str
    allowed: str
    required: bool
    description: str


def load(name: str) -> dict[str, Any]:
    """The schema ``schemas/NAME.schema.json``."""
    schema: dict[str, Any] = json.loads((SCHEMAS / f"{name}.schema.json").read_text("utf-8"))
    return schema


def _resolve(node: dict[str, Any], schema: dict[str, Any]) -> dict[str, Any]:
    """``node`` with a local ``$ref`` (``#/$defs/x``) replaced by its target, keeping the
    node's own description."""
    if "$ref" not in node:
        return node
    target = schema
    for part in str(node["$ref"]).removeprefix("#/").split("/"):
        target = target[part]
    return {**target, **{k: v for k, v in node.items() if k != "$ref"}}


def _value(value: Any) -> str:
    return "null" if value is None else json.dumps(value) if not isinstance(value, str) \
        else f'"{value}"'


def kind_of(node: dict[str, Any], schema: dict[str, Any]) -> str:
    """The type of a schema node in words: ``integer``, ``array of string``, ``a or b``."""
    node = _resolve(node, schema)
    for combined in ("oneOf", "anyOf"):
        if combined in node:
            return " or ".join(kind_of(part, schema) for part in node[combined])
    if "const" in node:
        return "constant"
    if "enum" in node:
        return "one of the values"
    kind = node.get("type", "any")
    if isinstance(kind, list):
        kind = " or ".join(str(k) for k in kind)
    if kind == "array" and isinstance(node.get("items"), dict):
        return f"array of {kind_of(node['items'], schema)}"
    if kind == "object" and isinstance(node.get("additionalProperties"), dict):
        return f"object of {kind_of(node['additionalProperties'], schema)}"
    return str(kind)


_BOUNDS = (("minimum", "at least {}"), ("maximum", "at most {}"),
           ("minLength", "{} characters at least"), ("maxLength", "{} characters at most"),
           ("minItems", "{} items at least"), ("maxItems", "{} items at most"),
           ("minProperties", "{} keys at least"), ("maxProperties", "{} keys at most"),
           ("pattern", "matches `{}`"))


def allowed_of(node: dict[str, Any], schema: dict[str, Any]) -> str:
    """The values a node allows, in words: its constant, its enumeration, its bounds."""
    node = _resolve(node, schema)
    parts: list[str] = []
    if "const" in node:
        parts.append(f"`{_value(node['const'])}`")
    if "enum" in node:
        parts.append(", ".join(f"`{_value(v)}`" for v in node["enum"]))
    for key, words in _BOUNDS:
        if key in node:
            parts.append(words.format(node[key]))
    if node.get("uniqueItems"):
        parts.append("no value twice")
    if isinstance(node.get("propertyNames"), dict) and "pattern" in node["propertyNames"]:
        parts.append(f"keys match `{node['propertyNames']['pattern']}`")
    for combined in ("oneOf", "anyOf"):
        for part in node.get(combined, []):
            inner = allowed_of(part, schema)
            if inner:
                parts.append(f"{kind_of(part, schema)}: {inner}")
    if isinstance(node.get("items"), dict):
        inner = allowed_of(node["items"], schema)
        if inner:
            parts.append(f"each item {inner}")
    return "; ".join(parts)


def rows(schema: dict[str, Any]) -> Iterator[Row]:
    """Every property of ``schema`` at every depth, parents first; a nested property's
    path names its parents (``column_points.first``, ``colours.*.name``,
    ``rolls[].choices``)."""
    def walk(node: dict[str, Any], prefix: str) -> Iterator[Row]:
        node = _resolve(node, schema)
        required = set(node.get("required", []))
        for name, child in node.get("properties", {}).items():
            path = f"{prefix}{name}"
            resolved = _resolve(child, schema)
            text = resolved.get("description") or NOTES.get(name, "")
            yield Row(path, kind_of(child, schema), allowed_of(child, schema),
                      name in required, " ".join(str(text).split()))
            yield from nested(resolved, path)

    def nested(node: dict[str, Any], path: str) -> Iterator[Row]:
        yield from walk(node, f"{path}.")
        for combined in ("oneOf", "anyOf"):
            for part in node.get(combined, []):
                yield from nested(_resolve(part, schema), path)
        if isinstance(node.get("items"), dict):
            yield from nested(_resolve(node["items"], schema), f"{path}[]")
        if isinstance(node.get("additionalProperties"), dict):
            yield from nested(_resolve(node["additionalProperties"], schema), f"{path}.*")

    seen: set[str] = set()
    for row in walk(schema, ""):
        if row.path not in seen:
            seen.add(row.path)
            yield row


def _cell(text: str) -> str:
    return text.replace("|", "\\|") or " "


def page(name: str) -> str:
    """The Markdown page of the schema ``name``: its title and description, then a table
    of every property."""
    schema = load(name)
    lines = [f"# {PAGES[name]}", "",
             "<!-- Made from schemas/ when the site is built (docs/scripts/gen_pages.py). -->",
             "", " ".join(str(schema.get("description", "")).split()), "",
             f"Schema `{schema.get('$id', name)}` (JSON Schema draft 2020-12), shipped in "
             f"the repository's `schemas/{name}.schema.json` and inside the installed "
             "package. A nested property's name shows its parents: `a.b` is key `b` of "
             "`a`, `a.*` any key of `a`, `a[]` an item of the list `a`.", "",
             "| property | type | allowed values | required | description |",
             "| --- | --- | --- | --- | --- |"]
    for row in rows(schema):
        lines.append(f"| `{row.path}` | {_cell(row.kind)} | {_cell(row.allowed)} | "
                     f"{'yes' if row.required else 'no'} | {_cell(row.description)} |")
    return "\n".join(lines) + "\n"
