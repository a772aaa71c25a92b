"""Reading a layout file: safe YAML with the line and column of every value.

PyYAML's composer gives nodes that know where they start; this module turns them into
plain Python values itself (so duplicate keys and alias bombs can be caught) and keeps a
:class:`SourceMap` from each value's path (``("grid", 3)``) to its place in the file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

import yaml

from kok_layouts.errors import LayoutError, Location, Problem
from kok_layouts.limits import unprintable

SourcePath = tuple[str | int, ...]
"""The keys and indices leading to a value, as in JSON Schema's ``absolute_path``."""

MAX_FILE_BYTES = 1_000_000
MAX_NODES = 100_000
MAX_DEPTH = 64
_PLAIN_TAGS = ("tag:yaml.org,2002:map", "tag:yaml.org,2002:seq")
_TAG = "tag:yaml.org,2002:"
# The scalar kinds a layout schema uses, with the word a designer reads in a message.
_SCALAR_KINDS = {_TAG + "str": "text", _TAG + "int": "an integer", _TAG + "float": "a number",
                 _TAG + "bool": "true or false", _TAG + "null": "null"}
# Implicit resolvers a layout needs: booleans, integers, numbers, null and the merge key
# (to refuse it by name). Timestamps (``title: 2001-13-45``), ``=`` and the ``!``/``&``/``*``
# scalars stay plain text.
_RESOLVED = frozenset({_TAG + "bool", _TAG + "int", _TAG + "float", _TAG + "null",
                       _TAG + "merge"})


class _LayoutLoader(yaml.SafeLoader):
    """PyYAML's safe loader with only the implicit resolvers the layout schemas need."""


_LayoutLoader.yaml_implicit_resolvers = {
    first: [(tag, regexp) for tag, regexp in resolvers if tag in _RESOLVED]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}

_FastLoader: type[Any] | None = None
"""The same loader on libyaml's parser where PyYAML was built with it: twenty times faster,
and for plain documents its nodes have the same tags, values and marks. The two parsers
differ on YAML's corners (a lone ``!``, ``? `` keys, other line breaks), so it composes only
texts free of them (:data:`_CORNERS`), and only documents it accepts: everything else is
read by :class:`_LayoutLoader`, whose values, messages and positions (characters, not
bytes) are the ones a designer sees on every machine."""
_CORNERS = re.compile(r"[!&*?%@`|>\t\r\x85\u2028\u2029\ufeff]|<<|^(?:---|\.\.\.)",
                      re.MULTILINE)
"""Tags, anchors, aliases, complex keys, directives, block scalars, merge keys, tabs,
line breaks other than ``\\n`` and document markers: the reference reader's alone."""
if getattr(yaml, "__with_libyaml__", False):
    class _CLayoutLoader(yaml.CSafeLoader):
        """:class:`_LayoutLoader`'s resolvers on libyaml's parser."""

    _CLayoutLoader.yaml_implicit_resolvers = _LayoutLoader.yaml_implicit_resolvers
    _FastLoader = _CLayoutLoader


@dataclass
class SourceMap:
    """Where each value of one YAML document was written."""

    file: str
    values: dict[SourcePath, tuple[int, int]] = field(default_factory=dict)
    keys: dict[SourcePath, tuple[int, int]] = field(default_factory=dict)
    text_offsets: dict[SourcePath, int] = field(default_factory=dict)
    """For one-line strings: how far the first character sits right of the value's mark
    (1 for a quoted string), so that ``("grid", 2, 5)`` can point at one letter."""

    def at(self, line: int, column: int) -> Location:
        return Location(self.file, line, column)

    def locate(self, path: SourcePath) -> Location:
        """The place of the value at ``path``, or of its nearest written ancestor."""
        if path in self.values:
            return self.at(*self.values[path])
        if path and isinstance(path[-1], int) and path[:-1] in self.text_offsets:
            line, column = self.values[path[:-1]]
            return self.at(line, column + self.text_offsets[path[:-1]] + path[-1])
        for cut in range(len(path) - 1, -1, -1):
            if path[:cut] in self.values:
                return self.at(*self.values[path[:cut]])
        return self.at(1, 1)

    def locate_key(self, path: SourcePath) -> Location:
        """The place of the key that introduces ``path`` (for unknown keys)."""
        if path in self.keys:
            return self.at(*self.keys[path])
        return self.locate(path)


