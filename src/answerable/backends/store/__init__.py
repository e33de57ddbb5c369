"""Stores: one protocol, SQLite by default, PostgreSQL + pgvector for scale (`registry.open_store(url)`)."""

from __future__ import annotations

from answerable.backends.store.base import Filter, Store, StoreStats
from answerable.backends.store.url import redact_url

DEFAULT_STORE_URL = "sqlite:///.answerable/index.db"

__all__ = ["DEFAULT_STORE_URL", "Filter", "Store", "StoreStats", "redact_url"]
