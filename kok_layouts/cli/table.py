"""``kok table``: one game served to every player's phone (see :mod:`kok_layouts.table`).

The terminal prints the host's page first (the links and QR codes of every seat), then
each seat's link. The state is written after every roll; ``--resume FILE`` continues it
with the same links. SIGINT, SIGTERM and SIGHUP stop the server (exit 130, 143 and 129,
as every command); the state file keeps the last finished roll, and ``--save`` writes the
record of the game so far, also when a second signal follows the first.

The state file is created only once the server listens (a failed start leaves none), and
a lock beside it (:class:`StateLock`) keeps a second table from serving the same game.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import os
import sys
import threading
import webbrowser
from pathlib import Path
from typing import Any

from kok_layouts import limits
from kok_layouts.cli import args as arg_types
from kok_layouts.cli.commands import add_command
from kok_layouts.errors import BadArgumentError, KokError, UsageError, shown

NETWORK_HOST = "network"
"""``--host``'s default (:data:`kok_layouts.table.server.NETWORK`, named here so that the
command line loads no server to list its options)."""


def register(commands: Any) -> None:
    table = add_command(commands, "table", description=(
        "Serve one game to the players' phones: each seat opens its own link (or scans its "
        "QR code on the host's page) and plays on its own sheet, with the rules checked."))
    table.add_argument("layout", metavar="LAYOUT", nargs="?", default="black",
                       help="the sheet (a built-in or a layout file; default: black)")
    table.add_argument("--players", type=arg_types.integer, metavar="N", default=None,
                       help="people at the table, each with a seat (default: 1)")
    table.add_argument("--bots", metavar="NAMES", default="",
                       help="bots in the seats after the people, comma-separated")
    table.add_argument("--names", metavar="NAMES", default="",
                       help="the people's names, comma-separated")
    table.add_argument("--dice", choices=("virtual", "real"), default="virtual",
                       help="virtual: thrown by the server from the seed; real: the active "
                            "player enters the faces thrown at the table")
    table.add_argument("--seed", type=arg_types.seed, default=None, metavar="S",
                       help="seed the virtual dice (and the bots) for a repeatable game")
    table.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                       help="a rules option or house rule (repeatable): end=roll, "
                            "number_joker_six=on, pass_penalty=1, star_penalty=3; the "
                            "host's page shows those in play")
    table.add_argument("--host", default=NETWORK_HOST,
                       help="the address to listen on (default: every address of this "
                            "computer, the links naming its network address, so that phones "
                            "on the same network join; 127.0.0.1: this computer only)")
    table.add_argument("--port", type=arg_types.within(limits.PORT), default=0,
                       help="the port (default: any free port)")
    table.add_argument("--save", metavar="FILE", type=arg_types.output_file, default=None,
                       help="write the game record (JSON) to FILE when the game ends or the "
                            "table is stopped (not the state file)")
    table.add_argument("--state", metavar="FILE", type=arg_types.output_file, default=None,
                       help="the state file written after every roll (default: a new "
                            "kok-table-N.json here)")
    table.add_argument("--resume", metavar="FILE", type=Path, default=None,
                       help="continue the game of this state file, with the same links")
    table.add_argument("--away", type=arg_types.within(limits.TABLE_AWAY),
                       default=int(limits.TABLE_AWAY_SECONDS), metavar="S",
                       help="seconds the game may wait for a person who does not act (throw, "
                            "choose or end their turn; a page left open does not count) "
                            "before the host may skip them or give the seat to a bot "
                            "(default: %(default)s)")
    table.add_argument("--no-browser", action="store_true",
                       help="print the addresses but open no browser")
    table.set_defaults(run=run_table)


def free_state_path(folder: Path) -> Path:
    """``kok-table-1.json``, or the next number that names no file yet."""
    number = 1
    while (folder / f"kok-table-{number}.json").exists():
        number += 1
    return folder / f"kok-table-{number}.json"


def _session(args: argparse.Namespace) -> tuple[Any, Path]:
    """The session to serve and its state file (not created yet for a new game)."""
    from kok_layouts.cli.play import bots_of, people_names, seat_names
    from kok_layouts.editions import edition_of
    from kok_layouts.model.loader import load_layout
    from kok_layouts.rules import Options
    from kok_layouts.table.session import TableSession, layout_reference

    if args.resume is not None:
        if args.players is not None or args.bots or args.names or args.seed is not None \
                or args.option or args.state is not None:
            raise UsageError("--resume continues a game as it was: give no --players, --bots, "
                             "--names, --seed, --option or --state with it")
        return TableSession.resume(args.resume), args.resume
    sheet = load_layout(args.layout)
    edition = edition_of(sheet)
    bots = bots_of(args.bots)
    people = 1 if args.players is None else args.players
    seats = edition.players
    if people < 1 or (people + len(bots) > 1 and people + len(bots) not in seats):
        raise UsageError(f"{people} people and {len(bots)} bots: a game of {edition.title} "
                         f"has {seats.low} to {seats.high} players, at least one a person")
    names = seat_names(people_names(args.names, people, alone=False), bots)
    try:
        options = Options.parse(args.option)
    except KokError as err:
        raise UsageError(f"--option: {err}") from None
    state = args.state or free_state_path(Path.cwd())
    if os.path.lexists(state):
        raise UsageError(f"{state} exists; continue that game (--resume {state}) or name "
                         "another file")
    session = TableSession(sheet, layout_reference(args.layout), names,
                           {people + i: bot.name for i, bot in enumerate(bots)},
                           dice=args.dice, seed=args.seed, options=options,
                           solo=len(names) == 1, away_seconds=float(args.away))
    return session, state


def same_file(one: Path, other: Path) -> bool:
    """Whether two names lead to one file (or would, once it is written)."""
    try:
        return Path(one).samefile(other)
    except OSError:
        return Path(one).resolve() == Path(other).resolve()


def _announce(args: argparse.Namespace, server: Any, session: Any) -> None:
    """The host's address first (for people and scripts), then each person's link."""
    print(server.url, flush=True)
    for seat in server.seat_links():
        if seat["bot"] is None:
            print(f"  {seat['name']}: {seat['link']}", flush=True)
    print(f"kok: the game is kept in {session.state_path} after every roll "
          f"(kok table --resume {session.state_path})", file=sys.stderr)
    note = server.reach_note()
    if note is not None:
        print(f"kok: note: {note}", file=sys.stderr)
    else:
        print(f"kok: phones on this network join at {server.public} with their seat's link "
              "or its QR code on the host's page; each link acts only for its seat",
              file=sys.stderr)
    if not args.no_browser:
        if has_display():
            webbrowser.open(server.url)
        else:
            print("kok: no graphical display here; open the address above in a browser",
                  file=sys.stderr)


def has_display() -> bool:
    """Whether opening a browser shows a window, rather than a text browser that would
    take over this terminal."""
    import os

    if sys.platform in ("darwin", "win32") or os.environ.get("BROWSER"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def _listen(session: Any, host: str, port: int, named: bool) -> Any:
    """The server for ``session``, listening; a resumed game whose port is taken now
    gets any free one (``named``: the user named the port, so no other will do)."""
    from kok_layouts.table.server import serve

    try:
        return serve(session, host, port)
    except (OSError, UnicodeError, OverflowError, ValueError) as err:  # no such address
        taken = isinstance(err, OSError) and err.errno == errno.EADDRINUSE
        if named or not port or not taken:
            reason = err.strerror if isinstance(err, OSError) and err.strerror else str(err)
            raise UsageError(f"cannot listen on {shown(host, 60)}:{port}: "
                             f"{shown(reason, 80)}") from None
    server = serve(session, host, 0)
    print(f"kok: port {port} is taken; the links name port {server.port} now", file=sys.stderr)
    return server


def run_table(args: argparse.Namespace) -> int:
    from kok_layouts.cli.args import output_path
    from kok_layouts.table.session import private_file

    output_path(args.save, "--save", inputs=[args.layout])
    session, state = _session(args)
    if args.save is not None and same_file(args.save, state):
        raise UsageError(f"--save {args.save} names the state file; the record goes to "
                         "another file (the state keeps the links and the dice)")
    for note in session.notes:
        print(f"kok: note: {note}", file=sys.stderr)
    lock = StateLock(state)
    lock.take()
    try:
        # A resumed game keeps its links (and port); the state file is made only once
        # the server listens, so a failed start leaves nothing behind.
        server = _listen(session, args.host, args.port or session.port, bool(args.port))
        try:
            if session.state_path is None:
                private_file(state)
                session.state_path = state
            session.port = server.port
            lock.say(f"process {os.getpid()}, serving http://{server.local}:{server.port}/")
            _serve(args, server, session)
        finally:
            server.server_close()
    finally:
        lock.release()
    return 0


def _serve(args: argparse.Namespace, server: Any, session: Any) -> None:
    """Serve until a stop signal; the record is written when the game ends and when it
    stops, and a second signal while it is written is ignored (the command line's stop,
    :mod:`kok_layouts.cli.main`); the stop then goes on, so the exit code says it."""
    from kok_layouts.cli.play import review_hint
    from kok_layouts.output import words_for
    from kok_layouts.stop_signals import ignore_stop_signals

    words = words_for(args.save)   # never into a record written to standard output
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.1},
                              name="kok-table", daemon=True)
    saved = False
    try:
        session.begin()
        thread.start()
        _announce(args, server, session)
        while thread.is_alive():
            with session.changed:
                session.changed.wait(1.0)
                over = session.game.over
            if over and args.save is not None and not saved:
                session.save_record(args.save)
                saved = True
                print(f"wrote the game record {args.save}", flush=True, file=words)
                people = [session.game.players[seat] for seat in session.people()]
                if session.game.rolls_done and people:
                    print(review_hint(str(args.save), people), flush=True, file=words)
    except KeyboardInterrupt:
        ignore_stop_signals()   # nothing may break writing the record now
        raise
    finally:
        if thread.is_alive():
            server.shutdown()
        if args.save is not None and not saved:
            session.save_record(args.save)
            print(f"wrote the game record {args.save}", flush=True, file=words)


# One running table per state file -------------------------------------------------------
# kok table holds a lock on STATE.lock beside the state file while it serves, so that a
# second kok table --resume STATE is refused in one line naming the running one instead of
# serving beside it, both writing the file. The lock is the operating system's (flock): a
# table that crashed or was killed holds nothing, and its leftover lock file is taken
# over. The file's one line says which process serves the game and where.

LINE_BYTES = 300


class StateLock:
    """The lock of one state file, taken with :meth:`take` and given back with
    :meth:`release` (which removes the lock file)."""

    def __init__(self, state: Path) -> None:
        self.state = Path(state)
        self.path = self.state.with_name(self.state.name + ".lock")
        self.descriptor: int | None = None

    def take(self) -> None:
        """Take the lock, or :class:`BadArgumentError` naming the table that holds it."""
        while self.descriptor is None:
            descriptor = self._open()
            if not _lock(descriptor):
                held = _first_line(descriptor)
                os.close(descriptor)
                raise BadArgumentError(f"{shown(str(self.state))} is in use by another kok "
                                       f"table ({held or 'starting'}); stop that one first "
                                       "(Ctrl-C) or resume another file")
            try:   # the file may have been removed by the holder as we waited: try again
                same = os.fstat(descriptor).st_ino == self.path.stat().st_ino
            except OSError:
                same = False
            if same:
                self.descriptor = descriptor
            else:
                os.close(descriptor)
        self.say(f"process {os.getpid()}, starting")

    def _open(self) -> int:
        flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
        try:
            return os.open(self.path, flags, 0o600)
        except OSError as err:
            raise BadArgumentError(f"{shown(str(self.path))}: cannot write the lock of the "
                                   f"state file: {err.strerror}") from None

    def say(self, line: str) -> None:
        """Put ``line`` (who holds the lock, and where it serves) in the lock file."""
        if self.descriptor is None:
            return
        data = line.encode("utf-8")[:LINE_BYTES] + b"\n"
        with contextlib.suppress(OSError):
            os.ftruncate(self.descriptor, 0)
            os.lseek(self.descriptor, 0, os.SEEK_SET)
            os.write(self.descriptor, data)

    def release(self) -> None:
        """Remove the lock file and give the lock back."""
        if self.descriptor is None:
            return
        with contextlib.suppress(OSError):
            self.path.unlink()
        os.close(self.descriptor)
        self.descriptor = None


def _lock(descriptor: int) -> bool:
    """Take an exclusive lock on the open file without waiting; whether it was free."""
    if sys.platform == "win32":
        import msvcrt

        try:
            msvcrt.locking(descriptor, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
    import fcntl

    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


def _first_line(descriptor: int) -> str:
    with contextlib.suppress(OSError):
        os.lseek(descriptor, 0, os.SEEK_SET)
        text = os.read(descriptor, LINE_BYTES).decode("utf-8", "replace")
        return shown(text.splitlines()[0], 200) if text.strip() else ""
    return ""
