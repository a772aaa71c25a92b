"""The documentation's pages as the tests read them: README.md and every page under docs/,
their fenced code blocks, and the ``kok`` commands of their ``sh`` blocks."""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
README = ROOT / "README.md"

_FENCE = re.compile(r"^```([A-Za-z]*)\n(.*?)^```", re.S | re.M)
_NOT_RUN = re.compile(r"<!--\s*not run:\s*(.+?)\s*-->\s*$")
_EXIT = re.compile(r"\(exit (\d+)\)\s*$")


@dataclass(frozen=True)
class Block:
    """One fenced code block: its page, its first line's number, language and text, and
    the reason it is not run when an HTML comment right above it gives one."""

    page: Path
    line: int
    language: str
    text: str
    not_run: str | None

    @property
    def name(self) -> str:
        """``docs/guide/print.md:3``: where the block starts, for a test's id."""
        return f"{self.page.relative_to(ROOT)}:{self.line}"


@dataclass(frozen=True)
class Command:
    """A line of a ``sh`` block that runs ``kok``, with the exit code its comment names."""

    line: str
    code: int


def pages() -> list[Path]:
    """README.md and every Markdown page of the site, in a fixed order."""
    return [README, *sorted(DOCS.rglob("*.md"))]


def blocks(page: Path) -> list[Block]:
    """The fenced code blocks of ``page``."""
    text = page.read_text(encoding="utf-8")
    found = []
    for match in _FENCE.finditer(text):
        before = text[:match.start()].rstrip("\n").rsplit("\n", 1)[-1]
        marked = _NOT_RUN.search(before)
        found.append(Block(page, text.count("\n", 0, match.start()) + 1, match.group(1),
                           match.group(2), marked.group(1) if marked else None))
    return found


def all_blocks(language: str) -> list[Block]:
    """Every block of ``language`` on every page."""
    return [block for page in pages() for block in blocks(page) if block.language == language]


def commands(block: Block) -> list[Command]:
    """The lines of a ``sh`` block that start with ``kok``, each with the exit code its
    trailing comment names (``# ... (exit 1)``), else 0."""
    found = []
    for line in block.text.splitlines():
        if not line.startswith("kok "):
            continue
        code = _EXIT.search(line)
        found.append(Command(line, int(code.group(1)) if code else 0))
    return found


def kok_lines(marker: str) -> list[list[str]]:
    """The ``kok ...`` lines, as argument lists without ``kok``, of the first ``sh`` block
    on any page that holds ``marker``."""
    block = next(b for b in all_blocks("sh") if marker in b.text)
    return [shlex.split(command.line.split("#")[0])[1:] for command in commands(block)]


def all_text() -> str:
    """Every page's text, one after the other."""
    return "\n".join(page.read_text(encoding="utf-8") for page in pages())
