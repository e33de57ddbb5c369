"""The documentation gap report: abstained and partial decisions from the log, clustered and ranked.

Pure: decision records (as `engine.log_record` writes them) in, a `GapReport` out. The caller supplies the
embedding function and the pages the viewer may read (checked against the store, because a suggestion was
filtered for whoever asked, not for whoever reads the report).
"""

from __future__ import annotations

import csv
import io
import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from enum import StrEnum
from typing import Any

import numpy as np
import numpy.typing as npt

from answerable.core.reasons import ReasonCode
from answerable.core.types import Status
from answerable.text.printable import printable

Vectors = npt.NDArray[np.float32]
Embed = Callable[[Sequence[str]], Vectors]

DEFAULT_THRESHOLD = 0.6
MAX_EXAMPLES = 3
MAX_PAGES = 5
MAX_CLAIMS = 5


class Cause(StrEnum):
    """Why a question went unanswered, as a documentation owner acts on it. Declaration order is report order."""

    MISSING = "missing"
    STALE = "stale"
    CONFLICTING = "conflicting"
    NOT_ALLOWED = "not_allowed"

    @property
    def heading(self) -> str:
        return _TITLE[self]

    @property
    def action(self) -> str:
        return _ACTION[self]


_TITLE: dict[Cause, str] = {
    Cause.MISSING: "Missing documentation",
    Cause.STALE: "Stale documentation",
    Cause.CONFLICTING: "Conflicting documentation",
    Cause.NOT_ALLOWED: "Not allowed for the workflow",
}
_ACTION: dict[Cause, str] = {
    Cause.MISSING: "No allowed page answers these questions: add the answer to a page on the topic, or write one.",
    Cause.STALE: "The only answer is older than the freshness limit or superseded: update it.",
    Cause.CONFLICTING: "Pages contradict each other on these: reconcile them, or mark which one supersedes.",
    Cause.NOT_ALLOWED: (
        "The only answer is in a source this workflow may not rest on (a forum post, a draft): "
        "publish it in an allowed source."
    ),
}

# When a record carries several reasons, the most specific cause wins: a conflict or a stale page means a
# page exists and needs fixing, which is a different job from writing a new one.
PRIORITY: tuple[Cause, ...] = (Cause.CONFLICTING, Cause.STALE, Cause.NOT_ALLOWED, Cause.MISSING)

CAUSE_OF_REASON: dict[ReasonCode, Cause] = {
    ReasonCode.NO_EVIDENCE: Cause.MISSING,
    ReasonCode.NO_ANSWER_BEARING_EVIDENCE: Cause.MISSING,
    ReasonCode.LOW_RETRIEVAL_CONFIDENCE: Cause.MISSING,
    ReasonCode.SUPPORT_BELOW_THRESHOLD: Cause.MISSING,
    ReasonCode.REQUIRED_CLAIM_NOT_COVERED: Cause.MISSING,
    ReasonCode.AMBIGUOUS_SOURCES: Cause.MISSING,
    ReasonCode.MODEL_DECLINED: Cause.MISSING,
    ReasonCode.UNSUPPORTED_CLAIM: Cause.MISSING,
    ReasonCode.CITATION_INVALID: Cause.MISSING,
    ReasonCode.EVIDENCE_STALE: Cause.STALE,
    ReasonCode.CONFLICTING_EVIDENCE: Cause.CONFLICTING,
    ReasonCode.SOURCE_NOT_ALLOWED: Cause.NOT_ALLOWED,
}

_GAP_STATUSES = frozenset({Status.ABSTAIN.value, Status.PARTIAL.value})
_OFF_TOPIC = frozenset({ReasonCode.NO_EVIDENCE.value, ReasonCode.LOW_RETRIEVAL_CONFIDENCE.value})
_KNOWN_REASONS = frozenset(r.value for r in ReasonCode)


