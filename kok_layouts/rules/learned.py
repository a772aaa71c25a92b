"""The learned bot: the strong bot's value of the position after a move, corrected by a
linear model over richer features of that position and a value network over the same
features (:mod:`kok_layouts.rules.value_network`; none where the shipped file has none).

The strong bot (:mod:`kok_layouts.rules.strong`) values the position after a move as the
score now plus what the position can still be expected to earn. The learned bot keeps that
value and adds ``w . features(position after the move)``: per edition one weight vector
over the features of :data:`FEATURES` (the strong value itself, passing, progress of the
best colours, columns one, two or three cells from done and their points, columns and
colours others claimed first, marks, stars, boxes and hearts left, reachable cells, time
left), all zero for a bot that plays exactly as the strong one. It weighs the strong bot's
few best moves of a roll (and passing) again with the correction and takes the best.

The weights are trained by ``benchmarks/train_learned.py`` (rollout policy iteration,
:func:`kok_layouts.rules.learned_training.improve`: Monte Carlo returns of every candidate
of sampled decisions on common dice; TD(lambda) is there too), the value network
by ``benchmarks/train_value.py`` (expert iteration, then self-play:
:mod:`kok_layouts.rules.value_training`); both are shipped in
``learned_weights.json`` beside this module, with a fingerprint of their values
(:meth:`LearnedBot.version`).

The bot decides inside the compiled engine
(:func:`kok_layouts.rules.engine.learned.decide_learned`; whole games:
:func:`~kok_layouts.rules.engine.learned.play_learned`), which weighs the candidates the
Python bot it replaced weighed, with the same features and values to the bit
(tests/test_learned_answers.py).
"""

from __future__ import annotations

import hashlib
import json
import math
import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from kok_layouts import limits
from kok_layouts.errors import BadArgumentError, KokTypeError, UnreadableFileError, shown
from kok_layouts.rules.game import Choice, Game
from kok_layouts.rules.kids import KidsGame
from kok_layouts.rules.strong import EDITIONS, StrongBot, edition_of
from kok_layouts.rules.value_network import (
    Network,
    network_totals,
    network_vector,
    split_vector,
)

FEATURES: tuple[str, ...] = (
    "bias", "time", "time_squared", "strong_value", "strong_value_time", "passed",
    "passed_time",
    "colour_best", "colour_second", "colours_done", "colours_near", "colours_halfway",
    "columns_done", "columns_one_left", "columns_two_left", "columns_three_left",
    "columns_one_left_time", "columns_two_left_time", "near_column_points",
    "near_column_points_time", "columns_claimed_near", "colours_claimed_near",
    "marks", "marks_time", "stars", "stars_time", "reachable", "reachable_time",
    "crossed", "boxes", "hearts", "rows_done",
)
"""The features of a position after a move, in the order of the weight vectors."""

FORMAT = "kok-learned-weights"
"""The ``format`` field of a weights file."""
LEARNED_VERSION = 2
"""The version of the learned bot's features and play; weights of another version are
refused. (Version 2: a value network beside the linear weights.)"""
WEIGHTS_FILE = Path(__file__).resolve().with_name("learned_weights.json")
"""The shipped weights."""
LEARNED_LOOKAHEAD: dict[str, float] = {"classic": 2.0, "kok2": 2.0, "kids": 1.0}
"""Per edition the weight of the expected best value of the next roll in the learned
bot's choice (the expert's, :data:`~kok_layouts.rules.strong.EXPERT_LOOKAHEAD`): the
learned bot weighs its candidates' totals plus this times the expert's look at the next
roll (``LearnedBot(lookahead=0)``: no look)."""
NETWORK_PARTS: tuple[str, ...] = ("w1", "b1", "w2", "b2", "w3", "b3")
"""A network's parameters in a weights file, in the order of :class:`Network`."""


class BadWeightsError(UnreadableFileError):
    """A weights file that is not the learned bot's: not JSON, another format or version,
    a weight vector of the wrong length, a value that is not a finite number."""


