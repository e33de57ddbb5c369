"""The LlamaIndex adapter against the real llama-index-core: a VectorStoreIndex over the Lumen example pages
(a bag-of-words embedding, no network) as the retriever, llama-index-core's own query engine and MockLLM
around the postprocessor, and the real models."""

from __future__ import annotations

import asyncio
import importlib
import sys
from typing import Any

import pytest
from llama_index.core import VectorStoreIndex, get_response_synthesizer
from llama_index.core.base.base_retriever import BaseRetriever
from llama_index.core.embeddings import BaseEmbedding
from llama_index.core.llms import MockLLM
from llama_index.core.query_engine import RetrieverQueryEngine
from llama_index.core.schema import (
    MetadataMode,
    NodeRelationship,
    NodeWithScore,
    QueryBundle,
    RelatedNodeInfo,
    TextNode,
)
from llama_index.core.vector_stores import MetadataFilter, MetadataFilters

from answerable import InputError, MissingExtraError, ReasonCode, Result, Status, TrustTier
from answerable.interfaces.adapters.llamaindex import (
    DECISION_KEY,
    NOT_ANSWERED,
    AnswerableNodePostprocessor,
    AnswerableQueryEngine,
    to_passages,
)
from tests.interfaces.adapters.conftest import (
    AS_OF,
    EUROS,
    KEY_LIMIT,
    KEY_LIMIT_ID,
    KEYS_URL,
    OFF_TOPIC,
    bag_of_words,
    lumen_sections,
)


class BagOfWords(BaseEmbedding):
    """A deterministic embedding, so the real VectorStoreIndex can search without a model or a network."""

    def _get_text_embedding(self, text: str) -> list[float]:
        return bag_of_words(text)

    def _get_query_embedding(self, query: str) -> list[float]:
        return bag_of_words(query)

    async def _aget_query_embedding(self, query: str) -> list[float]:
        return bag_of_words(query)


@pytest.fixture(scope="module")
def index() -> VectorStoreIndex:
    nodes = [TextNode(id_=s.id, text=s.text, metadata=s.metadata) for s in lumen_sections()]
    return VectorStoreIndex(nodes, embed_model=BagOfWords())


def retriever(index: VectorStoreIndex) -> BaseRetriever:
    return index.as_retriever(similarity_top_k=3)


def node(pid: str, text: str, **metadata: Any) -> NodeWithScore:
    return NodeWithScore(node=TextNode(id_=pid, text=text, metadata=metadata), score=0.5)


# --- nodes to passages (no models) -------------------------------------------------------------------------


def test_metadata_reaches_the_passages_and_the_text_comes_without_it() -> None:
    item = node("n-1", "A project can have at most 10 active API keys.", title="API keys", url=KEYS_URL)
    item.node.metadata.update(trust="community", updated_at="2026-10-02", id="keys#2", file_path="/srv/keys.md")
    item.node.relationships[NodeRelationship.SOURCE] = RelatedNodeInfo(node_id="keys-page")
    (passage,) = to_passages([item])
    assert passage.id == "keys#2" and passage.document_id == "keys-page"
    assert passage.text == "A project can have at most 10 active API keys."  # no "title: ..." lines
    assert passage.title == "API keys" and passage.url == KEYS_URL and passage.trust is TrustTier.COMMUNITY
    assert str(passage.updated_at) == "2026-10-02"
    assert to_passages([node("n-2", "text")])[0].id == "n-2"  # no metadata id: the node's own


def test_bad_metadata_and_a_missing_query_are_errors() -> None:
    with pytest.raises(InputError, match=r"nodes\[0\]\.metadata\.updated_at"):
        to_passages([node("n-1", "text", updated_at="last tuesday")])
    with pytest.raises(InputError, match="needs the query"):
        AnswerableNodePostprocessor().postprocess_nodes([node("n-1", "text")])


