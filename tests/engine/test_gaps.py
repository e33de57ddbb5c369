"""The gap report: causes, clustering and ranking on hand-made records; the CLI on a real SQLite store."""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from datetime import date
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from click.testing import CliRunner

from answerable.backends.models.embed import HashEmbedder, Vectors
from answerable.backends.store.sqlite import SQLiteStore
from answerable.core.reasons import ReasonCode
from answerable.engine.gaps import (
    CAUSE_OF_REASON,
    CSV_FIELDS,
    Cause,
    Page,
    build_report,
    cause_of,
    central,
    cluster,
    select,
    suggested_ids,
    to_csv,
    to_markdown,
)
from answerable.engine.indexing import ingest
from answerable.interfaces.cli import main


def record(
    question: str,
    *,
    reasons: Sequence[str] = ("no_answer_bearing_evidence",),
    status: str = "abstain",
    who: str = "u1",
    tenant: str = "default",
    groups: Sequence[str] = (),
    suggestions: Sequence[str] = (),
    missing: Sequence[str] = (),
    unmentioned: Sequence[str] = (),
    disputed: Sequence[str] = (),
    as_of: str = "2026-11-20",
) -> dict[str, Any]:
    """A decision record shaped like `engine.log_record` output (fields the report does not read trimmed)."""
    decision_id = f"d_{abs(hash((question, who, tenant, as_of))):020d}"[:22]
    return {
        "decision_id": decision_id,
        "question": question,
        "principal": {"id": who, "tenant": tenant, "groups": sorted(groups)},
        "profile": "strict",
        "policy": {"name": "default", "version": "1"},
        "as_of": as_of,
        "claims": [{"id": "c1", "text": question}],
        "retrieved": [
            {"passage_id": p, "document_id": p.split("#")[0], "title": p, "fused": 0.1, "bm25": None, "vector": 0.2}
            for p in suggestions
        ],
        "reranked": [{"passage_id": p, "rerank": 0.1} for p in suggestions],
        "verdicts": [],
        "generated": False,
        "status": status,
        "reason_codes": list(reasons),
        "missing_claims": list(missing),
        "decision": {
            "decision_id": decision_id,
            "status": status,
            "answer": None,
            "citations": [],
            "supporting_passage_ids": [],
            "claims": [
                {
                    "text": question,
                    "status": "conflicting" if disputed else "missing",
                    "passage_ids": list(disputed),
                    "unmatched_terms": list(unmentioned),
                }
            ],
            "missing_claims": list(missing),
            "reason_codes": list(reasons),
            "next_step": "Contact support.",
            "suggestions": [
                {"passage_id": p, "title": f"title of {p}", "url": f"https://old.example/{p}"} for p in suggestions
            ],
            "policy": {"name": "default", "version": "1"},
        },
        "timings_ms": {"search": 1.0},
    }


class FakeEmbed:
    """Texts to hand-picked 2-d unit vectors; counts calls."""

    def __init__(self, vectors: dict[str, tuple[float, float]]) -> None:
        self.vectors = vectors
        self.calls = 0

    def __call__(self, texts: Sequence[str]) -> Vectors:
        self.calls += 1
        out = np.array([self.vectors[t] for t in texts], dtype=np.float32)
        result: Vectors = out / np.linalg.norm(out, axis=1, keepdims=True)
        return result


def page(pid: str) -> Page:
    return Page(pid, f"Page {pid}", f"https://docs.example.com/{pid.split('#')[0]}")


# --- causes and selection ----------------------------------------------------------------------------


def test_every_reason_code_has_a_cause() -> None:
    assert set(CAUSE_OF_REASON) == set(ReasonCode)


@pytest.mark.parametrize(
    ("reasons", "cause"),
    [
        (["no_evidence"], Cause.MISSING),
        (["low_retrieval_confidence", "evidence_stale"], Cause.STALE),
        (["evidence_stale", "conflicting_evidence"], Cause.CONFLICTING),
        (["source_not_allowed", "required_claim_not_covered"], Cause.NOT_ALLOWED),
        (["source_not_allowed", "evidence_stale"], Cause.STALE),
        (["citation_invalid", "model_declined"], Cause.MISSING),
        ([], Cause.MISSING),
        (["a_code_from_a_later_version"], Cause.MISSING),
    ],
)
def test_cause_is_the_first_reason_in_priority_order(reasons: list[str], cause: Cause) -> None:
    assert cause_of(reasons) is cause


