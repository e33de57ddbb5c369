"""Evaluation folders in the format of shared/data/README.md: corpus.jsonl, cases.jsonl, claims.jsonl.

A folder may instead hold its documents under `docs/` (any format `ingest` reads) and its cases in
`questions.jsonl`, as `examples/` does, or name them in a `source.toml`: pages of a Debian package,
fetched into the cache by `fetch_corpus` before an index is built (`evaluation.debian`). A case may carry
a `split` (such as `dev` or `untouched`) and a `category`; the report groups cases by each.

A malformed case line is reported (file, line and problem) and skipped, like a malformed document at
ingest, so one bad line does not stop an evaluation; the report says how many were skipped, so no metric
is silently computed over fewer cases.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field, replace
from datetime import date
from pathlib import Path
from typing import Any

from answerable.core.errors import InputError
from answerable.core.types import DEFAULT_TENANT, MAX_QUESTION_CHARS
from answerable.evaluation.debian import SOURCE_FILE, DebianSource, corpus_folder, read_source


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
    split: str | None = None  # e.g. dev | untouched: the report groups cases by it
    category: str | None = None  # e.g. answerable | on-topic-unanswerable: grouped too
    where: str = field(default="", compare=False)  # "file:line" it was read from, for messages


@dataclass(frozen=True)
class Dataset:
    root: Path
    corpus: tuple[Path, ...]
    cases: tuple[Case, ...]
    claims: Path | None
    skipped: tuple[str, ...] = ()  # "file:line: problem" for each case line left out
    source: DebianSource | None = None  # the package its corpus comes from (source.toml), if any
    base_url: str | None = None  # where the corpus's pages are published, for their URLs

    def corpus_key(self, extra: str) -> str:
        """A hash of every corpus byte, its base URL and `extra` (the embedder and chunking), to reuse an index."""
        h = hashlib.sha256(extra.encode())
        if self.base_url:  # the pages' URLs are in the index (a corpus without one keeps the key it had)
            h.update(f"\0base_url={self.base_url}".encode())
        for path in self.corpus:
            files = sorted(p for p in path.rglob("*") if p.is_file()) if path.is_dir() else [path]
            for f in files:
                h.update(str(f.relative_to(path) if path.is_dir() else f.name).encode())
                h.update(f.read_bytes())
        return h.hexdigest()[:16]


def _strings(raw: dict[str, Any], key: str, where: str) -> tuple[str, ...]:
    value = raw.get(key) or ()
    if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
        raise InputError(f"{where}: {key}: expected a list of strings, got {value!r}")
    return tuple(value)


def _case(raw: Any, where: str) -> Case:
    if not isinstance(raw, dict) or not isinstance(raw.get("id"), str) or not isinstance(raw.get("question"), str):
        raise InputError(f"{where}: expected an object with string id and question")
    if not raw["question"].strip():
        raise InputError(f"{where}: question: empty")
    if len(raw["question"]) > MAX_QUESTION_CHARS:
        raise InputError(f"{where}: question: longer than {MAX_QUESTION_CHARS:,} characters")
    expected = raw.get("expected")
    if expected not in (None, "answer", "abstain", "partial"):
        raise InputError(f"{where}: expected: must be answer, abstain or partial, got {expected!r}")
    principal = raw.get("principal") or {}
    if not isinstance(principal, dict):
        raise InputError(f"{where}: principal: expected an object")
    if not isinstance(principal.get("tenant") or "", str):
        raise InputError(f"{where}: principal.tenant: expected a string")
    if raw.get("profile") is not None and not isinstance(raw["profile"], str):
        raise InputError(f"{where}: profile: expected a string")
    as_of = raw.get("as_of")
    try:
        if as_of is not None and not isinstance(as_of, str):
            raise ValueError(as_of)  # 20261129 or a list: named like a malformed date
        when = date.fromisoformat(as_of) if as_of else None
    except ValueError:
        raise InputError(f"{where}: as_of: expected a date YYYY-MM-DD, got {as_of!r}") from None
    context = raw.get("context_doc_ids")
    for key in ("split", "category"):
        if raw.get(key) is not None and not isinstance(raw[key], str):
            raise InputError(f"{where}: {key}: expected a string, got {raw[key]!r}")
    return Case(
        id=raw["id"],
        question=raw["question"],
        expected=expected,
        reasons=_strings(raw, "reasons", where),
        answers=_strings(raw, "answers", where),
        gold_doc_ids=_strings(raw, "gold_doc_ids", where),
        context_doc_ids=_strings(raw, "context_doc_ids", where) if context is not None else None,
        tenant=principal.get("tenant") or DEFAULT_TENANT,
        groups=frozenset(_strings(principal, "groups", f"{where}: principal")),
        profile=raw.get("profile"),
        as_of=when,
        source=raw.get("source"),
        split=raw.get("split"),
        category=raw.get("category"),
        where=where,
    )


def load_cases(path: Path) -> tuple[tuple[Case, ...], tuple[str, ...]]:
    """The valid cases of a file, and "file:line: problem" for each line left out."""
    cases: list[Case] = []
    skipped: list[str] = []
    first_line: dict[str, int] = {}
    try:
        text = path.read_text(encoding="utf-8-sig")  # a byte-order mark is not part of line 1
    except UnicodeDecodeError as exc:
        raise InputError(f"{path}: not UTF-8 text (byte {exc.start})") from None
    for n, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            case = _case(json.loads(line), f"{path}:{n}")
        except json.JSONDecodeError as exc:
            skipped.append(f"{path}:{n}: not valid JSON ({exc.msg})")
            continue
        except InputError as exc:
            skipped.append(str(exc))
            continue
        if case.id in first_line:
            skipped.append(f"{path}:{n}: duplicate id {case.id!r} (first on line {first_line[case.id]})")
            continue
        first_line[case.id] = n
        cases.append(case)
    return tuple(cases), tuple(skipped)


def without_unknown_profiles(dataset: Dataset, known: tuple[str, ...]) -> Dataset:
    """Cases naming a profile the policy lacks are skipped and reported, like malformed lines."""
    bad = [c for c in dataset.cases if c.profile is not None and c.profile not in known]
    if not bad:
        return dataset
    names = ", ".join(known)
    notes = tuple(
        f"{c.where or f'case {c.id!r}'}: profile: {c.profile!r} is not in the policy (known: {names})" for c in bad
    )
    kept = tuple(c for c in dataset.cases if c not in bad)
    return replace(dataset, cases=kept, skipped=dataset.skipped + notes)


def only_split(dataset: Dataset, split: str) -> Dataset:
    """The cases of one split (`dev`); InputError when no case carries it, naming the splits there are."""
    kept = tuple(c for c in dataset.cases if c.split == split)
    if not kept:
        there = sorted({c.split for c in dataset.cases if c.split is not None})
        named = f"its splits: {', '.join(there)}" if there else "no case names a split"
        raise InputError(f"{dataset.root}: no case in split {split!r} ({named})")
    return replace(dataset, cases=kept)


def fetch_corpus(dataset: Dataset, cache: Path) -> Dataset:
    """The dataset with the pages its `source.toml` names as its corpus, fetched into `cache` if need be."""
    if dataset.source is None:
        return dataset
    folder = corpus_folder(dataset.source, cache)
    return replace(dataset, corpus=(folder,), base_url=dataset.source.base_url)


def open_dataset(root: Path) -> Dataset:
    """Find the corpus, cases and claims of an evaluation folder.

    A folder with a `source.toml` has its source read and checked here, and no corpus until `fetch_corpus`.
    """
    if not root.is_dir():
        raise InputError(f"{root}: not a folder")
    corpus = tuple(p for p in (root / "corpus.jsonl", root / "docs") if p.exists())
    source = read_source(root / SOURCE_FILE) if (root / SOURCE_FILE).exists() else None
    if source is not None and corpus:
        raise InputError(f"{root}: both a {SOURCE_FILE} and a corpus: which one to answer from is not clear")
    cases_path = next((p for p in (root / "cases.jsonl", root / "questions.jsonl") if p.exists()), None)
    claims = root / "claims.jsonl"
    if cases_path is None and not claims.exists():
        raise InputError(f"{root}: no cases.jsonl, questions.jsonl or claims.jsonl")
    if cases_path is not None and not corpus and source is None:
        raise InputError(f"{root}: cases need a corpus.jsonl, a docs/ folder or a {SOURCE_FILE} to answer from")
    cases, skipped = load_cases(cases_path) if cases_path else ((), ())
    if cases_path is not None and not cases and not claims.exists():
        first = f"; the first: {skipped[0]}" if skipped else ""
        raise InputError(f"{cases_path}: no valid case ({len(skipped)} skipped{first})")
    return Dataset(root, corpus, cases, claims if claims.exists() else None, skipped, source)
