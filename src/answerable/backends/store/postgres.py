"""PostgreSQL + pgvector store for scale: HNSW (cosine) with iterative scan, tsvector with GIN.

Filter columns (tenant, ACL groups, document id, effective date) are copied onto each chunk row so the
access filter is applied inside the index scans. Iterative scan is on, so a filtered HNSW query keeps
scanning until it has k visible rows instead of returning fewer. Lexical ranking is PostgreSQL's
`ts_rank_cd` (cover density), not BM25; the store protocol calls both "bm25" for the lexical list.
A hybrid search runs its two halves at once, the vector half on a second connection. Each half finds its
hits and reads their passages in one statement, so it sees one snapshot: a page re-ingested meanwhile (its
chunks deleted and written again under new keys) is found in its old version or its new one, never in
neither. Text is indexed and searched with its accents folded, as SQLite's FTS5 does.
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import replace
from typing import TYPE_CHECKING, Any, NoReturn

import numpy as np
import numpy.typing as npt

from answerable.backends.store.accounts import MIGRATION as ACCOUNTS_MIGRATION
from answerable.backends.store.accounts import POSTGRES, Accounts
from answerable.backends.store.base import (
    Filter,
    StoreStats,
    candidates,
    check_k,
    embedder_mismatch,
    fuse,
    section_url,
)
from answerable.backends.store.url import redact_url, scrub
from answerable.core.errors import StoreError
from answerable.core.types import Chunk, Document, Passage, Scores, TrustTier, embedding_text
from answerable.text.words import fold_accents, query_terms

if TYPE_CHECKING:
    import psycopg

# Seconds to wait for a server to answer when the URL (or PGCONNECT_TIMEOUT) sets no `connect_timeout`:
# psycopg's own default is 130 s, a long hang for a command line.
CONNECT_TIMEOUT = 10
# Advisory lock keys: migrations, the embedder record, and (with a hash of tenant and id) one document.
_MIGRATE_LOCK, _EMBEDDER_LOCK, _DOCUMENT_LOCK = 7147301, 7147302, 7147303

MIGRATIONS: tuple[tuple[str, str], ...] = (
    (
        "m001_documents",
        """
        CREATE EXTENSION IF NOT EXISTS vector;
        CREATE TABLE IF NOT EXISTS meta(key text PRIMARY KEY, value text NOT NULL);
        CREATE TABLE documents(
            pk bigserial PRIMARY KEY,
            tenant text NOT NULL,
            id text NOT NULL,
            title text NOT NULL,
            url text, owner text, updated_at date, effective_date date, trust text, source_kind text,
            acl text[] NOT NULL DEFAULT '{}',
            supersedes text[] NOT NULL DEFAULT '{}',
            extra jsonb NOT NULL DEFAULT '{}',
            doc_hash text NOT NULL,
            UNIQUE(tenant, id)
        );
        CREATE INDEX documents_supersedes ON documents USING gin(supersedes);
        """,
    ),
    (
        "m002_decision_log",
        """
        CREATE TABLE decision_log(
            seq bigserial PRIMARY KEY,
            decision_id text NOT NULL,
            at text NOT NULL,
            record jsonb NOT NULL
        );
        CREATE INDEX decision_log_at ON decision_log(at);
        """,
    ),
    ("m003_decision_log_id", "CREATE INDEX decision_log_id ON decision_log(decision_id);"),
    # The chunks table is created with the column once the embedder is known (`_chunks_sql`); a store whose
    # chunks were written before it gains it here, empty until each page is ingested again.
    ("m004_chunk_anchor", "ALTER TABLE IF EXISTS chunks ADD COLUMN IF NOT EXISTS anchor text;"),
    ACCOUNTS_MIGRATION,
)


def _chunks_sql(dim: int) -> str:
    # Created once the embedder's dimension is known (HNSW needs a fixed one).
    return f"""
        CREATE TABLE IF NOT EXISTS chunks(
            pk bigserial PRIMARY KEY,
            doc bigint NOT NULL REFERENCES documents(pk) ON DELETE CASCADE,
            tenant text NOT NULL,
            doc_id text NOT NULL,
            acl text[] NOT NULL,
            effective_date date,
            id text NOT NULL,
            n int NOT NULL,
            text text NOT NULL,
            heading jsonb NOT NULL,
            content_hash text NOT NULL,
            anchor text,
            body tsvector NOT NULL,
            embedding vector({dim}) NOT NULL,
            UNIQUE(doc, n)
        );
        CREATE INDEX IF NOT EXISTS chunks_body ON chunks USING gin(body);
        CREATE INDEX IF NOT EXISTS chunks_embedding ON chunks USING hnsw (embedding vector_cosine_ops);
        CREATE INDEX IF NOT EXISTS chunks_tenant ON chunks(tenant);
        CREATE INDEX IF NOT EXISTS chunks_id ON chunks(tenant, id);
        CREATE INDEX IF NOT EXISTS chunks_hash ON chunks(content_hash);
        CREATE INDEX IF NOT EXISTS chunks_doc ON chunks(doc);
    """


def _vector(v: npt.NDArray[np.float32]) -> str:
    return "[" + ",".join(f"{x:.7g}" for x in np.asarray(v, dtype=np.float32)) + "]"


def _filter_sql(flt: Filter, alias: str = "c") -> tuple[str, dict[str, Any]]:
    clauses = [f"{alias}.tenant = %(tenant)s", f"(cardinality({alias}.acl) = 0 OR {alias}.acl && %(groups)s::text[])"]
    params: dict[str, Any] = {"tenant": flt.tenant, "groups": sorted(flt.groups)}
    if flt.doc_ids is not None:
        clauses.append(f"{alias}.doc_id = ANY(%(doc_ids)s::text[])")
        params["doc_ids"] = sorted(flt.doc_ids)
    if flt.as_of is not None:
        clauses.append(f"({alias}.effective_date IS NULL OR {alias}.effective_date <= %(as_of)s)")
        params["as_of"] = flt.as_of
    return " AND ".join(clauses), params


def _lexical_query(terms: Sequence[str]) -> str:
    """A websearch query matching any term, each as written and with its accents folded: a store built before
    bodies were folded holds "résumé" as written, a newer one holds "resume"."""
    forms = [form for term in terms for form in (fold_accents(term), term)]
    return " or ".join(dict.fromkeys(forms))


def _with_passages(hits_sql: str, flt: Filter) -> str:
    """One statement: the hits (pk, score) of `hits_sql` and the passages they name, in one snapshot.

    A hit's passage read by a later statement may be gone by then (a concurrent upsert deletes and writes
    chunks again under new keys). `superseded_by` lists the visible documents naming the page as superseded;
    a hidden replacement is never revealed.
    """
    where, _ = _filter_sql(replace(flt, doc_ids=None), alias="s")
    return (
        f"WITH hits AS MATERIALIZED ({hits_sql}) "
        "SELECT h.pk, h.score, c.id, c.text, c.heading, d.id, d.title, d.url, d.owner, d.updated_at, "
        "d.effective_date, d.trust, d.source_kind, d.acl, d.tenant, d.supersedes, "
        f"ARRAY(SELECT s.id FROM documents s WHERE s.supersedes @> ARRAY[d.id] AND {where} ORDER BY s.id), "
        "c.anchor FROM hits h JOIN chunks c ON c.pk = h.pk JOIN documents d ON d.pk = c.doc"
    )


def _passage(r: tuple[Any, ...], scores: Scores) -> Passage:
    return Passage(
        id=r[2],
        document_id=r[5],
        text=r[3],
        title=r[6],
        url=section_url(r[7], r[17]),
        owner=r[8],
        updated_at=r[9],
        effective_date=r[10],
        trust=TrustTier(r[11]) if r[11] else None,
        source_kind=r[12],
        acl=tuple(r[13]),
        tenant=r[14],
        supersedes=tuple(r[15]),
        superseded_by=tuple(r[16]),
        heading_path=tuple(r[4]),
        scores=scores,
    )


class PostgresStore:
    """A store in any PostgreSQL with pgvector (`postgresql://...`).

    `url` is the URL without its password (what may be shown); every error message leaves it out too.
    """

    def __init__(self, url: str, create: bool = True) -> None:
        try:
            import psycopg
        except ImportError as exc:
            raise StoreError("PostgreSQL support needs psycopg: pip install 'answerable[postgres]'") from exc
        self.url = redact_url(url)
        self._url = url  # with the password, to connect; never shown
        self._psycopg = psycopg
        self._lock = threading.RLock()
        # Hybrid search runs its vector half on a second connection, in one worker thread, while the
        # lexical half runs on `conn`: the server works on both at once. Opened on first use.
        self._side: Any = None
        self._side_lock = threading.Lock()
        self._worker: ThreadPoolExecutor | None = None
        self.ef_search = 100  # HNSW candidate list; iterative scan extends it when the filter drops rows
        try:
            self.conn = self._connect()
        except psycopg.Error as exc:
            self._fail("cannot open PostgreSQL store", exc)
        try:
            pending = self._pending_migrations()
            if pending is None and not create:
                raise StoreError(
                    "no index in this PostgreSQL database: build one with `answerable ingest DOCS --store URL`"
                )
            if pending != []:
                self._migrate(pending or [name for name, _ in MIGRATIONS])
            self._dim = self._stored_dim()
        except BaseException as exc:
            self.conn.close()
            if isinstance(exc, psycopg.Error):
                self._fail("cannot open PostgreSQL store", exc)
            raise

    def _fail(self, what: str, exc: Exception) -> NoReturn:
        """Raise a StoreError for a driver error, without the URL's password (libpq quotes what it parses)."""
        text = str(exc).strip()
        safe = scrub(text, self._url)
        error = StoreError(f"{what}: {safe}")
        if safe != text:
            raise error from None  # the driver's exception still holds the password: keep it out of tracebacks
        raise error from exc

    def _connect(self) -> psycopg.Connection[tuple[Any, ...]]:
        from psycopg.conninfo import conninfo_to_dict

        timeout = "connect_timeout" in conninfo_to_dict(self._url) or os.environ.get("PGCONNECT_TIMEOUT")
        extra: dict[str, Any] = {} if timeout else {"connect_timeout": CONNECT_TIMEOUT}
        return self._psycopg.connect(self._url, autocommit=True, **extra)

    @contextmanager
    def _errors(self, what: str, lock: Any = None) -> Iterator[None]:
        try:
            with lock or self._lock:
                yield
        except self._psycopg.Error as exc:
            self._fail(f"{what} failed on PostgreSQL", exc)

    def _pending_migrations(self) -> list[str] | None:
        """The migrations not yet applied (None: no schema at all), read without writing anything, so that a
        role that may only read opens a store that is up to date."""
        if self.conn.execute("SELECT to_regclass('migrations')").fetchone() == (None,):
            return None
        done = {r[0] for r in self.conn.execute("SELECT name FROM migrations").fetchall()}
        return [name for name, _ in MIGRATIONS if name not in done]

    def _migrate(self, pending: Sequence[str]) -> None:
        try:
            with self.conn.transaction():
                self.conn.execute(f"SELECT pg_advisory_xact_lock({_MIGRATE_LOCK})")
                self.conn.execute(
                    "CREATE TABLE IF NOT EXISTS migrations(name text PRIMARY KEY, applied_at timestamptz)"
                )
                done = {r[0] for r in self.conn.execute("SELECT name FROM migrations").fetchall()}
                for name, sql in MIGRATIONS:
                    if name not in done:
                        self.conn.execute(sql)
                        self.conn.execute("INSERT INTO migrations VALUES (%s, now())", (name,))
        except self._psycopg.errors.InsufficientPrivilege as exc:
            self._fail(
                f"this PostgreSQL database needs migrating ({', '.join(pending)}) and role {self.conn.info.user} "
                "may not change its schema; run `answerable ingest` once as a role that may (its owner)",
                exc,
            )

    def _stored_dim(self) -> int | None:
        row = self.conn.execute("SELECT value FROM meta WHERE key = 'dim'").fetchone()
        return int(row[0]) if row else None

    def _indexed(self) -> bool:
        """Whether the chunks table exists yet; a store opened before its first ingest looks again."""
        if self._dim is None:
            with self._lock:
                self._dim = self._stored_dim()
        return self._dim is not None

    def _rows(self, sql: str, params: dict[str, Any] | Sequence[Any] | None = None) -> list[tuple[Any, ...]]:
        return self.conn.execute(sql, params).fetchall()

    def check_embedder(self, name: str, dim: int) -> None:
        with self._errors("recording the embedder"), self.conn.transaction():
            self.conn.execute(f"SELECT pg_advisory_xact_lock({_EMBEDDER_LOCK})")
            stored = dict(self._rows("SELECT key, value FROM meta"))
            if not stored:
                self.conn.execute("INSERT INTO meta VALUES ('embedder', %s), ('dim', %s)", (name, str(dim)))
                self.conn.execute(_chunks_sql(dim))
                self._dim = dim
                return
        error = embedder_mismatch("this database", stored, name, dim)
        if error is not None:
            raise error
        self._dim = dim  # recorded by another writer (two first ingests at once): the chunks table is there

    def upsert(
        self, document: Document, chunks: Sequence[Chunk], vectors: npt.NDArray[np.float32], doc_hash: str
    ) -> None:
        if self._dim is None:
            raise StoreError("no embedder recorded yet: call check_embedder first")
        if len(chunks) != len(vectors):
            raise StoreError(f"{document.id}: {len(chunks)} chunks but {len(vectors)} vectors")
        with self._errors(f"writing {document.id}"), self.conn.transaction():
            # Two writers of one page at once would both delete nothing and then collide on UNIQUE(tenant, id):
            # the second waits here until the first commits, then replaces its version.
            self.conn.execute(
                f"SELECT pg_advisory_xact_lock({_DOCUMENT_LOCK}, hashtext(%s))",
                (json.dumps([document.tenant, document.id]),),
            )
            self.conn.execute("DELETE FROM documents WHERE tenant = %s AND id = %s", (document.tenant, document.id))
            row = self.conn.execute(
                "INSERT INTO documents(tenant, id, title, url, owner, updated_at, effective_date, trust, source_kind, "
                "acl, supersedes, extra, doc_hash) VALUES (%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s) RETURNING pk",
                (
                    document.tenant,
                    document.id,
                    document.title,
                    document.url,
                    document.owner,
                    document.updated_at,
                    document.effective_date,
                    str(document.trust) if document.trust else None,
                    document.source_kind,
                    list(document.acl),
                    list(document.supersedes),
                    json.dumps(dict(document.extra)),
                    doc_hash,
                ),
            ).fetchone()
            assert row is not None
            with self.conn.cursor() as cur:
                cur.executemany(
                    "INSERT INTO chunks(doc, tenant, doc_id, acl, effective_date, id, n, text, heading, content_hash, "
                    "anchor, body, embedding) "
                    "VALUES (%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,to_tsvector('english', %s),%s::vector)",
                    [
                        (
                            row[0],
                            document.tenant,
                            document.id,
                            list(document.acl),
                            document.effective_date,
                            c.id,
                            c.n,
                            c.text,
                            json.dumps(list(c.heading_path)),
                            c.content_hash,
                            c.anchor,
                            fold_accents(embedding_text(document.title, c.heading_path, c.text)),
                            _vector(v),
                        )
                        for c, v in zip(chunks, vectors, strict=True)
                    ],
                )

    def delete(self, tenant: str, document_id: str) -> bool:
        with self._errors(f"deleting {document_id}"):
            cur = self.conn.execute("DELETE FROM documents WHERE tenant = %s AND id = %s", (tenant, document_id))
            return cur.rowcount > 0

    def document_hash(self, tenant: str, document_id: str) -> str | None:
        with self._errors("reading a document hash"):
            rows = self._rows("SELECT doc_hash FROM documents WHERE tenant = %s AND id = %s", (tenant, document_id))
        return rows[0][0] if rows else None

    def document_ids(self, tenant: str) -> list[str]:
        with self._errors("listing documents"):
            return [r[0] for r in self._rows("SELECT id FROM documents WHERE tenant = %s ORDER BY id", (tenant,))]

    def tenants_of(self, document_id: str) -> list[str]:
        with self._errors("listing a document's tenants"):
            rows = self._rows("SELECT tenant FROM documents WHERE id = %s ORDER BY tenant", (document_id,))
        return [r[0] for r in rows]

    def vectors_for_hashes(self, hashes: Sequence[str]) -> dict[str, npt.NDArray[np.float32]]:
        if not hashes:
            return {}
        with self._errors("reading stored vectors"):
            if not self._indexed():
                return {}
            rows = self._rows(
                "SELECT DISTINCT ON (content_hash) content_hash, embedding::text FROM chunks "
                "WHERE content_hash = ANY(%s::text[])",
                (list(hashes),),
            )
        return {h: np.asarray(json.loads(v), dtype=np.float32) for h, v in rows}

    def get(self, ids: Sequence[str], flt: Filter) -> list[Passage]:
        if not ids:
            return []
        where, params = _filter_sql(flt)
        params["ids"] = list(ids)
        with self._errors("reading passages"):
            if not self._indexed():
                return []
            rows = self._rows(
                _with_passages(
                    f"SELECT c.pk, 0.0::float8 AS score FROM chunks c WHERE c.id = ANY(%(ids)s::text[]) AND {where}",
                    flt,
                ),
                params,
            )
        by_id = {r[2]: _passage(r, Scores()) for r in rows}
        return [by_id[i] for i in dict.fromkeys(ids) if i in by_id]

    def _lexical(self, query: str, flt: Filter, k: int) -> list[Passage]:
        """The best `k` lexical matches the filter allows, by `ts_rank_cd`, with their passages."""
        terms = query_terms(query)
        if not terms:
            return []
        where, params = _filter_sql(flt)
        params.update(q=_lexical_query(terms), k=k)
        with self._errors("lexical search"):
            if not self._indexed():
                return []
            rows = self._rows(
                _with_passages(
                    "SELECT c.pk, ts_rank_cd(c.body, q) AS score FROM chunks c, "
                    "websearch_to_tsquery('english', %(q)s) q "
                    f"WHERE c.body @@ q AND {where} ORDER BY score DESC, c.pk LIMIT %(k)s",
                    flt,
                ),
                params,
            )
        rows.sort(key=lambda r: (-r[1], r[0]))
        return [_passage(r, Scores(bm25=float(r[1]))) for r in rows]

    def _nearest(self, vector: npt.NDArray[np.float32], flt: Filter, k: int, side: bool = False) -> list[Passage]:
        """The `k` nearest chunks the filter allows, by cosine similarity, with their passages (`side`: on the
        second connection)."""
        where, params = _filter_sql(flt)
        params.update(v=_vector(vector), k=k)
        with self._errors("vector search", self._side_lock if side else None):
            if not self._indexed():
                return []
            conn = self._side_connection() if side else self.conn
            with conn.transaction():
                conn.execute("SET LOCAL hnsw.iterative_scan = 'relaxed_order'")
                conn.execute(f"SET LOCAL hnsw.ef_search = {int(self.ef_search)}")
                rows = conn.execute(
                    _with_passages(
                        "SELECT c.pk, c.embedding <=> %(v)s::vector AS score FROM chunks c "
                        f"WHERE {where} ORDER BY score LIMIT %(k)s",
                        flt,
                    ),
                    params,
                ).fetchall()
        rows.sort(key=lambda r: (r[1], r[0]))  # relaxed order: re-sort the few rows returned
        return [_passage(r, Scores(vector=1.0 - float(r[1]))) for r in rows]

    def search_bm25(self, query: str, flt: Filter, k: int = 10) -> list[Passage]:
        check_k(k)
        return self._lexical(query, flt, k)

    def search_vector(self, vector: npt.NDArray[np.float32], flt: Filter, k: int = 10) -> list[Passage]:
        check_k(k)
        return self._nearest(vector, flt, k)

    def _side_connection(self) -> Any:
        if self._side is None:
            self._side = self._connect()
        return self._side

    def search_hybrid(self, query: str, vector: npt.NDArray[np.float32], flt: Filter, k: int = 10) -> list[Passage]:
        """Both searches at once (the vector one on the second connection), each reading its own passages."""
        check_k(k)
        n = candidates(k)
        if self._worker is None:
            self._worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="answerable-pg")
        nearest_later = self._worker.submit(self._nearest, vector, flt, n, True)
        try:
            lexical = self._lexical(query, flt, n)
        finally:
            nearest = nearest_later.result()
        return fuse(lexical, nearest, k)

    def append_log(self, decision_id: str, at: str, record: dict[str, Any]) -> None:
        with self._errors("writing the decision log"):
            self.conn.execute(
                "INSERT INTO decision_log(decision_id, at, record) VALUES (%s, %s, %s)",
                (decision_id, at, json.dumps(record, ensure_ascii=False, sort_keys=True)),
            )

    def read_log(self, last: int | None = None, since: str | None = None) -> list[dict[str, Any]]:
        if last is not None:
            check_k(last, "record")
        with self._errors("reading the decision log"):
            rows = self._rows(
                "SELECT record FROM (SELECT seq, record FROM decision_log WHERE at >= %s ORDER BY seq DESC "
                "LIMIT %s) r ORDER BY seq",
                (since or "", last),
            )
        return [r[0] if isinstance(r[0], dict) else json.loads(r[0]) for r in rows]

    def read_decision(self, decision_id: str) -> dict[str, Any] | None:
        with self._errors("reading the decision log"):
            rows = self._rows(
                "SELECT record FROM decision_log WHERE decision_id = %s ORDER BY seq DESC LIMIT 1", (decision_id,)
            )
        if not rows:
            return None
        record = rows[0][0]
        return record if isinstance(record, dict) else dict(json.loads(record))

    def accounts(self) -> Accounts:
        """The service's keys, feedback and tickets, in this database."""
        return Accounts(self._run_named, POSTGRES)

    def _run_named(self, sql: str, params: dict[str, Any]) -> list[tuple[Any, ...]]:
        with self._errors("the service tables"):
            cur = self.conn.execute(sql, params)
            return cur.fetchall() if cur.description else []

    def stats(self) -> StoreStats:
        with self._errors("reading stats"):
            return StoreStats.read(self._rows, count_chunks=self._indexed())

    def integrity_check(self) -> list[str]:
        with self._errors("integrity check"):
            if not self._indexed():
                return []
            gaps = self._rows(
                "SELECT d.id FROM documents d JOIN chunks c ON c.doc = d.pk GROUP BY d.pk "
                "HAVING count(*) != max(c.n) + 1"
            )
            empty = self._rows(
                "SELECT d.id FROM documents d WHERE NOT EXISTS (SELECT 1 FROM chunks c WHERE c.doc = d.pk)"
            )
        return [f"document {r[0]} has missing chunks" for r in gaps] + [f"document {r[0]} has no chunks" for r in empty]

    def close(self) -> None:
        if self._worker is not None:
            self._worker.shutdown(wait=True)
        with self._side_lock:
            if self._side is not None:
                self._side.close()
        with self._lock:
            self.conn.close()
