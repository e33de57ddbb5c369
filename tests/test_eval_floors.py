"""CI's quality gate: `answerable eval` on a small slice of each shared dataset and example set, with the
shipped models and policy, must not cross the floors in `tests/eval_floors.json` (set from measured figures).

The real-docs sets (`examples/realdocs/`) fetch their Debian package into the cache on first use and run only
a slice of their `dev` half (`--split dev`): the untouched half is never run in CI."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from answerable.interfaces.cli import main
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


def test_answers_to_another_question_are_withheld_through_the_real_engine(cache: Path) -> None:
    """Three SQuAD 2.0 questions with a word turned over or a year moved, through the shipped models: each
    is answered without the mismatch check (the models score the sentence as an answer), withheld with it."""
    from dataclasses import replace

    from answerable import Status, load_policy
    from answerable.backends.models import DEFAULT_RERANKER, DEFAULT_SPEC
    from answerable.backends.registry import load_confirmer, load_embedder, load_reranker, load_verifier
    from answerable.engine.engine import Engine
    from answerable.evaluation.data import open_dataset
    from answerable.evaluation.runner import build_index

    folder = DATA / "squad2-dev-a"
    if not folder.exists():
        pytest.skip(f"{folder} is not here (the shared data sits beside the checkout in CI)")
    embedder = load_embedder()
    store = build_index(open_dataset(folder), embedder, cache)  # the slice above built it in this cache
    policy = load_policy()
    relaxed = replace(policy, profiles={"strict": replace(policy.profile("strict"), reject_mismatches=False)})
    models = (load_reranker(DEFAULT_RERANKER), load_verifier(DEFAULT_SPEC))
    checked, unchecked = (
        Engine(store, embedder, *models, p, confirmer=load_confirmer(), log=False) for p in (policy, relaxed)
    )
    for question, pair in (
        ("What is the lowest point of the Rhine basin called?", ("lowest", "highest")),
        ("Who founded the Office of eastern Medicine?", ("eastern", "western")),
        ("AppleTalk was developed in 1995 for who?", ("1995", "1980")),
    ):
        assert unchecked.ask(question).status is Status.ANSWER, question
        d = checked.ask(question)
        assert d.status is Status.ABSTAIN and d.answer is None, question
        assert [c.not_as_asked for c in d.claims] == [pair], question
    store.close()
