"""The LLM generator and decomposer inside the real engine, against a local OpenAI-compatible server.

The server returns canned replies (the tests pin what the LLM says); everything around it is real:
the SQLite store, the gate, the citation re-verification and the decision log.
"""

from __future__ import annotations

import pytest

from answerable.backends.generation.extractive import ExtractiveGenerator
from answerable.backends.llm.client import Client
from answerable.backends.llm.decomposer import LLMDecomposer
from answerable.backends.llm.generator import LLMGenerator
from answerable.backends.models.base import MockReranker
from answerable.backends.models.embed import HashEmbedder
from answerable.backends.registry import load_decomposer, load_generator
from answerable.backends.store.base import Filter
from answerable.backends.store.sqlite import SQLiteStore
from answerable.core.errors import InputError, ModelError
from answerable.core.gate import authorize
from answerable.core.policy import load_policy
from answerable.core.types import Principal, ReasonCode, Status
from answerable.engine.indexing import ingest
from answerable.interfaces.render import render_record
from answerable.signals.quoting import split_sentences
from tests.conftest import ROOT
from tests.engine.test_engine import NOW, TEST_POLICY, engine, overlap
from tests.llm_server import Server

Q = "How do I rotate an API key?"


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> SQLiteStore:
    s = SQLiteStore(tmp_path_factory.mktemp("llm") / "i.db")
    ingest([ROOT / "examples" / "docs"], s, HashEmbedder(128))
    return s


def llm_engine(store: SQLiteStore, server: Server, **kw):  # type: ignore[no-untyped-def]
    e = engine(store, **kw)
    e.generator = LLMGenerator("writer", client=Client("writer", base_url=server.url, api_key="k"))
    return e


def quoted(store: SQLiteStore) -> tuple[str, str]:
    """A sentence the extractive generator quotes for Q, and the passage it cites."""
    d = engine(store).ask(Q, as_of=NOW)
    assert d.status is Status.ANSWER and d.answer
    cite = d.citations[0].passage_id
    return d.answer.split(f" [{cite}]")[0].strip(), cite


def test_llm_answer_is_cited_and_reverified(store: SQLiteStore, server: Server) -> None:
    sentence, cite = quoted(store)
    server.reply({"sentences": [{"text": sentence, "sources": [cite]}]})
    e = llm_engine(store, server)
    d = e.ask(Q, as_of=NOW)
    assert d.status is Status.ANSWER, d.reason_codes
    assert d.citations[0].passage_id == cite and sentence in (d.answer or "")
    (request,) = server.requests
    prompt = request["body"]["messages"][0]["content"]
    assert f"[{cite}]" in prompt and "lumenctl" not in prompt  # only authorized context reaches the LLM
    assert d.record is not None and d.record["models"]["generator"] == "llm:writer"


def test_llm_citing_outside_the_context_abstains(store: SQLiteStore, server: Server) -> None:
    sentence, _ = quoted(store)
    server.reply({"sentences": [{"text": sentence, "sources": ["staff/incident-runbook#0"]}]})
    d = llm_engine(store, server).ask(Q, as_of=NOW)
    assert d.status is Status.ABSTAIN and ReasonCode.CITATION_INVALID in d.reason_codes
    assert d.answer is None and "incident-runbook" not in str(d.to_dict()["citations"])


def test_llm_sentence_its_source_does_not_support_abstains(store: SQLiteStore, server: Server) -> None:
    _, cite = quoted(store)
    server.reply({"sentences": [{"text": "Keys rotate by themselves every hour.", "sources": [cite]}]})
    e = llm_engine(store, server)
    d = e.ask(Q, as_of=NOW)  # the mock verifier finds no support for it
    assert d.status is Status.ABSTAIN and d.reason_codes == (ReasonCode.UNSUPPORTED_CLAIM,)
    assert d.answer is None
    # The withheld draft is in the log, with what it cited and how well that supported it.
    assert d.record is not None
    (logged,) = d.record["draft"]
    assert logged["text"] == "Keys rotate by themselves every hour." and logged["passage_ids"] == [cite]
    assert logged["support"] < 0.5
    shown = render_record(d.record)
    assert "draft (withheld" in shown and f"Keys rotate by themselves every hour.  [{cite}]" in shown


def test_no_llm_call_when_the_gate_abstains_first(store: SQLiteStore, server: Server) -> None:
    d = llm_engine(store, server, rerank=lambda q, p: 0.05).ask(Q, as_of=NOW)
    assert d.status is Status.ABSTAIN and server.requests == []


