"""The learned bot's value network: two ``tanh`` hidden layers over the features of the
position after a move (:data:`kok_layouts.rules.learned.FEATURES`), whose output is added
to the strong bot's value of the move and the linear correction.

The network travels to the engine's kernels in the same float array as the linear weights
(:func:`network_vector`: the :data:`FEATURE_COUNT` linear weights, the two hidden sizes,
then ``W1``, ``b1``, ``W2``, ``b2``, ``w3`` and the output's bias, each matrix row by row),
so a vector of the linear weights alone is the bot without a network.
:func:`network_totals` is numpy's count of the same sums (the rules' side, training), and
:func:`forward` / :func:`gradients` the network's output and its gradients for training
(:mod:`kok_layouts.rules.value_training`).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

Floats = npt.NDArray[np.float64]

FEATURE_COUNT = 32
"""The features a network reads (``len(FEATURES)``)."""
HEAD = 2
"""Numbers before the matrices in a network's part of a vector: its two hidden sizes."""


@dataclass
class Network:
    """A network's parameters: ``w1`` (``h1`` x features), ``b1``, ``w2`` (``h2`` x
    ``h1``), ``b2``, ``w3`` (``h2``) and the output's bias ``b3`` (an array of one)."""

    w1: Floats
    b1: Floats
    w2: Floats
    b2: Floats
    w3: Floats
    b3: Floats

    @property
    def sizes(self) -> tuple[int, int]:
        """The two hidden layers' sizes."""
        return int(self.w1.shape[0]), int(self.w2.shape[0])

    def parts(self) -> list[Floats]:
        """The parameter arrays in the order of a vector."""
        return [self.w1, self.b1, self.w2, self.b2, self.w3, self.b3]

    def copy(self) -> Network:
        return Network(*(part.copy() for part in self.parts()))


def new_network(h1: int, h2: int, rng: np.random.Generator) -> Network:
    """A network of hidden sizes ``h1`` and ``h2`` whose output is 0 everywhere (the
    output's weights are zero; the hidden layers' drawn from ``rng``, scaled to their
    inputs): it plays as the linear correction alone until trained."""
    return Network(w1=rng.normal(0.0, 1.0 / np.sqrt(FEATURE_COUNT), (h1, FEATURE_COUNT)),
                   b1=np.zeros(h1), w2=rng.normal(0.0, 1.0 / np.sqrt(h1), (h2, h1)),
                   b2=np.zeros(h2), w3=np.zeros(h2), b3=np.zeros(1))


def network_length(h1: int, h2: int) -> int:
    """The numbers a network of hidden sizes ``h1`` and ``h2`` takes in a vector."""
    return HEAD + h1 * FEATURE_COUNT + h1 + h2 * h1 + h2 + h2 + 1


def network_vector(linear: Floats, network: Network | None) -> Floats:
    """The kernels' correction: the linear weights, then ``network`` (if any)."""
    linear = np.asarray(linear, dtype=np.float64).ravel()
    if network is None:
        return linear.copy()
    h1, h2 = network.sizes
    return np.concatenate([linear, [float(h1), float(h2)],
                           *(part.ravel() for part in network.parts())])


def split_vector(correction: Floats) -> tuple[Floats, Network | None]:
    """The linear weights and the network (``None``: none) of a kernels' correction."""
    linear = correction[:FEATURE_COUNT]
    if correction.shape[0] <= FEATURE_COUNT:
        return linear, None
    h1, h2 = int(correction[FEATURE_COUNT]), int(correction[FEATURE_COUNT + 1])
    at = FEATURE_COUNT + HEAD
    parts: list[Floats] = []
    for shape in ((h1, FEATURE_COUNT), (h1,), (h2, h1), (h2,), (h2,), (1,)):
        count = int(np.prod(shape))
        parts.append(correction[at:at + count].reshape(shape).copy())
        at += count
    return linear, Network(*parts)


def forward(network: Network, features: Floats) -> tuple[Floats, Floats, Floats]:
    """The network's outputs for the rows of ``features``, with both hidden layers (for
    :func:`gradients`)."""
    first = np.tanh(features @ network.w1.T + network.b1)
    second = np.tanh(first @ network.w2.T + network.b2)
    return second @ network.w3 + network.b3[0], first, second


def gradients(network: Network, features: Floats, first: Floats, second: Floats,
              upstream: Floats) -> Network:
    """The gradients of ``sum(upstream * output)`` with respect to the parameters, given
    the hidden layers of :func:`forward` on ``features``."""
    d_second = np.outer(upstream, network.w3) * (1.0 - second ** 2)
    d_first = (d_second @ network.w2) * (1.0 - first ** 2)
    return Network(w1=d_first.T @ features, b1=d_first.sum(axis=0),
                   w2=d_second.T @ first, b2=d_second.sum(axis=0),
                   w3=second.T @ upstream, b3=np.array([upstream.sum()]))


def network_totals(features: Floats, correction: Floats) -> Floats:
    """Per row of ``features`` the linear correction plus the network's output, as numpy
    counts them (``features @ linear``, then the network)."""
    linear, network = split_vector(correction)
    totals: Floats = features @ linear
    if network is not None:
        totals = totals + forward(network, features)[0]
    return totals
