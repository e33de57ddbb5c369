"""CI's quality gate: `answerable eval` on a small slice of each shared dataset, with the shipped models
and policy, must not cross the floors in `tests/eval_floors.json` (set from measured figures)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from answerable.cli import main
from tests.conftest import ROOT

DATA = ROOT.parent / "shared" / "data"
FLOORS: dict[str, Any] = json.loads((ROOT / "tests" / "eval_floors.json").read_text())


@pytest.fixture(scope="module")
def cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("eval-cache")


@pytest.mark.parametrize("name", sorted(FLOORS["datasets"]))
def test_eval_floor(name: str, cache: Path, tmp_path: Path) -> None:
    spec = FLOORS["datasets"][name]
    folder = DATA / name if (DATA / name).exists() else ROOT / name
    if not folder.exists():
        pytest.skip(f"{folder} is not here (the shared data sits beside the checkout in CI)")
    out = tmp_path / "report.json"
    args = ["eval", str(folder), "--limit", str(spec["limit"]), "--cache", str(cache), "--json", str(out)]
    args += spec.get("args", [])
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    report = json.loads(out.read_text())
    metrics = report.get("metrics", {})
    measured = {**metrics, **{f"verifier_{k}": v for k, v in report.get("verifier", {}).items()}}
    if "abstained_with" in metrics:
        measured["abstained_with_rate"] = metrics["abstained_with"]["rate"]
    for key, floor in spec.get("min", {}).items():
        assert measured[key] is not None and measured[key] >= floor, (name, key, measured[key], floor)
    for key, ceiling in spec.get("max", {}).items():
        assert measured[key] is not None and measured[key] <= ceiling, (name, key, measured[key], ceiling)
