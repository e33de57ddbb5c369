"""Probabilities as the models give them and the rules weigh them."""

from __future__ import annotations

import math


def logit(p: float) -> float:
    """Log-odds of a probability, clipped to [1e-4, 1 - 1e-4]."""
    p = min(max(p, 1e-4), 1 - 1e-4)
    return math.log(p / (1 - p))


__all__ = ["logit"]