def test_select_keeps_abstained_and_partial_of_the_tenant_only() -> None:
    records = [
        record("answered?", status="answer", reasons=()),
        record("abstained?"),
        record("partial?", status="partial", reasons=("required_claim_not_covered",), missing=("the price",)),
        record("other tenant?", tenant="globex"),
        {**record("no principal?"), "principal": None},
        record("   "),
        record("old?", as_of="2026-10-01"),
    ]
    gaps = select(records, "default")
    assert [g.question for g in gaps] == ["abstained?", "partial?", "old?"]
    assert [g.order for g in gaps] == [1, 2, 6]
    assert gaps[1].missing_claims == ("the price",)
    since = select(records, "default", since=date(2026, 11, 1))
    assert [g.question for g in since] == ["abstained?", "partial?"]
    assert [g.question for g in select(records, "globex")] == ["other tenant?"]


def test_a_decision_over_pages_the_viewer_may_not_read_keeps_only_its_question() -> None:
    records = [
        record(
            "q staff?",
            groups=("staff",),
            reasons=("conflicting_evidence",),
            suggestions=("x#0",),
            unmentioned=("Kubernetes",),
            disputed=("x#0", "secret#0"),
            missing=("the cluster",),
        ),
        record("q support?", groups=("support",), suggestions=("y#0",), unmentioned=("Zorblax",)),
        record("q public?", reasons=("low_retrieval_confidence",), suggestions=("z#0",)),
    ]
    (staff, support, public) = select(records, "default", viewer_groups={"support"})
    assert (staff.question, staff.cause, staff.topic_found) == ("q staff?", Cause.MISSING, None)
    assert staff.suggestions == staff.disputed == staff.unmentioned == staff.missing_claims == ()
    assert (support.suggestions, support.unmentioned, support.topic_found) == (("y#0",), ("Zorblax",), True)
    assert (public.suggestions, public.topic_found) == (("z#0",), False)
    operator = select(records, "default")  # no viewer: the operator's whole view
    assert operator[0].cause is Cause.CONFLICTING and operator[0].unmentioned == ("Kubernetes",)
    report = build_report((staff,), FakeEmbed({"q staff?": (1.0, 0.0)}), {}, tenant="default")
    assert report.clusters[0].topic_found is None and report.clusters[0].pages == ()


def test_suggested_ids_are_distinct_in_first_seen_order() -> None:
    gaps = select([record("a", suggestions=("x#0", "y#1")), record("b", suggestions=("y#1", "z#0"))], "default")
    assert suggested_ids(gaps) == ["x#0", "y#1", "z#0"]
    conflict = record("c", reasons=("conflicting_evidence",), disputed=("w#0", "x#0"), suggestions=("x#0",))
    assert suggested_ids(select([conflict], "default")) == ["w#0", "x#0"]  # checked against the store too


# --- clustering ----------------------------------------------------------------------------------------


def unit(*rows: tuple[float, ...]) -> Vectors:
    a = np.array(rows, dtype=np.float32)
    result: Vectors = a / np.linalg.norm(a, axis=1, keepdims=True)
    return result


def test_cluster_groups_by_cosine_threshold() -> None:
    v = unit((1, 0), (0.9, 0.44), (0, 1), (0.1, 1))
    assert cluster(v, 0.8) == [[0, 1], [2, 3]]
    assert cluster(v, 0.999) == [[0], [1], [2], [3]]
    assert cluster(v, -1.0) == [[0, 1, 2, 3]]


def test_cluster_joins_the_most_similar_cluster_and_is_deterministic() -> None:
    v = unit((1, 0), (0, 1), (0.2, 1))
    assert cluster(v, 0.5) == [[0], [1, 2]]
    assert cluster(v, 0.5) == cluster(v.copy(), 0.5)
    assert cluster(np.zeros((0, 2), dtype=np.float32), 0.5) == []


def test_central_is_the_member_nearest_the_weighted_centroid() -> None:
    v = unit((1, 0), (1, 1), (0, 1))
    assert central(v, [0, 1, 2], [1.0, 1.0, 1.0]) == 1
    assert central(v, [0, 2], [5.0, 1.0, 1.0]) == 0


# --- the report ----------------------------------------------------------------------------------------

