"""The load test of ``kok table`` on loopback (figures quoted in the README).

    python benchmarks/bench_table.py [--games 50] [--layout black] [--json]

Each game has 6 seats: 3 people, each played by a client thread that talks HTTP to the
server exactly as the page does (a long poll for news, then its move or a pass with the
turn ended), and 3 greedy bots. The games run back to back, each on a new server in this
process, seeded 0, 1, 2, ... Printed: the games, rolls and requests; the time per roll
(wall clock, all three clients and the bots included) and the time the server itself
spends per roll (inside the request handlers); the memory (resident set after a garbage
collection) after the first game and after the last, and the threads left over. The
per-address rate limit is raised for the run: all three clients share one address here,
which three phones would not.

Exits non-zero if a request fails, a game does not end, or memory grows by more than
``--max-growth`` MB from game 5 to the last.
"""

from __future__ import annotations

import argparse
import gc
import http.client
import json
import os
import statistics
import sys
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kok_layouts import load_layout
from kok_layouts.design.server import RateLimit
from kok_layouts.table.server import TableHandler, TableServer, serve
from kok_layouts.table.session import TableSession

PEOPLE, BOTS = 3, 3


def rss_mb() -> float:
    pages = int(Path("/proc/self/statm").read_text(encoding="ascii").split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


class Client:
    """One seat played over HTTP like the page: poll, then choose the largest move."""

    def __init__(self, server: TableServer, seat: int) -> None:
        self.server, self.seat = server, seat
        self.token = server.session.seats[seat].token
        self.connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
        self.requests = 0
        self.error: str | None = None

    def call(self, method: str, path: str, body: Any = None) -> Any:
        headers = {"Host": f"127.0.0.1:{self.server.port}", "X-Kok-Token": self.token}
        data = None
        if body is not None:
            headers |= {"Origin": f"http://127.0.0.1:{self.server.port}",
                        "Content-Type": "application/json"}
            data = json.dumps(body).encode()
        self.connection.request(method, path, data, headers)
        answer = self.connection.getresponse()
        value = json.loads(answer.read())
        self.requests += 1
        if answer.status != 200:
            raise RuntimeError(f"seat {self.seat}: {answer.status} {value}")
        return value

    def play(self) -> None:
        try:
            wait = ""
            while True:
                view = self.call("GET", f"/api/state?since=999999{wait}")
                wait = f"&version={view['version']}"
                # Every act names its moment: the roll and the state it was made on.
                moment = {"roll": view["roll_number"], "version": view["version"]}
                if view["over"]:
                    return
                if view.get("my_turn"):
                    choices = view["choices"]
                    best = max(choices, key=lambda c: len(c["cells"]) - 2 * c["jokers"],
                               default=None)
                    if best is None or len(best["cells"]) - 2 * best["jokers"] <= 0:
                        self.call("POST", "/api/act", {"action": "pass", "end": True,
                                                       **moment})
                    else:
                        self.call("POST", "/api/act", {"action": "choose", "key": best["key"],
                                                       "end": True, **moment})
        except Exception as err:  # reported by the main thread
            self.error = f"{type(err).__name__}: {err}"
        finally:
            self.connection.close()


class TimedHandler(TableHandler):
    """The table's handler, adding up the time spent answering (not waiting in a poll)."""

    spent = 0.0
    lock = threading.Lock()

    def _handle(self, method: str) -> None:
        start = time.perf_counter()
        waited = 0.0
        session = self.server.session
        original = session.wait

        def timed_wait(version: int, timeout: float, seat: int = -1) -> int:
            nonlocal waited
            began = time.perf_counter()
            try:
                return original(version, timeout, seat)
            finally:
                waited += time.perf_counter() - began

        session.wait = timed_wait  # type: ignore[method-assign]
        try:
            super()._handle(method)
        finally:
            session.wait = original  # type: ignore[method-assign]
            with TimedHandler.lock:
                TimedHandler.spent += time.perf_counter() - start - waited


def one_game(layout: str, seed: int) -> tuple[int, int, float]:
    names = [f"P{i + 1}" for i in range(PEOPLE)] + [f"B{i + 1}" for i in range(BOTS)]
    session = TableSession(load_layout(layout), layout, names,
                           {PEOPLE + i: "greedy" for i in range(BOTS)}, seed=seed)
    server = serve(session, rate=RateLimit(100_000, 100_000.0))
    server.RequestHandlerClass = TimedHandler
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    session.begin()
    clients = [Client(server, seat) for seat in range(PEOPLE)]
    threads = [threading.Thread(target=c.play) for c in clients]
    start = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join(600)
    elapsed = time.perf_counter() - start
    server.shutdown()
    server.server_close()
    thread.join(5)
    errors = [c.error for c in clients if c.error]
    if errors or not session.game.over:
        raise SystemExit(f"game {seed}: {errors[0] if errors else 'did not end'}")
    return session.game.rolls_done, sum(c.requests for c in clients), elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--layout", default="black")
    parser.add_argument("--max-growth", type=float, default=20.0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    threads_before = threading.active_count()
    memory: list[float] = []
    rolls = requests = 0
    wall = 0.0
    per_roll: list[float] = []
    for seed in range(args.games):
        done, asked, elapsed = one_game(args.layout, seed)
        rolls, requests, wall = rolls + done, requests + asked, wall + elapsed
        per_roll.append(elapsed / done)
        gc.collect()
        memory.append(rss_mb())
    time.sleep(0.5)
    result = {
        "games": args.games, "layout": args.layout, "seats": PEOPLE + BOTS, "bots": BOTS,
        "rolls": rolls, "requests": requests,
        "ms_per_roll_wall": round(1000 * wall / rolls, 2),
        "ms_per_roll_wall_median_game": round(1000 * statistics.median(per_roll), 2),
        "ms_per_roll_server": round(1000 * TimedHandler.spent / rolls, 2),
        "rss_mb_after_game_1": round(memory[0], 1),
        "rss_mb_after_game_5": round(memory[min(4, len(memory) - 1)], 1),
        "rss_mb_after_last_game": round(memory[-1], 1),
        "threads_left": threading.active_count() - threads_before,
    }
    growth = memory[-1] - memory[min(4, len(memory) - 1)]
    if args.json:
        print(json.dumps(result, indent=1))
    else:
        for key, value in result.items():
            print(f"{key:<30} {value}")
    if growth > args.max_growth:
        raise SystemExit(f"memory grew {growth:.1f} MB from game 5 to the last")


if __name__ == "__main__":
    main()
