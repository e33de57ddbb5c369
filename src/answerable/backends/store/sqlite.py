"""The default store: one SQLite file (WAL) with FTS5 for BM25 and sqlite-vec for vectors, through apsw.

The stock `sqlite3` module cannot load extensions here, so apsw is used. BM25 queries are driven from
the FTS5 table and joined to the access filter, which is orders of magnitude faster than filtering first.
Vector search computes exact cosine distance (sqlite-vec) over the rows the filter admits.
"""

from __future__ import annotations

import functools
import hashlib
import json
import math
import re
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace
from datetime import date
from pathlib import Path
from typing import Any, TypeVar

import numpy as np
import numpy.typing as npt

from answerable.backends.store.accounts import MIGRATION as ACCOUNTS_MIGRATION
from answerable.backends.store.accounts import SQLITE, Accounts
from answerable.backends.store.base import (
    Filter,
    StoreStats,
    candidates,
    check_k,
    embedder_mismatch,
    rrf,
    section_url,
)
from answerable.core.errors import StoreError
from answerable.core.types import Chunk, Document, Passage, Scores, TrustTier, embedding_text
from answerable.text.words import query_terms


@functools.cache
def _blas() -> Any:
    from threadpoolctl import ThreadpoolController  # type: ignore[import-untyped]

    return ThreadpoolController()


def _one_blas_thread() -> Any:
    """Run numpy's BLAS on one thread for the block.

    OpenBLAS workers spin for a while after each call, and on a small machine they take the cores the
    reranker's forward pass needs next, and slow it by more than the second thread saves on the scan
    (bench/ask.py).
    """
    return _blas().limit(limits=1, user_api="blas")


MIGRATIONS: tuple[tuple[str, str], ...] = (
    (
        "m001_documents_chunks",
        """
        CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
        CREATE TABLE documents(
            rowid INTEGER PRIMARY KEY,
            tenant TEXT NOT NULL,
            id TEXT NOT NULL,
            title TEXT NOT NULL,
            url TEXT, owner TEXT, updated_at TEXT, effective_date TEXT, trust TEXT, source_kind TEXT,
            acl_json TEXT NOT NULL,
            public INTEGER NOT NULL,
            supersedes_json TEXT NOT NULL,
            extra_json TEXT NOT NULL,
            doc_hash TEXT NOT NULL,
            UNIQUE(tenant, id)
        );
        CREATE TABLE doc_acl(
            doc INTEGER NOT NULL REFERENCES documents(rowid) ON DELETE CASCADE,
            grp TEXT NOT NULL,
            PRIMARY KEY(doc, grp)
        ) WITHOUT ROWID;
        CREATE TABLE doc_supersedes(
            doc INTEGER NOT NULL REFERENCES documents(rowid) ON DELETE CASCADE,
            target TEXT NOT NULL,
            PRIMARY KEY(doc, target)
        ) WITHOUT ROWID;
        CREATE INDEX doc_supersedes_target ON doc_supersedes(target);
        CREATE TABLE chunks(
            rowid INTEGER PRIMARY KEY,
            doc INTEGER NOT NULL REFERENCES documents(rowid) ON DELETE CASCADE,
            id TEXT NOT NULL,
            n INTEGER NOT NULL,
            text TEXT NOT NULL,
            heading_json TEXT NOT NULL,
            content_hash TEXT NOT NULL,
            UNIQUE(doc, n)
        );
        -- Vectors live apart from text: narrow rows make the filtered distance scan read far fewer pages.
        CREATE TABLE chunk_vectors(
            rowid INTEGER PRIMARY KEY REFERENCES chunks(rowid) ON DELETE CASCADE,
            embedding BLOB NOT NULL
        );
        CREATE INDEX chunks_id ON chunks(id);
        CREATE INDEX chunks_hash ON chunks(content_hash);
        -- `scope` holds one token per tenant, so the tenant filter is part of the full-text match (bm25()'s
        -- statistics still cover the whole table: `search_bm25` uses the principal's own).
        CREATE VIRTUAL TABLE chunks_fts USING fts5(
            body, scope, content='', contentless_delete=1, tokenize='porter unicode61 remove_diacritics 2'
        );
        """,
    ),
    (
        "m002_decision_log",
        """
        CREATE TABLE decision_log(
            seq INTEGER PRIMARY KEY,
            decision_id TEXT NOT NULL,
            at TEXT NOT NULL,
            record TEXT NOT NULL
        );
        CREATE INDEX decision_log_at ON decision_log(at);
        """,
    ),
    ("m003_decision_log_id", "CREATE INDEX decision_log_id ON decision_log(decision_id);"),
    # Each chunk's full-text length (tokens of all columns, as bm25() counts them), so a principal's average
    # length is a sum over the rows it may read. Filled for older stores when they are opened.
    ("m004_chunk_tokens", "ALTER TABLE chunks ADD COLUMN n_tokens INTEGER;"),
    # Chunks written before it have none until their page is ingested again (its document hash now covers
    # anchors, so the next ingest rewrites every page once, reusing the stored vectors).
    ("m005_chunk_anchor", "ALTER TABLE chunks ADD COLUMN anchor TEXT;"),
    ACCOUNTS_MIGRATION,
)