def _problem(source: SourceMap, line: int, column: int, code: str, message: str) -> Problem:
    return Problem(code, message, source.at(line, column))


def _mark(node: yaml.Node) -> tuple[int, int]:
    return node.start_mark.line + 1, node.start_mark.column + 1


class _Builder:
    """Turns a composed node tree into Python values, recording marks and problems."""

    def __init__(self, source: SourceMap) -> None:
        self.source = source
        self.problems: list[Problem] = []
        self.loader = _LayoutLoader("")
        self.nodes = 0

    def build(self, node: yaml.Node, path: SourcePath, depth: int = 0) -> Any:
        self.nodes += 1
        if self.nodes > MAX_NODES:
            raise _TooBigError(f"the document expands to more than {MAX_NODES:,} values "
                          "(an alias bomb?); layouts are small, write them out plainly")
        if depth > MAX_DEPTH:
            raise _TooBigError(f"values nested more than {MAX_DEPTH} deep; layouts are flat")
        self.source.values.setdefault(path, _mark(node))
        if isinstance(node, yaml.CollectionNode) and node.tag not in _PLAIN_TAGS:
            line, column = _mark(node)
            self.problems.append(_problem(
                self.source, line, column, "yaml-tag",
                f"tag {node.tag!r} is not allowed; only plain YAML values"))
            return None
        if isinstance(node, yaml.MappingNode):
            return self._mapping(node, path, depth)
        if isinstance(node, yaml.SequenceNode):
            return [self.build(item, (*path, i), depth + 1) for i, item in enumerate(node.value)]
        return self._scalar(node, path)

    def _mapping(self, node: yaml.MappingNode, path: SourcePath, depth: int) -> dict[str, Any]:
        result: dict[str, Any] = {}
        for key_node, value_node in node.value:
            line, column = _mark(key_node)
            if not isinstance(key_node, yaml.ScalarNode):
                self.problems.append(_problem(self.source, line, column, "key-type",
                                              "a key must be a plain word, not a list or mapping"))
                continue
            if key_node.tag == "tag:yaml.org,2002:merge":
                self.problems.append(_problem(
                    self.source, line, column, "merge-key",
                    "merge keys (<<) are not supported; write the keys out"))
                continue
            key = self._scalar(key_node, None)
            if not isinstance(key, str):
                key = str(key)
            if key in result:
                first = self.source.keys[(*path, key)]
                self.problems.append(_problem(
                    self.source, line, column, "duplicate-key",
                    f"duplicate key {key!r} (first written at line {first[0]}); keep only one"))
                continue
            self.source.keys[(*path, key)] = (line, column)
            result[key] = self.build(value_node, (*path, key), depth + 1)
        return result

    def _scalar(self, node: yaml.Node, path: SourcePath | None) -> Any:
        line, column = _mark(node)
        kind = _SCALAR_KINDS.get(str(node.tag))
        if kind is None:
            self.problems.append(_problem(
                self.source, line, column, "yaml-tag",
                f"tag {node.tag!r} is not allowed; only plain YAML values (text, integers, "
                "numbers, true/false, null)"))
            return None
        try:
            value = self.loader.construct_object(node, deep=True)
        except Exception as err:  # PyYAML's constructors fail in many ways on bad text
            # (ValueError, KeyError, IndexError, AttributeError): all are the file's fault.
            shown = str(node.value)
            shown = repr(shown) if len(shown) <= 40 else f"a value of {len(shown):,} characters"
            why = "too many digits" if "digits" in str(err) else "not valid"
            self.problems.append(_problem(
                self.source, line, column, "yaml-value",
                f"{shown} cannot be read as {kind} ({why}); write a plain value or quote it"))
            return None
        if isinstance(value, str) and (bad := unprintable(
                value, lines=path == ("description",))) is not None:
            self.problems.append(_problem(
                self.source, line, column, "text",
                f"text cannot be printed: {bad}; remove it"))
            return None
        if (path is not None and isinstance(value, str) and isinstance(node, yaml.ScalarNode)
                and node.start_mark.line == node.end_mark.line):
            self.source.text_offsets[path] = 1 if node.style in ("'", '"') else 0
        return value


