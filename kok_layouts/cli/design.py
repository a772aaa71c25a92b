"""``kok design``: the board designer in the browser (see :mod:`kok_layouts.design`)."""

from __future__ import annotations

import argparse
import os
import re
import sys
import webbrowser
from pathlib import Path
from typing import Any

from kok_layouts import limits
from kok_layouts.cli import args as arg_types
from kok_layouts.cli.commands import add_command
from kok_layouts.design.server import Designer, DesignServer, Session, serve
from kok_layouts.errors import UsageError, shown
from kok_layouts.web import LOOPBACK

_HOST = re.compile(r"[A-Za-z0-9.:_\[\]-]{1,253}")


def host(text: str) -> str:
    """argparse type: an address to listen on, as a name or a number in ASCII (``::1``,
    ``0.0.0.0``, ``localhost``); anything else is refused before the server starts."""
    if not _HOST.fullmatch(text):
        raise argparse.ArgumentTypeError(f"'{shown(text, 40)}': an address is an IP "
                                         "address or a host name in ASCII")
    return text


def register(commands: Any) -> None:
    design = add_command(commands, "design",
        description="Serve the board designer on this computer and open it in the browser. "
                    "LAYOUT is a layout file to edit (or a new .yaml file to create), or a "
                    "built-in to start from; without it the page asks how to start.")
    design.add_argument("layout", metavar="LAYOUT|FILE", nargs="?", default=None)
    design.add_argument("--host", type=host, default="127.0.0.1",
                        help="the address to listen on (default: 127.0.0.1, this computer "
                             "only)")
    design.add_argument("--port", type=arg_types.within(limits.PORT), default=None,
                        help="the port (default: the one the last kok design in this "
                             "folder used, so a page left open reconnects; else any "
                             "free port)")
    design.add_argument("--no-browser", action="store_true",
                        help="print the address but do not open a browser")
    design.set_defaults(run=run_design)


def _has_graphical_browser() -> bool:
    """Whether opening a browser shows a window, rather than starting a text browser that
    would take over this terminal."""
    if sys.platform in ("darwin", "win32") or os.environ.get("BROWSER"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def _listen(designer: Designer, host: str, port: int) -> DesignServer:
    try:
        return serve(designer, host, port)
    except (OSError, UnicodeError, OverflowError) as err:  # no such address or name
        reason = err.strerror if isinstance(err, OSError) and err.strerror else str(err)
        raise UsageError(f"cannot listen on {shown(host, 60)}:{port}: "
                         f"{shown(reason, 80)}") from None


def open_server(designer: Designer, host: str, port: int | None,
                folder: Path) -> tuple[DesignServer, list[str]]:
    """The server for ``designer`` and the lines to tell the user. It takes the token of
    the last session in ``folder`` and, unless ``port`` is named, its port, so a page
    still open from that session finds this server at the same address; a taken port
    gives any free one, with a note."""
    notes: list[str] = []
    last = Session.recall(folder)
    if last is not None:
        designer.token = last.token
    if port is not None or last is None:
        server = _listen(designer, host, port or 0)
    else:
        try:
            server = serve(designer, host, last.port)
        except OSError:  # taken by another program (or another kok design): any port
            server = _listen(designer, host, 0)
            notes.append(f"kok: note: port {last.port} of the last session here is taken; "
                         "a page left open on it cannot reconnect (it offers its draft "
                         "as a file: Download the draft)")
    warning = Session(server.port, designer.token).keep(folder)
    if warning is not None:
        notes.append(f"kok: warning: {warning}")
    return server, notes


def run_design(args: argparse.Namespace) -> int:
    folder = Path.cwd()
    designer = Designer.open(args.layout, folder)
    server, notes = open_server(designer, args.host, args.port, folder)
    for line in notes:
        print(line, file=sys.stderr)
    # The address with its token is the first line, for people and for scripts.
    print(server.url, flush=True)
    if args.host not in LOOPBACK:
        print(f"kok: warning: listening on {shown(args.host, 60)}, reachable from other "
              "computers; anyone with the address can edit and save the board",
              file=sys.stderr)
    if not args.no_browser:
        if _has_graphical_browser():
            webbrowser.open(server.url)
        else:
            print("kok: no graphical display here; open the address above in a browser",
                  file=sys.stderr)
    try:
        server.serve_forever()
    finally:   # a stop signal goes on to the command line: exit 130, 143 or 129
        server.server_close()
    return 0
