"""Map raw model scores to probabilities, so that a policy threshold means the same whatever the backend.

Binary scores (answerability, or one label's score): Platt scaling (a logistic curve) or isotonic
regression. Three-way logits (support): multinomial logistic regression on the logits (vector scaling).
Fitted with scikit-learn on a calibration split; stored as a small JSON document and applied with
plain arithmetic, so applying a calibration needs neither scikit-learn nor numpy.
"""

from __future__ import annotations

import bisect
import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any

from answerable.core.errors import ModelError


class Method(StrEnum):
    PLATT = "platt"
    ISOTONIC = "isotonic"
    IDENTITY = "identity"


def _sigmoid(x: float) -> float:
    if x >= 0:
        return 1.0 / (1.0 + math.exp(-x))
    e = math.exp(x)
    return e / (1.0 + e)


@dataclass(frozen=True)
class BinaryCalibration:
    """Raw score -> probability in [0, 1], non-decreasing in the score."""

    method: Method
    a: float = 1.0
    b: float = 0.0
    xs: tuple[float, ...] = ()
    ys: tuple[float, ...] = ()

    def __call__(self, score: float) -> float:
        if self.method is Method.PLATT:
            return _sigmoid(self.a * score + self.b)
        if self.method is Method.ISOTONIC:
            return _interp(score, self.xs, self.ys)
        return min(1.0, max(0.0, score))

    def apply(self, scores: Sequence[float]) -> list[float]:
        return [self(s) for s in scores]

    def to_dict(self) -> dict[str, Any]:
        if self.method is Method.PLATT:
            return {"kind": "binary", "method": "platt", "a": self.a, "b": self.b}
        if self.method is Method.ISOTONIC:
            return {"kind": "binary", "method": "isotonic", "xs": list(self.xs), "ys": list(self.ys)}
        return {"kind": "binary", "method": "identity"}


def _interp(x: float, xs: Sequence[float], ys: Sequence[float]) -> float:
    if not xs:
        return 0.5
    if x <= xs[0]:
        return ys[0]
    if x >= xs[-1]:
        return ys[-1]
    i = bisect.bisect_right(xs, x)
    x0, x1, y0, y1 = xs[i - 1], xs[i], ys[i - 1], ys[i]
    return y0 if x1 == x0 else y0 + (y1 - y0) * (x - x0) / (x1 - x0)


@dataclass(frozen=True)
class MulticlassCalibration:
    """Logits -> probabilities over `labels` by softmax(W @ logits + bias)."""

    labels: tuple[str, ...]
    weights: tuple[tuple[float, ...], ...]
    bias: tuple[float, ...]

    def __call__(self, logits: Sequence[float]) -> list[float]:
        z = [
            sum(w * x for w, x in zip(row, logits, strict=True)) + b
            for row, b in zip(self.weights, self.bias, strict=True)
        ]
        m = max(z)
        e = [math.exp(v - m) for v in z]
        s = sum(e)
        return [v / s for v in e]

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": "multiclass",
            "labels": list(self.labels),
            "weights": [list(r) for r in self.weights],
            "bias": list(self.bias),
        }

    @classmethod
    def identity(cls, labels: Sequence[str]) -> MulticlassCalibration:
        n = len(labels)
        return cls(tuple(labels), tuple(tuple(1.0 if i == j else 0.0 for j in range(n)) for i in range(n)), (0.0,) * n)


Calibration = BinaryCalibration | MulticlassCalibration


def fit_binary(
    scores: Sequence[float], labels: Sequence[int], method: Method = Method.PLATT, balanced: bool = True
) -> BinaryCalibration:
    """Fit a binary calibration on (raw score, 0/1 label) pairs. Needs both labels present.

    `balanced` weighs the labels equally, so probabilities are for even odds, whatever the share of
    positives in the calibration split happened to be.
    """
    if len(set(labels)) < 2:
        raise ModelError("calibration needs both positive and negative examples")
    import numpy as np
    from sklearn.isotonic import IsotonicRegression  # type: ignore[import-untyped]
    from sklearn.linear_model import LogisticRegression  # type: ignore[import-untyped]

    x = np.asarray(scores, dtype=float)
    y = np.asarray(labels, dtype=int)
    if method is Method.ISOTONIC:
        w = _balanced_weights(y) if balanced else None
        iso = IsotonicRegression(out_of_bounds="clip", y_min=0.0, y_max=1.0).fit(x, y, sample_weight=w)
        return BinaryCalibration(
            Method.ISOTONIC,
            xs=tuple(float(v) for v in iso.X_thresholds_),
            ys=tuple(float(v) for v in iso.y_thresholds_),
        )
    lr = LogisticRegression(C=1e4, class_weight="balanced" if balanced else None).fit(x.reshape(-1, 1), y)
    a = float(lr.coef_[0][0])
    if a < 0:  # a score that ranks backwards must not be flipped silently into a good one
        a = 0.0
    return BinaryCalibration(Method.PLATT, a=a, b=float(lr.intercept_[0]))


def fit_multiclass(
    logits: Sequence[Sequence[float]], labels: Sequence[int], names: Sequence[str], balanced: bool = True
) -> MulticlassCalibration:
    """Fit vector scaling (multinomial logistic regression on the logits) on a calibration split.

    `balanced` weighs the labels equally (even priors), so the most probable label is not pulled towards
    whichever label the calibration split happens to hold most of.
    """
    import numpy as np
    from sklearn.linear_model import LogisticRegression

    x = np.asarray(logits, dtype=float)
    y = np.asarray(labels, dtype=int)
    if len(set(labels)) < len(names):
        return MulticlassCalibration.identity(names)
    lr = LogisticRegression(C=100.0, max_iter=2000, class_weight="balanced" if balanced else None).fit(x, y)
    return MulticlassCalibration(
        tuple(names),
        tuple(tuple(float(v) for v in row) for row in lr.coef_),
        tuple(float(v) for v in lr.intercept_),
    )


def _balanced_weights(y: Any) -> Any:
    import numpy as np

    counts = np.bincount(y)
    return len(y) / (len(counts) * counts[y])


def from_dict(raw: dict[str, Any]) -> Calibration:
    """Read a calibration written by `to_dict`."""
    try:
        if raw["kind"] == "multiclass":
            return MulticlassCalibration(
                tuple(raw["labels"]), tuple(tuple(float(v) for v in r) for r in raw["weights"]), tuple(raw["bias"])
            )
        method = Method(raw["method"])
        if method is Method.PLATT:
            return BinaryCalibration(method, a=float(raw["a"]), b=float(raw["b"]))
        if method is Method.ISOTONIC:
            return BinaryCalibration(method, xs=tuple(raw["xs"]), ys=tuple(raw["ys"]))
        return BinaryCalibration(method)
    except (KeyError, TypeError, ValueError) as exc:
        raise ModelError(f"malformed calibration: {exc}") from exc


def load(path: Path) -> Calibration:
    """Read a calibration JSON file."""
    try:
        return from_dict(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, json.JSONDecodeError) as exc:
        raise ModelError(f"cannot read calibration {path}: {exc}") from exc


def save(calibration: Calibration, path: Path) -> None:
    """Write a calibration JSON file."""
    path.write_text(json.dumps(calibration.to_dict(), indent=1) + "\n", encoding="utf-8")
