"""The service under test: the real engine and models (loaded once per run) over the example docs, served
in-process (TestClient) or live on a free loopback port (uvicorn in a thread, for the browser)."""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date
from pathlib import Path

import pytest

from answerable.backends.registry import load_embedder, open_store
from answerable.backends.store.accounts import Role
from answerable.core.settings import Settings
from answerable.engine.engine import Engine
from tests.conftest import ROOT

pytest.importorskip("fastapi")

AS_OF = date(2026, 11, 29)
DOCS = ROOT / "examples" / "docs"


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "models: loads the real packaged models (slow on first use)")


@dataclass(frozen=True)
class Keys:
    """One key per principal the tests act as."""

    admin: str  # tenant default, admin, no groups
    customer: str  # tenant default, user, no groups
    staff: str  # tenant default, user, group staff
    globex: str  # tenant globex, user
    globex_admin: str  # tenant globex, admin


@pytest.fixture(scope="session")
def models() -> Engine:
    """The packaged models, loaded once for the whole run and warmed (an engine without a store)."""
    from answerable.engine.check import checker
    from answerable.interfaces.cli.process import quiet_offline_hub

    quiet_offline_hub()
    engine = checker()
    from answerable.interfaces.service.state import warm

    warm(engine)
    return engine


@pytest.fixture(scope="session")
def example_index(tmp_path_factory: pytest.TempPathFactory, models: Engine) -> Path:
    """examples/docs ingested once; each test module works on its own copy."""
    from answerable.engine.indexing import ingest

    path = tmp_path_factory.mktemp("index") / "index.db"
    store = open_store(f"sqlite:///{path}")
    try:
        ingest([DOCS], store, load_embedder(Settings.resolve(os.environ).embedder))
    finally:
        store.close()
    return path


def copy_index(src: Path, dest_dir: Path) -> str:
    dest = dest_dir / "index.db"
    shutil.copyfile(src, dest)
    return f"sqlite:///{dest}"


def make_keys(store_url: str) -> Keys:
    from answerable.interfaces.service.keys import create_key

    store = open_store(store_url, create=False)
    try:
        a = store.accounts()
        return Keys(
            admin=create_key(a, "default", (), Role.ADMIN, "admin")[0],
            customer=create_key(a, "default", (), Role.USER, "customer")[0],
            staff=create_key(a, "default", ("staff",), Role.USER, "staff")[0],
            globex=create_key(a, "globex", (), Role.USER, "globex")[0],
            globex_admin=create_key(a, "globex", (), Role.ADMIN, "globex-admin")[0],
        )
    finally:
        store.close()


def settings_for(store_url: str, **options: str) -> Settings:
    return Settings.resolve(os.environ, store=store_url, **options)


def free_socket() -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    return sock


@dataclass
class Live:
    url: str
    keys: Keys
    store_url: str


@pytest.fixture(scope="module")
def module_index(tmp_path_factory: pytest.TempPathFactory, example_index: Path) -> str:
    return copy_index(example_index, tmp_path_factory.mktemp("service"))


def serve_live(app: object) -> Iterator[str]:
    """Serve `app` with uvicorn on a free loopback port in a thread; yields its base URL."""
    import uvicorn

    sock = free_socket()
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="on"))  # type: ignore[arg-type]
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 120
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("the test server did not start")
        time.sleep(0.05)
    host, port = sock.getsockname()
    try:
        yield f"http://{host}:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=30)
        sock.close()
