"""``kok review RECORD [--player NAME] [--json] [-o REVIEW.pdf]``: a coach for a saved game.

Every choice of the player is valued against the strong bot's best choice in the same
position (:mod:`kok_layouts.analysis.review`); the terminal gets the table of rolls, the
costliest rolls in sentences and the total, ``--json`` the same as JSON, ``-o`` a PDF (or a
PNG) of it, written atomically.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from kok_layouts import limits
from kok_layouts.cli.args import file_path, output_file, output_path, within
from kok_layouts.cli.commands import add_command
from kok_layouts.errors import UsageError, shown


def register(commands: Any) -> None:
    cmd = add_command(commands, "review")
    cmd.add_argument("record", metavar="RECORD", type=file_path,
                     help="a game record (kok play --save, kok table --save)")
    cmd.add_argument("--player", metavar="NAME", default=None,
                     help="whose choices to review (default: the first player)")
    cmd.add_argument("--json", action="store_true",
                     help='print {"player", "rolls": [{"roll", "played", "best", "loss"}, '
                          '...], "worst", "total"} as JSON')
    cmd.add_argument("--rollouts", type=within(limits.GAMES), default=0, metavar="N",
                     help="also measure each choice that lost points by N games the strong "
                          "bot plays on from it and from the best choice, on common dice "
                          "(slower; default: the valuation alone)")
    cmd.add_argument("-o", "--output", type=output_file, metavar="REVIEW.pdf",
                     help="also write the review as a PDF (or a .png)")
    cmd.set_defaults(run=run_review)


def run_review(args: argparse.Namespace) -> int:
    from kok_layouts.analysis.review import review_record
    from kok_layouts.output import words_for, write_atomically

    if args.output is not None:
        output_path(args.output, "-o", inputs=[args.record])
        if args.output.suffix.lower() not in (".pdf", ".png"):
            raise UsageError(f"-o {shown(str(args.output))}: write a .pdf or a .png")
    if args.player is not None and not args.player.strip():
        raise UsageError("--player: give a player's name")
    review = review_record(args.record, args.player, args.rollouts)
    words = words_for(args.output)
    if args.output is not None:
        from kok_layouts.render.review import render_review

        data = render_review(review.as_dict(), png=args.output.suffix.lower() == ".png")
        write_atomically(args.output, data)
    if args.json:
        print(json.dumps(review.as_dict(), ensure_ascii=False, indent=1), file=words)
    else:
        print(review.text(), file=words)
    if args.output is not None:
        print(f"wrote {shown(str(args.output))}", file=words)
    return 0
