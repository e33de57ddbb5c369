"""Each training command runs one step on a tiny subset, so training cannot rot (CI never trains in full)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from answerable.backends.registry import load_reranker, load_verifier
from answerable.interfaces.cli import main


@pytest.mark.parametrize("task", ["answerability", "support"])
def test_train_one_step_writes_a_loadable_artifact(task: str, data_root: Path, tmp_path: Path) -> None:
    out = tmp_path / task
    args = ["train", task, "--data", str(data_root), "--out", str(out), "--scale", "0.002", "--max-steps", "1"]
    res = CliRunner().invoke(main, [*args, "--no-eval", "--json"])
    assert res.exit_code == 0, res.output
    assert json.loads(res.stdout)["steps"] == 1
    assert (out / "adapter.safetensors").stat().st_size < 5 * 1024 * 1024
    if task == "answerability":
        (p,) = load_reranker(f"answerable:{out}").score("q", ["p"])
        assert 0.0 <= p <= 1.0
    else:
        (p,) = load_verifier(f"answerable:{out}").probs_pairs([("c", "p")])
        assert p.supported + p.refuted + p.insufficient == pytest.approx(1.0)


def test_train_on_the_mpnet_base_adapts_its_own_layer_names(data_root: Path, tmp_path: Path) -> None:
    out = tmp_path / "mpnet"
    args = ["train", "answerability", "--data", str(data_root), "--out", str(out), "--scale", "0.002"]
    res = CliRunner().invoke(main, [*args, "--max-steps", "1", "--base", "all-mpnet-base-v2", "--no-eval", "--json"])
    assert res.exit_code == 0, res.output
    spec = json.loads((out / "model.json").read_text())
    assert spec["base"] == "all-mpnet-base-v2" and set(spec["targets"]) == {"q", "k", "v", "o", "dense"}
    reranker = load_reranker(f"answerable:{out}")
    assert reranker.name == "answerable (all-mpnet-base-v2)"
    (p,) = reranker.score("q", ["p"])
    assert 0.0 <= p <= 1.0
