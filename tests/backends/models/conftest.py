"""Model tests use the real packaged models, each loaded once per test run."""

from __future__ import annotations

from pathlib import Path

import pytest

DATA = Path(__file__).resolve().parents[4] / "shared" / "data"


@pytest.fixture(scope="session")
def own_reranker():  # type: ignore[no-untyped-def]
    from answerable.backends.registry import load_reranker

    return load_reranker("answerable")


@pytest.fixture(scope="session")
def own_verifier():  # type: ignore[no-untyped-def]
    from answerable.backends.registry import load_verifier

    return load_verifier("answerable")


@pytest.fixture(scope="session")
def data_root() -> Path:
    if not (DATA / "squad2-dev-a").is_dir():
        pytest.skip(f"the labelled data is not at {DATA}")
    return DATA
