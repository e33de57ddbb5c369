"""Value conflicts through the real engine and the shipped models: two current pages with different figures
abstain; the same figure in other words answers; a later effective date decides and says so."""

from __future__ import annotations

from datetime import date

import pytest

from answerable import ReasonCode, Status
from answerable.backends.registry import load_embedder
from answerable.backends.store.sqlite import SQLiteStore
from answerable.core.policy import load_policy
from answerable.engine.engine import Engine
from answerable.engine.indexing import ingest

QUESTION = "How much are meals reimbursed per day on a business trip?"
TRAVEL = """---
title: Travel expenses
trust: official
updated_at: 2026-09-01
effective_date: 2026-09-01
---
# Travel expenses

## Meals

Meals on business trips are reimbursed up to 75 dollars per day. Keep your receipts and submit them within 30 days.

## Hotels

Book hotels through the travel portal. Rooms are reimbursed up to $220 per night.
"""
FAQ = """---
title: Expenses FAQ
trust: official
updated_at: 2026-09-01
effective_date: {date}
---
# Expenses FAQ

## How much can I claim for meals?

You can claim {amount} for meals while travelling for work.

## When are expenses paid?

Approved expenses are paid with the next monthly payroll.
"""


@pytest.fixture(scope="module")
def ask(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    from answerable.backends.models.ensemble import rank_sentences_with
    from answerable.backends.registry import load_confirmer, load_reranker, load_verifier

    embedder = load_embedder()
    reranker, verifier, confirmer = load_reranker(), load_verifier(), load_confirmer()

    def run(amount: str, effective: str = "2026-09-01"):  # type: ignore[no-untyped-def]
        root = tmp_path_factory.mktemp("hr")
        (root / "docs").mkdir()
        (root / "docs" / "travel.md").write_text(TRAVEL)
        (root / "docs" / "faq.md").write_text(FAQ.format(amount=amount, date=effective))
        store = SQLiteStore(root / "i.db")
        ingest([root / "docs"], store, embedder)
        engine = Engine(
            store,
            embedder,
            reranker,
            verifier,
            load_policy(),
            confirmer=confirmer,
            sentence_ranker=rank_sentences_with(reranker),
            log=False,
        )
        try:
            return engine.ask(QUESTION, as_of=date(2026, 12, 1))
        finally:
            store.close()

    return run


def test_two_current_pages_with_different_figures_are_a_conflict(ask) -> None:  # type: ignore[no-untyped-def]
    result = ask("up to $50 per day")
    assert result.status is Status.ABSTAIN and result.reason_codes[0] is ReasonCode.CONFLICTING_EVIDENCE
    assert (
        "75 dollars per day" in result.why["conflicting_evidence"]
        and "$50 per day" in result.why["conflicting_evidence"]
    )


def test_the_same_figure_in_other_words_is_answered(ask) -> None:  # type: ignore[no-untyped-def]
    result = ask("up to 75 dollars a day")
    assert result.status is Status.ANSWER and "75" in (result.answer or "")


def test_a_later_effective_date_decides(ask) -> None:  # type: ignore[no-untyped-def]
    result = ask("up to $50 per day", effective="2026-10-01")
    assert result.status is Status.ANSWER and "$50" in (result.answer or "")
    (note,) = result.decision.conflicts
    assert note.resolved_by == "effective_date" and note.chosen == (result.citations[0].passage_id,)
