"""A small help center written for a test, indexed in SQLite and asked through the engine with the shipped models."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from answerable.backends.registry import load_embedder, load_reranker, load_verifier
from answerable.backends.store.sqlite import SQLiteStore
from answerable.core.policy import load_policy
from answerable.core.types import ConflictNote, ReasonCode, Result, Status
from answerable.engine.engine import Engine
from answerable.engine.indexing import ingest


def shipped_help_center(
    root: Path,
    site: str,
    pages: Mapping[str, tuple[str, str]],
    extra_meta: Mapping[str, str] | None = None,
    extra_files: Mapping[str, str] | None = None,
) -> Engine:
    """`pages` (id: (title, Markdown body)) as current official pages of https://help.`site`.example, each
    with `extra_meta`'s front-matter lines by id, plus `extra_files` (file name: whole text) as written."""
    docs = root / "docs"
    docs.mkdir()
    for name, (title, body) in pages.items():
        meta = f"title: {title}\nurl: https://help.{site}.example/{name}\ntrust: official\neffective_date: 2026-06-01"
        if extra_meta and name in extra_meta:
            meta += "\n" + extra_meta[name]
        (docs / f"{name}.md").write_text(f"---\n{meta}\n---\n# {title}\n\n{body}\n")
    for file, text in (extra_files or {}).items():
        (docs / file).write_text(text)
    embedder = load_embedder()
    store = SQLiteStore(root / f"{site}.db")
    ingest([docs], store, embedder)
    return Engine(store, embedder, load_reranker(), load_verifier(), load_policy(), log=False)


def the_conflict(d: Result) -> ConflictNote:
    """The one conflict `d` abstains for, with `conflicting_evidence` as its first reason."""
    assert d.status is Status.ABSTAIN and d.reason_codes[0] is ReasonCode.CONFLICTING_EVIDENCE, d
    (note,) = d.decision.conflicts
    return note


def the_answer(d: Result) -> str:
    """The answer `d` gives, with no conflict noted."""
    assert d.status is Status.ANSWER and not d.decision.conflicts, d
    return d.answer or ""


def says(answer: str, said: str | tuple[str, ...]) -> bool:
    """Does `answer` say `said`, or one of its wordings (two pages stating one value in other words: either
    may be the one quoted)?"""
    return any(w in answer for w in ((said,) if isinstance(said, str) else said))