@dataclass(frozen=True)
class Gap:
    """One abstained or partial decision. `order` is its position in the log: higher is more recent."""

    order: int
    question: str
    principal: str
    status: str
    cause: Cause
    missing_claims: tuple[str, ...]
    suggestions: tuple[str, ...]
    unmentioned: tuple[str, ...] = ()  # names and numbers of the question no page the asker could read mentions
    disputed: tuple[str, ...] = ()  # passages the decision found contradicting each other
    # Whether the decision found a page the asker could read on the question's topic: not when it named
    # no_evidence or low_retrieval_confidence (nothing retrieved, or nothing usable on the topic). None when
    # the asker could read pages the viewer may not, so their decision is not the viewer's to read.
    topic_found: bool | None = True


@dataclass(frozen=True)
class Page:
    """An existing page the viewer may read, with the title and URL the store holds now."""

    passage_id: str
    title: str
    url: str | None


@dataclass(frozen=True)
class Cluster:
    """Questions that ask for the same thing, for one cause. `rank` counts from 1 within the cause."""

    cause: Cause
    rank: int
    label: str
    count: int
    principals: int
    examples: tuple[str, ...]
    missing_claims: tuple[str, ...]
    pages: tuple[Page, ...]
    unmentioned: tuple[str, ...] = ()
    disputed: tuple[Page, ...] = ()  # the pages that disagree, for a conflict; not repeated in `pages`
    # Missing documentation only: did most of these questions find pages on their topic (add the answer to
    # one of them, listed in `pages`) or none (write a new page)? None for the other causes, and when the
    # pages found are none the viewer may read.
    topic_found: bool | None = None


@dataclass(frozen=True)
class GapReport:
    tenant: str
    since: str | None
    questions: int
    clusters: tuple[Cluster, ...]

    def by_cause(self) -> dict[Cause, tuple[Cluster, ...]]:
        """Clusters per cause, causes in report order, leaving out causes with none."""
        out = {cause: tuple(c for c in self.clusters if c.cause is cause) for cause in Cause}
        return {cause: clusters for cause, clusters in out.items() if clusters}


def cause_of(reason_codes: Iterable[str]) -> Cause:
    """The record's cause: its first reason in the order conflicting > stale > not_allowed > missing.

    Codes this version does not know count as missing documentation.
    """
    causes = {CAUSE_OF_REASON[ReasonCode(c)] for c in reason_codes if c in _KNOWN_REASONS}
    return next((c for c in PRIORITY if c in causes), Cause.MISSING)


def select(
    records: Sequence[Mapping[str, Any]],
    tenant: str,
    since: date | None = None,
    viewer_groups: Iterable[str] | None = None,
) -> tuple[Gap, ...]:
    """The abstained and partial decisions of one tenant, optionally on or after `since` (the record's as_of).

    A record without a principal tenant belongs to no one and is left out, never shown. A decision made for
    an asker in a group the viewer is not in was made over pages the viewer may not read: its reasons, the
    terms no page mentioned and whether a page was on the topic all speak of those pages, so for the viewer
    only its question is kept, as missing documentation with no pages and nothing said about the topic.
    `viewer_groups`
    None trusts every record (the operator's whole view).
    """
    viewer = None if viewer_groups is None else frozenset(viewer_groups)
    out: list[Gap] = []
    for order, record in enumerate(records):
        principal = record.get("principal") or {}
        if record.get("status") not in _GAP_STATUSES or principal.get("tenant") != tenant:
            continue
        question = " ".join(str(record.get("question") or "").split())
        if not question:
            continue
        if since is not None and _as_of(record) < since:
            continue
        decision = record.get("decision") or {}
        codes = record.get("reason_codes") or ()
        gap = Gap(
            order=order,
            question=question,
            principal=str(principal.get("id") or ""),
            status=str(record["status"]),
            cause=cause_of(codes),
            missing_claims=tuple(str(c) for c in record.get("missing_claims") or ()),
            suggestions=tuple(str(s["passage_id"]) for s in decision.get("suggestions") or () if "passage_id" in s),
            unmentioned=tuple(
                dict.fromkeys(str(t) for c in decision.get("claims") or () for t in c.get("unmatched_terms") or ())
            ),
            disputed=tuple(
                dict.fromkeys(
                    str(pid)
                    for c in decision.get("claims") or ()
                    if c.get("status") == "conflicting"
                    for pid in c.get("passage_ids") or ()
                )
            ),
            topic_found=not _OFF_TOPIC & set(codes),
        )
        if viewer is not None and not viewer.issuperset(str(g) for g in principal.get("groups") or ()):
            # Everything but the question was decided over pages the viewer may not read; the closest
            # pages too, since those ranked among them could push others out.
            gap = Gap(gap.order, gap.question, gap.principal, gap.status, Cause.MISSING, (), (), topic_found=None)
        out.append(gap)
    return tuple(out)


