"""Per-case confidence scores behind the risk-coverage curves."""

from __future__ import annotations

from dataclasses import replace

from answerable import Claim, Label, decide
from answerable.engine import log_record
from answerable.evaluation.runner import case_scores
from answerable.types import Principal
from tests.conftest import NOW, draft, evidence, passage, verdict

TEXT = "The Normans gave their name to Normandy in the 10th century."


def scores(ev, profile):  # type: ignore[no-untyped-def]
    decision = decide(ev, profile, NOW)
    record = log_record(ev, decision, profile, NOW, Principal(), {}, list(ev.passages), False)
    return case_scores(record, decision)


def test_the_gate_score_puts_answers_first_then_orders_by_the_weakest_claims_support(policy):  # type: ignore[no-untyped-def]
    strict = policy.profile("strict")
    claim = Claim("c1", "Who gave their name to Normandy in the 1000's?")
    ev = evidence(
        (passage("normans#1", 0.9, text=TEXT + " By the 1000's it was a duchy."),),
        (verdict("c1", "normans#1", Label.SUPPORTED, 0.8),),
        (claim,),
        drafted=draft(("The Normans gave their name to Normandy.", ("normans#1",), 0.9)),
    )
    answered = scores(ev, strict)
    assert answered["gate"] == 1.8 and answered["rerank"] == 0.9
    # Same support, but no passage mentions the 1000's: abstains, below every answer.
    unmentioned = scores(replace(ev, passages=(passage("normans#1", 0.9, text=TEXT),)), strict)
    assert unmentioned["gate"] == 0.8 and unmentioned["rerank"] == 0.9
    weak = scores(replace(ev, verdicts=(verdict("c1", "normans#1", Label.SUPPORTED, 0.3),)), strict)
    assert weak["gate"] == 0.3