def fingerprint(weights: Mapping[str, Iterable[float]]) -> str:
    """12 hex digits of a hash of the features and the corrections of every edition (the
    linear weights and the value network, :func:`network_vector`)."""
    text = json.dumps({"features": list(FEATURES),
                       "weights": {name: [float(v) for v in weights[name]]
                                   for name in sorted(weights)}}, sort_keys=True)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


def network_document(network: Network) -> dict[str, Any]:
    """A network as a weights file keeps it: its hidden sizes and parameters (nested
    lists, 7 decimals)."""
    document: dict[str, Any] = {"hidden": list(network.sizes)}
    for name, part in zip(NETWORK_PARTS, network.parts(), strict=True):
        document[name] = np.round(part, 7).tolist()
    return document


def weights_document(weights: Mapping[str, Iterable[float]],
                     about: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The JSON document of a weights file for ``weights``: per edition its correction,
    the linear weights alone or with a value network (:func:`network_vector`, as
    :attr:`LearnedBot.corrections` holds them)."""
    linear: dict[str, list[float]] = {}
    networks: dict[str, dict[str, Any]] = {}
    combined: dict[str, np.ndarray] = {}
    for name in sorted(weights):
        vector = np.asarray(list(weights[name]), dtype=np.float64)
        line, network = split_vector(vector)
        linear[name] = [round(float(v), 6) for v in line]
        if network is not None:
            networks[name] = network_document(network)
            network = _network_of(networks[name], name, "weights")
        combined[name] = network_vector(np.array(linear[name]), network)
    return {"format": FORMAT, "version": LEARNED_VERSION, "features": list(FEATURES),
            "weights": linear, "networks": networks, "fingerprint": fingerprint(combined),
            "about": dict(about or {})}


def _numbers(values: object, shape: tuple[int, ...]) -> np.ndarray | None:
    """``values`` as an array of ``shape`` if it is nested lists of finite numbers of
    that shape within :data:`limits.LEARNED_WEIGHT_ABS`, else ``None``."""
    if len(shape) > 1:
        if not isinstance(values, list) or len(values) != shape[0]:
            return None
        rows = [_numbers(row, shape[1:]) for row in values]
        if any(row is None for row in rows):
            return None
        return np.array(rows, dtype=np.float64).reshape(shape)
    if (not isinstance(values, list) or len(values) != shape[0]
            or not all(isinstance(v, (int, float)) and not isinstance(v, bool)
                       and math.isfinite(v) and abs(v) <= limits.LEARNED_WEIGHT_ABS
                       for v in values)):
        return None
    return np.array(values, dtype=np.float64)


def _network_of(document: object, edition: str, name: str) -> Network:
    """The network of a weights file's ``networks`` entry, or :class:`BadWeightsError`."""
    fault = f"the network of {shown(str(edition), 40)} is not"
    if not isinstance(document, dict) or set(document) != {"hidden", *NETWORK_PARTS}:
        raise BadWeightsError(name, f"{fault} hidden sizes and {', '.join(NETWORK_PARTS)}")
    sizes = document["hidden"]
    if (not isinstance(sizes, list) or len(sizes) != 2
            or not all(type(v) is int and v in limits.LEARNED_HIDDEN for v in sizes)):
        raise BadWeightsError(name, f"{fault} two hidden sizes of "
                                    f"{limits.LEARNED_HIDDEN.low} to "
                                    f"{limits.LEARNED_HIDDEN.high}")
    h1, h2 = sizes
    shapes = ((h1, len(FEATURES)), (h1,), (h2, h1), (h2,), (h2,), (1,))
    parts: list[np.ndarray] = []
    for part, shape in zip(NETWORK_PARTS, shapes, strict=True):
        found = _numbers(document[part], shape)
        if found is None:
            raise BadWeightsError(name, f"{fault} finite numbers of the right shape ({part})")
        parts.append(found)
    return Network(*parts)


def load_weights(path: str | Path = WEIGHTS_FILE) -> dict[str, np.ndarray]:
    """The weight vectors of a weights file, per edition; :class:`BadWeightsError` (a
    ``KokError``) naming the file and the fault for anything else."""
    if isinstance(path, os.PathLike):
        path = os.fspath(path)
    if not isinstance(path, str):
        raise KokTypeError(f"a weights file is named by a path, not {type(path).__name__}")
    name = shown(path, 400)
    try:
        size = Path(path).stat().st_size
        if size > limits.LEARNED_WEIGHTS_BYTES:
            raise BadWeightsError(name, f"{size:,} bytes; a weights file has at most "
                                        f"{limits.LEARNED_WEIGHTS_BYTES:,}")
        if not Path(path).is_file():
            raise BadWeightsError(name, "not a regular file")
        document = json.loads(Path(path).read_text(encoding="utf-8"))
    except BadWeightsError:
        raise
    except (OSError, ValueError, RecursionError) as error:
        # (ValueError: a name with NUL, JSON that is not JSON, a number of 5,000 digits)
        reason = error.strerror if isinstance(error, OSError) and error.strerror else (
            f"not JSON ({type(error).__name__})")
        raise BadWeightsError(name, reason) from None
    return checked_weights(document, name)


def checked_weights(document: object, name: str = "weights", *,
                    fingerprinted: bool = True) -> dict[str, np.ndarray]:
    """The weight vectors of a weights document (see :func:`load_weights`); with
    ``fingerprinted`` off, a document without a fingerprint (weights given in code)."""
    if not isinstance(name, str):
        raise KokTypeError(f"name is text, not {type(name).__name__}")
    if not isinstance(document, dict):
        raise BadWeightsError(name, "not a JSON object")
    if document.get("format") != FORMAT:
        raise BadWeightsError(name, f"format is not {FORMAT!r}")
    if type(document.get("version")) is not int or document.get("version") != LEARNED_VERSION:
        raise BadWeightsError(name, f"version {document.get('version')!r}; this bot reads "
                                    f"version {LEARNED_VERSION}")
    if document.get("features") != list(FEATURES):
        raise BadWeightsError(name, "its features are not this bot's")
    weights = document.get("weights")
    if not isinstance(weights, dict) or not weights:
        raise BadWeightsError(name, "no weights")
    found: dict[str, np.ndarray] = {}
    for edition, values in weights.items():
        if edition not in EDITIONS:
            raise BadWeightsError(name, f"unknown edition {str(edition)[:40]!r}")
        if (not isinstance(values, list) or len(values) != len(FEATURES)
                or not all(isinstance(v, (int, float)) and not isinstance(v, bool)
                           and abs(v) <= limits.LEARNED_WEIGHT_ABS and math.isfinite(v)
                           for v in values)):
            raise BadWeightsError(name, f"the weights of {edition} are not "
                                        f"{len(FEATURES)} finite numbers")
        found[edition] = np.array(values, dtype=np.float64)
    networks = document.get("networks", {})
    if not isinstance(networks, dict):
        raise BadWeightsError(name, "its networks are not a JSON object")
    for edition, network in networks.items():
        if edition not in found:
            raise BadWeightsError(name, f"a network of {shown(str(edition), 40)}, which has "
                                        "no weights")
        found[edition] = network_vector(found[edition], _network_of(network, edition, name))
    if fingerprinted and document.get("fingerprint") != fingerprint(found):
        raise BadWeightsError(name, "its fingerprint does not match its weights")
    return found


@cache
def _shipped() -> dict[str, np.ndarray]:
    return load_weights(WEIGHTS_FILE) if WEIGHTS_FILE.exists() else {}


def shipped_weights() -> dict[str, np.ndarray]:
    """The shipped weight vectors (read once); editions the file lacks play as strong."""
    return {name: vector.copy() for name, vector in _shipped().items()}


@dataclass
class Trace:
    """What a training run needs of one seat's game: per decision the features of the
    position chosen and its value (strong value plus correction)."""

    features: list[list[float]] = field(default_factory=list)
    values: list[float] = field(default_factory=list)


@dataclass(frozen=True)
class Candidate:
    """One move the learned bot weighed in a decision (``None``: passing)."""

    choice: Choice | None
    value: float
    """The strong bot's value of the move, relative to passing."""
    features: list[float]


class LearnedBot(StrongBot):
    """The strong bot's evaluation plus a learned correction (see the module docstring).

    ``weights``: per edition a vector over :data:`FEATURES` (missing editions: the shipped
    ones, or zeros: the strong bot's play); ``candidates``: how many of the strong bot's
    best moves of a roll are weighed again.
    """

    name = "learned"

    def __init__(self, weights: Mapping[str, Iterable[float]] | None = None, *,
                 candidates: int = 6,
                 networks: Mapping[str, Network | Mapping[str, Any] | None] | None = None,
                 lookahead: float | None = None, margin: float = 1.5) -> None:
        super().__init__()
        for name, number, low in (("lookahead", lookahead, 0.0), ("margin", margin, 0.0)):
            if number is not None and (isinstance(number, bool)
                                       or not isinstance(number, int | float)
                                       or not math.isfinite(number) or not
                                       low <= number <= limits.LEARNED_WEIGHT_ABS):
                raise BadArgumentError(f"{name} is {number!r}; use a number of 0 or more")
        self.lookahead = None if lookahead is None else float(lookahead)
        """The weight of the look at the next roll (``None``: the edition's
        :data:`LEARNED_LOOKAHEAD`; 0: no look, the compiled bot of whole games)."""
        self.margin = float(margin)
        """Candidates more than this many points below the best are not looked at."""
        if isinstance(candidates, bool) or not isinstance(candidates, int) or not (
                limits.LEARNED_CANDIDATES.low <= candidates <= limits.LEARNED_CANDIDATES.high):
            raise BadArgumentError(f"candidates is {candidates!r}; use "
                                   f"{limits.LEARNED_CANDIDATES.low} to "
                                   f"{limits.LEARNED_CANDIDATES.high}")
        self.candidates = candidates
        shipped = shipped_weights()
        try:
            given: dict[Any, list[Any]] = {}
            for key, values in dict(weights or {}).items():
                if isinstance(values, Mapping | str | bytes):  # its keys are no weights
                    raise BadArgumentError(f"the weights of {shown(str(key), 40)} are "
                                           f"{len(FEATURES)} numbers, not a "
                                           f"{type(values).__name__}")
                given[key] = [float(v) if isinstance(v, np.floating) else v for v in values]
            nets = dict(networks or {})
        except (TypeError, ValueError):
            raise BadArgumentError("weights are a mapping of edition names to "
                                   f"{len(FEATURES)} numbers each") from None
        for key, network in nets.items():
            if key not in EDITIONS:
                raise BadArgumentError(f"a network of {shown(str(key), 40)}: the editions "
                                       f"are {', '.join(EDITIONS)}")
            if network is not None and not isinstance(network, Network | Mapping):
                raise BadArgumentError(f"the network of {key} is a Network, not "
                                       f"{type(network).__name__}")
        document = {"format": FORMAT, "version": LEARNED_VERSION, "features": list(FEATURES),
                    "weights": given}
        checked = checked_weights(document, "weights", fingerprinted=False) if given else {}
        self.corrections: dict[str, np.ndarray] = {}
        """Per edition the correction the kernels read: the linear weights, then the value
        network (:func:`~kok_layouts.rules.value_network.network_vector`)."""
        for edition in EDITIONS:
            if edition in checked or edition in nets:
                linear = checked.get(edition, split_vector(
                    shipped.get(edition, np.zeros(len(FEATURES))))[0])
                network = nets.get(edition)
                if isinstance(network, Mapping):
                    network = _network_of(dict(network), edition, "networks")
                self.corrections[edition] = network_vector(linear, network)
            else:
                self.corrections[edition] = shipped.get(edition, np.zeros(len(FEATURES)))
        self._shipped = {edition: shipped.get(edition, np.zeros(len(FEATURES)))
                         for edition in EDITIONS}
        self.trace: dict[int, Trace] | None = None
        """Set to ``{}`` to record every seat's decisions (training)."""
        self.keep_candidates = False
        """Set to keep the candidates of the last decision in :attr:`last_candidates`."""
        self.last_candidates: list[Candidate] = []

    def __repr__(self) -> str:
        changed: dict[str, list[float]] = {}
        networks: dict[str, dict[str, Any]] = {}
        for edition, vector in self.corrections.items():
            if np.array_equal(vector, self._shipped[edition]):
                continue
            linear, network = split_vector(vector)
            changed[edition] = [float(v) for v in linear]
            if network is not None:
                networks[edition] = {"hidden": list(network.sizes),
                                     **{name: part.tolist() for name, part
                                        in zip(NETWORK_PARTS, network.parts(), strict=True)}}
        settings = [f"weights={changed!r}"] if changed else []
        if self.candidates != 6:
            settings.append(f"candidates={self.candidates!r}")
        if self.lookahead is not None:
            settings.append(f"lookahead={self.lookahead!r}")
        if self.margin != 1.5:
            settings.append(f"margin={self.margin!r}")
        if networks:
            settings.append(f"networks={networks!r}")
        return f"LearnedBot({', '.join(settings)})"

    @staticmethod
    def version() -> str:
        """The learned bot's version, the fingerprint of its shipped weights and the strong
        bot's version it corrects: figures measured with it are stale when any changes."""
        shipped = shipped_weights()
        return f"{LEARNED_VERSION}-{fingerprint(shipped)}+strong-{StrongBot.version()}"

    # -- choosing ----------------------------------------------------------------------
    def lookahead_of(self, edition: str) -> float:
        """The weight of the look at the next roll in ``edition`` (0: none)."""
        if self.lookahead is not None:
            return self.lookahead
        return LEARNED_LOOKAHEAD.get(edition, 0.0)

    def choose_by_dice(self, game: Game, seat: int, rng: np.random.Generator) -> Choice | None:
        """The best of the strong bot's few best moves (and passing) by strong value plus
        correction (and the look at the next roll), decided in the engine
        (:func:`kok_layouts.rules.engine.learned.decide_learned`,
        :func:`kok_layouts.rules.engine.live.decide_searched`)."""
        return self._decided(game, seat)

    def choose_enclosure(self, game: KidsGame, seat: int,
                         rng: np.random.Generator) -> Choice | None:
        """Kids: the best of the strong bot's few best enclosures by strong value plus
        correction, decided in the engine."""
        return self._decided(game, seat)

    def _decided(self, game: Game, seat: int) -> Choice | None:
        """The engine's decision, its candidates kept (:attr:`keep_candidates`) and the
        value of the one taken recorded (:attr:`trace`) as asked."""
        from kok_layouts.rules.engine.learned import decide_learned

        lookahead = self.lookahead_of(edition_of(game))
        if lookahead > 0:
            if self.trace is not None or self.keep_candidates:
                raise BadArgumentError("the learned bot's decisions are recorded without its "
                                       "look at the next roll: LearnedBot(lookahead=0)")
            from kok_layouts.rules.engine.live import decide_searched

            return decide_searched(game, seat, self, lookahead, self.margin)
        decision = decide_learned(game, seat, self)
        found = len(decision.candidates)
        if found and (self.keep_candidates or self.trace is not None):
            features = decision.features.tolist()
            values = decision.values.tolist()
            if self.keep_candidates:
                self.last_candidates = [Candidate(choice, value, row) for choice, value, row
                                        in zip(decision.candidates, values, features,
                                               strict=True)]
            if self.trace is not None:
                # The total of the one taken as numpy sums it: features @ correction, plus
                # the strong value (its last bit depends on the row's place in the matrix).
                totals = network_totals(np.array(features),
                                        self.corrections[edition_of(game)])
                totals += np.array(values)
                trace = self.trace.setdefault(seat, Trace())
                trace.features.append(features[decision.chosen])
                trace.values.append(float(decision.base + totals[decision.chosen]))
        return decision.choice
