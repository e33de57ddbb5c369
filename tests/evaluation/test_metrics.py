"""Release-table metrics, curves, operating points and drift on hand-made results."""

from __future__ import annotations

import math

from answerable.evaluation.claims import scores
from answerable.evaluation.metrics import (
    CaseResult,
    contains_gold,
    drift,
    group_table,
    normalize_answer,
    operating_point,
    release_table,
    risk_coverage,
)


def r(id: str, expected: str | None, status: str, **kw: object) -> CaseResult:
    return CaseResult(id=id, expected=expected, status=status, **kw)  # type: ignore[arg-type]


def test_squad_normalisation_and_gold_containment() -> None:
    assert normalize_answer("The  Normans, in France!") == "normans in france"
    assert contains_gold("They came from Normandy [p#1].", ["normandy"])
    assert not contains_gold("They came from Norway.", ["Normandy"])
    assert not contains_gold(None, ["x"])
    # whole words only: a gold string inside a longer word or number is not in the answer
    for answer, gold in (("It lasts 11 hours.", "1 hour"), ("It costs $140.", "$40"), ("In 1995.", "199")):
        assert not contains_gold(answer, [gold]), (answer, gold)
    assert not contains_gold("The Confederation of the Rhine", ["Rhin"])
    assert contains_gold("Richard Harbison's analysis [p#2]", ["Richard Harbison"])  # punctuation separates
    assert contains_gold("a base of the Adriatic—fell", ["the Adriatic"])
    # brackets that belong to quoted code are words of the answer; only a citation marker is dropped
    assert contains_gold("Defaults to `['GET']`. [middleware#9]", ["GET"])
    assert contains_gold("Defaults to ['POST'] [m#9]", ["POST"])
    assert contains_gold('Read `response.extensions["http.response.trailers"]` after it.', ["http.response.trailers"])
    assert not contains_gold("See the page [GET].", ["GET"])


def test_release_table_counts_each_side_of_the_boundary() -> None:
    results = [
        r(
            "a1",
            "answer",
            "answer",
            answer="30 days [r#0]",
            gold_answers=("30 days",),
            cited_ids=("r#0",),
            context_ids=("r#0",),
        ),
        r("a2", "answer", "abstain", reason_codes=("low_retrieval_confidence",), gold_answers=("x",)),
        r("a3", "partial", "partial", cited_ids=("z#9",), context_ids=("r#0",)),
        r(
            "b1",
            "abstain",
            "abstain",
            reason_codes=("conflicting_evidence",),
            expected_reasons=("conflicting_evidence",),
        ),
        r("b2", "abstain", "abstain", reason_codes=("no_evidence",), expected_reasons=("evidence_stale",)),
        r("b3", "abstain", "answer", cited_ids=("q#1",), context_ids=("q#1",)),
        r("u1", None, "answer"),
    ]
    m = release_table(results)
    assert (m["cases"], m["labelled"]) == (7, 6)
    assert m["unsupported_answer_rate"] == 1 / 3
    assert m["supported_answer_rate"] == 2 / 3
    assert m["correct_answer_rate"] == 1 / 2
    assert m["reason_code_accuracy"] == 1 / 2
    assert m["citation_validity"] == 2 / 3  # a3 cites an id outside its context
    # Reasons named on the expected abstentions that happened (b1, b2), and, when asked, the share of all
    # cases labelled abstain (b3 answered) that abstained naming one of the given codes.
    assert m["abstention_reasons"] == {"conflicting_evidence": 1, "no_evidence": 1}
    assert m["n_abstained_as_expected"] == 2 and "abstained_with" not in m
    w = release_table(results, ("no_evidence", "evidence_stale"))["abstained_with"]
    assert w == {"codes": ["no_evidence", "evidence_stale"], "rate": 1 / 3, "n": 1}


def test_first_reason_accuracy_reads_only_the_first_reason_named() -> None:
    expected = ("no_answer_bearing_evidence", "support_below_threshold")
    results = [
        r("b1", "abstain", "abstain", reason_codes=("no_answer_bearing_evidence",), expected_reasons=expected),
        r(
            "b2",
            "abstain",
            "abstain",
            reason_codes=("evidence_stale", "support_below_threshold"),
            expected_reasons=expected,
        ),
        r("b3", "abstain", "abstain", reason_codes=("evidence_stale",), expected_reasons=expected),
        r("b4", "abstain", "answer", answer="x", expected_reasons=expected),  # answered: in neither
        r("b5", "abstain", "abstain", reason_codes=("no_evidence",)),  # no expected reasons: in neither
    ]
    m = release_table(results)
    assert m["reason_code_accuracy"] == 2 / 3
    assert m["first_reason_accuracy"] == 1 / 3
    assert release_table([r("a", "answer", "answer")])["first_reason_accuracy"] is None


def test_answers_with_raw_markup_are_counted_and_named_per_case() -> None:
    results = [
        r("a1", "answer", "answer", answer="Set **html_theme** in conf.py. [c#1]"),
        r("a2", "answer", "answer", answer="Run:\n```bash\nmake html\n```"),
        r("u1", None, "answer", answer="See :ref:`builders`."),  # unlabelled, but still an answer shown
        r("b1", "abstain", "abstain"),
    ]
    m = release_table(results)
    assert (m["answers_with_raw_markup"], m["n_answers"]) == (2, 3)
    assert [c.to_dict()["raw_markup"] for c in results] == [["strong"], [], ["role"], []]