REFUND = "How do I get a refund for an annual plan?"
REFUND2 = "Refund for annual plans?"
REFUND3 = "Can I get my annual plan refunded?"
SSO = "Does SSO support SAML?"
LIMIT = "What is the API rate limit?"
FAKE = FakeEmbed(
    {
        REFUND: (1, 0.05),
        REFUND2: (1, 0.0),
        REFUND3: (1, 0.15),
        "how do i get a refund for an annual plan?": (1, 0.05),
        SSO: (0, 1),
        LIMIT: (0.5, 0.5),
    }
)


def test_report_ranks_clusters_by_questions_then_recency() -> None:
    records = [
        record(SSO, who="u1", as_of="2026-11-01"),
        record(REFUND, who="u1", suggestions=("refunds#0", "plans#0"), missing=("annual plan refund",)),
        record(REFUND2, who="u2", suggestions=("refunds#0",)),
        record(REFUND.lower(), who="u1", suggestions=("plans#0", "refunds#0")),
        record(REFUND3, who="u3", suggestions=("refunds#1", "secret#0")),
        record(LIMIT, who="u4", reasons=("evidence_stale", "no_evidence"), suggestions=("limits#0",)),
        record("Which plan is SSO on?", who="u5", reasons=("conflicting_evidence",)),
        record("Is SSO in the beta?", who="u6", reasons=("source_not_allowed",)),
        record(SSO, who="u2", tenant="globex"),
    ]
    FAKE.vectors.update({"Which plan is SSO on?": (0, 1), "Is SSO in the beta?": (0, 1)})
    pages = {p: page(p) for p in ("refunds#0", "refunds#1", "plans#0", "limits#0")}
    report = build_report(select(records, "default"), FAKE, pages, tenant="default", threshold=0.9)

    assert report.questions == 8
    by_cause = report.by_cause()
    assert list(by_cause) == [Cause.MISSING, Cause.STALE, Cause.CONFLICTING, Cause.NOT_ALLOWED]
    refund, sso = by_cause[Cause.MISSING]
    assert (refund.rank, refund.count, refund.principals) == (1, 4, 3)
    assert refund.label == REFUND.lower()  # the most recent spelling of the most central question
    assert refund.examples == (REFUND3, REFUND2)  # most asked, then most recent
    assert refund.missing_claims == ("annual plan refund",)
    # refunds#0 and refunds#1 are one page (same URL); secret#0 is not readable by the viewer
    assert [p.url for p in refund.pages] == ["https://docs.example.com/refunds", "https://docs.example.com/plans"]
    assert refund.pages[0].title == "Page refunds#1"  # the store's current title, most recent first
    assert (sso.rank, sso.count, sso.label, sso.examples) == (2, 1, SSO, ())
    assert [c.label for c in by_cause[Cause.STALE]] == [LIMIT]
    assert by_cause[Cause.STALE][0].pages == (page("limits#0"),)
    assert all("globex" not in str(c) for c in report.clusters)


def test_a_cluster_names_what_no_readable_page_mentions_most_asked_first() -> None:
    records = [
        record(REFUND, unmentioned=("Zapier",)),
        record(REFUND2, unmentioned=("Canada", "2027")),
        record(REFUND3, unmentioned=("Canada",)),
        record(SSO),
    ]
    report = build_report(select(records, "default"), FAKE, {}, tenant="default", threshold=0.9)
    refund, sso = report.clusters
    assert refund.unmentioned == ("Canada", "2027", "Zapier") and sso.unmentioned == ()  # ties: most recent first
    assert "   - No page mentions: Canada, 2027, Zapier" in to_markdown(report).splitlines()
    assert [r["unmentioned"] for r in csv.DictReader(io.StringIO(to_csv(report)))] == ["Canada | 2027 | Zapier", ""]


def test_a_conflict_names_the_pages_that_disagree_that_the_viewer_may_read() -> None:
    conflict = record(
        REFUND, reasons=("conflicting_evidence",), disputed=("a#1", "b#1", "secret#1"), suggestions=("a#1", "c#1")
    )
    readable = {pid: page(pid) for pid in ("a#1", "b#1", "c#1")}  # not secret#1
    report = build_report(select([conflict], "default"), FAKE, readable, tenant="default")
    (c,) = report.clusters
    assert c.cause is Cause.CONFLICTING
    assert c.disputed == (page("a#1"), page("b#1")) and c.pages == (page("c#1"),)  # not listed twice
    links = "[Page a\\#1](https://docs.example.com/a), [Page b\\#1](https://docs.example.com/b)"
    assert f"   - Pages that disagree: {links}" in to_markdown(report).splitlines()
    assert "secret" not in to_markdown(report) and "secret" not in to_csv(report)
    (row,) = csv.DictReader(io.StringIO(to_csv(report)))
    assert row["disputed"] == "Page a#1 (https://docs.example.com/a) | Page b#1 (https://docs.example.com/b)"


