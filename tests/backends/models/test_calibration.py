from __future__ import annotations

import itertools
import random
from pathlib import Path

import pytest

from answerable.backends.models import calibration as cal
from answerable.core.errors import ModelError


def _data(n: int = 400) -> tuple[list[float], list[int]]:
    rng = random.Random(0)
    ys = [rng.randint(0, 1) for _ in range(n)]
    xs = [rng.gauss(1.5 if y else -1.0, 1.0) for y in ys]
    return xs, ys


@pytest.mark.parametrize("method", [cal.Method.PLATT, cal.Method.ISOTONIC])
def test_binary_calibration_is_monotone_and_in_unit_interval(method: cal.Method, tmp_path: Path) -> None:
    xs, ys = _data()
    c = cal.fit_binary(xs, ys, method)
    grid = [x / 10 for x in range(-80, 81)]
    probs = c.apply(grid)
    assert all(0.0 <= p <= 1.0 for p in probs)
    assert all(a <= b + 1e-12 for a, b in itertools.pairwise(probs))
    assert probs[0] < 0.2 and probs[-1] > 0.8
    cal.save(c, tmp_path / "c.json")
    assert cal.load(tmp_path / "c.json") == c


def test_platt_never_flips_a_backwards_score() -> None:
    xs, ys = _data()
    c = cal.fit_binary([-x for x in xs], ys)
    assert c(-5.0) == c(5.0)


def test_binary_fit_needs_both_labels() -> None:
    with pytest.raises(ModelError):
        cal.fit_binary([0.1, 0.2], [1, 1])


def test_multiclass_calibration_sums_to_one(tmp_path: Path) -> None:
    rng = random.Random(1)
    ys = [rng.randint(0, 2) for _ in range(300)]
    logits = [[rng.gauss(2.0 if i == y else 0.0, 1.0) for i in range(3)] for y in ys]
    c = cal.fit_multiclass(logits, ys, ("supported", "refuted", "insufficient"))
    for z in logits[:50]:
        p = c(z)
        assert abs(sum(p) - 1.0) < 1e-9 and all(0.0 <= v <= 1.0 for v in p)
    hits = sum(max(range(3), key=c(z).__getitem__) == y for z, y in zip(logits, ys, strict=True))
    assert hits / len(ys) > 0.6
    cal.save(c, tmp_path / "m.json")
    assert cal.load(tmp_path / "m.json") == c


def test_malformed_calibration_is_a_model_error(tmp_path: Path) -> None:
    (tmp_path / "bad.json").write_text('{"kind": "binary", "method": "platt"}')
    with pytest.raises(ModelError):
        cal.load(tmp_path / "bad.json")
    with pytest.raises(ModelError):
        cal.load(tmp_path / "missing.json")