def test_groups_by_split_category_and_both() -> None:
    gold = ("30 days",)
    results = [
        r("a1", "answer", "answer", answer="30 days [r#0]", gold_answers=gold, split="dev", category="answerable"),
        r("a2", "answer", "answer", answer="a year [r#0]", gold_answers=gold, split="dev", category="answerable"),
        r("a3", "answer", "abstain", gold_answers=gold, split="untouched", category="answerable"),
        r(
            "b1",
            "abstain",
            "abstain",
            reason_codes=("support_below_threshold", "no_answer_bearing_evidence"),
            expected_reasons=("no_answer_bearing_evidence",),
            split="dev",
            category="unanswerable",
        ),
        r("b2", "abstain", "answer", answer="**x**", split="untouched", category="unanswerable"),
        r("n1", "answer", "answer", answer="30 days"),  # no split nor category: counted in no group
    ]
    groups = group_table(results)
    assert set(groups) == {"split", "category", "split/category"}
    assert set(groups["split"]) == {"dev", "untouched"}
    assert set(groups["split/category"]) == {
        "dev/answerable",
        "dev/unanswerable",
        "untouched/answerable",
        "untouched/unanswerable",
    }
    dev = groups["split"]["dev"]
    assert (dev["n"], dev["answered_rate"], dev["answers_holding_gold_rate"]) == (3, 2 / 3, 1 / 2)
    assert (dev["reason_code_accuracy"], dev["first_reason_accuracy"]) == (1.0, 0.0)
    untouched = groups["split"]["untouched"]
    assert untouched["unsupported_answer_rate"] == 1.0 and untouched["answers_holding_gold_rate"] is None
    assert untouched["answers_with_raw_markup"] == 1
    assert groups["category"]["answerable"]["correct_answer_rate"] == 1 / 3
    assert group_table([r("x", "answer", "answer")]) == {}
    # a case's split and category survive an --against round trip
    back = CaseResult.from_dict(results[0].to_dict())
    assert (back.split, back.category) == ("dev", "answerable")


def test_risk_coverage_and_aurc() -> None:
    curve = risk_coverage("m", [0.9, 0.8, 0.7, 0.1], [True, True, False, False])
    assert curve.coverage == (0.25, 0.5, 0.75, 1.0)
    assert curve.risk == (0.0, 0.0, 1 / 3, 0.5)
    assert math.isclose(curve.aurc, (0 + 0 + 1 / 3 + 0.5) / 4)
    reversed_order = risk_coverage("r", [0.1, 0.2, 0.8, 0.9], [True, True, False, False])
    assert reversed_order.aurc > curve.aurc
    tied = risk_coverage("t", [0.5, 0.5], [True, False])
    assert tied.coverage == (1.0,) and tied.risk == (0.5,)


def test_operating_point_matches_a_supported_rate() -> None:
    op = operating_point([0.9, 0.8, 0.7, 0.6], [True, False, True, False], 1.0)
    assert op == {"threshold": 0.7, "supported_answer_rate": 1.0, "unsupported_answer_rate": 0.5}


def test_drift_names_the_boundary_that_moved() -> None:
    before = [
        r("a", "answer", "answer"),
        r("b", "abstain", "abstain"),
        r("c", "abstain", "abstain", reason_codes=("x",)),
    ]
    after = [
        r("a", "answer", "abstain"),
        r("b", "abstain", "answer"),
        r("c", "abstain", "abstain", reason_codes=("y",)),
    ]
    changes = {c["id"]: c["boundary"] for c in drift(before, after)}
    assert changes == {
        "a": "supported-answer boundary: now refused",
        "b": "unsupported-answer boundary: now answered (regression)",
        "c": "reasons changed",
    }
    # an answer that changed its figure or its source, a partial that became an answer, cases in one run only
    before = [
        r("d", "answer", "answer", answer="Tokens last 12 hours."),
        r("e", "answer", "answer", answer="Keys rotate yearly.", cited_ids=("keys#0",)),
        r("f", "answer", "partial"),
        r("g", "answer", "answer", answer="Same."),
        r("gone", "abstain", "abstain"),
    ]
    after = [
        r("d", "answer", "answer", answer="Tokens last 8 hours."),
        r("e", "answer", "answer", answer="Keys rotate yearly.", cited_ids=("old-keys#0",)),
        r("f", "answer", "answer"),
        r("g", "answer", "answer", answer="Same."),
        r("new", "abstain", "answer"),
    ]
    changes = {c["id"]: c["boundary"] for c in drift(before, after)}
    assert changes == {
        "d": "answer changed",
        "e": "citations changed",
        "f": "status changed (partial -> answer)",
        "new": "new case",
        "gone": "case no longer in the run",
    }


def test_verifier_scores() -> None:
    s = scores(
        ["supported", "refuted", "insufficient", "supported"], ["supported", "insufficient", "insufficient", "refuted"]
    )
    assert s["confusion"] == [[1, 1, 0], [0, 0, 1], [0, 0, 1]]
    assert math.isclose(s["balanced_accuracy"], (0.5 + 0 + 1) / 3)
