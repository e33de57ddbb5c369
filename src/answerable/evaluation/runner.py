"""Run an evaluation folder's cases through the real engine, on an index reused by corpus hash."""

from __future__ import annotations

import json
import math
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from answerable.backends.models.embed import Embedder
from answerable.backends.store.sqlite import SQLiteStore
from answerable.core.errors import InputError
from answerable.core.types import Decision, Principal, Result
from answerable.engine.engine import Engine
from answerable.engine.indexing import ingest
from answerable.evaluation.data import Case, Dataset
from answerable.evaluation.metrics import CaseResult
from answerable.ingest.chunking import ChunkConfig
from answerable.ingest.metadata import Defaults
from answerable.ingest.sections import PARSING

DEFAULT_CACHE = Path(".answerable") / "eval"


def build_index(
    dataset: Dataset,
    embedder: Embedder,
    cache_dir: Path = DEFAULT_CACHE,
    warn: Callable[[str], None] | None = None,
) -> SQLiteStore:
    """The dataset's index, built once per corpus content, embedder, chunking and parsing, then reused.

    It is built under another name and renamed when complete, so an interrupted build is never taken
    for the index. Corpus documents ingest could not use are passed to `warn` (on every run, from a
    list kept beside the index): the cases that need them would otherwise just look unanswerable.
    """
    if not dataset.corpus:
        raise InputError(f"{dataset.root}: no corpus to index (a source.toml's pages are fetched by fetch_corpus)")
    key = dataset.corpus_key(f"{embedder.name}:{embedder.dim}:{ChunkConfig()}:parsing-{PARSING}")
    path = cache_dir / f"{dataset.root.name}-{key}.db"
    skipped_file = path.with_suffix(".skipped.json")
    if not path.exists():
        building = path.with_suffix(".building")
        for leftover in cache_dir.glob(f"{building.name}*"):  # a build that was interrupted, with its WAL
            leftover.unlink()
        store = SQLiteStore(building)
        try:
            report = ingest(dataset.corpus, store, embedder, defaults=Defaults(base_url=dataset.base_url))
        finally:
            store.close()
        skipped_file.write_text(json.dumps([[s.source, s.reason] for s in report.skipped]), encoding="utf-8")
        os.replace(building, path)
    if warn is not None and skipped_file.exists():
        for source, reason in json.loads(skipped_file.read_text(encoding="utf-8")):
            warn(f"corpus: skipped {source}: {reason}")
    return SQLiteStore(path)


def sample(cases: Sequence[Case], limit: int | None) -> list[Case]:
    """Every k-th case, so a limited run still spans the whole file (deterministic)."""
    if limit is not None and limit < 1:
        raise InputError(f"limit: expected at least 1 case, got {limit}")
    if limit is None or limit >= len(cases):
        return list(cases)
    step = math.ceil(len(cases) / limit)
    return list(cases[::step])[:limit]


def case_scores(record: dict[str, Any], decision: Decision) -> dict[str, float]:
    """Confidence of each method for this case, from the same retrieval.

    similarity: the top bi-encoder cosine; rerank: the top reranker probability; gate: the decision
    (answered first) and then the weakest claim's best support, so the curve passes through the gate.
    A claim whose strongest support the second answerability model was asked about counts at the lower of
    the two models' word on it.
    """
    vectors = [h["vector"] for h in record["retrieved"] if h.get("vector") is not None]
    reranks = [p["rerank"] for p in record["reranked"] if p.get("rerank") is not None]
    best: dict[str, float] = {c["id"]: 0.0 for c in record["claims"]}
    for v in record["verdicts"]:
        if v["label"] == "supported" and v["claim_id"] in best:
            best[v["claim_id"]] = max(best[v["claim_id"]], v["strength"])
    # The second model is asked about each claim's strongest support and its rivals (`assess.rivals`, all
    # weaker): the strongest asked is the one whose confirmation decides.
    asked: dict[str, dict[str, Any]] = {}
    for v in record["verdicts"]:
        if v.get("confirmation") is None or v["claim_id"] not in best:
            continue
        held = asked.get(v["claim_id"])
        if held is None or v["strength"] > held["strength"]:
            asked[v["claim_id"]] = v
    for claim_id, v in asked.items():
        best[claim_id] = min(best[claim_id], v["confirmation"])
    support = min(best.values()) if best else 0.0
    answered = decision.status.value in ("answer", "partial")
    return {
        "similarity": max(vectors, default=0.0),
        "rerank": max(reranks, default=0.0),
        "gate": (1.0 if answered else 0.0) + support,
    }


def ask_case(engine: Engine, case: Case, profile: str, doc_ids: Sequence[str] | None = None) -> Result:
    """The engine's result for a case, asked as its principal, profile and date say."""
    return engine.ask(
        case.question,
        Principal(tenant=case.tenant, groups=case.groups, id=f"eval:{case.id}"),
        profile=case.profile or profile,
        as_of=case.as_of,
        doc_ids=doc_ids if doc_ids is not None else case.context_doc_ids,
    )


def run_case(engine: Engine, case: Case, profile: str, doc_ids: Sequence[str] | None = None) -> CaseResult:
    return case_result(case, ask_case(engine, case, profile, doc_ids))


def case_result(case: Case, result: Result) -> CaseResult:
    """What an evaluation keeps of a case's result."""
    decision, record = result.decision, result.record
    return CaseResult(
        id=case.id,
        expected=case.expected,
        status=decision.status.value,
        reason_codes=tuple(str(r) for r in decision.reason_codes),
        answer=decision.answer,
        cited_ids=tuple(c.passage_id for c in decision.citations),
        context_ids=tuple(p["passage_id"] for p in record.get("reranked", [])),
        expected_reasons=case.reasons,
        gold_answers=case.answers,
        scores=case_scores(record, decision) if record else {},
        read_as=record.get("read_as"),
        split=case.split,
        category=case.category,
    )


def run_cases(
    engine: Engine,
    cases: Sequence[Case],
    profile: str = "strict",
    progress: Callable[[int], None] | None = None,
) -> list[CaseResult]:
    results = []
    for i, case in enumerate(cases, start=1):
        results.append(run_case(engine, case, profile))
        if progress:
            progress(i)
    return results
