"""Stores: one protocol, SQLite by default, PostgreSQL + pgvector for scale. `open_store(url)` picks one."""

from __future__ import annotations

import os
from pathlib import Path

from answerable.errors import InputError, StoreError
from answerable.store.base import Filter, Store, StoreStats
from answerable.store.url import redact_url

DEFAULT_STORE_URL = "sqlite:///.answerable/index.db"


def resolve_url(url: str | None = None) -> str:
    """`--store URL`, else `ANSWERABLE_STORE`, else SQLite under the working directory."""
    return url or os.environ.get("ANSWERABLE_STORE") or DEFAULT_STORE_URL


def open_store(url: str | None = None, create: bool = True) -> Store:
    """Open the store a URL names: `sqlite:///path.db` or `postgresql://...`.

    `create=False` is for commands that only read (ask, search, log, gaps): a store that was never
    written is an error naming the URL, not an empty index, so a mistyped `--store` cannot pass for "no
    documentation matches" (and leave an empty file behind); so is a file that holds no index (an empty
    file, another application's database), which is left as it was. A store's `url`, and every error
    naming one, leaves out the password (`redact_url`).
    """
    url = resolve_url(url)
    if url.startswith("sqlite:///"):
        from answerable.store.sqlite import SQLiteStore

        path = Path(url.removeprefix("sqlite:///"))
        if not create and not path.exists():
            raise StoreError(f"no index at {path}: build one with `answerable ingest DOCS --store {url}`")
        return SQLiteStore(path, create=create)
    if url.startswith(("postgresql://", "postgres://")):
        from answerable.store.postgres import PostgresStore

        return PostgresStore(url, create=create)
    raise InputError(f"unknown store URL {redact_url(url)!r}: expected sqlite:///path/file.db or postgresql://...")


__all__ = ["DEFAULT_STORE_URL", "Filter", "Store", "StoreStats", "open_store", "redact_url", "resolve_url"]
