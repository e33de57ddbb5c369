"""LangChain: the gate as a Runnable over any retriever (`pip install 'answerable[langchain]'`).

    from answerable.interfaces.adapters.langchain import GatedRetrievalQA

    qa = GatedRetrievalQA(retriever=my_retriever)          # any langchain_core BaseRetriever
    result = qa.invoke("How long does an old API key keep working?")
    result.status, result.answer, result.citations, result.reason_codes

Each Document becomes a passage (`to_passages`): its id from metadata `id` or `passage_id`, else the
Document's own `id`, else `<source>#<position>`; `title`, `url` (or an http(s) `source`), `updated_at`,
`trust`, `source_kind`, `owner`, `supersedes` ... from its metadata. The retriever must return only what
the asker may read: access control belongs inside the retriever's query, and answerable trusts it.
"""

from __future__ import annotations

import asyncio
import copy
import json
from collections.abc import Callable, Mapping, Sequence
from datetime import date
from typing import Any, Literal

from answerable.backends.llm.generator import GENERATE_PROMPT
from answerable.core.errors import InputError, MissingExtraError, ModelError
from answerable.core.types import Claim, Draft, Passage, Principal, Result
from answerable.engine.check import as_draft, check, checker
from answerable.engine.engine import Engine, check_question
from answerable.interfaces.adapters.metadata import metadata_id, to_passage, unique

try:
    from langchain_core.callbacks import AsyncCallbackManagerForChainRun, CallbackManagerForChainRun
    from langchain_core.documents import Document
    from langchain_core.messages import BaseMessage
    from langchain_core.retrievers import BaseRetriever
    from langchain_core.runnables import Runnable, RunnableConfig, RunnableSerializable
    from langchain_core.runnables.config import patch_config
    from pydantic import ConfigDict
except ImportError as exc:
    raise MissingExtraError("the LangChain adapter needs langchain-core: pip install 'answerable[langchain]'") from exc

Question = str | dict[str, Any]
"""What `GatedRetrievalQA` takes: the question, or `{"question": ..., "draft": {...}}` with the caller's draft."""
Output = Result | dict[str, Any]

DRAFT_PROMPT = GENERATE_PROMPT
"""A prompt for a `draft_chain` (`ChatPromptTemplate.from_template(DRAFT_PROMPT) | llm | JsonOutputParser()`):
it reads `{sources}` and `{question}` and asks for `{"sentences": [{"text", "sources"}]}`."""

_INPUT_KEYS = ("question", "draft")


def to_passages(documents: Sequence[Document]) -> list[Passage]:
    """LangChain Documents as answerable passages, in order; exact repeats dropped.

    The id is metadata `id` or `passage_id`, else `Document.id`, else `<metadata source>#<position>`; the
    text is `page_content`; the corpus fields come from the metadata (`answerable.interfaces.adapters.metadata`).
    An id given to two different texts, or a corpus field with a wrong value, is an InputError naming it.
    """
    out: list[Passage] = []
    for n, doc in enumerate(documents):
        if not isinstance(doc, Document):
            raise InputError(f"documents[{n}]: expected a langchain_core Document, got {type(doc).__name__}")
        meta = doc.metadata or {}
        pid = metadata_id(meta) or doc.id or f"{meta.get('source') or 'document'}#{n}"
        out.append(to_passage(pid, doc.page_content, meta, where=f"documents[{n}].metadata"))
    return unique(out, "documents")


