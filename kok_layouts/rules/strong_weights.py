"""The strong bot's tuned weights, one set per edition (written by benchmarks/tune_strong.py)."""

from __future__ import annotations

from kok_layouts.rules.strong import StrongWeights

BOT_VERSION = 1
TUNING_SEED = 0
TUNED: dict[str, StrongWeights] = {
    "classic": StrongWeights(),
    "kok2": StrongWeights(),
    "kids": StrongWeights(),
}