def _as_of(record: Mapping[str, Any]) -> date:
    try:
        return date.fromisoformat(str(record.get("as_of")))
    except ValueError:
        return date.min


def suggested_ids(gaps: Iterable[Gap]) -> list[str]:
    """Every suggested or disputed passage id, once, in first-seen order: what the caller checks against
    the store."""
    return list(dict.fromkeys(pid for g in gaps for pid in (*g.disputed, *g.suggestions)))


def cluster(vectors: Vectors, threshold: float, weights: Sequence[float] | None = None) -> list[list[int]]:
    """Greedy centroid clustering of unit vectors, in the order given (put the most asked first).

    Each vector joins the cluster whose centroid is most similar (cosine >= `threshold`), else starts
    one. Deterministic: the same vectors in the same order give the same clusters.
    """
    n = len(vectors)
    w = np.ones(n, dtype=np.float32) if weights is None else np.asarray(weights, dtype=np.float32)
    sums: list[Vectors] = []
    members: list[list[int]] = []
    for i in range(n):
        v = vectors[i]
        best, best_sim = -1, -np.inf
        for j, s in enumerate(sums):
            norm = float(np.linalg.norm(s))
            sim = float(np.dot(s, v)) / norm if norm > 0 else 0.0
            if sim >= threshold and sim > best_sim:  # strictly better: ties go to the older cluster
                best, best_sim = j, sim
        if best < 0:
            sums.append(v * w[i])
            members.append([i])
        else:
            sums[best] = sums[best] + v * w[i]
            members[best].append(i)
    return members


def central(vectors: Vectors, members: Sequence[int], weights: Sequence[float]) -> int:
    """The member closest to the cluster's weighted centroid (`weights` per vector); ties go to the earlier member."""
    centroid = np.sum([vectors[i] * weights[i] for i in members], axis=0)
    sims = [float(np.dot(vectors[i], centroid)) for i in members]
    return members[max(range(len(members)), key=lambda k: (round(sims[k], 6), -k))]


@dataclass(frozen=True)
class _Question:
    """One distinct question (case and spacing ignored) within a cause, with every decision that asked it."""

    text: str
    gaps: tuple[Gap, ...]

    @property
    def latest(self) -> int:
        return max(g.order for g in self.gaps)


def _key(question: str) -> str:
    return question.casefold()