def read_draft(reply: Any, writer: str) -> Draft:
    """What a draft chain returned as a `Draft`: a Draft, a `{"sentences": [...]}` mapping, or that object as
    JSON text or as a chat message's content (a ```json fence around it is dropped).

    Cited ids may be written `[id]`. A reply of another shape is a ModelError naming `writer`: the model
    failed, which is not evidence that the documents hold no answer.
    """
    if isinstance(reply, Draft):
        return reply
    if isinstance(reply, BaseMessage):
        reply = reply.text
    if isinstance(reply, str):
        text = reply.strip().removeprefix("```json").removeprefix("```").removesuffix("```").strip()
        try:
            reply = json.loads(text)
        except ValueError as exc:
            raise ModelError(f"draft chain {writer}: its reply is not JSON: {text[:120]!r}") from exc
    if not isinstance(reply, Mapping):
        raise ModelError(f"draft chain {writer}: expected {{'sentences': [...]}}, got {type(reply).__name__}")
    sentences = reply.get("sentences")
    if isinstance(sentences, list):
        sentences = [_unbracketed(s) for s in sentences]
    try:
        draft = as_draft({"sentences": sentences})
    except InputError as exc:
        raise ModelError(f"draft chain {writer}: {exc}") from exc
    return draft if draft is not None else Draft((), declined=True)


def _unbracketed(sentence: Any) -> Any:
    """LLMs often cite as they saw the ids in the prompt, `[keys#2]`; the id is what is inside."""
    if isinstance(sentence, Mapping) and isinstance(sentence.get("sources"), list):
        cited = [c.strip("[] ") if isinstance(c, str) else c for c in sentence["sources"]]
        return {**sentence, "sources": cited}
    return sentence


class ChainDrafts:
    """A `Generator` that has a LangChain runnable write the draft, from the authorized passages only.

    `write` calls the runnable with `{"question", "sources", "passages"}`: `sources` is the passages as
    `[id] text` blocks (what DRAFT_PROMPT reads), `passages` the same as `{"id", "title", "url", "text"}`.
    The engine calls it only after the gate has authorized an answer, with the passages that support the
    question's claims; what it writes is then checked like any draft.
    """

    def __init__(self, write: Callable[[dict[str, Any]], Any], name: str) -> None:
        self.write = write
        self.name = f"langchain:{name}"  # the decision's record names what wrote the answer

    def generate(self, question: str, claims: Sequence[tuple[Claim, Sequence[Passage]]]) -> Draft:
        passages = {p.id: p for _, ps in claims for p in ps}
        reply = self.write(
            {
                "question": question,
                "sources": "\n\n".join(f"[{pid}] {p.text}" for pid, p in passages.items()),
                "passages": [{"id": p.id, "title": p.title, "url": p.url, "text": p.text} for p in passages.values()],
            }
        )
        return read_draft(reply, self.name)


