"""The strong bot's tuned weights per edition (from benchmarks/tune_strong.py).

Bot version 2, seed 2026. Made, exactly, by

    for e in classic kok2 kids; do
        python benchmarks/tune_strong.py --recipe --edition $e --seed 2026 > $e.json
    done
    python benchmarks/tune_strong.py --store classic.json kok2.json kids.json

(``--recipe`` starts from ``START_V1`` of that script, the weights of bot version 1, sets
the values of its ``HAND_SET`` (stage 0, never tuned), then runs the cross-entropy stages of
its ``RECIPES``, each seeded by the seed and its stage number only; the solo mean on the
black pad and the other figures are in README's Speed section).
"""

from __future__ import annotations

from kok_layouts.rules.strong import StrongWeights

BOT_VERSION = 2
TUNING_SEED = 2026
TUNED: dict[str, StrongWeights] = {
    "classic": StrongWeights(
        column_scale=1.0599, column_decay=9.1611, column_slack=4.3772, colour_scale=0.6668,
        colour_decay=3.4085, colour_slack=2.4528, second_colour=0.6862, star_hope=1.027,
        open_cell=0.2358, mark_hope=1.4248, cell=0.2006, horizon=33.8387, lead=0.1906,
        row_scale=0.6, row_decay=6.0, heart=0.6, box_hope=0.5, bomb_item=2.0, purple=0.8,
        column_piece=0.585, colour_piece=1.4056, row_piece=1.0, isolated=1.4803,
        paired=0.5, pass_cost=1.809, deny=0.0, triple=0.25,
    ),
    "kok2": StrongWeights(
        column_scale=1.0322, column_decay=4.7357, column_slack=4.0571, colour_scale=0.8882,
        colour_decay=2.9729, colour_slack=2.5187, second_colour=0.8076, star_hope=0.9063,
        open_cell=0.2225, mark_hope=0.3956, cell=0.0, horizon=29.1586, lead=0.2572,
        row_scale=1.5904, row_decay=4.3345, heart=0.6626, box_hope=0.4672,
        bomb_item=1.7539, purple=0.8, column_piece=2.2313, colour_piece=1.4078,
        row_piece=2.1547, isolated=0.8, paired=0.5, pass_cost=1.0, deny=0.0, triple=0.0,
    ),
    "kids": StrongWeights(
        column_scale=1.048, column_decay=3.6713, column_slack=4.3271, colour_scale=0.9646,
        colour_decay=0.9192, colour_slack=3.211, second_colour=0.7041, star_hope=0.4,
        open_cell=0.1121, mark_hope=0.5, cell=0.1906, horizon=12.3378, lead=0.3789,
        row_scale=0.6, row_decay=6.0, heart=0.6, box_hope=0.5, bomb_item=2.0,
        purple=0.4828, column_piece=1.7624, colour_piece=0.3125, row_piece=1.0,
        isolated=0.6902, paired=0.0, pass_cost=1.0, deny=1.0, triple=0.0,
    ),
}
