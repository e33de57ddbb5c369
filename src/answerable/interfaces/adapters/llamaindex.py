"""LlamaIndex: the gate as a query engine and as a node postprocessor (`pip install 'answerable[llamaindex]'`).

    from answerable.interfaces.adapters.llamaindex import AnswerableNodePostprocessor, AnswerableQueryEngine

    engine = AnswerableQueryEngine(retriever=index.as_retriever(similarity_top_k=4))
    response = engine.query("How long does an old API key keep working?")
    response.response, response.source_nodes, response.metadata["answerable"]["status"]

Each node becomes a passage (`to_passages`): its id from metadata `id` or `passage_id`, else the node's id;
its text without metadata; `title`, `url`, `updated_at`, `trust`, `source_kind` ... from its metadata, and
`document_id` from metadata or the node's source document. The retriever must return only what the asker
may read: access control belongs inside the retriever's query, and answerable trusts it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from datetime import date
from typing import Any

from answerable.core.errors import InputError, MissingExtraError
from answerable.core.types import Passage, Principal, Result, Status
from answerable.engine.check import check, checker
from answerable.engine.engine import Engine
from answerable.interfaces.adapters.metadata import metadata_id, to_passage, unique

try:
    from llama_index.core.base.base_retriever import BaseRetriever
    from llama_index.core.base.response.schema import Response
    from llama_index.core.postprocessor.types import BaseNodePostprocessor
    from llama_index.core.query_engine import CustomQueryEngine
    from llama_index.core.schema import MetadataMode, NodeWithScore, QueryBundle
except ImportError as exc:
    raise MissingExtraError(
        "the LlamaIndex adapter needs llama-index-core: pip install 'answerable[llamaindex]'"
    ) from exc

DECISION_KEY = "answerable_decision_id"
"""The metadata key under which each node the postprocessor keeps names the decision that kept it."""
NOT_ANSWERED = "Not answered"
"""How an abstention's `Response.response` begins; `metadata["answerable"]["status"]` says it exactly."""


def to_passages(nodes: Sequence[NodeWithScore]) -> list[Passage]:
    """LlamaIndex nodes as answerable passages, in order; exact repeats dropped.

    The id is metadata `id` or `passage_id`, else the node's id; the text is the node's content without its
    metadata; `document_id` is metadata `document_id`, else the node's source document id. An id given to
    two different texts, or a corpus field with a wrong value, is an InputError naming it.
    """
    return _gathered(nodes)[0]


def _gathered(nodes: Sequence[NodeWithScore]) -> tuple[list[Passage], dict[str, NodeWithScore]]:
    """The passages, and each passage id's node: a decision cites ids, the caller wants its nodes back."""
    passages: list[Passage] = []
    by_id: dict[str, NodeWithScore] = {}
    for n, item in enumerate(nodes):
        if not isinstance(item, NodeWithScore):
            raise InputError(f"nodes[{n}]: expected a llama_index NodeWithScore, got {type(item).__name__}")
        node = item.node
        meta: dict[str, Any] = dict(node.metadata)
        if meta.get("document_id") is None and node.ref_doc_id:
            meta["document_id"] = node.ref_doc_id
        pid = metadata_id(meta) or node.node_id
        passages.append(to_passage(pid, node.get_content(MetadataMode.NONE), meta, where=f"nodes[{n}].metadata"))
        by_id.setdefault(pid, item)
    return unique(passages, "nodes"), by_id


def _query_text(query: str | QueryBundle | None) -> str:
    if isinstance(query, QueryBundle):
        return query.query_str
    if isinstance(query, str):
        return query
    raise InputError("the answerable postprocessor needs the query: pass query_str or query_bundle")


def _check(
    owner: AnswerableQueryEngine | AnswerableNodePostprocessor, question: str, passages: list[Passage]
) -> Result:
    """`answerable.check` under the adapter's settings (profile, as_of, principal, engine)."""
    return check(
        question,
        passages,
        profile=owner.profile,
        as_of=owner.as_of,
        principal=owner.principal,
        engine=owner.engine or checker(),
    )


