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
