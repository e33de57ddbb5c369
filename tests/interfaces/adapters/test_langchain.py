"""The LangChain adapter against the real langchain-core: an in-memory vector store over the Lumen example
pages as the retriever, langchain-core's own fake chat model as the LLM that drafts, and the real models."""

from __future__ import annotations

import asyncio
import importlib
import json
import sys
import threading
from datetime import datetime
from typing import Any

import pytest
from langchain_core.callbacks import CallbackManagerForRetrieverRun
from langchain_core.documents import Document
from langchain_core.embeddings import Embeddings
from langchain_core.language_models import FakeListChatModel
from langchain_core.messages import AIMessage
from langchain_core.output_parsers import JsonOutputParser
from langchain_core.prompts import ChatPromptTemplate
from langchain_core.retrievers import BaseRetriever
from langchain_core.runnables import RunnableLambda
from langchain_core.vectorstores import InMemoryVectorStore

from answerable import InputError, MissingExtraError, ModelError, ReasonCode, Result, Status, TrustTier
from answerable.interfaces.adapters import langchain as langchain_adapter
from answerable.interfaces.adapters.langchain import DRAFT_PROMPT, GatedRetrievalQA, read_draft, to_passages
from tests.interfaces.adapters.conftest import (
    AS_OF,
    EUROS,
    KEY_LIMIT,
    KEY_LIMIT_ID,
    KEY_LIMIT_SENTENCE,
    KEYS_URL,
    OFF_TOPIC,
    bag_of_words,
    lumen_sections,
)


class BagOfWords(Embeddings):
    """A deterministic embedding, so the real InMemoryVectorStore can search without a model or a network."""

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        return [bag_of_words(t) for t in texts]

    def embed_query(self, text: str) -> list[float]:
        return bag_of_words(text)


class Recorded(BaseRetriever):
    """A retriever that returns fixed Documents and counts its calls."""

    documents: list[Document]
    calls: int = 0

    def _get_relevant_documents(self, query: str, *, run_manager: CallbackManagerForRetrieverRun) -> list[Document]:
        self.calls += 1
        return self.documents


@pytest.fixture(scope="module")
def store() -> InMemoryVectorStore:
    store = InMemoryVectorStore(BagOfWords())
    sections = lumen_sections()
    # The title is part of the searched text, as a loader would put it; the passage text stays the section.
    store.add_documents(
        [Document(page_content=f"{s.metadata['title']}\n{s.text}", metadata=s.metadata) for s in sections],
        ids=[s.id for s in sections],
    )
    return store


def lumen_qa(store: InMemoryVectorStore, engine: Any, **kw: Any) -> GatedRetrievalQA:
    return GatedRetrievalQA(retriever=store.as_retriever(search_kwargs={"k": 3}), engine=engine, as_of=AS_OF, **kw)


def drafting(reply: dict[str, Any]) -> Any:
    """A draft chain as a user builds one: the shipped prompt, a chat model (langchain-core's fake one, with a
    fixed reply), a JSON parser."""
    return ChatPromptTemplate.from_template(DRAFT_PROMPT) | FakeListChatModel(responses=[json.dumps(reply)])


# --- Documents to passages (no models) ---------------------------------------------------------------------


def test_metadata_reaches_the_passages() -> None:
    (passage,) = to_passages(
        [
            Document(
                page_content="A project can have at most 10 active API keys.",
                metadata={
                    "id": "keys#2",
                    "title": "API keys",
                    "url": KEYS_URL,
                    "updated_at": datetime(2026, 10, 2, 9, 30),
                    "trust": "community",
                    "source_kind": "forum",
                    "supersedes": "keys-v1",
                    "heading_path": ("API keys", "Key limits"),
                    "start_index": 120,  # a loader's own key: not a corpus field, left alone
                },
            )
        ]
    )
    assert passage.id == "keys#2" and passage.document_id == "keys"
    assert passage.title == "API keys" and passage.url == KEYS_URL
    assert passage.updated_at == datetime(2026, 10, 2).date() and type(passage.updated_at) is not datetime
    assert passage.trust is TrustTier.COMMUNITY and passage.source_kind == "forum"
    assert passage.supersedes == ("keys-v1",) and passage.heading_path == ("API keys", "Key limits")