def build_report(
    gaps: Sequence[Gap],
    embed: Embed,
    pages: Mapping[str, Page],
    *,
    tenant: str,
    threshold: float = DEFAULT_THRESHOLD,
    since: str | None = None,
) -> GapReport:
    """Cluster the gaps within each cause and rank clusters by questions asked, the most recent first on ties.

    `pages` maps the suggested passage ids the viewer may read to their current page; any other
    suggestion is dropped. `embed` is called once, and not at all when there are no gaps.
    """
    by_cause: dict[Cause, dict[str, list[Gap]]] = {cause: {} for cause in Cause}
    for g in gaps:
        by_cause[g.cause].setdefault(_key(g.question), []).append(g)
    questions = {
        cause: sorted(
            (_Question(max(gs, key=lambda g: g.order).question, tuple(gs)) for gs in groups.values()),
            key=lambda q: (-len(q.gaps), -q.latest, q.text),
        )
        for cause, groups in by_cause.items()
    }
    texts = list(dict.fromkeys(q.text for qs in questions.values() for q in qs))
    if not texts:
        return GapReport(tenant, since, 0, ())
    matrix = np.asarray(embed(texts), dtype=np.float32)
    row = {t: i for i, t in enumerate(texts)}

    clusters: list[Cluster] = []
    for cause in Cause:
        qs = questions[cause]
        if not qs:
            continue
        vectors = matrix[[row[q.text] for q in qs]]
        weights = [float(len(q.gaps)) for q in qs]
        found = []
        for members in cluster(vectors, threshold, weights):
            label = qs[central(vectors, members, weights)]
            mine = [qs[i] for i in members]
            found.append((label, mine))
        found.sort(key=lambda f: (-sum(len(q.gaps) for q in f[1]), -max(q.latest for q in f[1]), f[0].text))
        for rank, (label, mine) in enumerate(found, start=1):
            clusters.append(_summarise(cause, rank, label, mine, pages))
    return GapReport(tenant, since, len(gaps), tuple(clusters))


def _summarise(cause: Cause, rank: int, label: _Question, mine: list[_Question], pages: Mapping[str, Page]) -> Cluster:
    all_gaps = [g for q in mine for g in q.gaps]
    claims = Counter(c for g in all_gaps for c in dict.fromkeys(g.missing_claims))
    terms = Counter(t for g in all_gaps for t in g.unmentioned)
    disputed = _most_named(all_gaps, lambda g: g.disputed, pages, exclude=set())
    closest = _most_named(all_gaps, lambda g: g.suggestions, pages, exclude={_page_key(p) for p in disputed})
    return Cluster(
        cause=cause,
        rank=rank,
        label=label.text,
        count=len(all_gaps),
        principals=len({g.principal for g in all_gaps}),
        examples=tuple(q.text for q in mine if q is not label)[:MAX_EXAMPLES],
        missing_claims=tuple(c for c, _ in claims.most_common(MAX_CLAIMS)),
        pages=closest,
        unmentioned=tuple(t for t, _ in terms.most_common(MAX_CLAIMS)),
        disputed=disputed,
        topic_found=_topic_found(cause, all_gaps, closest),
    )


def _topic_found(cause: Cause, gaps: Sequence[Gap], readable: tuple[Page, ...]) -> bool | None:
    """Missing documentation: did most of these decisions find pages on the topic? "Yes" only with a page the
    viewer may read to show for it: the pages an asker found may be ones the viewer may not know exist."""
    known = [g.topic_found for g in gaps if g.topic_found is not None]
    if cause is not Cause.MISSING or not known:
        return None
    if 2 * sum(known) < len(known):
        return False
    return True if readable else None


def _most_named(
    gaps: Sequence[Gap], ids: Callable[[Gap], tuple[str, ...]], pages: Mapping[str, Page], exclude: set[str]
) -> tuple[Page, ...]:
    """The readable pages most of `gaps` name (once per gap, latest first on ties), up to MAX_PAGES."""
    seen: Counter[str] = Counter()
    first: dict[str, Page] = {}
    for g in sorted(gaps, key=lambda g: -g.order):
        counted: set[str] = set()
        for page in (pages[p] for p in ids(g) if p in pages):
            key = _page_key(page)
            if key not in counted and key not in exclude:
                counted.add(key)
                seen[key] += 1
                first.setdefault(key, page)
    return tuple(first[k] for k, _ in seen.most_common(MAX_PAGES))


def _page_key(page: Page) -> str:
    """A page is its document: two sections of it (two passages, two anchors) are one page to write in."""
    return page.passage_id.rsplit("#", 1)[0]


