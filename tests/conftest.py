"""Shared builders: small, explicit evidence for gate tests."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from answerable import Claim, Draft, DraftSentence, Evidence, Label, Passage, Scores, TrustTier, Verdict, load_policy
from answerable.core.policy import Policy
from answerable.signals.annotate import annotate
from tests.llm_server import server  # noqa: F401  (a fixture for every test of an LLM backend)

ROOT = Path(__file__).resolve().parents[1]
NOW = date(2026, 11, 29)


@pytest.fixture(scope="session")
def policy() -> Policy:
    """The hand-set test policy (tests/policy.toml), independent of the calibrated shipped one."""
    return load_policy(ROOT / "tests" / "policy.toml")


def passage(
    pid: str,
    rerank: float = 0.9,
    text: str = "Some documentation text.",
    trust: TrustTier | None = TrustTier.OFFICIAL,
    updated: date | None = date(2026, 6, 1),
    **kw: object,
) -> Passage:
    return Passage(
        id=pid,
        document_id=pid.split("#")[0],
        text=text,
        title=pid.split("#")[0],
        url=f"https://docs.example.com/{pid.split('#')[0]}",
        trust=trust,
        updated_at=updated,
        scores=Scores(rerank=rerank),
        **kw,  # type: ignore[arg-type]
    )


def verdict(claim: str, pid: str, label: Label, strength: float) -> Verdict:
    return Verdict(claim_id=claim, passage_id=pid, label=label, strength=strength)


def draft(*cites: tuple[str, tuple[str, ...], float | None], declined: bool = False) -> Draft:
    return Draft(sentences=tuple(DraftSentence(t, ids, s) for t, ids, s in cites), declined=declined)


def evidence(
    passages: tuple[Passage, ...],
    verdicts: tuple[Verdict, ...],
    claims: tuple[Claim, ...] = (Claim("c1", "the fact asked for"),),
    drafted: Draft | None = None,
) -> Evidence:
    """Evidence as the engine records it: with its language signals (`answerable.signals.annotate`)."""
    return annotate(Evidence(question="q?", claims=claims, passages=passages, verdicts=verdicts, draft=drafted))


# --- the fast tier -----------------------------------------------------------------------------------------
# `make unit` runs the tests that need no packaged model and nothing slow (`-m "not models and not slow"`). A
# test needs a model when its code, or the code of a fixture it uses, loads one or runs a command that does: it
# is marked `models` here, so a new test is sorted without anyone remembering to mark it. The folders of the
# model backends, the service and the adapters, the PostgreSQL store and the crash tests are `slow` whole.
_SLOW_PATHS = (
    "tests/backends/models/",
    "tests/interfaces/service/",
    "tests/interfaces/adapters/",
    "tests/backends/store/test_postgres.py",
    "tests/ingest/test_durability.py",
    "tests/packaging/",
)
_LOADS_MODELS = (
    "load_embedder(",
    "load_reranker(",
    "load_verifier(",
    "load_confirmer(",
    "OwnReranker",
    "OwnVerifier",
    "open_engine(",
    "checker(",
    "answerable.check(",
    "CrossEncoder",
    "compile_",
    "build_index(",
    "run_cases(",
    "engine_on(",
    "shipped_help_center(",
    "EnsembleReranker(",
    "EnsembleVerifier(",
    "minilm",
    "train_model",
    '"ask"',
    '"eval"',
    '"calibrate"',
    '"search"',
    '"ingest"',
    '"score"',
    '"gaps"',
    '"serve"',
)


def _loads_models(item: pytest.Item) -> bool:
    import inspect

    funcs = [getattr(item, "function", None)]
    info = getattr(item, "_fixtureinfo", None)
    for defs in info.name2fixturedefs.values() if info is not None else ():
        funcs += [d.func for d in defs]
    for func in funcs:
        try:
            source = inspect.getsource(func) if func is not None else ""
        except (OSError, TypeError):
            continue
        if any(marker in source for marker in _LOADS_MODELS):
            return True
    return False


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        where = item.nodeid.replace("\\", "/")
        if any(where.startswith(path) for path in _SLOW_PATHS):
            item.add_marker(pytest.mark.slow)
        if "models" not in item.keywords and _loads_models(item):
            item.add_marker(pytest.mark.models)
