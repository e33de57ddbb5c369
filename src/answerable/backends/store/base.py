"""The store protocol, the access filter, and what every backend shares (fusion, query terms).

Access control is applied INSIDE each backend's query through `Filter`: a document of another tenant,
one whose groups the principal lacks, or one outside a closed id set is never read, ranked or counted.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from typing import Any, Protocol, runtime_checkable
from urllib.parse import quote

import numpy as np
import numpy.typing as npt

from answerable.backends.store.accounts import Accounts
from answerable.core.errors import InputError, StoreError
from answerable.core.types import DEFAULT_TENANT, Chunk, Document, Passage

RRF_K = 60


@dataclass(frozen=True)
class Filter:
    """Who is asking and what they may see.

    A document with ACL groups is visible only to a principal in one of them; one without groups is
    visible to everyone in its tenant. `doc_ids` closes retrieval to a set of documents; `as_of` hides
    documents whose effective date is later.
    """

    tenant: str = DEFAULT_TENANT
    groups: frozenset[str] = field(default_factory=frozenset)
    doc_ids: frozenset[str] | None = None
    as_of: date | None = None


@dataclass(frozen=True)
class StoreStats:
    documents: int
    chunks: int
    embedder: str | None
    dim: int | None
    tenants: dict[str, int] = field(default_factory=dict)  # documents per tenant
    decisions: int = 0  # records in the decision log
    last_decision_at: str | None = None

    @classmethod
    def read(cls, rows: Callable[[str], Sequence[tuple[Any, ...]]], count_chunks: bool = True) -> StoreStats:
        """The statistics, from a backend's query function (the SQL is the same on both backends)."""
        meta = dict(rows("SELECT key, value FROM meta"))
        decisions, last = rows("SELECT count(*), max(at) FROM decision_log")[0]
        return cls(
            documents=rows("SELECT count(*) FROM documents")[0][0],
            chunks=rows("SELECT count(*) FROM chunks")[0][0] if count_chunks else 0,
            embedder=meta.get("embedder"),
            dim=int(meta["dim"]) if "dim" in meta else None,
            tenants=dict(rows("SELECT tenant, count(*) FROM documents GROUP BY tenant ORDER BY tenant")),
            decisions=decisions,
            last_decision_at=last,
        )


@runtime_checkable
class Retriever(Protocol):
    """What the engine searches: the one method a retrieval backend of your own must implement.

    `search_hybrid` returns the passages the principal of `flt` may read, best first; access control is
    applied inside the search (a filtered-out document is never read, ranked or counted).
    """

    def search_hybrid(self, query: str, vector: npt.NDArray[np.float32], flt: Filter, k: int = 10) -> list[Passage]:
        """Passages for `query` (and its embedding `vector`) that `flt` lets its principal read, best first."""
        ...


@runtime_checkable
class DecisionLog(Protocol):
    """The durable log of every decision, with everything that went into it."""

    def append_log(self, decision_id: str, at: str, record: dict[str, Any]) -> None:
        """Append one decision record to the durable decision log (same database as the index)."""
        ...

    def read_log(self, last: int | None = None, since: str | None = None) -> list[dict[str, Any]]:
        """Decision records, oldest first: the `last` N, at or after `since` (ISO time), or all."""
        ...

    def read_decision(self, decision_id: str) -> dict[str, Any] | None:
        """The latest logged record of a decision (the id `ask` prints), or None.

        Ids are content hashes (the same evidence under the same profile on the same day gives the same
        id), so a question asked twice has two records under one id; the latest is the one returned.
        """
        ...


