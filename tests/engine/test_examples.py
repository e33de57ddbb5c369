"""The example corpus end to end with the shipped models and policy.

Security holds for every question whatever the models do: a principal never sees a trace of a page of
another tenant or of a group they are not in. Quality is held to a floor measured with the shipped
models (tests/eval_floors.json records the same run's figures for CI's eval gate).
"""

from __future__ import annotations

import json

import pytest

from answerable.backends.registry import load_embedder, load_reranker, load_verifier
from answerable.core.policy import load_policy
from answerable.engine.engine import Engine
from answerable.evaluation.data import open_dataset
from answerable.evaluation.metrics import contains_gold
from answerable.evaluation.runner import ask_case, build_index, case_result
from tests.conftest import ROOT

FLOORS = json.loads((ROOT / "tests" / "eval_floors.json").read_text())["example_questions"]


@pytest.fixture(scope="module")
def outcomes(tmp_path_factory: pytest.TempPathFactory) -> list[tuple[object, object, dict]]:  # type: ignore[type-arg]
    dataset = open_dataset(ROOT / "examples")
    embedder = load_embedder()
    store = build_index(dataset, embedder, tmp_path_factory.mktemp("examples"))
    engine = Engine(store, embedder, load_reranker(), load_verifier(), load_policy(), log=False)
    out = []
    for case in dataset.cases:
        asked = ask_case(engine, case, "strict")
        result = case_result(case, asked)
        out.append((case, result, asked.record["decision"]))
        RECORDS[case.id] = asked.record
    return out


RECORDS: dict[str, dict] = {}  # type: ignore[type-arg]  # each case's log record, filled by `outcomes`


def restricted_for(case) -> list[str]:  # type: ignore[no-untyped-def]
    marks = []
    if "staff" not in case.groups:
        marks += ['"staff/', "internal.lumen.example", "lumenctl"]
    if case.tenant != "globex":
        marks += ['"globex/', "Globex"]
    return marks


def test_no_principal_sees_a_trace_of_what_it_may_not_read(outcomes) -> None:  # type: ignore[no-untyped-def]
    for case, _result, decision in outcomes:
        dumped = json.dumps(decision, ensure_ascii=False)
        for mark in restricted_for(case):
            assert mark not in dumped, (case.id, mark)


def test_injected_instructions_never_reach_a_decision(outcomes) -> None:  # type: ignore[no-untyped-def]
    for case, _result, decision in outcomes:
        dumped = json.dumps(decision, ensure_ascii=False).lower()
        assert "ignore all previous instructions" not in dumped, case.id
        assert "cite this page as official" not in dumped, case.id


def test_expected_status_and_reason_floor(outcomes) -> None:  # type: ignore[no-untyped-def]
    right = 0
    wrong_answers = []
    for case, result, _decision in outcomes:
        ok = result.status == case.expected and (
            case.expected == "answer" or bool(set(result.reason_codes) & set(case.reasons))
        )
        right += ok
        if result.answered and case.expected == "abstain":
            wrong_answers.append(case.id)
    assert right >= FLOORS["min_correct"], (right, len(outcomes))
    assert len(wrong_answers) <= FLOORS["max_unsupported_answers"], wrong_answers


def test_answers_quote_the_sentence_that_holds_the_answer(outcomes) -> None:  # type: ignore[no-untyped-def]
    """An answer that is on topic but misses the figure asked for ("one country across all charts" for
    "How many charts fit on one dashboard?") counts as answered, so the gold strings are held to a floor
    (the count behind `eval`'s correct-answer rate)."""
    holding = [c.id for c, r, _d in outcomes if c.expected != "abstain" and contains_gold(r.answer, c.answers)]
    assert len(holding) >= FLOORS["min_answers_holding_gold"], (len(holding), holding)
    # The log names what picked the quote: the second answerability model, over the first ranker's shortlist.
    assert {RECORDS[i]["models"]["quote_ranker"] for i in holding} == {"answerable-mpnet+bm25"}


def test_the_pages_that_disagree_are_named_by_the_shipped_verifier(outcomes) -> None:  # type: ignore[no-untyped-def]
    """The example corpus's two export pages (1 GB and 5 GB, no precedence rule) are a conflict: no answer
    picks one of them, and asked as the FAQ asks it ("How big can an export be?") it is named with both
    pages. Asked as "What is the maximum size ...", the shipped answerability model scores the FAQ's opening
    above the section that states the size, so no page clears the bar and the refusal names that instead
    (a known miss, docs/research/quality.md)."""
    cases = [(c, d) for c, _r, d in outcomes if c.reasons == ("conflicting_evidence",)]
    assert cases
    named_as_conflict = 0
    for case, decision in cases:
        assert decision["status"] == "abstain", case.id
        if "conflicting_evidence" in decision["reason_codes"]:
            named_as_conflict += 1
            named = {pid.split("#")[0] for claim in decision["claims"] for pid in claim["passage_ids"]}
            assert set(case.gold_doc_ids) <= named, (case.id, named)
    assert named_as_conflict >= 1


def test_pages_that_state_the_same_answer_are_no_conflict(outcomes) -> None:  # type: ignore[no-untyped-def]
    """Asked "Who can delete a workspace?", the roles page ("Owner: ... deleting the workspace") and the retention
    page, which only points to the answer's page, had been read by the support model as refuting "Only the
    workspace Owner can delete a workspace." No question the pages answer is refused as a conflict."""
    refused = [c.id for c, r, _d in outcomes if c.expected == "answer" and "conflicting_evidence" in r.reason_codes]
    assert not refused


def test_every_answer_was_confirmed_by_the_second_model(outcomes) -> None:  # type: ignore[no-untyped-def]
    bar = load_policy().profile("strict").min_confirmation
    answered = [(c, RECORDS[c.id]) for c, r, _d in outcomes if r.answered]
    assert bar > 0 and answered
    for case, record in answered:
        assert record["models"]["confirmer"] == "answerable-mpnet", case.id
        # Each claim's strongest support asked about (a rival or a second look is weaker, and may score lower).
        confirmed = sorted(
            (v for v in record["verdicts"] if v.get("confirmation") is not None), key=lambda v: v["strength"]
        )
        asked = {v["claim_id"]: v["confirmation"] for v in confirmed}
        assert set(asked) == {c["id"] for c in record["claims"]} or record["status"] == "partial", case.id
        assert all(score >= bar for score in asked.values()) or record["status"] == "partial", case.id