def test_missing_documentation_says_whether_to_extend_a_page_or_write_one() -> None:
    # On the topic: the pages were found and none answers (no_answer_bearing_evidence alone). Off the topic:
    # nothing usable matched (low_retrieval_confidence) or nothing was retrieved (no_evidence).
    records = [
        record(REFUND, suggestions=("refunds#0",)),
        record(REFUND2, reasons=("no_answer_bearing_evidence", "support_below_threshold"), suggestions=("refunds#0",)),
        record(REFUND3, reasons=("low_retrieval_confidence",), suggestions=("refunds#0",)),
        record(SSO, reasons=("no_evidence",)),
        record(LIMIT, reasons=("evidence_stale", "low_retrieval_confidence"), suggestions=("limits#0",)),
    ]
    assert [g.topic_found for g in select(records, "default")] == [True, True, False, False, False]
    pages = {p: page(p) for p in ("refunds#0", "limits#0")}
    report = build_report(select(records, "default"), FAKE, pages, tenant="default", threshold=0.9)
    (refund, sso), (limit,) = report.by_cause().values()
    assert (refund.topic_found, sso.topic_found, limit.topic_found) == (True, False, None)  # 2 of 3 on the topic
    lines = to_markdown(report).splitlines()
    link = "[Page refunds\\#0](https://docs.example.com/refunds)"
    assert f"   - Pages on this topic, none of which answers it (add the answer to one): {link}" in lines
    assert "   - No page is on this topic: write one" in lines  # the SSO question: nothing to list
    assert "   - Closest pages: [Page limits\\#0](https://docs.example.com/limits)" in lines  # stale: as before
    assert [r["topic_found"] for r in csv.DictReader(io.StringIO(to_csv(report)))] == ["yes", "no", ""]
    alone = build_report(select(records[2:3], "default"), FAKE, pages, tenant="default", threshold=0.9)
    assert f"   - No page is on this topic: write one (closest: {link})" in to_markdown(alone).splitlines()
    # Pages on the topic that the viewer may not read: the report does not say that such pages exist.
    hidden = build_report(select(records[:2], "default"), FAKE, {}, tenant="default", threshold=0.9)
    (c,) = hidden.clusters
    assert c.topic_found is None and "on this topic" not in to_markdown(hidden)
    assert [r["topic_found"] for r in csv.DictReader(io.StringIO(to_csv(hidden)))] == [""]


def test_ties_go_to_the_most_recent_cluster() -> None:
    records = [record(SSO), record(LIMIT)]
    report = build_report(select(records, "default"), FAKE, {}, tenant="default", threshold=0.99)
    assert [(c.rank, c.label) for c in report.clusters] == [(1, LIMIT), (2, SSO)]


def test_no_gaps_means_no_embedding_and_an_empty_report() -> None:
    embed = FakeEmbed({})
    report = build_report(select([record("x", status="answer")], "default"), embed, {}, tenant="default")
    assert report.clusters == () and embed.calls == 0
    assert "No abstained or partial answers" in to_markdown(report)
    assert to_csv(report) == ",".join(CSV_FIELDS) + "\n"


def test_renderers_escape_user_text() -> None:
    evil = '=HYPERLINK("https://evil") <script>x</script> [click](https://evil)'
    FAKE.vectors[evil] = (0.3, 0.9)
    pages = {"p#0": Page("p#0", "A [title]", "javascript:alert(1)")}
    report = build_report(
        select([record(evil, suggestions=("p#0",))], "default"), FAKE, pages, tenant="default", threshold=0.9
    )
    md = to_markdown(report)
    assert "<script>" not in md and "](https://evil)" not in md and "javascript:" not in md
    assert r"A \[title\]" in md
    (row,) = list(csv.DictReader(io.StringIO(to_csv(report))))
    assert row["label"].startswith("'=")


# --- end to end: the CLI on a real store ------------------------------------------------------------

