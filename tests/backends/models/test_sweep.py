"""The accelerator sweep: pairs exported here train in a separate process and come back packed."""

from __future__ import annotations

import json
import tarfile
from pathlib import Path

from answerable.backends.models.training.data import Pair, Split, load_pairs, save_pairs
from answerable.backends.models.training.sweep import run


def _mix() -> dict[Split, list[Pair]]:
    pos = [Pair(f"who wrote book {i}", f"Book {i} was written by Ann.", 1, f"g{i}", "t") for i in range(6)]
    neg = [Pair(f"who wrote book {i}", f"Book {i} has a red cover.", 0, f"g{i}", "t") for i in range(6)]
    return {Split.TRAIN: pos[:4] + neg[:4], Split.CALIB: pos[4:] + neg[4:]}


def test_pairs_round_trip(tmp_path: Path) -> None:
    save_pairs(_mix(), tmp_path / "p.jsonl.gz")
    assert load_pairs(tmp_path / "p.jsonl.gz") == _mix()


def test_sweep_trains_a_config_and_packs_it(tmp_path: Path) -> None:
    pairs = tmp_path / "pairs"
    pairs.mkdir()
    save_pairs(_mix(), pairs / "pairs.answerability.tiny.jsonl.gz")
    config = {"a-tiny": ["answerability", "tiny", {"rank": 4, "max_steps": 1, "batch_size": 4}]}
    (pairs / "configs.json").write_text(json.dumps(config))
    results = tmp_path / "results"
    assert run(pairs, results, "cpu") == 0
    with tarfile.open(results / "answerability.tar.gz") as tar:
        names = set(tar.getnames())
    assert {"a-tiny/adapter.safetensors", "a-tiny/model.json", "a-tiny/metrics.json"} <= names
    metrics = json.loads((results / "a-tiny" / "metrics.json").read_text())
    assert metrics["steps"] == 1 and 0.0 <= metrics["calib_metric"] <= 1.0
    assert not (results / "a-tiny" / "calibration.json").exists()  # fitted where the model is served


def test_a_shallower_base_trains_saves_and_loads_with_that_many_layers(tmp_path: Path) -> None:
    from answerable.backends.models.own import load_merged
    from answerable.backends.models.training.trainer import train

    out = tmp_path / "l2"
    metrics = train(
        "answerability",
        tmp_path,
        out,
        mix=_mix(),
        layers=2,
        rank=4,
        max_steps=1,
        batch_size=4,
        calibrate_after=False,
        evaluate=False,
        log=lambda _m: None,
    )
    assert metrics["steps"] == 1
    assert json.loads((out / "model.json").read_text())["layers"] == 2
    model, _, spec = load_merged(out)
    assert spec.layers == 2 and len(model.base_model.encoder.layer) == 2
