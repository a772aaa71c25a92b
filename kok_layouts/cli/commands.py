"""The commands of ``kok``: which module defines each, and the line ``kok --help`` shows.

This module imports nothing heavy: ``kok --help`` lists every command from here, and only
the module of the command that runs is imported (see :mod:`kok_layouts.cli.main`).
"""

from __future__ import annotations

import argparse
from typing import Any

COMMANDS: dict[str, tuple[str, str]] = {
    "list": ("layouts", "list the built-in layouts"),
    "show": ("layouts", "print a layout's grid in the terminal"),
    "validate": ("layouts", "validate layouts: exit 0 valid, 1 structural problems, 2 "
                          "unreadable"),
    "moves": ("rules", "list the legal moves of a position"),
    "score": ("rules", "score a sheet"),
    "replay": ("rules", "re-check a game record and print the scores"),
    "review": ("review", "a coach: what each choice of a saved game lost against the strong "
                         "bot"),
    "play": ("play", "play a game in the terminal"),
    "table": ("table", "serve one game to every player's phone: a score sheet per seat"),
    "render": ("render", "print sheets as a vector PDF (or the first page as a PNG)"),
    "preview": ("render", "draw a sheet as a PNG image"),
    "check": ("analysis", "is a layout solvable and balanced? exact bounds and simulation"),
    "simulate": ("analysis", "play bot games and print raw results"),
    "design": ("design", "draw a board in the browser, checked as you draw"),
    "generate": ("generate", "make new boards from a seed: official-like or custom, "
                             "optionally balanced by search"),
    "improve": ("improve", "change a board as little as possible until every verdict of kok "
                           "check passes"),
}
"""Every command: the module under ``kok_layouts.cli`` that registers and runs it, and
the line ``kok --help`` shows for it. A command's module is imported only when the command
runs (or its own ``--help`` is asked for), so ``kok --version`` and ``kok --help`` start at
once."""


def add_command(commands: Any, name: str, **kwargs: Any) -> argparse.ArgumentParser:
    """Add the subcommand ``name`` with its line of help from :data:`COMMANDS`."""
    parser: argparse.ArgumentParser = commands.add_parser(name, help=COMMANDS[name][1],
                                                          **kwargs)
    return parser
