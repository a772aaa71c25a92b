"""The layout format's reference is the schemas: every property of every schema, at every
depth, has a description and a row on the page made from it (docs/scripts/)."""

from __future__ import annotations

import importlib.util
import json
import sys
from types import ModuleType
from typing import Any

import pytest

from kok_layouts.cli.commands import COMMANDS

from .docs_text import DOCS, ROOT


def _reference() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "schema_reference", DOCS / "scripts" / "schema_reference.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


REFERENCE = _reference()
SCHEMAS = sorted(path.name.removesuffix(".schema.json")
                 for path in (ROOT / "schemas").glob("*.schema.json"))


def _paths(node: Any, schema: dict[str, Any], prefix: str = "") -> set[str]:
    """Every property path of a schema node, found independently of the page's maker."""
    if isinstance(node, dict) and "$ref" in node:
        target: Any = schema
        for part in node["$ref"].removeprefix("#/").split("/"):
            target = target[part]
        return _paths({**target, **{k: v for k, v in node.items() if k != "$ref"}},
                      schema, prefix)
    if not isinstance(node, dict):
        return set()
    found: set[str] = set()
    for name, child in node.get("properties", {}).items():
        path = f"{prefix}{name}"
        found |= {path} | _paths(child, schema, f"{path}.")
        found |= _paths({k: v for k, v in _resolved(child, schema).items()
                         if k != "properties"}, schema, f"{path}.")
    for part in node.get("oneOf", []) + node.get("anyOf", []):
        found |= _paths(part, schema, prefix)
    if isinstance(node.get("items"), dict):
        found |= _paths(node["items"], schema, prefix.removesuffix(".") + "[].")
    if isinstance(node.get("additionalProperties"), dict):
        found |= _paths(node["additionalProperties"], schema, prefix + "*.")
    return found


def _resolved(node: dict[str, Any], schema: dict[str, Any]) -> dict[str, Any]:
    if "$ref" not in node:
        return node
    target: Any = schema
    for part in str(node["$ref"]).removeprefix("#/").split("/"):
        target = target[part]
    return dict(target)


def test_every_schema_has_a_page_in_the_site() -> None:
    assert sorted(REFERENCE.PAGES) == SCHEMAS


@pytest.mark.parametrize("name", SCHEMAS)
def test_every_property_of_a_schema_has_a_row_on_its_page(name: str) -> None:
    schema = json.loads((ROOT / "schemas" / f"{name}.schema.json").read_text())
    page = REFERENCE.page(name)
    expected = _paths(schema, schema)
    assert len(expected) >= 10
    missing = {path for path in expected if f"| `{path}` |" not in page}
    assert missing == set(), f"schemas/{name}.schema.json: properties missing from its page"


@pytest.mark.parametrize("name", SCHEMAS)
def test_every_property_of_a_schema_has_a_description(name: str) -> None:
    """A new property needs a ``description`` in its schema (or a note in
    docs/scripts/schema_reference.py's NOTES)."""
    lacking = [row.path for row in REFERENCE.rows(REFERENCE.load(name)) if not row.description]
    assert lacking == [], f"schemas/{name}.schema.json: add a description to {lacking}"


def test_a_property_added_to_a_schema_shows_on_the_page_with_its_facts() -> None:
    schema = REFERENCE.load("classic")
    schema["properties"]["sparkles"] = {"type": "integer", "minimum": 0, "maximum": 7,
                                        "description": "How much the sheet sparkles."}
    schema["required"] = [*schema["required"], "sparkles"]
    row = next(r for r in REFERENCE.rows(schema) if r.path == "sparkles")
    assert (row.kind, row.required, row.description) == ("integer", True,
                                                         "How much the sheet sparkles.")
    assert row.allowed == "at least 0; at most 7"
    schema["properties"]["plain"] = {"enum": ["a", "b"]}
    row = next(r for r in REFERENCE.rows(schema) if r.path == "plain")
    assert row.description == "" and row.allowed == '`"a"`, `"b"`'


def test_the_command_guide_names_every_kok_command() -> None:
    guide = (DOCS / "guide" / "index.md").read_text(encoding="utf-8")
    assert [name for name in COMMANDS if f"`kok {name}" not in guide] == []
