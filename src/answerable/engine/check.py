"""`answerable.check`: the gate over passages the caller retrieved, for any RAG stack.

    import answerable
    result = answerable.check(
        "How long do rotated API keys keep working?",
        [{"id": "keys#2", "title": "API keys", "text": "After a rotation the old key keeps working for 24 hours."}],
    )
    result.status, result.answer, result.reason_codes, result.to_dict()

The models load once per process, on the first call (the `models` extra: `pip install 'answerable[models]'`).
"""

from __future__ import annotations

import os
import threading
from collections.abc import Mapping, Sequence
from datetime import date
from typing import Any

from answerable.core.codec import passage_from_dict
from answerable.core.errors import InputError
from answerable.core.settings import Settings
from answerable.core.types import Draft, DraftSentence, Passage, Principal, Result
from answerable.engine.engine import Engine

_ENGINE: Engine | None = None
_LOCK = threading.Lock()


def checker(settings: Settings | None = None) -> Engine:
    """The engine `check` uses: one per process, built from `settings` (default: the environment) on the first
    call. It reads no store and logs nothing."""
    global _ENGINE
    with _LOCK:
        if _ENGINE is None:
            from answerable.backends.models.ensemble import rank_sentences_with
            from answerable.backends.registry import (
                load_confirmer,
                load_decomposer,
                load_embedder,
                load_generator,
                load_reranker,
                load_verifier,
            )
            from answerable.core.policy import load_policy

            conf = settings or Settings.resolve(os.environ)
            reranker = load_reranker(conf.reranker)
            sentences = rank_sentences_with(reranker)
            confirmer = load_confirmer(conf.confirmer)
            _ENGINE = Engine(
                None,
                load_embedder(conf.embedder),
                reranker,
                load_verifier(conf.verifier),
                load_policy(conf.policy),
                generator=load_generator(conf.generator, sentences=sentences, confirmer=confirmer),
                decomposer=load_decomposer(conf.decomposer),
                sentence_ranker=sentences,
                confirmer=confirmer,
                log=False,
            )
        return _ENGINE


def as_passages(passages: Sequence[Passage | Mapping[str, Any]]) -> list[Passage]:
    """Passages as given, or built from mappings with the corpus fields (`id` and `text` required; `title`,
    `url`, `updated_at`, `effective_date`, `trust`, `source_kind`, `owner`, `supersedes` ... optional)."""
    out: list[Passage] = []
    for n, item in enumerate(passages):
        if isinstance(item, Passage):
            out.append(item)
        elif isinstance(item, Mapping):
            out.append(passage_from_dict(item, where=f"passages[{n}]"))
        else:
            raise InputError(
                f"passages[{n}]: expected a Passage or a mapping with id and text, got {type(item).__name__}"
            )
    return out


def as_draft(draft: Draft | Mapping[str, Any] | None) -> Draft | None:
    """A caller's draft as given, or from `{"sentences": [{"text": ..., "sources": [passage ids]}]}`."""
    if draft is None or isinstance(draft, Draft):
        return draft
    sentences = draft.get("sentences") if isinstance(draft, Mapping) else None
    if not isinstance(sentences, list):
        raise InputError("draft: expected an object with a list of sentences")
    out = []
    for n, s in enumerate(sentences):
        text = s.get("text") if isinstance(s, Mapping) else None
        sources = s.get("sources", []) if isinstance(s, Mapping) else None
        if not isinstance(text, str) or not text.strip():
            raise InputError(f"draft.sentences[{n}].text: expected a non-empty string")
        if not isinstance(sources, list) or not all(isinstance(i, str) for i in sources):
            raise InputError(f"draft.sentences[{n}].sources: expected a list of passage ids")
        out.append(DraftSentence(" ".join(text.split()), tuple(sources)))
    return Draft(tuple(out), declined=not out)


def check(
    question: str,
    passages: Sequence[Passage | Mapping[str, Any]],
    *,
    profile: str = "strict",
    draft: Draft | Mapping[str, Any] | None = None,
    as_of: date | None = None,
    principal: Principal | None = None,
    engine: Engine | None = None,
) -> Result:
    """Decide whether `passages` authorize an answer to `question`, and answer from them or abstain.

    `passages` are what the caller's retrieval found for this asker (the caller filters access); `draft`, an
    answer the caller's own LLM wrote, is checked instead of one being written (each sentence must cite
    passage ids and be supported by them). Returns the `Result`: the decision and how it was reached.
    Bad input (an empty question, a passage without an id or text) is an InputError; a model that cannot
    load is a ModelError that names what to install.
    """
    chosen = engine or checker()
    return chosen.check(
        question, as_passages(passages), profile=profile, as_of=as_of, principal=principal, draft=as_draft(draft)
    )


__all__ = ["as_draft", "as_passages", "check", "checker"]