class GatedRetrievalQA(RunnableSerializable[Question, Output]):
    """Retrieval, then answerable's gate: a Runnable from a question to a `Result` (or its decision dict).

    `invoke(question)` retrieves Documents with `retriever`, turns them into passages (`to_passages`) and
    returns `answerable.check`'s Result: an extractive answer with citations, or an abstention with reason
    codes and a next step. With `output="dict"` it returns `result.to_dict()`, the documented decision.

    `draft_chain`, a runnable (an LLM chain), writes the answer instead: it is called only once the gate has
    authorized one, with the supporting passages (see `ChainDrafts`), and must return
    `{"sentences": [{"text", "sources": [passage ids]}]}` (a dict, JSON text or a chat message holding it);
    each sentence is then re-verified against what it cites (a fabricated id is `citation_invalid`, an
    unsupported sentence `unsupported_claim`). A reply of another shape is a ModelError.

    The input may also be `{"question": ..., "draft": {"sentences": [...]}}`: a draft the caller wrote,
    checked as given (not with `draft_chain`). `ainvoke` retrieves asynchronously and runs the models in a
    worker thread, so the event loop is never blocked. The models load once per process (the shared
    `answerable.check` engine) unless `engine` is given.
    """

    model_config = ConfigDict(arbitrary_types_allowed=True)

    retriever: BaseRetriever
    draft_chain: Runnable[Any, Any] | None = None
    profile: str = "strict"
    as_of: date | None = None
    principal: Principal | None = None
    engine: Engine | None = None
    output: Literal["result", "dict"] = "result"

    def invoke(self, input: Question, config: RunnableConfig | None = None, **kwargs: Any) -> Output:
        """The decision for one question (see the class)."""
        return self._call_with_config(self._run, input, config, **kwargs)

    async def ainvoke(self, input: Question, config: RunnableConfig | None = None, **kwargs: Any) -> Output:
        """`invoke` without blocking the event loop: the models run in a worker thread."""
        return await self._acall_with_config(self._arun, input, config, **kwargs)

    def _run(self, input: Question, run_manager: CallbackManagerForChainRun, config: RunnableConfig) -> Output:
        question, draft = self._read(input)
        documents = self.retriever.invoke(question, patch_config(config, callbacks=run_manager.get_child()))
        write: Callable[[dict[str, Any]], Any] | None = None
        if self.draft_chain is not None:
            chain, child = self.draft_chain, patch_config(config, callbacks=run_manager.get_child())

            def write(given: dict[str, Any]) -> Any:
                return chain.invoke(given, child)

        return self._shape(self._decide(question, to_passages(documents), draft, write))

    async def _arun(
        self, input: Question, run_manager: AsyncCallbackManagerForChainRun, config: RunnableConfig
    ) -> Output:
        question, draft = self._read(input)
        documents = await self.retriever.ainvoke(question, patch_config(config, callbacks=run_manager.get_child()))
        passages = to_passages(documents)
        write: Callable[[dict[str, Any]], Any] | None = None
        if self.draft_chain is not None:
            chain, child = self.draft_chain, patch_config(config, callbacks=run_manager.get_child())
            loop = asyncio.get_running_loop()

            # The engine runs in a worker thread and asks for the draft from there; the chain itself runs on
            # the event loop, where an async LLM client expects to be.
            def write(given: dict[str, Any]) -> Any:
                return asyncio.run_coroutine_threadsafe(chain.ainvoke(given, child), loop).result()

        result = await asyncio.to_thread(self._decide, question, passages, draft, write)
        return self._shape(result)

    def _read(self, input: Question) -> tuple[str, Mapping[str, Any] | None]:
        """The question and the caller's draft, checked before anything is retrieved."""
        if isinstance(input, str):
            question, draft = input, None
        elif isinstance(input, Mapping):
            unknown = sorted(set(input) - set(_INPUT_KEYS))
            if unknown:
                raise InputError(f"input.{unknown[0]}: unknown key (expected 'question' and optionally 'draft')")
            if not isinstance(input.get("question"), str):
                raise InputError("input.question: expected a string")
            question, draft = input["question"], input.get("draft")
            if draft is not None and self.draft_chain is not None:
                raise InputError("input.draft: this chain writes its drafts with draft_chain; give one or the other")
            as_draft(draft)  # a malformed draft is an error before any retrieval
        else:
            raise InputError(f"input: expected a question or {{'question': ...}}, got {type(input).__name__}")
        check_question(question)
        return question, draft

    def _decide(
        self,
        question: str,
        passages: list[Passage],
        draft: Mapping[str, Any] | None,
        write: Callable[[dict[str, Any]], Any] | None,
    ) -> Result:
        engine = self.engine or checker()
        if write is not None:
            # A shallow copy shares the loaded models; only this request's generator differs, so concurrent
            # requests with different configs (callbacks, async loops) never see each other's.
            engine = copy.copy(engine)
            engine.generator = ChainDrafts(write, self.draft_chain.get_name() if self.draft_chain else "draft")
        return check(
            question,
            passages,
            profile=self.profile,
            draft=draft,
            as_of=self.as_of,
            principal=self.principal,
            engine=engine,
        )

    def _shape(self, result: Result) -> Output:
        return result.to_dict() if self.output == "dict" else result


__all__ = ["DRAFT_PROMPT", "ChainDrafts", "GatedRetrievalQA", "Question", "read_draft", "to_passages"]
