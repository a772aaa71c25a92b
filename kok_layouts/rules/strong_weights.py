"""The strong bot's tuned weights, one set per edition (written by benchmarks/tune_strong.py).

How they were made (seed 2026 throughout; ``tune_strong.py`` prints each stage's result as
JSON, which ``--start`` takes up):

- classic, on black: ``--edition classic --skip-duel --games 60 --generations 8``, then
  ``--start <that> --skip-duel --games 150 --population 12 --generations 8``, then
  ``--start <that> --skip-solo --duel-games 40``, then (with ``pass_cost`` = 1.0 set by
  hand) ``--from-tuned --polish --skip-duel --games 150 --population 10 --generations 5``;
- Keer op Keer 2, on grey: ``--edition kok2 --skip-duel --start <classic's first stage>
  --games 50 --population 12 --generations 6``, then ``--skip-solo --duel-games 40``;
- Kids: ``--edition kids --skip-duel --games 60 --generations 6``, then
  ``--skip-solo --duel-games 60``.

Then classic's ``paired`` (0.5) and ``isolated`` (0.84 -> 1.2) were set by hand: solo on
black 19.3 -> 21.1 over 300 games (seed 11; paired 0.25, 1.0 and isolated 1.5, 1.8 did less);
Keer op Keer 2's likewise (0.5; isolated 0.54 -> 0.8): solo on grey 50.3 -> 59.9 over 150.
A further ``--polish`` stage with ``paired`` (seed 2027) was not kept: 20.5 against 20.8 on
300 fresh games.
``pass_cost`` of Keer op Keer 2 and Kids was set by hand (1.0; Kids never passes), and so
was Kids' ``deny`` (1.0: 2-player wins against greedy 52% -> 62% over 200 games; 0.5 gave
61%, 1.5 and 2.5 63%). About 8.5 minutes of one core in all.
"""

from __future__ import annotations

from kok_layouts.rules.strong import StrongWeights

BOT_VERSION = 1
TUNING_SEED = 2026
TUNED: dict[str, StrongWeights] = {
    "classic": StrongWeights(
        column_scale=1.002, column_decay=5.9594, column_slack=4.3544, colour_scale=0.8531,
        colour_decay=2.7987, colour_slack=2.4524, second_colour=0.6379, star_hope=0.8869,
        open_cell=0.1965, mark_hope=1.2199, cell=0.0662, horizon=33.8387, lead=0.1906,
        row_scale=0.6, row_decay=6.0, heart=0.6, box_hope=0.5, bomb_item=2.0, purple=0.8,
        column_piece=1.0973, colour_piece=1.6342, row_piece=1.0, isolated=1.2,
        pass_cost=1.1576, paired=0.5,
    ),
    "kok2": StrongWeights(
        column_scale=0.912, column_decay=4.1848, column_slack=4.0761, colour_scale=0.6722,
        colour_decay=2.8145, colour_slack=2.5187, second_colour=0.6851, star_hope=0.8029,
        open_cell=0.0928, mark_hope=0.4635, cell=0.0, horizon=29.1586, lead=0.2572,
        row_scale=1.4353, row_decay=4.8122, heart=0.586, box_hope=0.5266, bomb_item=1.3268,
        purple=0.8, column_piece=2.2165, colour_piece=1.4078, row_piece=1.2461,
        isolated=0.8, pass_cost=1.0, paired=0.5,
    ),
    "kids": StrongWeights(
        column_scale=0.8267, column_decay=3.2892, column_slack=2.2774, colour_scale=0.7882,
        colour_decay=5.5251, colour_slack=3.6255, second_colour=0.7257, star_hope=0.4,
        open_cell=0.1038, mark_hope=0.5, cell=0.0785, horizon=21.8447, lead=0.2562,
        row_scale=0.6, row_decay=6.0, heart=0.6, box_hope=0.5, bomb_item=2.0,
        purple=0.5764, column_piece=1.7636, colour_piece=1.1812, row_piece=1.0,
        isolated=0.4278, pass_cost=1.0, deny=1.0,
    ),
}