# `%(name)s`, the parameters of the SQL both backends share, as SQLite names them (`:name`).
_NAMED = re.compile(r"%\((\w+)\)s")

# FTS5's bm25() constants (fts5_aux.c), kept so that a principal's score equals bm25() over its own rows.
_K1, _B = 1.2, 0.75

_PASSAGE_COLUMNS = (
    "c.rowid, c.id, c.text, c.heading_json, d.id, d.title, d.url, d.owner, d.updated_at, d.effective_date, "
    "d.trust, d.source_kind, d.acl_json, d.tenant, d.supersedes_json, c.anchor"
)


def _filter_sql(flt: Filter) -> tuple[str, dict[str, Any]]:
    clauses = [
        "d.tenant = :tenant",
        "(d.public = 1 OR EXISTS (SELECT 1 FROM doc_acl a WHERE a.doc = d.rowid "
        "AND a.grp IN (SELECT value FROM json_each(:groups))))",
    ]
    params: dict[str, Any] = {"tenant": flt.tenant, "groups": json.dumps(sorted(flt.groups))}
    if flt.doc_ids is not None:
        clauses.append("d.id IN (SELECT value FROM json_each(:doc_ids))")
        params["doc_ids"] = json.dumps(sorted(flt.doc_ids))
    if flt.as_of is not None:
        clauses.append("(d.effective_date IS NULL OR d.effective_date <= :as_of)")
        params["as_of"] = flt.as_of.isoformat()
    return " AND ".join(clauses), params


T = TypeVar("T")

# Tenants whose vectors stay in memory at once (per store object).
VECTOR_CACHE_TENANTS = 8


def _cached(cache: OrderedDict[tuple[str, ...], T], key: tuple[str, ...], size: int, compute: Callable[[], T]) -> T:
    """`cache[key]`, computed on a miss; the oldest entries go beyond `size` (keys carry the write stamp)."""
    if key not in cache:
        cache[key] = compute()
        while len(cache) > size:
            cache.popitem(last=False)
    return cache[key]


def _idf(rows: int, holding: int) -> float:
    """FTS5's bm25() IDF: never under 1e-6, so a term in most rows still counts a little."""
    return max(1e-6, math.log((rows - holding + 0.5) / (holding + 0.5)))


def scope_token(tenant: str) -> str:
    """One full-text token per tenant (digits only, so no tokenizer or stemmer alters it)."""
    return "t" + str(int(hashlib.sha256(tenant.encode("utf-8")).hexdigest()[:15], 16))


def _date(text: str | None) -> date | None:
    return date.fromisoformat(text) if text else None