def test_without_llama_index_core_the_error_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in [m for m in sys.modules if m == "llama_index" or m.startswith("llama_index.")]:
        monkeypatch.setitem(sys.modules, name, None)  # None in sys.modules: "not installed" to the import system
    monkeypatch.delitem(sys.modules, "answerable.interfaces.adapters.llamaindex")
    with pytest.raises(MissingExtraError, match=r"pip install 'answerable\[llamaindex\]'") as caught:
        importlib.import_module("answerable.interfaces.adapters.llamaindex")
    assert isinstance(caught.value.__cause__, ImportError)


# --- with the real models ---------------------------------------------------------------------------------


@pytest.mark.models
def test_the_query_engine_answers_with_only_the_cited_nodes(index, engine) -> None:  # type: ignore[no-untyped-def]
    response = AnswerableQueryEngine(retriever=retriever(index), engine=engine, as_of=AS_OF).query(KEY_LIMIT)
    decision = response.metadata["answerable"]
    assert decision["status"] == "answer", decision["reason_codes"]
    assert response.response is not None and "10" in response.response and f"[{KEY_LIMIT_ID}]" in response.response
    assert [n.node.node_id for n in response.source_nodes] == [KEY_LIMIT_ID]  # three retrieved, one cited
    assert [(c["passage_id"], c["url"]) for c in decision["citations"]] == [(KEY_LIMIT_ID, KEYS_URL)]


@pytest.mark.models
def test_the_query_engine_abstains_with_reasons_and_no_source_nodes(index, engine) -> None:  # type: ignore[no-untyped-def]
    query_engine = AnswerableQueryEngine(retriever=retriever(index), engine=engine, as_of=AS_OF)
    response = asyncio.run(query_engine.aquery(OFF_TOPIC))
    decision = response.metadata["answerable"]
    assert decision["status"] == "abstain" and decision["reason_codes"]
    assert response.source_nodes == []
    assert response.response is not None and response.response.startswith(NOT_ANSWERED)
    assert decision["reason_codes"][0] in response.response and decision["next_step"] in response.response


@pytest.mark.models
def test_the_postprocessor_keeps_what_the_decision_rests_on_stamped_with_its_id(index, engine) -> None:  # type: ignore[no-untyped-def]
    nodes = retriever(index).retrieve(KEY_LIMIT)
    before = [dict(n.node.metadata) for n in nodes]
    kept, result = AnswerableNodePostprocessor(engine=engine, as_of=AS_OF).postprocess_with_result(
        nodes, QueryBundle(KEY_LIMIT)
    )
    assert isinstance(result, Result) and result.status is Status.ANSWER, result.why
    assert [n.node.node_id for n in kept] == list(result.supporting_passage_ids)
    assert KEY_LIMIT_ID in result.supporting_passage_ids and len(kept) < len(nodes)
    assert {n.node.metadata[DECISION_KEY] for n in kept} == {result.decision_id}
    assert DECISION_KEY not in kept[0].node.get_content(MetadataMode.LLM)  # noise to an LLM
    assert [dict(n.node.metadata) for n in nodes] == before  # the caller's nodes are left as they were


@pytest.mark.models
def test_in_a_query_engine_the_postprocessor_drops_every_node_of_an_abstention(index, engine) -> None:  # type: ignore[no-untyped-def]
    # Only a community thread answers this: the asker may read it, but a strict answer may not rest on it.
    decisions: list[Result] = []
    postprocessor = AnswerableNodePostprocessor(engine=engine, as_of=AS_OF, on_result=decisions.append)
    only_community = MetadataFilters(filters=[MetadataFilter(key="trust", value="community")])
    community = index.as_retriever(similarity_top_k=3, filters=only_community)
    query_engine = RetrieverQueryEngine(
        community,
        response_synthesizer=get_response_synthesizer(llm=MockLLM(), response_mode="compact"),
        node_postprocessors=[postprocessor],
    )
    assert any(n.node.node_id.startswith("forum/invoice-currency") for n in community.retrieve(EUROS))
    response = query_engine.query(EUROS)
    assert response.source_nodes == []
    (decision,) = decisions
    assert decision.status is Status.ABSTAIN and ReasonCode.SOURCE_NOT_ALLOWED in decision.reason_codes, decision.why
