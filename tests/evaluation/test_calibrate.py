"""Calibration: pure choice of the operating point, and the command writing a policy that loads."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from answerable.core.policy import load_policy
from answerable.core.types import Label, Verdict
from answerable.evaluation.calibrate import (
    BANDS,
    CONFIRMATIONS,
    Point,
    choose,
    frontier,
    half,
    sweep,
    sweep_confirmation,
)
from answerable.evaluation.data import Case
from answerable.interfaces.cli import main
from tests.conftest import NOW, evidence, passage
from tests.evaluation.test_eval_cli import write_folder


def test_choose_takes_the_most_supported_point_under_the_target() -> None:
    points = [
        Point(0.5, 0.1, 0.9, 0.20),
        Point(0.7, 0.1, 0.8, 0.05),
        Point(0.8, 0.1, 0.8, 0.04),
        Point(0.9, 0.1, 0.5, 0.00),
    ]
    assert choose(points, 0.05) == Point(0.8, 0.1, 0.8, 0.04)  # tie on supported: the stricter one
    assert choose(points, 0.0) == Point(0.9, 0.1, 0.5, 0.0)
    assert choose([Point(0.1, 0.1, 1.0, 0.5)], 0.05) is None
    assert [p.supported_answer_rate for p in frontier(points)] == [0.5, 0.8, 0.9]


def test_the_confirmation_bar_is_swept_at_the_chosen_thresholds(policy) -> None:  # type: ignore[no-untyped-def]
    def case(cid: str, expected: str, confirmation: float):  # type: ignore[no-untyped-def]
        verdicts = (Verdict("c1", "a#1", Label.SUPPORTED, 0.9, confirmation=confirmation),)
        return Case(cid, "q?", expected), evidence((passage("a#1", 0.9),), verdicts)

    items = [case("good", "answer", 0.3), case("bad", "abstain", 0.1)]
    points = sweep_confirmation(items, policy.profile("strict"), NOW)
    assert [p.min_confirmation for p in points] == list(CONFIRMATIONS)
    assert {(p.supported_answer_rate, p.unsupported_answer_rate) for p in points} == {(1, 1), (1, 0), (0, 0)}
    # The most supported answers with none unsupported; among equals, the strictest bar.
    best = choose(points, 0.0)
    assert best is not None and (best.supported_answer_rate, best.min_confirmation) == (1.0, 0.3)
    # Every swept point says which thresholds it stands for (the band was once always reported as 0.1).
    assert {p.borderline_band for p in sweep(items, policy.profile("strict"), NOW)} == set(BANDS)


def test_halves_are_stable_and_disjoint() -> None:
    ids = [f"case-{i}" for i in range(200)]
    fit = {i for i in ids if half(i) == "fit"}
    assert fit == {i for i in ids if half(i) == "fit"} and 60 < len(fit) < 140


def _both_labels_in_both_halves(folder: Path) -> None:
    """More cases for the mini folder, until each half has answerable and unanswerable ones."""
    need = {(h, label) for h in ("fit", "report") for label in ("answer", "abstain")}
    lines = []
    for n in range(100):
        label = ("answer", "abstain")[n % 2]
        if (half(f"x{n}"), label) not in need:
            continue
        need.discard((half(f"x{n}"), label))
        question = "How long do old API keys work?" if label == "answer" else "What is the capital of Peru?"
        lines.append(json.dumps({"id": f"x{n}", "question": question, "expected": label, "as_of": "2026-11-29"}))
        if not need:
            break
    with (folder / "cases.jsonl").open("a") as f:
        f.write("\n".join(lines) + "\n")


def test_calibrate_refuses_a_half_without_both_labels(tmp_path: Path) -> None:
    """A rate over no case is undefined: the fit would take the strictest point and the report say 0%."""
    folder = write_folder(tmp_path / "mini")
    args = ["calibrate", str(folder), "--out", str(tmp_path / "p.toml"), "--embedder", "hash:64"]
    args += ["--reranker", "lexical:bm25", "--verifier", "lexical:bm25", "--confirmer", "lexical:bm25"]
    result = CliRunner().invoke(main, [*args, "--cache", str(tmp_path / "cache")])
    assert result.exit_code == 2 and "needs answerable and unanswerable cases in both halves" in result.output
    assert not (tmp_path / "p.toml").exists()
    missing = CliRunner().invoke(main, ["calibrate", str(folder), "--out", str(tmp_path / "no" / "p.toml")])
    assert missing.exit_code == 2 and "--out: no folder" in missing.output


def test_calibrate_writes_a_new_policy_version_and_a_curve(tmp_path: Path) -> None:
    folder = write_folder(tmp_path / "mini")
    _both_labels_in_both_halves(folder)
    out = tmp_path / "policy.toml"
    result = CliRunner().invoke(
        main,
        [
            "calibrate",
            str(folder),
            "--target-unsupported",
            "0.5",
            "--out",
            str(out),
            "--embedder",
            "hash:64",
            "--reranker",
            "lexical:bm25",
            "--verifier",
            "lexical:bm25",
            "--confirmer",
            "lexical:bm25",
            "--cache",
            str(tmp_path / "cache"),
            "--version",
            "test-1",
        ],
    )
    assert result.exit_code == 0, result.output
    policy = load_policy(out)
    assert policy.version == "test-1" and policy.profile("strict").version == "test-1"
    assert "fit half" in result.output and "report half" in result.output
    assert out.with_suffix(".png").stat().st_size > 1000
    assert "Calibrated by" in out.read_text() and "--profile strict" in out.read_text()
    assert "warning: fewer than 10 cases of a label in a half" in result.output
    # The shipped profile asks a second model, so its bar is fitted too.
    assert "min_confirmation 0.25 ->" in result.output
    assert policy.profile("strict").min_confirmation in (0.25, *CONFIRMATIONS)
