"""Ingest and ask at once, from 8 threads against a live server: no request fails, and no decision ever cites
a document half-written (a citation's text is always a whole chunk of one version of the page)."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

from answerable.backends.registry import open_store
from answerable.core.types import embedding_text
from answerable.engine.engine import Engine
from answerable.ingest.chunking import chunk
from answerable.ingest.loaders import Loaded, Section
from answerable.interfaces.service.app import create_app
from answerable.interfaces.service.documents import load
from tests.interfaces.service.conftest import AS_OF, Keys, make_keys, serve_live, settings_for

pytestmark = pytest.mark.models

httpx = pytest.importorskip("httpx")

DOC_ID = "hardware/zorblax"
QUESTIONS = ("How fast can the Zorblax widget spin?", "What is the top speed of the Zorblax widget?")
VERSIONS = 6


def page(version: int) -> dict[str, Any]:
    """Version N of the page: every paragraph names build N, and odd versions have a paragraph more, so two
    versions differ in their chunks' texts and in how many chunks there are."""
    speed = 1000 + 100 * version
    paragraphs = [
        f"The Zorblax widget build {version} spins at up to {speed} revolutions per minute. This top speed of "
        f"build {version} is reached after a warm-up of about ten seconds, and it holds for as long as the "
        "widget is powered. Running it faster is not possible, because the controller caps the speed.",
        f"Build {version} of the Zorblax widget is mounted on the base plate with four screws. The screws come "
        "in the box. Tighten them by hand first, then give each a quarter turn with the key that is supplied. "
        "Do not overtighten them: the plate can crack, and a cracked plate makes the widget wobble.",
        f"To clean build {version}, switch the widget off and wait until it stops. Wipe it with a dry cloth. "
        "Never use water or a solvent: the bearings are sealed, but the label and the switch are not. Clean "
        "it once a month, or once a week where the air holds a lot of dust.",
    ]
    if version % 2:
        paragraphs.append(
            f"Build {version} also ships with a spare belt. Replace the belt when it shows cracks, or after a "
            "year of daily use, whichever comes first. The spare belt is in a paper bag under the foam insert."
        )
    return {
        "id": DOC_ID,
        "title": "Zorblax widget",
        "text": "\n\n".join(paragraphs),
        "url": "https://docs.example.com/hardware/zorblax",
        "updated_at": "2026-11-01",
        "trust": "official",
    }


def chunks_of(version: int) -> dict[str, str]:
    """Chunk id -> text, as the store holds version N."""
    (loaded,) = load([page(version)], "default")
    whole = Loaded(loaded.document, (Section((), loaded.document.text.strip()),), loaded.source)
    return {c.id: c.text for c in chunk(whole)}


def quoted(quote: str, text: str | None) -> bool:
    """Whether a citation's quote (shortened with "…" where long) is taken from `text`."""
    if text is None:
        return False
    flat = " ".join(text.split())
    return all(" ".join(part.split()) in flat for part in quote.split("…") if part.strip())


@pytest.fixture(scope="module")
def keys(module_index: str) -> Keys:
    return make_keys(module_index)


@pytest.fixture(scope="module")
def server(module_index: str, models: Engine, keys: Keys) -> Iterator[str]:
    # A queue as deep as the callers, so that every request is served rather than told to come back.
    yield from serve_live(create_app(settings_for(module_index, queue="32"), models=models))


def prepared(version: int, models: Engine) -> tuple[Any, ...]:
    """Version N ready to write: its document, chunks and vectors (embedded up front, on this thread)."""
    (loaded,) = load([page(version)], "default")
    chunks = chunk(loaded)
    vectors = models.embedder.embed([embedding_text(loaded.document.title, c.heading_path, c.text) for c in chunks])
    return loaded.document, chunks, np.asarray(vectors, dtype=np.float32), f"direct-{version}"


def test_concurrent_ingest_and_ask_never_cite_a_partly_written_document(
    server: str, keys: Keys, module_index: str, models: Engine
) -> None:
    versions = {v: chunks_of(v) for v in range(VERSIONS)}
    direct = {v: prepared(v, models) for v in range(1, VERSIONS, 2)}
    assert len({len(c) for c in versions.values()}) == 2  # two chunk counts among the versions
    failures: list[str] = []
    decisions: list[dict[str, Any]] = []
    lock = threading.Lock()
    with httpx.Client(base_url=server, timeout=600) as first:
        r = first.post("/v1/documents", json=page(0), headers={"Authorization": f"Bearer {keys.admin}"})
        assert r.status_code == 200, r.text

    def writer() -> None:
        with httpx.Client(base_url=server, timeout=600) as client:
            for v in range(2, VERSIONS, 2):
                r = client.post("/v1/documents", json=page(v), headers={"Authorization": f"Bearer {keys.admin}"})
                if r.status_code != 200:
                    with lock:
                        failures.append(f"ingest v{v}: {r.status_code} {r.text}")

    def other_process_writer() -> None:
        # As a second worker (or `answerable ingest`) would: its own connection, writing between the reads
        # of the server's searches.
        store = open_store(module_index, create=False)
        try:
            for v in range(1, VERSIONS, 2):
                store.upsert(*direct[v])
                time.sleep(0.2)
        finally:
            store.close()

    def asker(n: int) -> None:
        with httpx.Client(base_url=server, timeout=600) as client:
            for i in range(2):
                question = QUESTIONS[(n + i) % len(QUESTIONS)]
                r = client.post(
                    "/v1/ask",
                    json={"question": question, "as_of": AS_OF.isoformat()},
                    headers={"Authorization": f"Bearer {keys.customer}"},
                )
                with lock:
                    if r.status_code != 200:
                        failures.append(f"ask: {r.status_code} {r.text}")
                    else:
                        decisions.append(r.json())

    threads = [threading.Thread(target=writer), threading.Thread(target=other_process_writer)]
    threads += [threading.Thread(target=asker, args=(n,)) for n in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()

    assert failures == []
    assert len(decisions) == 12
    cited = 0
    for decision in decisions:
        mine = [c for c in decision["citations"] if c["passage_id"].startswith(DOC_ID + "#")]
        if not mine:
            continue
        cited += 1
        # Every cited chunk is a whole chunk of one version, and all of one decision's are of the same version.
        fits = [
            v for v, chunks in versions.items() if all(quoted(c["quote"], chunks.get(c["passage_id"])) for c in mine)
        ]
        assert fits, mine
    assert cited >= 1, [d["reason_codes"] for d in decisions]
    store = open_store(module_index, create=False)
    try:
        assert store.integrity_check() == []
        assert store.document_hash("default", DOC_ID) is not None
    finally:
        store.close()