def test_llm_declining_is_an_abstention_and_a_bad_reply_an_error(store: SQLiteStore, server: Server) -> None:
    server.reply({"sentences": []})
    d = llm_engine(store, server).ask(Q, as_of=NOW)
    assert d.status is Status.ABSTAIN and ReasonCode.MODEL_DECLINED in d.reason_codes
    server.reply({"answer": "free text"})
    with pytest.raises(ModelError, match="no 'sentences' list"):
        llm_engine(store, server).ask(Q, as_of=NOW)


def test_llm_decomposer_sets_the_required_claims(store: SQLiteStore, server: Server) -> None:
    q = "How do I rotate an API key, and how long does a rotated key take to propagate to all regions?"
    server.reply({"claims": ["How do I rotate an API key?", "How long does a rotated key take to propagate?"]})
    e = engine(store, decomposer=LLMDecomposer("splitter", client=Client("splitter", base_url=server.url)))
    d = e.ask(q, principal=Principal(), as_of=NOW)
    assert [c.text for c in d.claims] == [
        "How do I rotate an API key?",
        "How long does a rotated key take to propagate?",
    ]
    assert "Do not answer" in server.requests[0]["body"]["messages"][0]["content"]
    for bad in ({"claims": []}, {"claims": "one"}, {"claims": ["ok", 3]}):
        server.reply(bad)
        with pytest.raises(ModelError, match="not a non-empty list"):
            e.ask(q, as_of=NOW)


def test_backend_specs() -> None:
    reranker = MockReranker(overlap)
    assert isinstance(load_generator("extractive", sentences=reranker, confirmer=reranker), ExtractiveGenerator)
    assert isinstance(load_generator("llm:gpt-x", sentences=reranker, confirmer=reranker), LLMGenerator)
    assert load_decomposer("rules").name == "rules"
    assert isinstance(load_decomposer("llm:gpt-x"), LLMDecomposer)
    for bad in ("llm", "abstractive", "extractive:x"):
        with pytest.raises(InputError, match="generator"):
            load_generator(bad, sentences=reranker, confirmer=reranker)
    with pytest.raises(InputError, match="decomposer"):
        load_decomposer("llm:")


def test_llm_may_cite_only_the_passages_it_was_shown(store: SQLiteStore, server: Server) -> None:
    """Another passage of the context did not answer the question: quoting it verbatim supports nothing."""
    sentence, cite = quoted(store)
    server.reply({"sentences": [{"text": sentence, "sources": [cite]}]})
    e = llm_engine(store, server)
    result = e.ask(Q, as_of=NOW)
    assert result.status is Status.ANSWER
    prompt = server.requests[0]["body"]["messages"][0]["content"]
    strict = load_policy(TEST_POLICY).profile("strict")
    context = authorize(result.evidence, strict, NOW).context_ids  # what the LLM may cite
    other = next(pid for pid in context if f"[{pid}]" not in prompt)
    (passage,) = store.get([other], Filter())
    first = split_sentences(passage.text)[0]
    server.reply({"sentences": [{"text": first, "sources": [other]}]})
    d = llm_engine(store, server).ask(Q, as_of=NOW)
    assert d.status is Status.ABSTAIN and d.reason_codes == (ReasonCode.UNSUPPORTED_CLAIM,)


def test_llm_draft_is_cleaned_of_control_characters(store: SQLiteStore, server: Server) -> None:
    sentence, cite = quoted(store)
    words = sentence.split(" ")
    server.reply({"sentences": [{"text": " \x1b[8m".join(words[:2]) + "\r " + " ".join(words[2:]), "sources": [cite]}]})
    d = llm_engine(store, server).ask(Q, as_of=NOW)
    assert d.status is Status.ANSWER and d.answer is not None
    assert "\x1b" not in d.answer and "\r" not in d.answer and d.answer.startswith(words[0])


def test_llm_decomposer_refuses_more_claims_than_a_question_may_require(store: SQLiteStore, server: Server) -> None:
    e = engine(store, decomposer=LLMDecomposer("splitter", client=Client("splitter", base_url=server.url)))
    nine = [f"What is part {n} of the answer?" for n in range(1, 10)]
    server.reply({"claims": nine})
    with pytest.raises(ModelError, match="9 claims, more than the 8"):
        e.ask(Q, as_of=NOW)
    # Duplicates are removed before counting: eight copies of one claim and one other are two claims.
    server.reply({"claims": [nine[0]] * 8 + [nine[1]]})
    d = e.ask(Q, as_of=NOW)
    assert [c.text for c in d.claims] == nine[:2]
    assert d.record is not None and d.record["models"]["decomposer"] == "llm:splitter"