class SQLiteStore:
    """A store in one SQLite file. Safe to use from one process at a time per connection."""

    def __init__(self, path: str | Path, vector_cache: bool = True, create: bool = True) -> None:
        import apsw
        import sqlite_vec

        self.path = Path(path)
        # Per tenant: (stamp, rowids sorted, unit vectors as rows). The exact vector search reads this matrix
        # instead of every row's blob through SQL: ~10x faster at 100k rows. The stamp is the `vectors`
        # counter in `meta`, which every upsert and delete bumps in its own transaction (from any process),
        # so a matrix is never older than the file, and decision-log writes do not invalidate it.
        self._vector_cache = vector_cache
        self._vectors: OrderedDict[str, tuple[str, npt.NDArray[np.int64], npt.NDArray[np.float32]]] = OrderedDict()
        self.url = f"sqlite:///{self.path}"
        self._apsw = apsw
        self._lock = threading.RLock()
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.conn = apsw.Connection(str(self.path))
            self.conn.enable_load_extension(True)
            self.conn.load_extension(sqlite_vec.loadable_path())
            self.conn.enable_load_extension(False)
            self.conn.set_busy_timeout(10_000)
            # bm25() over the rows a principal may read (see `search_bm25`): its statistics are set for
            # each query, under the lock, before the query that calls it.
            self._bm25_stats: tuple[list[float], float] = ([], 1.0)
            self._visible_stats: OrderedDict[tuple[str, ...], tuple[int, float, bool]] = OrderedDict()
            self._visible_df: OrderedDict[tuple[str, ...], int] = OrderedDict()
            if not create and not self._rows("SELECT 1 FROM sqlite_master WHERE name = 'migrations'"):
                # an empty file, or another application's database: never write our tables into it
                self.conn.close()
                raise StoreError(
                    f"no index at {self.path}: the file holds none; build one with "
                    f"`answerable ingest DOCS --store {self.url}` (or name another file)"
                )
            self.conn.execute("PRAGMA journal_mode=WAL")
            self.conn.execute("PRAGMA synchronous=NORMAL")
            self.conn.execute("PRAGMA foreign_keys=ON")
            # registered once the file is known to be a database (FTS5's API is asked for through it)
            self.conn.register_fts5_function("answerable_size", lambda api, *_: api.column_size(-1))
            self.conn.register_fts5_function("answerable_bm25", self._principal_bm25)
            self._migrate()
        except apsw.Error as exc:
            raise StoreError(f"cannot open SQLite store {self.path}: {exc}") from exc

    # --- plumbing -----------------------------------------------------------------------------------

    @contextmanager
    def _errors(self, what: str) -> Iterator[None]:
        try:
            with self._lock:
                yield
        except self._apsw.Error as exc:
            raise StoreError(f"{what} failed on {self.path}: {exc}") from exc

    def _migrate(self) -> None:
        self.conn.execute("CREATE TABLE IF NOT EXISTS migrations(name TEXT PRIMARY KEY, applied_at TEXT)")
        done = {row[0] for row in self.conn.execute("SELECT name FROM migrations")}
        for name, sql in MIGRATIONS:
            if name in done:
                continue
            with self.conn:
                self.conn.execute(sql)
                if name == "m004_chunk_tokens":  # the lengths of chunks written before they were kept
                    for (rowid,) in self._rows("SELECT rowid FROM chunks"):
                        self._store_token_count(rowid)
                self.conn.execute("INSERT INTO migrations(name, applied_at) VALUES (?, datetime('now'))", (name,))

    def _store_token_count(self, rowid: int) -> None:
        self.conn.execute(
            "UPDATE chunks SET n_tokens = "
            "(SELECT answerable_size(chunks_fts) FROM chunks_fts WHERE rowid = :r) WHERE rowid = :r",
            {"r": rowid},
        )

    def _rows(self, sql: str, params: dict[str, Any] | Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        return list(self.conn.execute(sql, params))

    # --- writes -------------------------------------------------------------------------------------

    def check_embedder(self, name: str, dim: int) -> None:
        with self._errors("recording the embedder"):
            stored = dict(self._rows("SELECT key, value FROM meta WHERE key IN ('embedder', 'dim')"))
            if not stored:
                with self.conn:
                    self.conn.execute("INSERT INTO meta VALUES ('embedder', ?), ('dim', ?)", (name, str(dim)))
                return
        error = embedder_mismatch(f"{self.path}", stored, name, dim)
        if error is not None:
            raise error

    def upsert(
        self, document: Document, chunks: Sequence[Chunk], vectors: npt.NDArray[np.float32], doc_hash: str
    ) -> None:
        if len(chunks) != len(vectors):
            raise StoreError(f"{document.id}: {len(chunks)} chunks but {len(vectors)} vectors")
        with self._errors(f"writing {document.id}"), self.conn:
            self._bump_vectors()
            self._delete(document.tenant, document.id)
            self.conn.execute(
                "INSERT INTO documents(tenant, id, title, url, owner, updated_at, effective_date, trust, "
                "source_kind, acl_json, public, supersedes_json, extra_json, doc_hash) "
                "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                (
                    document.tenant,
                    document.id,
                    document.title,
                    document.url,
                    document.owner,
                    document.updated_at.isoformat() if document.updated_at else None,
                    document.effective_date.isoformat() if document.effective_date else None,
                    str(document.trust) if document.trust else None,
                    document.source_kind,
                    json.dumps(list(document.acl)),
                    0 if document.acl else 1,
                    json.dumps(list(document.supersedes)),
                    json.dumps(dict(document.extra)),
                    doc_hash,
                ),
            )
            doc = self.conn.last_insert_rowid()
            self.conn.executemany("INSERT INTO doc_acl VALUES (?, ?)", [(doc, g) for g in document.acl])
            self.conn.executemany("INSERT INTO doc_supersedes VALUES (?, ?)", [(doc, t) for t in document.supersedes])
            for chunk, vector in zip(chunks, vectors, strict=True):
                self.conn.execute(
                    "INSERT INTO chunks(doc, id, n, text, heading_json, content_hash, anchor) VALUES (?,?,?,?,?,?,?)",
                    (
                        doc,
                        chunk.id,
                        chunk.n,
                        chunk.text,
                        json.dumps(list(chunk.heading_path)),
                        chunk.content_hash,
                        chunk.anchor,
                    ),
                )
                rowid = self.conn.last_insert_rowid()
                self.conn.execute(
                    "INSERT INTO chunk_vectors(rowid, embedding) VALUES (?, ?)",
                    (rowid, np.asarray(vector, dtype=np.float32).tobytes()),
                )
                self.conn.execute(
                    "INSERT INTO chunks_fts(rowid, body, scope) VALUES (?, ?, ?)",
                    (
                        rowid,
                        embedding_text(document.title, chunk.heading_path, chunk.text),
                        scope_token(document.tenant),
                    ),
                )
                self._store_token_count(rowid)

    def _delete(self, tenant: str, document_id: str) -> bool:
        rows = self._rows("SELECT rowid FROM documents WHERE tenant = ? AND id = ?", (tenant, document_id))
        if not rows:
            return False
        doc = rows[0][0]
        self.conn.execute("DELETE FROM chunks_fts WHERE rowid IN (SELECT rowid FROM chunks WHERE doc = ?)", (doc,))
        self.conn.execute("DELETE FROM documents WHERE rowid = ?", (doc,))
        return True

    def delete(self, tenant: str, document_id: str) -> bool:
        with self._errors(f"deleting {document_id}"), self.conn:
            self._bump_vectors()
            deleted = self._delete(tenant, document_id)
        return deleted

    # --- reads --------------------------------------------------------------------------------------

    def document_hash(self, tenant: str, document_id: str) -> str | None:
        with self._errors("reading a document hash"):
            rows = self._rows("SELECT doc_hash FROM documents WHERE tenant = ? AND id = ?", (tenant, document_id))
        return rows[0][0] if rows else None

    def document_ids(self, tenant: str) -> list[str]:
        with self._errors("listing documents"):
            return [r[0] for r in self._rows("SELECT id FROM documents WHERE tenant = ? ORDER BY id", (tenant,))]

    def tenants_of(self, document_id: str) -> list[str]:
        with self._errors("listing a document's tenants"):
            rows = self._rows("SELECT tenant FROM documents WHERE id = ? ORDER BY tenant", (document_id,))
        return [r[0] for r in rows]

    def vectors_for_hashes(self, hashes: Sequence[str]) -> dict[str, npt.NDArray[np.float32]]:
        if not hashes:
            return {}
        with self._errors("reading stored vectors"):
            rows = self._rows(
                "SELECT c.content_hash, v.embedding FROM chunks c JOIN chunk_vectors v ON v.rowid = c.rowid "
                "WHERE c.content_hash IN (SELECT value FROM json_each(?))",
                (json.dumps(list(hashes)),),
            )
        return {h: np.frombuffer(blob, dtype=np.float32) for h, blob in rows}

    def _passages(self, rowids: Sequence[int], flt: Filter) -> dict[int, Passage]:
        if not rowids:
            return {}
        where, params = _filter_sql(flt)
        params["rowids"] = json.dumps(list(rowids))
        rows = self._rows(
            f"SELECT {_PASSAGE_COLUMNS} FROM chunks c CROSS JOIN documents d ON d.rowid = c.doc "
            f"WHERE c.rowid IN (SELECT value FROM json_each(:rowids)) AND {where}",
            params,
        )
        superseded = self._superseded_by({r[4] for r in rows}, flt)
        return {r[0]: self._passage(r, superseded.get(r[4], ())) for r in rows}

    def _superseded_by(self, doc_ids: set[str], flt: Filter) -> dict[str, tuple[str, ...]]:
        """Visible documents that name these as superseded; a hidden replacement is never revealed."""
        if not doc_ids:
            return {}
        where, params = _filter_sql(replace_doc_ids(flt))
        params["targets"] = json.dumps(sorted(doc_ids))
        out: dict[str, list[str]] = {}
        for target, newer in self._rows(
            "SELECT s.target, d.id FROM doc_supersedes s CROSS JOIN documents d ON d.rowid = s.doc "
            f"WHERE s.target IN (SELECT value FROM json_each(:targets)) AND {where} ORDER BY d.id",
            params,
        ):
            out.setdefault(target, []).append(newer)
        return {k: tuple(v) for k, v in out.items()}

    @staticmethod
    def _passage(r: tuple[Any, ...], superseded_by: tuple[str, ...], scores: Scores | None = None) -> Passage:
        return Passage(
            id=r[1],
            document_id=r[4],
            text=r[2],
            title=r[5],
            url=section_url(r[6], r[15]),
            owner=r[7],
            updated_at=_date(r[8]),
            effective_date=_date(r[9]),
            trust=TrustTier(r[10]) if r[10] else None,
            source_kind=r[11],
            acl=tuple(json.loads(r[12])),
            tenant=r[13],
            supersedes=tuple(json.loads(r[14])),
            superseded_by=superseded_by,
            heading_path=tuple(json.loads(r[3])),
            scores=scores or Scores(),
        )

    def get(self, ids: Sequence[str], flt: Filter) -> list[Passage]:
        if not ids:
            return []
        with self._errors("reading passages"):
            where, params = _filter_sql(flt)
            params["ids"] = json.dumps(list(ids))
            rowids = [
                r[0]
                for r in self._rows(
                    "SELECT c.rowid FROM chunks c CROSS JOIN documents d ON d.rowid = c.doc "
                    f"WHERE c.id IN (SELECT value FROM json_each(:ids)) AND {where}",
                    params,
                )
            ]
            by_rowid = self._passages(rowids, flt)
        by_id = {p.id: p for p in by_rowid.values()}
        return [by_id[i] for i in dict.fromkeys(ids) if i in by_id]

    def search_bm25(self, query: str, flt: Filter, k: int = 10) -> list[Passage]:
        """BM25 over the rows the principal may read, with term statistics from those rows alone.

        FTS5's bm25() takes its statistics (rows, rows holding a term, average length) from the whole
        table, so another tenant's pages, or pages of a group the principal is not in, would move a
        readable passage's score and rank, and its figure would tell how often a word occurs in them.
        When the principal may read every row, bm25() is exact and runs as it is; otherwise the same
        formula is computed by `answerable_bm25` from the principal's own counts (cached until the next
        write). The statistics cover what the principal may read; `doc_ids` and `as_of` narrow the
        results, not the statistics, as a search within a set of pages does.
        """
        check_k(k)
        with self._errors("BM25 search"):
            hits = self._bm25_hits(query, flt, k)
            found = self._passages([rowid for rowid, _ in hits], flt)
        return [_with(found[rowid], bm25=score) for rowid, score in hits if rowid in found]

    def _bm25_hits(self, query: str, flt: Filter, k: int) -> list[tuple[int, float]]:
        """The top-k (rowid, BM25 score) among the rows the filter lets through, best first."""
        terms = query_terms(query)
        if not terms:
            return []
        words = " OR ".join(f'"{t}"' for t in terms)
        match = f'body : ({words}) AND scope : "{scope_token(flt.tenant)}"'
        where, params = _filter_sql(flt)
        params.update(match=match, k=k)
        stamp = self._stamp()
        rows, average, whole = self._visible_counts(flt, stamp)
        if not rows:
            return []
        scorer = "bm25(chunks_fts, 1.0, 0.0)"
        if not whole:
            idf = [_idf(rows, self._visible_rows_with(flt, stamp, term)) for term in terms]
            self._bm25_stats = (idf, average)
            scorer = "answerable_bm25(chunks_fts)"
        return [
            (int(rowid), -float(score))
            for rowid, score in self._rows(
                f"SELECT f.rowid, {scorer} AS s FROM chunks_fts f "
                "CROSS JOIN chunks c ON c.rowid = f.rowid CROSS JOIN documents d ON d.rowid = c.doc "
                f"WHERE chunks_fts MATCH :match AND {where} ORDER BY s LIMIT :k",
                params,
            )
        ]

    def _principal_bm25(self, api: Any, *_: Any) -> float:
        """bm25() of one row (FTS5's formula, body weight 1, scope 0) under `self._bm25_stats`."""
        idf, average = self._bm25_stats
        norm = _K1 * (1 - _B + _B * api.column_size(-1) / average)
        score = 0.0
        for phrase, weight in enumerate(idf):  # the body terms come first in the match, the scope last
            tf = len(api.phrase_locations(phrase)[0])
            if tf:
                score += weight * tf * (_K1 + 1) / (tf + norm)
        return -score

    def _visible_counts(self, flt: Filter, stamp: str) -> tuple[int, float, bool]:
        """(rows the principal may read, their average length, whether that is every row of the table)."""

        def count() -> tuple[int, float, bool]:
            where, params = _filter_sql(Filter(tenant=flt.tenant, groups=flt.groups))
            ((rows, tokens),) = self._rows(
                "SELECT count(*), coalesce(sum(c.n_tokens), 0) FROM chunks c "
                f"CROSS JOIN documents d ON d.rowid = c.doc WHERE {where}",
                params,
            )
            (total,) = self._rows("SELECT count(*) FROM chunks")[0]
            return int(rows), tokens / rows if rows else 1.0, rows == total

        return _cached(self._visible_stats, (stamp, flt.tenant, *sorted(flt.groups)), 64, count)

    def _visible_rows_with(self, flt: Filter, stamp: str, term: str) -> int:
        """How many rows the principal may read hold `term` in their body."""

        def count() -> int:
            where, params = _filter_sql(Filter(tenant=flt.tenant, groups=flt.groups))
            params["match"] = f'body : "{term}" AND scope : "{scope_token(flt.tenant)}"'
            ((n,),) = self._rows(
                "SELECT count(*) FROM chunks_fts f CROSS JOIN chunks c ON c.rowid = f.rowid "
                f"CROSS JOIN documents d ON d.rowid = c.doc WHERE chunks_fts MATCH :match AND {where}",
                params,
            )
            return int(n)

        return _cached(self._visible_df, (stamp, term, flt.tenant, *sorted(flt.groups)), 4096, count)

    def search_vector(self, vector: npt.NDArray[np.float32], flt: Filter, k: int = 10) -> list[Passage]:
        check_k(k)
        with self._errors("vector search"):
            hits = self._vector_hits(np.asarray(vector, dtype=np.float32), flt, k)
            found = self._passages([h[0] for h in hits], flt)
        return [_with(found[rowid], vector=sim) for rowid, sim in hits if rowid in found]

    def _vector_hits(self, vector: npt.NDArray[np.float32], flt: Filter, k: int) -> list[tuple[int, float]]:
        """The exact top-k (rowid, cosine) among the rows the filter lets through."""
        if not self._vector_cache:
            where, params = _filter_sql(flt)
            params.update(v=vector.tobytes(), k=k)
            rows = self._rows(
                "SELECT c.rowid, vec_distance_cosine(v.embedding, :v) AS dist FROM chunks c "
                "JOIN chunk_vectors v ON v.rowid = c.rowid "
                f"JOIN documents d ON d.rowid = c.doc WHERE {where} ORDER BY dist LIMIT :k",
                params,
            )
            return [(int(r), 1.0 - float(d)) for r, d in rows]
        rowids, matrix = self._tenant_vectors(flt.tenant)
        if not len(rowids):
            return []
        norm = float(np.linalg.norm(vector))
        query = vector / norm if norm > 0 else vector
        with _one_blas_thread():
            sims = matrix @ query
        n = len(rowids)
        if flt.doc_ids is None:
            # The best rows of the tenant first: when the filter (ACL, as-of) keeps k of them, they are the
            # exact answer, checked with one small SQL query.
            take = min(n, max(8 * k, 256))
            top = np.argpartition(-sims, take - 1)[:take] if take < n else np.arange(n)
            top = top[np.argsort(-sims[top], kind="stable")]
            visible = self._visible([int(rowids[i]) for i in top], flt)
            hits = [(int(rowids[i]), float(sims[i])) for i in top if int(rowids[i]) in visible]
            if len(hits) >= k or take >= n:
                return hits[:k]
        # The filter keeps few rows (a closed set, or a principal who reads little): rank exactly those.
        allowed = np.array(sorted(self._visible_in_filter(flt)), dtype=np.int64)
        idx = np.searchsorted(rowids, allowed)
        idx = idx[(idx < n) & (rowids[np.minimum(idx, n - 1)] == allowed)]
        order = idx[np.argsort(-sims[idx], kind="stable")][:k]
        return [(int(rowids[i]), float(sims[i])) for i in order]

    def _bump_vectors(self) -> None:
        self.conn.execute(
            "INSERT INTO meta(key, value) VALUES ('vectors', '1') "
            "ON CONFLICT(key) DO UPDATE SET value = CAST(value AS INTEGER) + 1"
        )

    def _stamp(self) -> str:
        rows = self._rows("SELECT value FROM meta WHERE key = 'vectors'")
        return str(rows[0][0]) if rows else "0"

    def _tenant_vectors(self, tenant: str) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float32]]:
        stamp = self._stamp()
        cached = self._vectors.get(tenant)
        if cached is not None and cached[0] == stamp:
            self._vectors.move_to_end(tenant)
            return cached[1], cached[2]
        rows = self._rows(
            "SELECT c.rowid, v.embedding FROM chunks c JOIN documents d ON d.rowid = c.doc "
            "JOIN chunk_vectors v ON v.rowid = c.rowid WHERE d.tenant = ? ORDER BY c.rowid",
            (tenant,),
        )
        rowids = np.array([r[0] for r in rows], dtype=np.int64)
        if rows:
            matrix = np.frombuffer(b"".join(r[1] for r in rows), dtype=np.float32).reshape(len(rows), -1).copy()
            norms = np.linalg.norm(matrix, axis=1, keepdims=True)
            matrix /= np.where(norms > 0, norms, 1.0)
        else:
            matrix = np.zeros((0, 0), dtype=np.float32)
        self._vectors[tenant] = (stamp, rowids, matrix)
        self._vectors.move_to_end(tenant)
        while len(self._vectors) > VECTOR_CACHE_TENANTS:  # the least recently searched tenant goes first
            self._vectors.popitem(last=False)
        return rowids, matrix

    def _visible(self, rowids: Sequence[int], flt: Filter) -> set[int]:
        where, params = _filter_sql(flt)
        params["rowids"] = json.dumps(list(rowids))
        return {
            r[0]
            for r in self._rows(
                "SELECT c.rowid FROM chunks c CROSS JOIN documents d ON d.rowid = c.doc "
                f"WHERE c.rowid IN (SELECT value FROM json_each(:rowids)) AND {where}",
                params,
            )
        }

    def _visible_in_filter(self, flt: Filter) -> set[int]:
        where, params = _filter_sql(flt)
        return {
            r[0]
            for r in self._rows(
                f"SELECT c.rowid FROM chunks c JOIN documents d ON d.rowid = c.doc WHERE {where}", params
            )
        }

    def search_hybrid(self, query: str, vector: npt.NDArray[np.float32], flt: Filter, k: int = 10) -> list[Passage]:
        """`fuse` of the BM25 and vector lists, with only the fused top k read in full.

        The two lists are fused by rank on (rowid, chunk id) alone, so the 4k candidates of each list that
        fusion drops are never read or built as passages (the same result as `fuse` of `search_bm25` and
        `search_vector`, in about two thirds of the time; docs/research/latency.md).
        """
        check_k(k)
        n = candidates(k)
        with self._errors("hybrid search"):
            bm25 = dict(self._bm25_hits(query, flt, n))
            near = dict(self._vector_hits(np.asarray(vector, dtype=np.float32), flt, n))
            ids = self._chunk_ids([*bm25, *near])
            fused = rrf([[ids[r] for r in bm25], [ids[r] for r in near]])[:k]
            rowid_of = {pid: r for r, pid in ids.items()}
            kept = [(rowid_of[pid], score) for pid, score in fused]
            found = self._passages([r for r, _ in kept], flt)
        return [
            replace(found[r], scores=Scores(bm25=bm25.get(r), vector=near.get(r), fused=score))
            for r, score in kept
            if r in found
        ]

    def _chunk_ids(self, rowids: Sequence[int]) -> dict[int, str]:
        if not rowids:
            return {}
        rows = self._rows(
            "SELECT rowid, id FROM chunks WHERE rowid IN (SELECT value FROM json_each(?))", (json.dumps(list(rowids)),)
        )
        return {int(r): str(i) for r, i in rows}

    def append_log(self, decision_id: str, at: str, record: dict[str, Any]) -> None:
        with self._errors("writing the decision log"), self.conn:
            self.conn.execute(
                "INSERT INTO decision_log(decision_id, at, record) VALUES (?, ?, ?)",
                (decision_id, at, json.dumps(record, ensure_ascii=False, sort_keys=True)),
            )

    def read_log(self, last: int | None = None, since: str | None = None) -> list[dict[str, Any]]:
        if last is not None:
            check_k(last, "record")
        with self._errors("reading the decision log"):
            rows = self._rows(
                "SELECT record FROM (SELECT seq, record FROM decision_log WHERE at >= ? ORDER BY seq DESC LIMIT ?) "
                "ORDER BY seq",
                (since or "", last if last is not None else -1),
            )
        return [json.loads(r[0]) for r in rows]

    def read_decision(self, decision_id: str) -> dict[str, Any] | None:
        with self._errors("reading the decision log"):
            rows = self._rows(
                "SELECT record FROM decision_log WHERE decision_id = ? ORDER BY seq DESC LIMIT 1", (decision_id,)
            )
        return dict(json.loads(rows[0][0])) if rows else None

    def accounts(self) -> Accounts:
        """The service's keys, feedback and tickets, in this file."""
        return Accounts(self._run_named, SQLITE)

    def _run_named(self, sql: str, params: dict[str, Any]) -> list[tuple[Any, ...]]:
        with self._errors("the service tables"):
            return self._rows(_NAMED.sub(r":\1", sql), params)

    def stats(self) -> StoreStats:
        with self._errors("reading stats"):
            return StoreStats.read(self._rows)

    def integrity_check(self) -> list[str]:
        with self._errors("integrity check"):
            problems = [r[0] for r in self._rows("PRAGMA integrity_check") if r[0] != "ok"]
            problems += [f"foreign key: {r}" for r in self._rows("PRAGMA foreign_key_check")]
            chunks = self._rows("SELECT count(*) FROM chunks")[0][0]
            fts = self._rows("SELECT count(*) FROM chunks_fts")[0][0]
            vectors = self._rows("SELECT count(*) FROM chunk_vectors")[0][0]
            if not chunks == fts == vectors:
                problems.append(f"{chunks} chunks but {fts} full-text rows and {vectors} vectors")
            gaps = self._rows(
                "SELECT d.id FROM documents d JOIN chunks c ON c.doc = d.rowid GROUP BY d.rowid "
                "HAVING count(*) != max(c.n) + 1"
            )
            problems += [f"document {r[0]} has missing chunks" for r in gaps]
            empty = self._rows(
                "SELECT d.id FROM documents d WHERE NOT EXISTS (SELECT 1 FROM chunks c WHERE c.doc = d.rowid)"
            )
            problems += [f"document {r[0]} has no chunks" for r in empty]
        return problems

    def close(self) -> None:
        with self._lock:
            self.conn.close()


def replace_doc_ids(flt: Filter) -> Filter:
    """The same principal without the closed id set: a replacement outside it still makes a page stale."""
    return replace(flt, doc_ids=None)


def _with(passage: Passage, **scores: float) -> Passage:
    return replace(passage, scores=replace(passage.scores, **scores))
