"""Evaluation folders in the format of shared/data/README.md: corpus.jsonl, cases.jsonl, claims.jsonl.

A folder may instead hold its documents under `docs/` (any format `ingest` reads) and its cases in
`questions.jsonl`, as `examples/` does. Bad lines are errors naming the file and line.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

from answerable.errors import InputError
from answerable.types import DEFAULT_TENANT


@dataclass(frozen=True)
class Case:
    """One labelled (or unlabelled) question."""

    id: str
    question: str
    expected: str | None = None
    reasons: tuple[str, ...] = ()
    answers: tuple[str, ...] = ()
    gold_doc_ids: tuple[str, ...] = ()
    context_doc_ids: tuple[str, ...] | None = None
    tenant: str = DEFAULT_TENANT
    groups: frozenset[str] = field(default_factory=frozenset)
    profile: str | None = None
    as_of: date | None = None
    source: str | None = None


@dataclass(frozen=True)
class Dataset:
    root: Path
    corpus: tuple[Path, ...]
    cases: tuple[Case, ...]
    claims: Path | None

    def corpus_key(self, extra: str) -> str:
        """A hash of every corpus byte and `extra` (the embedder and chunking), to reuse an index."""
        h = hashlib.sha256(extra.encode())
        for path in self.corpus:
            files = sorted(p for p in path.rglob("*") if p.is_file()) if path.is_dir() else [path]
            for f in files:
                h.update(str(f.relative_to(path) if path.is_dir() else f.name).encode())
                h.update(f.read_bytes())
        return h.hexdigest()[:16]


def _case(raw: Any, where: str) -> Case:
    if not isinstance(raw, dict) or not isinstance(raw.get("id"), str) or not isinstance(raw.get("question"), str):
        raise InputError(f"{where}: expected an object with string id and question")
    expected = raw.get("expected")
    if expected not in (None, "answer", "abstain", "partial"):
        raise InputError(f"{where}: expected: must be answer, abstain or partial, got {expected!r}")
    principal = raw.get("principal") or {}
    if not isinstance(principal, dict):
        raise InputError(f"{where}: principal: expected an object")
    as_of = raw.get("as_of")
    try:
        when = date.fromisoformat(as_of) if as_of else None
    except ValueError:
        raise InputError(f"{where}: as_of: expected a date YYYY-MM-DD, got {as_of!r}") from None
    context = raw.get("context_doc_ids")
    return Case(
        id=raw["id"],
        question=raw["question"],
        expected=expected,
        reasons=tuple(raw.get("reasons") or ()),
        answers=tuple(raw.get("answers") or ()),
        gold_doc_ids=tuple(raw.get("gold_doc_ids") or ()),
        context_doc_ids=tuple(context) if context is not None else None,
        tenant=principal.get("tenant") or DEFAULT_TENANT,
        groups=frozenset(principal.get("groups") or ()),
        profile=raw.get("profile"),
        as_of=when,
        source=raw.get("source"),
    )


def load_cases(path: Path) -> tuple[Case, ...]:
    cases = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            raw = json.loads(line)
        except json.JSONDecodeError as exc:
            raise InputError(f"{path}:{n}: not valid JSON ({exc.msg})") from None
        cases.append(_case(raw, f"{path}:{n}"))
    return tuple(cases)


def open_dataset(root: Path) -> Dataset:
    """Find the corpus, cases and claims of an evaluation folder."""
    if not root.is_dir():
        raise InputError(f"{root}: not a folder")
    corpus = tuple(p for p in (root / "corpus.jsonl", root / "docs") if p.exists())
    cases_path = next((p for p in (root / "cases.jsonl", root / "questions.jsonl") if p.exists()), None)
    claims = root / "claims.jsonl"
    if cases_path is None and not claims.exists():
        raise InputError(f"{root}: no cases.jsonl, questions.jsonl or claims.jsonl")
    if cases_path is not None and not corpus:
        raise InputError(f"{root}: cases need a corpus.jsonl or a docs/ folder to answer from")
    return Dataset(root, corpus, load_cases(cases_path) if cases_path else (), claims if claims.exists() else None)