DOCS = {
    "refunds.md": (
        "---\nid: refunds\ntitle: Refunds\nurl: https://docs.example.com/billing/refunds\n---\n"
        "# Refunds\n\nMonthly plans can be refunded within 14 days of payment.\n"
    ),
    "exceptions.md": (
        "---\nid: refund-exceptions\ntitle: Refund exceptions (staff)\n"
        "url: https://internal.example.com/refund-exceptions\nacl: [staff]\n---\n"
        "# Refund exceptions\n\nSupport leads may approve a refund up to 90 days after payment.\n"
    ),
    "limits.md": (
        "---\nid: limits\ntitle: Rate limits\nurl: https://docs.example.com/api/limits\n---\n"
        "# Rate limits\n\nThe API allows 100 requests per minute.\n"
    ),
    "globex.md": (
        "---\nid: globex-sso\ntitle: Globex SSO\nurl: https://globex.example.com/sso\ntenant: globex\n---\n"
        "# SSO\n\nGlobex single sign-on supports SAML and OIDC.\n"
    ),
}
ANNUAL = [
    "How do I get a refund for an annual plan?",
    "How do I get a refund on my annual plan?",
    "Can I get a refund for the annual plan?",
]
STAFF_Q = "Can support grant a refund after 90 days?"
LIMIT_Q = "What is the API rate limit per minute?"
GLOBEX_Q = "Does Globex SSO support SAML?"


@pytest.fixture
def store_url(tmp_path: Path) -> str:
    for name, text in DOCS.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    store = SQLiteStore(tmp_path / "i.db")
    try:
        report = ingest([tmp_path / name for name in DOCS], store, HashEmbedder(64))
        assert report.documents == 4
        entries = [
            ("2026-11-10T09:00:00+00:00", record(ANNUAL[0], who="ann", suggestions=("refunds#0",))),
            (
                "2026-11-21T09:00:00+00:00",
                record(LIMIT_Q, who="bob", reasons=("evidence_stale",), suggestions=("limits#0",)),
            ),
            ("2026-11-22T09:00:00+00:00", record(ANNUAL[1], who="cy", suggestions=("refunds#0",))),
            (
                "2026-11-23T09:00:00+00:00",
                record(STAFF_Q, who="sam", groups=("staff",), suggestions=("refund-exceptions#0", "refunds#0")),
            ),
            ("2026-11-24T09:00:00+00:00", record(ANNUAL[2], who="ann", suggestions=("refunds#0",))),
            ("2026-11-25T09:00:00+00:00", record(GLOBEX_Q, who="gus", tenant="globex", suggestions=("globex-sso#0",))),
            ("2026-11-26T09:00:00+00:00", record("How do refunds work?", status="answer", reasons=())),
        ]
        for at, rec in entries:
            store.append_log(rec["decision_id"], at, rec)
    finally:
        store.close()
    return f"sqlite:///{tmp_path}/i.db"


def gaps(store_url: str, *args: str) -> str:
    result = CliRunner().invoke(main, ["gaps", "--store", store_url, "--embedder", "hash:64", *args])
    assert result.exit_code == 0, result.output
    return result.output


def test_cli_markdown_ranks_and_separates_causes(store_url: str) -> None:
    out = gaps(store_url)
    missing = out.index("## Missing documentation (4 questions)")
    stale = out.index("## Stale documentation (1 question)")
    assert missing < stale
    first = out.index(f"1. **{ANNUAL[0]}** (3 questions, 2 people)")
    second = out.index(f"2. **{STAFF_Q}** (1 question, 1 person)")
    assert missing < first < second < stale
    assert "[Refunds](https://docs.example.com/billing/refunds)" in out
    assert "[Rate limits](https://docs.example.com/api/limits)" in out[stale:]
    assert "How do refunds work" not in out  # answered
    for secret in (GLOBEX_Q, "Globex", "globex.example.com", "Refund exceptions", "internal.example.com"):
        assert secret not in out


def test_cli_shows_the_restricted_page_only_to_a_viewer_in_its_group(store_url: str) -> None:
    out = gaps(store_url, "--groups", "support,staff")
    assert "[Refund exceptions \\(staff\\)](https://internal.example.com/refund-exceptions)" in out
    assert GLOBEX_Q not in out


def test_cli_other_tenant_sees_only_its_own(store_url: str) -> None:
    out = gaps(store_url, "--tenant", "globex")
    assert f"1. **{GLOBEX_Q}**" in out and "[Globex SSO](https://globex.example.com/sso)" in out
    assert "refund" not in out.lower() and "rate limit" not in out.lower()


