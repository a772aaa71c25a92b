"""Layout files are composed by libyaml where PyYAML has it, and by PyYAML's own reader
otherwise: both must see the same document, and a document libyaml refuses is named by
the reference reader, so every machine gives the same values and the same messages."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from kok_layouts.errors import LayoutError
from kok_layouts.model import source
from kok_layouts.model.loader import parse_layout

from .conftest import ROOT

pytestmark = pytest.mark.skipif(source._FastLoader is None, reason="PyYAML without libyaml")

LAYOUT_TEXTS = sorted((ROOT / "layouts").rglob("*.yaml")) + sorted(
    (ROOT / "examples").glob("*.yaml"))


def tree(loader: type[Any] | None, text: str) -> object:
    """A node tree as plain values: kind, tag, style, value and both marks of every node."""
    assert loader is not None
    node = source._single_node(loader, text)

    def plain(node: yaml.Node) -> object:
        marks = (node.start_mark.line, node.start_mark.column,
                 node.end_mark.line, node.end_mark.column)
        if isinstance(node, yaml.ScalarNode):
            return ("scalar", node.tag, node.style or None, node.value, marks)
        if isinstance(node, yaml.SequenceNode):
            return ("seq", node.tag, [plain(item) for item in node.value], marks[:2])
        return ("map", node.tag, [(plain(k), plain(v)) for k, v in node.value], marks[:2])

    return None if node is None else plain(node)


@pytest.mark.parametrize("path", LAYOUT_TEXTS, ids=lambda p: p.name)
def test_every_shipped_layout_composes_the_same_on_both_readers(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert tree(source._FastLoader, text) == tree(source._LayoutLoader, text)


YAMLISH = st.lists(st.sampled_from([
    *"ab1-: \n\t'\"[]{},#&*!?|>%@`=.~", "é", "€", "\U0001d518", "\u00a0", "\u2028", "\x85",
    "0x1", "1e3", ".inf", "true", "null", "- ", ": ", "\n  ", "\n- ", "&a ", "*a", "!!str ",
    "<<: ", "? ", "---", "..."]),
    max_size=40).map("".join)


def same_document_unless_refused(text: str) -> None:
    if source._CORNERS.search(text):
        return  # YAML's corners: the reference reader's alone
    try:
        fast = tree(source._FastLoader, text)
    except Exception:  # refused: the reference reader names the problem (next test)
        return
    assert tree(source._LayoutLoader, text) == fast


@settings(max_examples=400, deadline=None, database=None)
@given(YAMLISH)
def test_a_text_libyaml_accepts_is_the_same_document_for_the_reference_reader(
        text: str) -> None:
    same_document_unless_refused(text)


@settings(max_examples=150, deadline=None, database=None)
@given(YAMLISH)
def test_a_layout_text_gets_the_reference_readers_answer_whichever_reader_composes(
        text: str) -> None:
    def answer() -> str:
        try:
            return repr(parse_layout(text, "fuzz.yaml"))
        except LayoutError as err:
            return str(err)

    fast = answer()
    saved, source._FastLoader = source._FastLoader, None
    try:
        assert answer() == fast
    finally:
        source._FastLoader = saved


@settings(max_examples=300, deadline=None, database=None)
@given(st.text(max_size=60))
def test_any_unicode_text_libyaml_accepts_is_the_same_document_for_the_reference_reader(
        text: str) -> None:
    same_document_unless_refused(text)
