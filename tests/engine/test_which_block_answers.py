"""Which block an answer quotes, end to end with the shipped models, on documentation written for this test
and used by no evaluation set (`fixtures/written_docs/`: a download tool's, a job queue's and a REST API's
docs, and a home-internet provider's help center with a superseded, a staff-only and another tenant's
page): an instruction given for the task asked, an instruction under a heading that names the task, an FAQ
entry's own answer rather than a sibling entry's, a bare "Yes." with what follows it, a text's length for
"how long can it be", and no answer from a page the second model prefers under the retrieval bar."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from pathlib import Path

import pytest

from answerable.backends.registry import load_embedder, load_reranker, load_verifier
from answerable.backends.store.sqlite import SQLiteStore
from answerable.core.policy import load_policy
from answerable.core.types import ReasonCode, Status
from answerable.engine.engine import Engine
from answerable.engine.indexing import ingest

NOW = date(2026, 11, 1)
DOCS = Path(__file__).parent / "fixtures" / "written_docs"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], Engine]:
    embedder, reranker, verifier, policy = load_embedder(), load_reranker(), load_verifier(), load_policy()
    engines: dict[str, Engine] = {}

    def engine(name: str) -> Engine:
        if name not in engines:
            root = tmp_path_factory.mktemp(name)
            store = SQLiteStore(root / f"{name}.db")
            ingest([DOCS / name], store, embedder)
            engines[name] = Engine(store, embedder, reranker, verifier, policy, log=False)
        return engines[name]

    return engine


@pytest.mark.parametrize(
    ("name", "question", "quoted", "not_quoted"),
    [
        # An instruction given for the task asked ("... to start over"), not one beside it on the same topic.
        (
            "fetchr",
            "How do I make fetchr start a download over instead of resuming?",
            "`--no-resume` to start over",
            None,
        ),
        # An instruction under a heading that names the task ("Verifying signatures"), not the page's opening.
        (
            "parcelly",
            "How do I verify that a webhook came from Parcelly?",
            "`Parcelly-Signature`",
            "Add endpoints in the dashboard",
        ),
        # The FAQ entry's own answer, not a sibling entry's ("Call `app.cancel(job_id)`.").
        ("pgqueue", "Where can I get the return value of a task?", "does not store return values", "app.cancel"),
        # A bare "Yes." with what follows it.
        ("fibra", "Can I use my own router?", "Yes.", None),
        ("fibra", "Can I use my own router?", "bridge mode", None),
        # A text's length answers how long it can be.
        ("parcelly", "How long can the reference be?", "64 characters", None),
    ],
)
def test_the_block_that_answers_is_quoted(
    site: Callable[[str], Engine], name: str, question: str, quoted: str, not_quoted: str | None
) -> None:
    d = site(name).ask(question, as_of=NOW)
    assert d.status is Status.ANSWER, d.reason_codes
    assert quoted in (d.answer or ""), d.answer
    if not_quoted is not None:
        assert not_quoted not in (d.answer or ""), d.answer


def test_a_page_the_second_model_prefers_under_the_bar_gives_no_answer(site: Callable[[str], Engine]) -> None:
    """ "What router model do you use?": no page says; the ranker likes the FAQ's router entries, the second
    model doubts them and prefers the cancelling page's router sentence, which scores under the bar."""
    d = site("fibra").ask("What router model do you use?", as_of=NOW)
    assert d.status is Status.ABSTAIN
    assert d.reason_codes[0] is ReasonCode.NO_ANSWER_BEARING_EVIDENCE
    assert "$120" not in (d.answer or "")
