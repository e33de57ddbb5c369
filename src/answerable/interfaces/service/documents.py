"""Documents sent to the API, written to the store as `answerable ingest` writes a corpus.jsonl line.

Every document of a request is checked before any is written, so a bad one leaves the store as it was.
Each document is then written in one transaction (`Store.upsert`): a search sees all of a document's
chunks or none of them, so a half-written page is never cited. The tenant is the key's.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from answerable.backends.models.embed import Embedder
from answerable.backends.store.base import Store
from answerable.core.errors import InputError
from answerable.core.types import embedding_text
from answerable.engine.indexing import document_hash
from answerable.ingest.chunking import ChunkConfig, chunk
from answerable.ingest.loaders import Loaded, Skipped, load_corpus_lines
from answerable.ingest.metadata import Defaults


@dataclass(frozen=True)
class Written:
    id: str
    status: str  # created | updated | unchanged
    chunks: int


def load(records: Sequence[dict[str, object]], tenant: str) -> list[Loaded]:
    """The documents of a request, checked as corpus lines: InputError naming the first bad one."""
    if "tenant" in {k for r in records for k in r}:
        raise InputError("tenant: not a document field here; the tenant is your API key's")
    loaded: list[Loaded] = []
    seen: set[str] = set()
    lines = [json.dumps(r, ensure_ascii=False) for r in records]
    for n, item in enumerate(load_corpus_lines(lines, "documents", Defaults(tenant=tenant))):
        if isinstance(item, Skipped):
            line = int(item.source.rsplit(":", 1)[1])  # the loader numbers lines from 1
            raise InputError(f"documents[{line - 1}]: {item.reason}" if len(records) > 1 else item.reason)
        if item.document.id in seen:
            raise InputError(f"documents[{n}]: id {item.document.id!r} is given twice")
        seen.add(item.document.id)
        loaded.append(item)
    return loaded


def write(
    loaded: Sequence[Loaded], store: Store, embedder: Embedder, config: ChunkConfig | None = None
) -> list[Written]:
    """Chunk, embed what changed (reusing stored vectors of unchanged chunks) and write each document."""
    config = config or ChunkConfig()
    store.check_embedder(embedder.name, embedder.dim)
    out: list[Written] = []
    for item in loaded:
        doc = item.document
        chunks = chunk(item, config)
        if not chunks:
            raise InputError(f"{doc.id}: no text to index")
        doc_hash = document_hash(item, chunks, config)
        stored = store.document_hash(doc.tenant, doc.id)
        if stored == doc_hash:
            out.append(Written(doc.id, "unchanged", len(chunks)))
            continue
        known = store.vectors_for_hashes([c.content_hash for c in chunks])
        todo = {
            c.content_hash: embedding_text(doc.title, c.heading_path, c.text)
            for c in chunks
            if c.content_hash not in known
        }
        if todo:
            known.update(zip(todo, embedder.embed(list(todo.values())), strict=True))
        vectors = np.stack([known[c.content_hash] for c in chunks]).astype(np.float32)
        store.upsert(doc, chunks, vectors, doc_hash)
        out.append(Written(doc.id, "created" if stored is None else "updated", len(chunks)))
    return out


__all__ = ["Written", "load", "write"]