def test_cli_csv_one_row_per_cluster(store_url: str) -> None:
    rows = list(csv.DictReader(io.StringIO(gaps(store_url, "--format", "csv"))))
    assert [(r["cause"], r["rank"], r["count"]) for r in rows] == [
        ("missing", "1", "3"),
        ("missing", "2", "1"),
        ("stale", "1", "1"),
    ]
    assert (rows[0]["label"], rows[0]["examples"]) == (ANNUAL[0], f"{ANNUAL[2]} | {ANNUAL[1]}")
    assert rows[0]["pages"] == "Refunds (https://docs.example.com/billing/refunds)"
    # asked by staff, over pages the viewer may not read: only the question is the viewer's to see
    assert (rows[1]["label"], rows[1]["pages"], rows[1]["topic_found"]) == (STAFF_Q, "", "")
    staff_rows = list(csv.DictReader(io.StringIO(gaps(store_url, "--format", "csv", "--groups", "staff"))))
    assert staff_rows[1]["pages"].startswith("Refund exceptions (staff) (https://internal.example.com/")


def test_cli_since_and_threshold(store_url: str) -> None:
    out = gaps(store_url, "--since", "2026-11-22", "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert [(r["cause"], r["count"]) for r in rows] == [("missing", "2"), ("missing", "1")]
    split = list(csv.DictReader(io.StringIO(gaps(store_url, "--threshold", "1.0", "--format", "csv"))))
    assert len(split) == 5
    assert "No abstained or partial answers since 2026-12-01." in gaps(store_url, "--since", "2026-12-01")


def test_cli_rejects_a_bad_date(store_url: str) -> None:
    result = CliRunner().invoke(main, ["gaps", "--store", store_url, "--since", "last week"])
    assert result.exit_code == 2
    assert "--since" in result.output


def test_cli_names_a_disagreeing_page_only_to_a_viewer_who_may_read_it(tmp_path: Path) -> None:
    for name in ("refunds.md", "exceptions.md"):
        (tmp_path / name).write_text(DOCS[name], encoding="utf-8")
    store = SQLiteStore(tmp_path / "c.db")
    try:
        ingest([tmp_path / "refunds.md", tmp_path / "exceptions.md"], store, HashEmbedder(64))
        question = "How many days after payment can a refund be made?"
        asked = record(question, who="lead", groups=("staff",), reasons=("conflicting_evidence",))
        asked["decision"]["claims"][0].update(status="conflicting", passage_ids=["refunds#0", "refund-exceptions#0"])
        store.append_log(asked["decision_id"], "2026-11-20T09:00:00+00:00", asked)
    finally:
        store.close()
    url = f"sqlite:///{tmp_path}/c.db"
    public = gaps(url)
    # The public page disagrees with a staff page: to a viewer outside staff, saying so (or that the question
    # met a conflict at all) would tell of the staff page. The question stays, as missing documentation.
    assert "## Missing documentation (1 question)" in public and f"1. **{question}**" in public
    assert "disagree" not in public and "Conflicting" not in public and "Refunds" not in public
    assert "Refund exceptions" not in public and "internal.example.com" not in public
    staff = gaps(url, "--groups", "staff")
    assert "   - Pages that disagree: [Refunds](https://docs.example.com/billing/refunds), [Refund exceptions" in staff
    assert "[Refund exceptions \\(staff\\)](https://internal.example.com/refund-exceptions)" in staff


def test_two_sections_of_one_page_are_one_page_to_write_in() -> None:
    """Passages of one document carry different section anchors: the report lists the page once."""
    conflict = record(REFUND, reasons=("conflicting_evidence",), disputed=("a#0", "a#2", "b#1"), suggestions=("b#3",))
    readable = {
        "a#0": Page("a#0", "Page a", "https://docs.example.com/a"),
        "a#2": Page("a#2", "Page a", "https://docs.example.com/a#limits"),
        "b#1": Page("b#1", "Page b", "https://docs.example.com/b#top"),
        "b#3": Page("b#3", "Page b", "https://docs.example.com/b#more"),
    }
    (c,) = build_report(select([conflict], "default"), FAKE, readable, tenant="default").clusters
    assert [p.passage_id for p in c.disputed] == ["a#0", "b#1"] and c.pages == ()
