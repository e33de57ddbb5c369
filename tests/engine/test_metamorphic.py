"""Metamorphic checks (first seed) on the example corpus and on shared data, through the real engine.

They test the engine's wiring, which must hold whatever the models: removing the decisive documents,
dating them past every freshness limit, or restricting them must each stop the answer, putting them
back must restore it, and a restricted document must leave no trace in the decision. The lexical
baseline (examples) and a transparent word-overlap scorer (SQuAD) keep them fast and predictable.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from answerable.backends.models.base import MockReranker, Reranker
from answerable.backends.registry import load_embedder, load_reranker, load_verifier
from answerable.core.policy import load_policy
from answerable.engine.engine import Engine
from answerable.evaluation.data import open_dataset
from answerable.evaluation.metamorphic import run_metamorphic
from answerable.evaluation.runner import build_index
from tests.conftest import ROOT
from tests.engine.test_engine import overlap

DATA = ROOT.parent / "shared" / "data"


def reranker_for(name: str) -> Reranker:
    return load_reranker("lexical:bm25") if name == "lexical" else MockReranker(overlap)


@pytest.mark.parametrize(
    ("folder", "embedder_spec", "scorer"),
    [(ROOT / "examples", "minilm", "lexical"), (DATA / "squad2-dev-a", "hash:256", "overlap")],
)
def test_metamorphic_variants(folder: Path, embedder_spec: str, scorer: str, tmp_path: Path) -> None:
    dataset = open_dataset(folder)
    embedder = load_embedder(embedder_spec)
    store = build_index(dataset, embedder, tmp_path)
    reranker, verifier = reranker_for(scorer), load_verifier("lexical:bm25")
    policy = load_policy(ROOT / "tests" / "policy.toml")

    def engine_on(s):  # type: ignore[no-untyped-def]
        return Engine(s, embedder, reranker, verifier, policy, log=False)

    result = run_metamorphic(engine_on(store), store, dataset.cases, "strict", 8, engine_on)
    assert result["cases"] >= 4, result
    # Without the decisive documents: no full answer. The lexical verifier takes any sentence sharing the
    # question's words for support, so one question may find another page to quote in every round: "How
    # long are audit log entries kept?" ends on "Dashboards ... are kept for as long as the project
    # exists" (7 of 8 on the examples; the shipped models are held to this by `answerable eval`).
    assert result["remove"] >= 0.875, result
    assert result["add"] == 1.0, result  # putting them back answers again
    # A stale page still takes a retrieval slot (a removed one does not), so the candidates differ and a
    # weak scorer can let another page answer: measured 7 of 8 on the examples with the lexical baseline.
    assert result["stale"] >= 0.75 and result["stale_named"] >= 0.75, result
    assert result["acl"] == 1.0, result  # nothing about a restricted document, anywhere in the decision
    store.close()