@runtime_checkable
class Index(Retriever, Protocol):
    """An index of documents: writes, reads by id, the three searches, and its housekeeping."""

    url: str  # as it may be shown: never with a password (`answerable.backends.store.url.redact_url`)

    def upsert(
        self, document: Document, chunks: Sequence[Chunk], vectors: npt.NDArray[np.float32], doc_hash: str
    ) -> None:
        """Replace the document and all its chunks in one transaction: all of it lands, or none."""
        ...

    def delete(self, tenant: str, document_id: str) -> bool:
        """Remove a document and its chunks; False if it was not there."""
        ...

    def document_hash(self, tenant: str, document_id: str) -> str | None:
        """The stored hash of a document's content and metadata, to skip unchanged documents."""
        ...

    def document_ids(self, tenant: str) -> list[str]:
        """The ids of a tenant's documents, sorted (what `ingest --prune` compares a run against)."""
        ...

    def tenants_of(self, document_id: str) -> list[str]:
        """The tenants holding a document with this id, sorted (an operator's view, for ingest's notes)."""
        ...

    def vectors_for_hashes(self, hashes: Sequence[str]) -> dict[str, npt.NDArray[np.float32]]:
        """Stored vectors by chunk content hash, so unchanged chunks are never embedded again."""
        ...

    def get(self, ids: Sequence[str], flt: Filter) -> list[Passage]:
        """Passages by chunk id, in the order asked, leaving out any the filter hides."""
        ...

    def search_bm25(self, query: str, flt: Filter, k: int = 10) -> list[Passage]: ...

    def search_vector(self, vector: npt.NDArray[np.float32], flt: Filter, k: int = 10) -> list[Passage]: ...

    def check_embedder(self, name: str, dim: int) -> None:
        """Record the embedder on first write; refuse a different one later (vectors would not compare)."""
        ...

    def stats(self) -> StoreStats: ...

    def integrity_check(self) -> list[str]:
        """Problems found in the stored data; empty when sound."""
        ...

    def close(self) -> None: ...


class Store(Index, DecisionLog, Protocol):
    """An index with its decision log and the service's accounts in one database: what the built-in SQLite
    and PostgreSQL backends are. `answerable.backends.store.testing` holds every backend to one behaviour."""

    def accounts(self) -> Accounts:
        """The service's API keys, feedback and tickets, in the same database (`backends.store.accounts`)."""
        ...


def section_url(url: str | None, anchor: str | None) -> str | None:
    """A passage's address: its page's URL and, when the page has none of its own, its section's fragment
    (`https://docs.example.com/api/keys#rotating-a-key`)."""
    if not url or not anchor or "#" in url:
        return url
    return f"{url}#{quote(anchor, safe='-_.~:')}"


def rrf(rankings: Sequence[Sequence[str]], k: int = RRF_K) -> list[tuple[str, float]]:
    """Reciprocal rank fusion (Cormack, Clarke & Buettcher 2009): score = sum of 1 / (k + rank)."""
    scores: dict[str, float] = {}
    for ranking in rankings:
        for rank, key in enumerate(ranking, start=1):
            scores[key] = scores.get(key, 0.0) + 1.0 / (k + rank)
    return sorted(scores.items(), key=lambda item: (-item[1], item[0]))


def fuse(bm25: list[Passage], vector: list[Passage], k: int) -> list[Passage]:
    """Hybrid ranking from two already-filtered lists, keeping each passage's stage scores."""
    by_id: dict[str, Passage] = {}
    for p in vector:
        by_id[p.id] = p
    for p in bm25:
        if p.id in by_id:
            by_id[p.id] = replace(by_id[p.id], scores=replace(by_id[p.id].scores, bm25=p.scores.bm25))
        else:
            by_id[p.id] = p
    fused = rrf([[p.id for p in bm25], [p.id for p in vector]])[:k]
    return [replace(by_id[pid], scores=replace(by_id[pid].scores, fused=score)) for pid, score in fused]


def embedder_mismatch(where: str, stored: dict[str, str], name: str, dim: int) -> StoreError | None:
    """The error for a store built with another embedder (its vectors would not compare), else None."""
    if stored.get("embedder") == name and stored.get("dim") == str(dim):
        return None
    return StoreError(
        f"{where} was built with embedder {stored.get('embedder')} (dim {stored.get('dim')}); "
        f"it cannot be searched or extended with {name} (dim {dim}). Use a new store or re-ingest."
    )


def check_k(k: int, what: str = "passage") -> int:
    """A search (or a log read) asks for at least one row: SQL would read a negative LIMIT as no limit."""
    if k < 1:
        raise InputError(f"k: expected at least 1 {what}, got {k}")
    return k


def candidates(k: int) -> int:
    """How many each list contributes to fusion."""
    return max(4 * k, 40)