def test_passage_ids_fall_back_from_metadata_to_the_document_id_to_source_and_position() -> None:
    passages = to_passages(
        [
            Document(page_content="one", metadata={"passage_id": "a#1"}),
            Document(page_content="two", id="stored-7"),
            Document(page_content="three", metadata={"source": "https://docs.example.com/page"}),
            Document(page_content="four", metadata={"source": "/srv/docs/page.md"}),
            Document(page_content="five"),
        ]
    )
    assert [p.id for p in passages] == [
        "a#1",
        "stored-7",
        "https://docs.example.com/page#2",
        "/srv/docs/page.md#3",
        "document#4",
    ]
    # An http(s) source is the page's address; a file path is not shown as a URL.
    assert [p.url for p in passages] == [None, None, "https://docs.example.com/page", None, None]


def test_repeats_are_dropped_and_one_id_for_two_texts_is_an_error() -> None:
    same = Document(page_content="text", metadata={"id": "a#1"})
    assert len(to_passages([same, same])) == 1
    with pytest.raises(InputError, match=r"documents\[1\].*'a#1'"):
        to_passages([same, Document(page_content="other text", metadata={"id": "a#1"})])


def test_a_misspelt_trust_tier_is_an_error_not_a_grant() -> None:
    with pytest.raises(InputError, match=r"documents\[0\]\.metadata\.trust: expected one of"):
        to_passages([Document(page_content="text", metadata={"trust": "oficial"})])


# --- input and drafts (no models) -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("given", "message"),
    [
        ({"query": KEY_LIMIT}, r"input\.query: unknown key"),
        ({"question": 3}, r"input\.question: expected a string"),
        ("   ", "the question is empty"),
        ({"question": KEY_LIMIT, "draft": {"sentences": "no"}}, "draft: expected an object with a list"),
        (["a list"], "input: expected a question"),
    ],
)
def test_bad_input_is_an_error_before_anything_is_retrieved(given: Any, message: str) -> None:
    retriever = Recorded(documents=[])
    with pytest.raises(InputError, match=message):
        GatedRetrievalQA(retriever=retriever).invoke(given)
    assert retriever.calls == 0


def test_a_draft_in_the_input_and_a_draft_chain_are_one_too_many() -> None:
    qa = GatedRetrievalQA(retriever=Recorded(documents=[]), draft_chain=RunnableLambda(lambda x: x))
    with pytest.raises(InputError, match="draft_chain"):
        qa.invoke({"question": KEY_LIMIT, "draft": {"sentences": []}})


def test_a_draft_reply_is_read_from_json_text_a_fenced_message_or_a_dict() -> None:
    reply = {"sentences": [{"text": "At most 10.", "sources": ["[keys#2]"]}]}
    fenced = AIMessage(content="```json\n" + json.dumps(reply) + "\n```")
    for given in (reply, json.dumps(reply), fenced):
        draft = read_draft(given, "test")
        assert [(s.text, s.passage_ids) for s in draft.sentences] == [("At most 10.", ("keys#2",))]
    assert read_draft({"sentences": []}, "test").declined


@pytest.mark.parametrize("reply", ["not json", ["a", "list"], {"answer": "10"}, {"sentences": [{"text": ""}]}])
def test_a_draft_reply_of_another_shape_is_a_model_error(reply: Any) -> None:
    with pytest.raises(ModelError, match="draft chain test"):
        read_draft(reply, "test")


def test_without_langchain_core_the_error_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in [m for m in sys.modules if m == "langchain_core" or m.startswith("langchain_core.")]:
        monkeypatch.setitem(sys.modules, name, None)  # None in sys.modules: "not installed" to the import system
    monkeypatch.delitem(sys.modules, "answerable.interfaces.adapters.langchain")
    with pytest.raises(MissingExtraError, match=r"pip install 'answerable\[langchain\]'") as caught:
        importlib.import_module("answerable.interfaces.adapters.langchain")
    assert isinstance(caught.value, InputError) and isinstance(caught.value.__cause__, ImportError)


