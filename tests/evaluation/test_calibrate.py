"""Calibration: pure choice of the operating point, and the command writing a policy that loads."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from answerable.cli import main
from answerable.evaluation.calibrate import Point, choose, frontier, half
from answerable.policy import load_policy
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


def test_halves_are_stable_and_disjoint() -> None:
    ids = [f"case-{i}" for i in range(200)]
    fit = {i for i in ids if half(i) == "fit"}
    assert fit == {i for i in ids if half(i) == "fit"} and 60 < len(fit) < 140


def test_calibrate_writes_a_new_policy_version_and_a_curve(tmp_path: Path) -> None:
    folder = write_folder(tmp_path / "mini")
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
    assert "Calibrated by" in out.read_text()
