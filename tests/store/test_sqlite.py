from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from answerable.errors import InputError, StoreError
from answerable.store import open_store
from answerable.store.sqlite import SQLiteStore
from tests.store.contract import LogContract, StoreContract


class TestSQLiteStore(StoreContract, LogContract):
    @pytest.fixture
    def store(self, tmp_path: Path) -> Iterator[SQLiteStore]:
        s = SQLiteStore(tmp_path / "index.db")
        yield s
        s.close()


def test_open_store_urls(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    s = open_store(f"sqlite:///{tmp_path}/a/b.db")
    assert isinstance(s, SQLiteStore) and (tmp_path / "a" / "b.db").exists()
    s.close()
    monkeypatch.setenv("ANSWERABLE_STORE", f"sqlite:///{tmp_path}/env.db")
    open_store().close()
    assert (tmp_path / "env.db").exists()
    with pytest.raises(InputError, match="unknown store URL"):
        open_store("mysql://x")


def test_wal_mode_and_migrations_are_recorded(tmp_path: Path) -> None:
    s = SQLiteStore(tmp_path / "i.db")
    assert next(iter(s.conn.execute("PRAGMA journal_mode")))[0] == "wal"
    assert [r[0] for r in s.conn.execute("SELECT name FROM migrations")] == [
        "m001_documents_chunks",
        "m002_decision_log",
    ]
    s.close()
    SQLiteStore(tmp_path / "i.db").close()  # reopening applies nothing twice


def test_unopenable_file_is_a_store_error(tmp_path: Path) -> None:
    (tmp_path / "dir.db").mkdir()
    with pytest.raises(StoreError, match="cannot open"):
        SQLiteStore(tmp_path / "dir.db")