# --- with the real models ---------------------------------------------------------------------------------


@pytest.mark.models
def test_an_answerable_question_is_answered_with_citations_to_the_right_documents(store, engine) -> None:  # type: ignore[no-untyped-def]
    result = lumen_qa(store, engine).invoke(KEY_LIMIT)
    assert isinstance(result, Result)
    assert result.status is Status.ANSWER, result.why
    assert result.answer is not None and "10" in result.answer
    assert [c.passage_id for c in result.citations] == [KEY_LIMIT_ID]
    assert {(c.url, c.title) for c in result.citations} == {(KEYS_URL, "API keys")}
    assert KEY_LIMIT_SENTENCE in result.citations[0].quote


@pytest.mark.models
def test_an_unanswerable_question_abstains_and_never_asks_the_draft_chain(store, engine) -> None:  # type: ignore[no-untyped-def]
    asked: list[Any] = []
    chain = RunnableLambda(lambda given: asked.append(given) or {"sentences": []})
    decision = lumen_qa(store, engine, draft_chain=chain, output="dict").invoke({"question": OFF_TOPIC})
    assert decision["status"] == "abstain" and decision["answer"] is None and decision["citations"] == []
    assert decision["reason_codes"] and decision["next_step"]
    assert asked == []  # abstention means no generation call


@pytest.mark.models
def test_a_community_thread_alone_is_source_not_allowed(store, engine) -> None:  # type: ignore[no-untyped-def]
    community = store.as_retriever(search_kwargs={"k": 3, "filter": lambda d: d.metadata["trust"] == "community"})
    result = GatedRetrievalQA(retriever=community, engine=engine, as_of=AS_OF).invoke(EUROS)
    assert result.status is Status.ABSTAIN
    assert ReasonCode.SOURCE_NOT_ALLOWED in result.reason_codes, result.why


@pytest.mark.models
def test_a_drafted_answer_citing_an_id_outside_the_request_is_citation_invalid(store, engine) -> None:  # type: ignore[no-untyped-def]
    chain = drafting({"sentences": [{"text": KEY_LIMIT_SENTENCE, "sources": ["api/keys#99"]}]})
    result = lumen_qa(store, engine, draft_chain=chain).invoke(KEY_LIMIT)
    assert result.status is Status.ABSTAIN
    assert ReasonCode.CITATION_INVALID in result.reason_codes
    assert result.record["models"]  # the record still says what ran


@pytest.mark.models
def test_ainvoke_drafts_with_the_chain_and_leaves_the_event_loop_free(store, engine, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    # Bracketed as the prompt showed it, and parsed by langchain-core's own JSON parser.
    chain = drafting({"sentences": [{"text": KEY_LIMIT_SENTENCE, "sources": [f"[{KEY_LIMIT_ID}]"]}]})
    qa = lumen_qa(store, engine, draft_chain=chain | JsonOutputParser())
    started, turned = threading.Event(), threading.Event()
    checked = langchain_adapter.check

    def watched(*args: Any, **kwargs: Any) -> Result:
        # Holds the models back until the event loop has run a step: on the loop's own thread this would wait
        # for itself and time out.
        started.set()
        assert turned.wait(timeout=10), "the event loop did not run while the models did"
        return checked(*args, **kwargs)

    monkeypatch.setattr(langchain_adapter, "check", watched)

    async def run() -> Any:
        task = asyncio.create_task(qa.ainvoke(KEY_LIMIT))
        while not started.is_set():
            await asyncio.sleep(0.001)
        turned.set()
        return await task

    result = asyncio.run(run())
    assert result.status is Status.ANSWER, result.why
    assert result.answer == f"{KEY_LIMIT_SENTENCE} [{KEY_LIMIT_ID}]"  # the chain's words, not an extract
    assert result.record["models"]["generator"].startswith("langchain:")
