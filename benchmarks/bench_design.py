"""Speed of kok design as a designer feels it, in Debian's headless Chromium: from a click
on a cell to the problem list and to the preview (black sheet, 15 x 7), and a check of
2,000 games from the click on "Run check" to the verdicts on screen.

    python benchmarks/bench_design.py [--clicks N] [--games N] [--players N] [--json]

The times include the page's own 150 ms wait for more changes before it checks.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import tempfile
import threading
import time
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

from kok_layouts.design.server import Designer, serve

ROOT = Path(__file__).resolve().parent.parent


def _browser(profile: str) -> webdriver.Chrome:
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    options.set_capability("unhandledPromptBehavior", "accept")
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", f"--user-data-dir={profile}", "--window-size=1024,768"):
        options.add_argument(flag)
    return webdriver.Chrome(options=options, service=Service("/usr/bin/chromedriver"))


def _wait(driver: webdriver.Chrome, script: str, timeout: float = 900) -> object:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = driver.execute_script(script)
        if value:
            return value
        time.sleep(0.005)
    raise TimeoutError(script)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clicks", type=int, default=20)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="kok-bench-design-"))
    profile = tempfile.mkdtemp(prefix="kok-bench-chromium-")
    board = folder / "black.yaml"
    shutil.copy(ROOT / "layouts" / "black.yaml", board)
    server = serve(Designer.open(str(board), folder))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    driver = _browser(profile)
    results: dict[str, object] = {}
    try:
        driver.get(server.url)
        _wait(driver, "return document.body.dataset.previewAt")
        problems, previews = [], []
        for index in range(args.clicks):
            colour = "r" if index % 2 == 0 else "g"
            driver.find_element(By.CSS_SELECTOR, f'[data-colour="{colour}"]').click()
            started = driver.execute_script("""
                const t = performance.now();
                document.querySelector('[data-cell="A1"]').dispatchEvent(
                  new MouseEvent("mousedown", {bubbles: true, button: 0}));
                document.dispatchEvent(new MouseEvent("mouseup", {bubbles: true}));
                return t;""")
            problems.append(float(str(_wait(driver, f"""
                const at = Number(document.body.dataset.problemsAt);
                return at > {started} ? at - {started} : 0;"""))))
            previews.append(float(str(_wait(driver, f"""
                const at = Number(document.body.dataset.previewAt);
                return at > {started} ? at - {started} : 0;"""))))
        results["click_to_problems_ms"] = statistics.median(problems)
        results["click_to_preview_ms"] = statistics.median(previews)
        games = driver.find_element(By.ID, "check-games")
        games.clear()
        games.send_keys(str(args.games))
        players = driver.find_element(By.ID, "check-players")
        players.clear()
        players.send_keys(str(args.players))
        started_check = time.perf_counter()
        driver.find_element(By.ID, "check").click()
        _wait(driver, "return document.querySelectorAll('#verdicts li').length > 0")
        results["check_seconds"] = time.perf_counter() - started_check
        results["check_games"] = args.games
        results["untold_verdicts"] = len(driver.find_elements(By.CSS_SELECTOR,
                                                              "#verdicts li.unknown"))
    finally:
        driver.quit()
        server.shutdown()
        server.server_close()
        shutil.rmtree(folder, ignore_errors=True)
        shutil.rmtree(profile, ignore_errors=True)
    if args.json:
        print(json.dumps(results, indent=2))
        return
    print(f"click to problem list: {results['click_to_problems_ms']:.0f} ms (median of "
          f"{args.clicks})")
    print(f"click to preview: {results['click_to_preview_ms']:.0f} ms")
    print(f"kok check of {args.games:,} games, {args.players} players, black sheet: "
          f"{results['check_seconds']:.1f} s; verdicts it could not tell: "
          f"{results['untold_verdicts']}")


if __name__ == "__main__":
    main()