class AnswerableQueryEngine(CustomQueryEngine):
    """A query engine that answers from `retriever`'s nodes only when answerable's gate authorizes it.

    `query(question)` retrieves nodes, checks them with `answerable.check` and returns a `Response`:
    `response` is the extractive answer with `[passage id]` citations, or, on abstention, a text beginning
    "Not answered" that names the reason codes and the next step; `source_nodes` holds only the cited nodes
    (none on abstention); `metadata["answerable"]` is the decision dict (status, reason_codes, citations,
    next_step ...). No LLM is called. `aquery` retrieves asynchronously and runs the models in a worker
    thread. The models load once per process (the shared `answerable.check` engine) unless `engine` is given.
    """

    retriever: BaseRetriever
    profile: str = "strict"
    as_of: date | None = None
    principal: Principal | None = None
    engine: Engine | None = None

    def custom_query(self, query_str: str) -> Response:
        passages, by_id = _gathered(self.retriever.retrieve(query_str))
        return _response(_check(self, query_str, passages), by_id)

    async def acustom_query(self, query_str: str) -> Response:
        passages, by_id = _gathered(await self.retriever.aretrieve(query_str))
        result = await asyncio.to_thread(_check, self, query_str, passages)
        return _response(result, by_id)


def _response(result: Result, by_id: dict[str, NodeWithScore]) -> Response:
    if result.status is Status.ABSTAIN or result.answer is None:
        codes = ", ".join(str(c) for c in result.reason_codes)
        text = f"{NOT_ANSWERED} ({codes}). {result.next_step or ''}".strip()
        cited: list[NodeWithScore] = []
    else:
        text = result.answer
        ids = dict.fromkeys(c.passage_id for c in result.citations)
        cited = [by_id[pid] for pid in ids if pid in by_id]
    return Response(response=text, source_nodes=cited, metadata={"answerable": result.to_dict()})


class AnswerableNodePostprocessor(BaseNodePostprocessor):
    """Keeps only the nodes answerable's decision rests on, and none when it abstains.

    Put it in any query engine's `node_postprocessors`, or call `postprocess_with_result(nodes, query)` to get
    the decision too. Each kept node is a copy whose metadata names the decision under
    "answerable_decision_id" (hidden from the LLM and the embedder); the caller's nodes are left as they were.
    An empty list means the documents do not authorize an answer: `on_result`, if set, receives every
    decision (its reason codes, next step and suggestions), which is how a pipeline that only sees nodes can
    still tell the asker why. The query is required.
    """

    profile: str = "strict"
    as_of: date | None = None
    principal: Principal | None = None
    engine: Engine | None = None
    on_result: Callable[[Result], None] | None = None

    @classmethod
    def class_name(cls) -> str:
        return "AnswerableNodePostprocessor"

    def postprocess_with_result(
        self, nodes: Sequence[NodeWithScore], query: str | QueryBundle
    ) -> tuple[list[NodeWithScore], Result]:
        """The nodes the decision rests on (in the decision's order, stamped with its id) and the decision."""
        question = _query_text(query)
        passages, by_id = _gathered(nodes)
        result = _check(self, question, passages)
        kept: list[NodeWithScore] = []
        if result.status is not Status.ABSTAIN:
            kept = [_stamped(by_id[pid], result.decision_id) for pid in result.supporting_passage_ids if pid in by_id]
        if self.on_result is not None:
            self.on_result(result)
        return kept, result

    def _postprocess_nodes(
        self, nodes: list[NodeWithScore], query_bundle: QueryBundle | None = None
    ) -> list[NodeWithScore]:
        return self.postprocess_with_result(nodes, _query_text(query_bundle))[0]


def _stamped(item: NodeWithScore, decision_id: str) -> NodeWithScore:
    """A copy of the node naming the decision; the decision id is noise to an LLM and to an embedder."""
    node = item.node
    copied = node.model_copy(
        update={
            "metadata": {**node.metadata, DECISION_KEY: decision_id},
            "excluded_llm_metadata_keys": [*node.excluded_llm_metadata_keys, DECISION_KEY],
            "excluded_embed_metadata_keys": [*node.excluded_embed_metadata_keys, DECISION_KEY],
        }
    )
    return NodeWithScore(node=copied, score=item.score)


__all__ = ["DECISION_KEY", "NOT_ANSWERED", "AnswerableNodePostprocessor", "AnswerableQueryEngine", "to_passages"]
