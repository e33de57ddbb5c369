"""A crash mid-ingest leaves every document whole or absent, and a re-run completes without duplicates."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import apsw

from answerable.backends.store.sqlite import SQLiteStore
from answerable.ingest.chunking import ChunkConfig, chunk
from answerable.ingest.loaders import Loaded, load_file
from answerable.ingest.metadata import Defaults

DOCS = 3000


def write_corpus(path: Path) -> dict[str, int]:
    """Documents of one to four paragraphs; returns the chunk count each must have."""
    with path.open("w") as f:
        for i in range(DOCS):
            paragraphs = [
                f"Document {i} paragraph {p}. " + f"Words about topic {i % 17}. " * 40 for p in range(1 + i % 4)
            ]
            f.write(json.dumps({"id": f"doc-{i}", "title": f"Doc {i}", "text": "\n\n".join(paragraphs)}) + "\n")
    expected = {}
    for item in load_file(path, "corpus", Defaults()):
        assert isinstance(item, Loaded)
        expected[item.document.id] = len(chunk(item, ChunkConfig()))
    return expected


def documents(db: Path) -> int:
    try:
        conn = apsw.Connection(str(db), flags=apsw.SQLITE_OPEN_READONLY)
        conn.set_busy_timeout(1000)
        return int(next(conn.execute("SELECT count(*) FROM documents"))[0])
    except apsw.Error:
        return 0


def run_ingest(corpus: Path, db: Path) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "answerable",
            "ingest",
            str(corpus),
            "--store",
            f"sqlite:///{db}",
            "--embedder",
            "hash:64",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )


def test_sigkill_mid_ingest_then_rerun(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus.jsonl"
    expected = write_corpus(corpus)
    db = tmp_path / "index.db"

    proc = run_ingest(corpus, db)
    deadline = time.monotonic() + 120
    while documents(db) < 300 and time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.05)
    assert proc.poll() is None, "ingest finished before it could be killed; make the batch larger"
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()

    store = SQLiteStore(db)
    assert store.integrity_check() == []
    landed = dict(
        store.conn.execute(
            "SELECT d.id, count(c.rowid) FROM documents d JOIN chunks c ON c.doc = d.rowid GROUP BY d.rowid"
        )
    )
    assert 300 <= len(landed) < DOCS
    assert all(landed[doc_id] == expected[doc_id] for doc_id in landed), "a document landed in part"
    store.close()

    rerun = run_ingest(corpus, db)
    assert rerun.wait(timeout=300) == 0
    store = SQLiteStore(db)
    assert store.integrity_check() == []
    assert store.stats().documents == DOCS
    assert store.stats().chunks == sum(expected.values())
    duplicates = list(store.conn.execute("SELECT id, count(*) FROM chunks GROUP BY id HAVING count(*) > 1"))
    assert duplicates == []
    store.close()