# --- rendering ---------------------------------------------------------------------------------------

_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]()<>#|!~])")
_SAFE_URL = re.compile(r"^https?://[^\s<>()\"']+$")


def _md(text: str) -> str:
    """Questions and titles are user text: one line, markdown and HTML characters escaped."""
    return _MD_SPECIAL.sub(r"\\\1", printable(" ".join(text.split())))


def _md_page(page: Page) -> str:
    title = _md(page.title or page.passage_id)
    return f"[{title}]({page.url})" if page.url and _SAFE_URL.match(page.url) else title


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def to_markdown(report: GapReport) -> str:
    """A readable, prioritised list: one section per cause, clusters by rank."""
    since = f" since {report.since}" if report.since else ""
    lines = [f"# Documentation gaps for tenant {_md(report.tenant)}", ""]
    if not report.clusters:
        return "\n".join([*lines, f"No abstained or partial answers{since}.", ""])
    questions, clusters = _count(report.questions, "unanswered question"), _count(len(report.clusters), "cluster")
    lines += [f"{questions}{since} in {clusters}.", ""]
    for cause, by_rank in report.by_cause().items():
        total = sum(c.count for c in by_rank)
        lines += [f"## {cause.heading} ({_count(total, 'question')})", "", cause.action, ""]
        for c in by_rank:
            people = f", {c.principals} {'person' if c.principals == 1 else 'people'}"
            lines.append(f"{c.rank}. **{_md(c.label)}** ({_count(c.count, 'question')}{people})")
            if c.examples:
                lines.append("   - Also asked: " + "; ".join(f"“{_md(e)}”" for e in c.examples))
            if c.missing_claims:
                lines.append("   - Not covered: " + "; ".join(_md(m) for m in c.missing_claims))
            if c.unmentioned:
                lines.append("   - No page mentions: " + ", ".join(_md(t) for t in c.unmentioned))
            if c.disputed:
                lines.append("   - Pages that disagree: " + ", ".join(_md_page(p) for p in c.disputed))
            lines += _md_pages(c)
        lines.append("")
    return "\n".join(lines)


def _md_pages(c: Cluster) -> list[str]:
    """The closest pages; for missing documentation, whether to extend one of them or write a new one."""
    listed = ", ".join(_md_page(p) for p in c.pages)
    if c.topic_found is False:
        return ["   - No page is on this topic: write one" + (f" (closest: {listed})" if listed else "")]
    if not listed:
        return []
    if c.topic_found:
        return [f"   - Pages on this topic, none of which answers it (add the answer to one): {listed}"]
    return [f"   - Closest pages: {listed}"]


CSV_FIELDS = (
    "cause",
    "rank",
    "count",
    "principals",
    "label",
    "examples",
    "missing_claims",
    "pages",
    "unmentioned",
    "disputed",
    "topic_found",
)


def _cell(text: str) -> str:
    """Neutralise spreadsheet formulas: a cell of user text must not start with = + - @ or a control."""
    text = printable(text)
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t") else text


def _csv_page(page: Page) -> str:
    title = page.title or page.passage_id
    return f"{title} ({page.url})" if page.url else title


def to_csv(report: GapReport) -> str:
    """One row per cluster; list cells are joined by " | "."""
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(CSV_FIELDS)
    for cause, clusters in report.by_cause().items():
        for c in clusters:
            writer.writerow(
                [
                    cause.value,
                    c.rank,
                    c.count,
                    c.principals,
                    _cell(c.label),
                    _cell(" | ".join(c.examples)),
                    _cell(" | ".join(c.missing_claims)),
                    _cell(" | ".join(_csv_page(p) for p in c.pages)),
                    _cell(" | ".join(c.unmentioned)),
                    _cell(" | ".join(_csv_page(p) for p in c.disputed)),
                    "" if c.topic_found is None else "yes" if c.topic_found else "no",
                ]
            )
    return buf.getvalue()