class _TooBigError(Exception):
    pass


def _decode(data: bytes, source: SourceMap) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        before = data[: err.start]
        line = before.count(b"\n") + 1
        column = len(before) - (before.rfind(b"\n") + 1) + 1
        bad = data[err.start: err.start + 1].hex()
        raise LayoutError("read", [_problem(
            source, line, column, "encoding",
            f"byte 0x{bad} is not UTF-8; save the file as UTF-8 text")]) from None


def _single_node(loader_class: type[Any], text: str) -> yaml.Node | None:
    """The single document of ``text`` as ``loader_class`` composes it."""
    loader = loader_class(text)
    try:
        node: yaml.Node | None = loader.get_single_node()
        return node
    finally:
        loader.dispose()


def _compose(text: str, source: SourceMap) -> yaml.Node | None:
    """Compose the single YAML document of ``text`` into a node tree."""
    if _FastLoader is not None and not _CORNERS.search(text):
        try:
            return _single_node(_FastLoader, text)
        except Exception:  # the reference reader below names the problem
            pass
    try:
        return _single_node(_LayoutLoader, text)
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        what = err.problem or err.context or "not valid YAML"
        if "'\\t'" in what:
            what += " (YAML forbids tabs for indentation; indent with spaces)"
        raise LayoutError("syntax", [_problem(source, line, column, "yaml",
                                              f"YAML syntax: {what}")]) from None
    except yaml.reader.ReaderError as err:  # control characters, binary junk
        line = text.count("\n", 0, err.position) + 1
        column = err.position - (text.rfind("\n", 0, err.position) + 1) + 1
        raise LayoutError("syntax", [_problem(
            source, line, column, "binary",
            f"not a text file: character #x{err.character:04x} is not allowed in YAML"
            if isinstance(err.character, int) else "not a text file")]) from None
    except RecursionError:
        raise LayoutError("syntax", [_problem(
            source, 1, 1, "too-deep", "values are nested too deeply to read")]) from None


def parse_yaml(data: bytes, file: str) -> tuple[Any, SourceMap]:
    """Parse one YAML document safely, returning its value and where each value was written.

    Raises :class:`LayoutError` with every problem found: oversize, not UTF-8, binary,
    YAML syntax, duplicate keys, tags, alias bombs.
    """
    source = SourceMap(file)
    if len(data) > MAX_FILE_BYTES:
        raise LayoutError("read", [_problem(
            source, 1, 1, "too-large",
            # (the reader stops one byte past the limit: the file's own size is not known)
            f"file is over the {MAX_FILE_BYTES:,}-byte limit for a layout")])
    text = _decode(data, source)
    if text.startswith("\ufeff"):
        text = text[1:]
    if not text.strip():
        raise LayoutError("syntax", [_problem(
            source, 1, 1, "empty", "file is empty; a layout starts with 'format: 1'")])
    node = _compose(text, source)
    if node is None:
        raise LayoutError("syntax", [_problem(
            source, 1, 1, "empty",
            "file holds no YAML document; a layout starts with 'format: 1'")])
    builder = _Builder(source)
    try:
        value = builder.build(node, ())
    except _TooBigError as err:
        raise LayoutError("syntax", [_problem(source, *_mark(node), "too-big", str(err))]) from None
    except RecursionError:
        raise LayoutError("syntax", [_problem(
            source, 1, 1, "too-deep", "values are nested too deeply to read")]) from None
    if builder.problems:
        raise LayoutError("syntax", sorted(builder.problems, key=_by_place))
    return value, source


def _by_place(problem: Problem) -> tuple[int, int]:
    loc = problem.location
    return (loc.line, loc.column) if loc else (0, 0)
