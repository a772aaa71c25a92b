"""Speed and size of printing: a 100-page A4 pad of the black sheet (targets: < 3 s, < 1 MB).

    python benchmarks/bench_render.py [--pages N] [--json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from kok_layouts import load_layout
from kok_layouts.render.document import PrintOptions, render_pdf, render_png


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=100)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    results = {}
    for name, options in (("1-up", PrintOptions(pages=args.pages)),
                          ("4-up", PrintOptions(pages=args.pages, per_page=4))):
        times, size = [], 0
        for _ in range(args.repeat):
            sheet = load_layout("black")
            started = time.perf_counter()
            size = len(render_pdf([sheet], options))
            times.append(time.perf_counter() - started)
        results[name] = {"seconds": statistics.median(times), "bytes": size}
    started = time.perf_counter()
    png = render_png(load_layout("black"), 150)
    results["png_150dpi"] = {"seconds": time.perf_counter() - started, "bytes": len(png)}
    if args.json:
        print(json.dumps(results, indent=2))
        return
    for name in ("1-up", "4-up"):
        r = results[name]
        print(f"{args.pages}-page A4 pad of the black sheet, {name}: {r['seconds']:.2f} s, "
              f"{r['bytes']:,} bytes")
    r = results["png_150dpi"]
    print(f"PNG preview of the black sheet at 150 dpi: {r['seconds']:.2f} s, {r['bytes']:,} bytes")


if __name__ == "__main__":
    main()
