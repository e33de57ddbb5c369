"""A retrieval backend of one's own needs one method: the engine asks it, and logs nowhere it cannot."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from answerable import Passage, Status
from answerable.backends.models.base import MockReranker, MockVerifier
from answerable.backends.models.embed import HashEmbedder
from answerable.backends.store.base import DecisionLog, Filter, Index, Retriever
from answerable.core.policy import load_policy
from answerable.core.types import Label, Scores
from answerable.engine.engine import Engine
from tests.conftest import NOW, ROOT

PAGES = [
    Passage("permits#1", "permits", "A street-party permit costs $45 and takes 10 business days.", title="Permits"),
    Passage("parking#1", "parking", "Residents park free on Sundays.", title="Parking"),
]


class ListRetriever:
    """Every passage the caller's own search would return, filtered by tenant as a store does."""

    def __init__(self, passages: Sequence[Passage]) -> None:
        self.passages = list(passages)
        self.asked: list[Filter] = []

    def search_hybrid(self, query: str, vector: npt.NDArray[np.float32], flt: Filter, k: int = 10) -> list[Passage]:
        self.asked.append(flt)
        return [p for p in self.passages if p.tenant == flt.tenant][:k]


def overlap(q: str, p: str) -> float:
    return 0.95 if "permit" in p.lower() else 0.1


def test_an_engine_searches_a_retriever_that_is_neither_index_nor_log() -> None:
    retriever = ListRetriever([p.__class__(**{**p.__dict__, "scores": Scores(vector=0.6)}) for p in PAGES])
    assert isinstance(retriever, Retriever) and not isinstance(retriever, Index | DecisionLog)
    engine = Engine(
        retriever,
        HashEmbedder(64),
        MockReranker(overlap),
        MockVerifier(lambda c, p: Label.INSUFFICIENT),
        load_policy(ROOT / "tests" / "policy.toml"),
        confirmer=MockReranker(lambda q, p: 0.9),
    )
    result = engine.ask("How much does a street-party permit cost?", as_of=NOW)
    assert result.status is Status.ANSWER and "$45" in (result.answer or "")
    assert result.record["retrieved"][0]["passage_id"] == "permits#1"  # the record is returned, not logged
    assert retriever.asked[0].tenant == "default"
