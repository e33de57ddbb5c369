"""Stores: one protocol, SQLite by default, PostgreSQL + pgvector for scale. `open_store(url)` picks one."""

from __future__ import annotations

import os
from pathlib import Path

from answerable.errors import InputError
from answerable.store.base import Filter, Store, StoreStats

DEFAULT_STORE_URL = "sqlite:///.answerable/index.db"


def resolve_url(url: str | None = None) -> str:
    """`--store URL`, else `ANSWERABLE_STORE`, else SQLite under the working directory."""
    return url or os.environ.get("ANSWERABLE_STORE") or DEFAULT_STORE_URL


def open_store(url: str | None = None) -> Store:
    """Open (creating if needed) the store a URL names: `sqlite:///path.db` or `postgresql://...`."""
    url = resolve_url(url)
    if url.startswith("sqlite:///"):
        from answerable.store.sqlite import SQLiteStore

        return SQLiteStore(Path(url.removeprefix("sqlite:///")))
    if url.startswith(("postgresql://", "postgres://")):
        from answerable.store.postgres import PostgresStore

        return PostgresStore(url)
    raise InputError(f"unknown store URL {url!r}: expected sqlite:///path/file.db or postgresql://...")


__all__ = ["DEFAULT_STORE_URL", "Filter", "Store", "StoreStats", "open_store", "resolve_url"]
