from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from answerable.backends.registry import open_store
from answerable.backends.store.sqlite import SQLiteStore
from answerable.backends.store.testing import AccountsContract, LogContract, StoreContract
from answerable.core.errors import InputError, StoreError


class TestSQLiteStore(StoreContract, LogContract, AccountsContract):
    @pytest.fixture
    def store(self, tmp_path: Path) -> Iterator[SQLiteStore]:
        s = SQLiteStore(tmp_path / "index.db")
        yield s
        s.close()

    @pytest.fixture
    def open_again(self, tmp_path: Path) -> Callable[[], SQLiteStore]:
        return lambda: SQLiteStore(tmp_path / "index.db")


def test_open_store_urls(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    s = open_store(f"sqlite:///{tmp_path}/a/b.db")
    assert isinstance(s, SQLiteStore) and (tmp_path / "a" / "b.db").exists()
    s.close()
    with pytest.raises(InputError, match="unknown store URL"):
        open_store("mysql://x")


def test_wal_mode_and_migrations_are_recorded(tmp_path: Path) -> None:
    s = SQLiteStore(tmp_path / "i.db")
    assert next(iter(s.conn.execute("PRAGMA journal_mode")))[0] == "wal"
    assert [r[0] for r in s.conn.execute("SELECT name FROM migrations")] == [
        "m001_documents_chunks",
        "m002_decision_log",
        "m003_decision_log_id",
        "m004_chunk_tokens",
        "m005_chunk_anchor",
        "m006_service_keys_feedback_tickets",
    ]
    # A store written before m003 (no index on decision ids) gains it when next opened.
    s.conn.execute("DROP INDEX decision_log_id")
    s.conn.execute("DELETE FROM migrations WHERE name = 'm003_decision_log_id'")
    s.close()
    s = SQLiteStore(tmp_path / "i.db")  # reopening applies only what is missing
    indexes = {r[0] for r in s.conn.execute("SELECT name FROM sqlite_master WHERE type = 'index'")}
    assert "decision_log_id" in indexes
    s.close()


def test_a_store_written_before_chunk_lengths_were_kept_gains_them_when_opened(tmp_path: Path) -> None:
    """m004: lengths are filled from the full-text index, so a principal's BM25 scores are the same."""
    from answerable.backends.store.base import Filter
    from answerable.backends.store.testing import EMB, doc, put

    s = SQLiteStore(tmp_path / "i.db")
    s.check_embedder(EMB.name, EMB.dim)
    put(s, *doc("quasar", "The quasar export job has an idle timeout of 30 minutes."))
    put(s, *doc("jobs", "Every export job has an idle timeout.", "Export jobs retry twice."))
    put(s, *doc("runbook", "Quasar idle runbook.", acl=("staff",)))
    lengths = list(s.conn.execute("SELECT rowid, n_tokens FROM chunks ORDER BY rowid"))
    before = [(p.id, p.scores.bm25) for p in s.search_bm25("quasar idle timeout", Filter(), 5)]
    s.conn.execute("ALTER TABLE chunks DROP COLUMN n_tokens")  # the store as it was before m004
    s.conn.execute("DELETE FROM migrations WHERE name = 'm004_chunk_tokens'")
    s.close()
    s = SQLiteStore(tmp_path / "i.db")
    assert list(s.conn.execute("SELECT rowid, n_tokens FROM chunks ORDER BY rowid")) == lengths
    assert all(n > 0 for _, n in lengths)
    assert [(p.id, p.scores.bm25) for p in s.search_bm25("quasar idle timeout", Filter(), 5)] == before
    s.close()


def test_unopenable_file_is_a_store_error(tmp_path: Path) -> None:
    (tmp_path / "dir.db").mkdir()
    with pytest.raises(StoreError, match="cannot open"):
        SQLiteStore(tmp_path / "dir.db")
    (tmp_path / "notes.db").write_text("not a database at all")
    for create in (True, False):
        with pytest.raises(StoreError, match="file is not a database"):
            SQLiteStore(tmp_path / "notes.db", create=create)


def _random_corpus(path: Path, n_docs: int = 300) -> SQLiteStore:
    """Documents in two tenants, a third staff-only, some not yet in effect; random unit vectors."""
    from datetime import date

    import numpy as np

    from answerable.core.types import Chunk, Document

    rng = np.random.default_rng(3)
    s = SQLiteStore(path)
    s.check_embedder("random", 16)
    for d in range(n_docs):
        document = Document(
            id=f"d{d}",
            title=f"Doc {d}",
            text="",
            tenant="a" if d % 5 else "b",
            acl=("staff",) if d % 3 == 0 else (),
            effective_date=date(2027, 1, 1) if d % 7 == 0 else None,
        )
        chunks = [Chunk(f"d{d}#{n}", document.id, n, f"text {d} {n}", (), f"h{d}-{n}") for n in range(3)]
        vectors = rng.standard_normal((3, 16)).astype(np.float32)
        s.upsert(document, chunks, vectors, f"dh{d}")
    return s


@pytest.mark.parametrize(
    "flt_kw",
    [
        {"tenant": "a"},
        {"tenant": "a", "groups": frozenset({"staff"})},
        {"tenant": "b"},
        {"tenant": "a", "as_of": "2026-06-01"},
        {"tenant": "a", "doc_ids": frozenset({"d1", "d2", "d3", "d4", "d6"})},
        {"tenant": "nobody"},
    ],
)
def test_in_memory_vector_search_equals_the_sql_scan(tmp_path: Path, flt_kw: dict[str, object]) -> None:
    from datetime import date

    import numpy as np

    from answerable.backends.store.base import Filter

    if "as_of" in flt_kw:
        flt_kw = {**flt_kw, "as_of": date.fromisoformat(str(flt_kw["as_of"]))}
    fast = _random_corpus(tmp_path / "i.db")
    exact = SQLiteStore(tmp_path / "i.db", vector_cache=False)
    rng = np.random.default_rng(9)
    for _ in range(5):
        q = rng.standard_normal(16).astype(np.float32)
        for k in (1, 10, 300):  # 300: more than the first slice of 256, so the filter-first path runs too
            got = fast.search_vector(q, Filter(**flt_kw), k)  # type: ignore[arg-type]
            want = exact.search_vector(q, Filter(**flt_kw), k)  # type: ignore[arg-type]
            assert [p.id for p in got] == [p.id for p in want]
            assert [p.scores.vector for p in got] == pytest.approx([p.scores.vector for p in want], abs=1e-5)
    fast.close()
    exact.close()


def test_in_memory_vectors_follow_writes_from_another_connection(tmp_path: Path) -> None:
    import numpy as np

    from answerable.backends.store.base import Filter
    from answerable.core.types import Chunk, Document

    reader = _random_corpus(tmp_path / "i.db", n_docs=20)
    q = np.ones(16, dtype=np.float32)
    before = reader.search_vector(q, Filter(tenant="a"), 1)
    writer = SQLiteStore(tmp_path / "i.db")
    document = Document(id="new", title="New", text="", tenant="a")
    writer.upsert(document, [Chunk("new#0", "new", 0, "new text", (), "hn")], q[None, :].copy(), "dhn")
    assert [p.id for p in reader.search_vector(q, Filter(tenant="a"), 1)] == ["new#0"] != [p.id for p in before]
    writer.delete("a", "new")
    assert [p.id for p in reader.search_vector(q, Filter(tenant="a"), 1)] == [p.id for p in before]
    writer.close()
    reader.close()


def test_decision_log_writes_leave_the_vector_matrix_in_place(tmp_path: Path) -> None:
    import numpy as np

    from answerable.backends.store.base import Filter
    from answerable.backends.store.sqlite import VECTOR_CACHE_TENANTS

    reader = _random_corpus(tmp_path / "i.db", n_docs=20)
    q = np.ones(16, dtype=np.float32)
    reader.search_vector(q, Filter(tenant="a"), 1)
    matrix = reader._vectors["a"][2]
    writer = SQLiteStore(tmp_path / "i.db")
    writer.append_log("d1", "2026-11-29T00:00:00", {"question": "q"})  # another process answering a question
    reader.search_vector(q, Filter(tenant="a"), 1)
    assert reader._vectors["a"][2] is matrix  # not reloaded
    for i in range(VECTOR_CACHE_TENANTS):  # only the most recently searched tenants stay in memory
        reader.search_vector(q, Filter(tenant=f"t{i}"), 1)
    assert "a" not in reader._vectors and len(reader._vectors) == VECTOR_CACHE_TENANTS
    writer.close()
    reader.close()
