"""`answerable keys` and `answerable serve` as an operator runs them."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from answerable.backends.registry import open_store
from answerable.interfaces.cli import main
from answerable.interfaces.service.keys import hash_key, well_formed
from tests.interfaces.service.conftest import AS_OF, free_socket


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_keys_are_printed_once_stored_hashed_listed_without_the_key_and_revoked(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/new/index.db"  # keys create makes the store
    code, out, err = run("keys", "create", "--tenant", "acme", "--groups", "staff,billing", "--admin", "--store", url)
    assert code == 0, err
    key = out.strip()
    assert well_formed(key) and len(key.split("_", 2)[2]) == 32  # 192 random bits
    assert "shown only this once" in err
    key_id = key.split("_")[1]
    store = open_store(url, create=False)
    files = [p.read_bytes() for p in (tmp_path / "new").iterdir()]  # the database and its write-ahead log
    assert not any(key.encode() in f or key.split("_", 2)[2].encode() in f for f in files)  # only its hash is kept
    found = store.accounts().key_by_hash(hash_key(key))
    store.close()
    assert found is not None and (found.tenant, found.groups, str(found.role)) == (
        "acme",
        ("staff", "billing"),
        "admin",
    )
    code, out, _ = run("keys", "list", "--json", "--store", url)
    assert code == 0 and key not in out
    assert [(k["id"], k["tenant"], k["role"], k["revoked_at"]) for k in json.loads(out)] == [
        (key_id, "acme", "admin", None)
    ]
    assert run("keys", "revoke", key_id, "--store", url)[0] == 0
    assert run("keys", "revoke", key_id, "--store", url)[0] == 1  # once
    assert "revoked" in run("keys", "list", "--store", url)[1]


@pytest.mark.parametrize(
    ("args", "problem"),
    [
        (["--tenant", "a b"], "tenant: expected 1 to 64 letters"),
        (["--tenant", "acme", "--groups", "ok,bad group"], "group: expected"),
        (["--tenant", ""], "must not be empty"),
    ],
)
def test_keys_create_refuses_bad_names(tmp_path: Path, args: list[str], problem: str) -> None:
    code, _, err = run("keys", "create", *args, "--store", f"sqlite:///{tmp_path}/i.db")
    assert code == 2 and problem in err


def test_serve_refuses_a_store_that_was_never_made(tmp_path: Path) -> None:
    code, _, err = run("serve", "--store", f"sqlite:///{tmp_path}/nothing.db")
    assert code != 0 and "no index at" in err
    code, _, err = run("serve", "--workers", "0", "--store", f"sqlite:///{tmp_path}/nothing.db")
    assert code == 2 and "ANSWERABLE_WORKERS / --workers: expected a whole number of at least 1" in err


@pytest.mark.models
def test_serve_with_two_workers_answers_and_adds_up_their_metrics(tmp_path: Path, example_index: Path) -> None:
    """The deployment path: `answerable serve --workers 2` in its own process, each worker with its models."""
    import shutil

    import httpx

    store = tmp_path / "index.db"
    shutil.copyfile(example_index, store)
    url = f"sqlite:///{store}"
    key = run("keys", "create", "--tenant", "default", "--store", url)[1].strip()
    sock = free_socket()
    port = sock.getsockname()[1]
    sock.close()  # uvicorn binds it again; the port is free on loopback for the moment between
    env = {k: v for k, v in os.environ.items() if k != "PROMETHEUS_MULTIPROC_DIR"}
    server = subprocess.Popen(
        [sys.executable, "-m", "answerable", "serve", "--port", str(port), "--workers", "2", "--store", url],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 300
        ready = False
        while not ready and time.monotonic() < deadline:  # a worker answers once its models are loaded
            try:
                ready = httpx.get(f"{base}/healthz", timeout=5).status_code == 200
            except httpx.HTTPError:
                time.sleep(1)
        assert ready, "the service did not start"
        with httpx.Client(base_url=base, timeout=300, headers={"Authorization": f"Bearer {key}"}) as client:
            for _ in range(4):  # spread over both workers
                r = client.post("/v1/ask", json={"question": "How long is an invitation valid?", "as_of": str(AS_OF)})
                assert r.status_code == 200 and r.json()["status"] in ("answer", "abstain"), r.text
            text = client.get("/metrics").text
        asks = [
            line
            for line in text.splitlines()
            if line.startswith('answerable_http_requests_total{code="200",method="POST"')
        ]
        assert asks and float(asks[0].rsplit(" ", 1)[1]) == 4.0  # all four, whichever worker answered them
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=60)
