"""Value types shared by every part: documents, passages, claims, verdicts, evidence and the decision.

All are frozen dataclasses; none does I/O. Collections are tuples so values stay hashable.
"""

from __future__ import annotations

import calendar
import hashlib
import math
from dataclasses import dataclass, field
from datetime import date
from enum import StrEnum
from functools import lru_cache
from itertools import pairwise
from typing import Any

from answerable.core.reasons import ReasonCode

DEFAULT_TENANT = "default"
# The longest question accepted: beyond it a question is an input error, not a request.
MAX_QUESTION_CHARS = 4000


class Status(StrEnum):
    """The three outcomes of a request."""

    ANSWER = "answer"
    ABSTAIN = "abstain"
    PARTIAL = "partial"


class Label(StrEnum):
    """A verifier's label for one claim against one passage."""

    SUPPORTED = "supported"
    REFUTED = "refuted"
    INSUFFICIENT = "insufficient"


class TrustTier(StrEnum):
    """How far a source is maintained; source policy allows tiers per profile."""

    OFFICIAL = "official"
    COMMUNITY = "community"
    DRAFT = "draft"


class ClaimStatus(StrEnum):
    """A required claim's standing after assessment."""

    SUPPORTED = "supported"
    MISSING = "missing"
    WEAK = "weak"
    CONFLICTING = "conflicting"
    REFUTED = "refuted"
    STALE = "stale"
    NOT_ALLOWED = "not_allowed"


@dataclass(frozen=True)
class Document:
    """A source document with its metadata. A missing field means "not stated", never a grant."""

    id: str
    title: str
    text: str
    url: str | None = None
    owner: str | None = None
    updated_at: date | None = None
    effective_date: date | None = None
    supersedes: tuple[str, ...] = ()
    trust: TrustTier | None = None
    source_kind: str | None = None
    acl: tuple[str, ...] = ()
    tenant: str = DEFAULT_TENANT
    extra: tuple[tuple[str, str], ...] = ()
    """Metadata fields answerable does not interpret, kept as (name, JSON value) pairs."""


@dataclass(frozen=True)
class Chunk:
    """A piece of a document, as stored. `id` is `<document id>#<n>`."""

    id: str
    document_id: str
    n: int
    text: str
    heading_path: tuple[str, ...] = ()
    content_hash: str = ""
    anchor: str | None = None  # the fragment of its section in the page (`<h2 id>`, a Markdown heading's slug)


def embedding_text(title: str, heading_path: tuple[str, ...], text: str) -> str:
    """What gets embedded and indexed: the document's title and headings give a chunk its context."""
    heading = " > ".join(h for h in heading_path if h != title)
    return "\n".join(part for part in (title, heading, text) if part)


def content_hash(title: str, heading_path: tuple[str, ...], text: str) -> str:
    """The key of a chunk's stored vector: the same embedded text always has the same vector."""
    return hashlib.sha256(embedding_text(title, heading_path, text).encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class Scores:
    """Scores a passage collected on its way through retrieval; None where a stage did not run."""

    bm25: float | None = None
    vector: float | None = None
    fused: float | None = None
    rerank: float | None = None


@dataclass(frozen=True)
class Passage:
    """A retrieved chunk with its document's metadata: the unit of evidence and of citation.

    `superseded_by` lists documents (visible to the same principal) that supersede this one.
    """

    id: str
    document_id: str
    text: str
    title: str = ""
    url: str | None = None
    owner: str | None = None
    updated_at: date | None = None
    effective_date: date | None = None
    supersedes: tuple[str, ...] = ()
    superseded_by: tuple[str, ...] = ()
    trust: TrustTier | None = None
    source_kind: str | None = None
    acl: tuple[str, ...] = ()
    tenant: str = DEFAULT_TENANT
    heading_path: tuple[str, ...] = ()
    scores: Scores = field(default_factory=Scores)
    # The opening sentence of the passage's page, when the passage is a later section of it (the engine
    # reads it from the index; `quoting.lead_needed`).
    lead: str = ""
    # The acronyms the question uses that the pages the asker may read define, with their long forms: the
    # rankers read the passage with each after its long form (`acronyms.read_with`; set by the engine).
    acronyms: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Principal:
    """Who is asking: their tenant and groups decide what they may read. `id` names them in the log."""

    tenant: str = DEFAULT_TENANT
    groups: frozenset[str] = field(default_factory=frozenset)
    id: str = "anonymous"


@dataclass(frozen=True)
class Claim:
    """One fact an answer must establish. A two-part question has two."""

    id: str
    text: str


@dataclass(frozen=True)
class Verdict:
    """The verifier's view of one claim against one passage; `strength` is the label's probability.

    `confirmation`: a second answerability model's probability that the passage answers the claim, asked
    of support that could let an answer out (None: not asked). The gate counts support only where the
    confirmation reaches the profile's `min_confirmation`.
    """

    claim_id: str
    passage_id: str
    label: Label
    strength: float
    confirmation: float | None = None


@dataclass(frozen=True)
class DraftSentence:
    """One sentence of a drafted answer, the ids it cites, and how well its citations support it.

    `support` is the re-verification probability against the cited passages (None: not checked yet).
    `claim_ids` name the claims the sentence answers, when the generator knows (the extractive one does);
    a draft whose sentences name claims must answer every covered claim with a sentence of its own.
    """

    text: str
    passage_ids: tuple[str, ...] = ()
    support: float | None = None
    claim_ids: tuple[str, ...] = ()


@dataclass(frozen=True)
class Draft:
    """What the generator produced: sentences with citations, or a refusal."""

    sentences: tuple[DraftSentence, ...] = ()
    declined: bool = False

    @property
    def text(self) -> str:
        """The sentences with their citation markers: prose joined by spaces, and a block (a code block, a
        table, a list: a sentence of several lines) set apart by a blank line, so that what follows it is
        not read as its last line (a closing fence followed by text no longer closes the block)."""
        parts = [s.text + "".join(f" [{pid}]" for pid in s.passage_ids) for s in self.sentences]
        out = parts[:1]
        for before, part in pairwise(parts):
            out.append(("\n\n" if "\n" in before.strip() or "\n" in part.strip() else " ") + part)
        return "".join(out).strip()


@dataclass(frozen=True)
class Term:
    """A name or number as a question wrote it, and the key evidence is matched by (`signals.terms`);
    `joined`: the keys of a word of a name run together with the word before or after it ("texlive" for
    "Live" of "TeX Live"), which evidence may write instead."""

    text: str
    key: str
    acronym: bool = False
    joined: tuple[str, ...] = ()


@dataclass(frozen=True)
class ClaimSignals:
    """What the language signals read in one claim (`answerable.signals.annotate`).

    `named`: the names and numbers it states; `required`: those evidence must mention (a figure of the
    asker's own situation is not); `asks`: the kind of answer its wording plainly asks for, as the noun a
    sentence must state ("figure", "date or time"), or None. `examples`: the passages that are only an example
    in code while the claim asks for no code (an example is no answer to it).
    """

    claim_id: str
    named: tuple[Term, ...] = ()
    required: tuple[Term, ...] = ()
    asks: str | None = None
    examples: tuple[str, ...] = ()


@dataclass(frozen=True)
class Quantity:
    """A value a sentence states (`signals.values`): its kind, its amount in the kind's one unit (seconds,
    months, bytes, a currency, a percent, the counted noun; a date's ISO day), what it is counted per, and
    the words that state it."""

    kind: str
    amount: float
    unit: str
    per: str | None
    text: str

    def same(self, other: Quantity) -> bool:
        """The same value: same kind, unit and rate, and amounts equal to a millionth. A span of months and one
        of days or weeks are the same when the days fit that many calendar months (`months_hold`): "1 month"
        is "30 days" and "4 weeks", not "3 weeks"; "1 year" is "52 weeks" and "365 days". A size counted in
        steps of 1,024 is the size counted in steps of 1,000 (`binary_step`): "1 TB" is "1,024 GB". No price
        is a price in every currency and at every rate, so "free" is "$0"; no limit, or no end, is only
        itself. Two names are one where the words of one are words of the other (`_one_name`)."""
        if not self.comparable(other):
            return False
        if self.kind == NAME:
            return _one_name(self.text, other.text)
        if self._nothing(other) or math.inf in (self.amount, other.amount):
            return self.amount == other.amount
        if self.unit != other.unit:
            months, seconds = (self, other) if self.unit == MONTHS else (other, self)
            return months_hold(months.amount, seconds.amount / 86400)
        if self.kind == SIZE and binary_step(self.amount, other.amount):
            return True
        return abs(self.amount - other.amount) <= 1e-6 * max(1.0, abs(self.amount), abs(other.amount))

    def comparable(self, other: Quantity) -> bool:
        """One kind and rate, and amounts in one unit or in units one converts: months and seconds for a span
        of time (by the calendar); or two prices, one of them nothing ("free" against "$4 per day"); or two
        counts of one thing, one of them without limit ("unlimited classes" against "8 classes per month")."""
        if self.kind != other.kind:
            return False
        if self._nothing(other):
            return True  # nothing is nothing in any currency and per anything
        if math.inf in (self.amount, other.amount) and self.kind != DURATION:
            return self.unit == other.unit  # no limit is no limit per anything
        if self.per != other.per:
            return False
        return self.unit == other.unit or (self.kind == DURATION and {self.unit, other.unit} == {MONTHS, SECONDS})

    def _nothing(self, other: Quantity) -> bool:
        """Two prices, one of them nothing ("free")."""
        return self.kind == MONEY and 0 in (self.amount, other.amount)


# The kinds and units of `signals.values` that `Quantity` compares (core cannot import signals).
DURATION, MONEY, MONTHS, NAME, SECONDS, SIZE = "duration", "money", "month", "name", "s", "size"


def _one_name(a: str, b: str) -> bool:
    """Do names `a` and `b` name one thing: the words of one, in any case, are words of the other in a row
    ("Enterprise" and "Acme Enterprise", "XLSX" and "xlsx"; not "Business" and "Enterprise")?"""
    x, y = sorted((a.casefold().split(), b.casefold().split()), key=len)
    return any(y[i : i + len(x)] == x for i in range(len(y) - len(x) + 1))


def binary_step(a: float, b: float) -> bool:
    """Whether sizes `a` and `b` (in bytes, as read with steps of 1,000) are one size written once with steps
    of 1,000 and once with steps of 1,024 ("1 TB" and "1,024 GB", "2 GB" and "2,048 MB"): their ratio is
    1.024 to a power of one to four."""
    small, large = sorted((abs(a), abs(b)))
    return small > 0 and any(abs(large / small - 1.024**k) <= 1e-6 for k in range(1, 5))


@lru_cache(maxsize=512)
def months_hold(months: float, days: float) -> bool:
    """Whether `days` is a span that `months` consecutive calendar months can hold: between the fewest and the
    most days of any run of that many months (a fraction of a month counts 28 to 31 days of its share),
    give or take a day a year, as "52 weeks" is said for a year."""
    whole, share = int(months), months - int(months)
    years = range(2000, 2005 + whole // 12)  # leap years and a century rule's exception (2000) included
    lengths = [calendar.monthrange(y, m)[1] for y in years for m in range(1, 13)]
    spans = [sum(lengths[i : i + whole]) for i in range(len(lengths) - whole)] if whole else [0]
    slack = whole // 12
    return min(spans) + 28 * share - slack <= days + 1e-9 and days - 1e-9 <= max(spans) + 31 * share + slack


@dataclass(frozen=True)
class Stated:
    """The values a passage's answer sentence states for what a claim asks (none: it states no value)."""

    claim_id: str
    passage_id: str
    values: tuple[Quantity, ...] = ()


def disagree(a: tuple[Quantity, ...], b: tuple[Quantity, ...]) -> bool:
    """Two answers disagree when they state comparable values (one kind, unit and rate) and no value of one
    is a value of the other: "up to 75 dollars per day" and "up to 50 dollars per day" do; "two weeks" and
    "14 days" do not, nor do "up to 5 GB; the minimum is 1 MB" and "5 GB"."""
    pairs = [(x, y) for x in a for y in b if x.comparable(y)]
    return bool(pairs) and not any(x.same(y) for x, y in pairs)


@dataclass(frozen=True)
class AsAsked:
    """Whether the sentences drafted for a claim answer it as asked (`signals.annotate.annotate_draft`).

    `missing_kind`: the kind the claim asks for (its noun: "figure", "date or time", "price", "length of
    time") when no sentence drafted for it states one; `turned`: (the claim's word or year, the sentences'
    instead) when they answer another question; `unanswered`: no sentence was drafted for it at all.
    """

    claim_id: str
    missing_kind: str | None = None
    turned: tuple[str, str] | None = None
    unanswered: bool = False  # the draft names the claims its sentences answer, and none answers this one


@dataclass(frozen=True)
class Signals:
    """The language signals of one request, computed once by the engine and read by the gate as typed
    features: the gate itself runs no language rule.

    `mentions`: per passage id, the keys of the claims' terms its own words mention (its title included,
    its pointers to other pages not), sorted. `keywords`: the question is a few search words that ask
    nothing. `as_asked`: one entry per claim once a draft exists. `stated`: the values the answer sentence of
    each page that supports a claim states for it, where the engine read them (for value conflicts).
    """

    claims: tuple[ClaimSignals, ...] = ()
    mentions: tuple[tuple[str, tuple[str, ...]], ...] = ()
    keywords: bool = False
    as_asked: tuple[AsAsked, ...] = ()
    stated: tuple[Stated, ...] = ()

    def stated_by(self, claim_id: str, passage_id: str) -> tuple[Quantity, ...] | None:
        """The values a passage states for a claim; None where its answer sentence was not read."""
        return next((s.values for s in self.stated if s.claim_id == claim_id and s.passage_id == passage_id), None)

    def of_claim(self, claim_id: str) -> ClaimSignals:
        return next((c for c in self.claims if c.claim_id == claim_id), ClaimSignals(claim_id))

    def mentioned(self, passage_id: str) -> frozenset[str]:
        return frozenset(next((keys for pid, keys in self.mentions if pid == passage_id), ()))


@dataclass(frozen=True)
class Evidence:
    """Everything one request observed, before any judgement: the input of `decide`.

    `passages` are already filtered by access control and ordered by relevance (best first).
    `verdicts` hold the verifier's labels for claims against passages. `draft` is None before
    generation; the final decision is taken again with the draft in place. `signals` are what the
    language rules read in it (`answerable.signals.annotate`); None reads as "nothing stated": no term to
    match, no kind of answer asked.
    """

    question: str
    claims: tuple[Claim, ...]
    passages: tuple[Passage, ...] = ()
    verdicts: tuple[Verdict, ...] = ()
    draft: Draft | None = None
    signals: Signals | None = None


@dataclass(frozen=True)
class Conflict:
    """Passages that disagree on the same claim; `resolved_by` names the precedence rule that decided, if any.

    `values` is ("75 dollars per day", "50 dollars per day") when the two sides state different values for
    what the claim asks (`Signals.stated`); None when the support model read one side as refuting the other.
    `winner` is "support" (the first side) or "refute" (the other).
    """

    claim_id: str
    supporting: tuple[str, ...]
    refuting: tuple[str, ...]
    resolved_by: str | None = None
    winner: str | None = None
    values: tuple[str, str] | None = None


@dataclass(frozen=True)
class ClaimAssessment:
    """Set-level standing of one claim: its best usable support and the passages behind it."""

    claim: Claim
    status: ClaimStatus
    best_support: float
    passage_ids: tuple[str, ...] = ()
    unmatched_terms: tuple[str, ...] = ()  # names and numbers of the claim that no usable evidence mentions


@dataclass(frozen=True)
class Assessment:
    """Set-level evidence: coverage, support, conflicts, freshness, source policy, retrieval confidence."""

    claims: tuple[ClaimAssessment, ...]
    conflicts: tuple[Conflict, ...]
    usable_passage_ids: tuple[str, ...]
    stale_passage_ids: tuple[str, ...]
    disallowed_passage_ids: tuple[str, ...]
    blank_passage_ids: tuple[str, ...]
    top_score: float | None  # the best usable passage's answerability for the whole question
    margin: float | None
    # What the retrieval-confidence veto judges: `top_score`, or for a question of several claims the weakest
    # claim's best support if that is higher (each part may rest on its own passage; none need answer all).
    retrieval_score: float | None
    # The best usable passage's bi-encoder cosine with the question: is any page on its topic at all?
    # None where no passage carries a vector score (evidence built by hand, a BM25-only retrieval).
    topic_similarity: float | None = None

    @property
    def coverage(self) -> float:
        if not self.claims:
            return 0.0
        covered = sum(1 for c in self.claims if c.status is ClaimStatus.SUPPORTED)
        return covered / len(self.claims)

    @property
    def unresolved_conflicts(self) -> tuple[Conflict, ...]:
        return tuple(c for c in self.conflicts if c.resolved_by is None)


@dataclass(frozen=True)
class Citation:
    """A cited passage; url and title come from stored metadata, never from a model."""

    passage_id: str
    url: str | None
    title: str
    quote: str


@dataclass(frozen=True)
class Suggestion:
    """A passage the principal may read that is close to the question, offered on abstention."""

    passage_id: str
    title: str
    url: str | None


@dataclass(frozen=True)
class ClaimResult:
    """A claim as reported in the decision."""

    text: str
    status: ClaimStatus
    passage_ids: tuple[str, ...] = ()
    unmatched_terms: tuple[str, ...] = ()
    # Passages answer it, but the sentences drafted from them do not answer it as asked: (what it asks,
    # what they state instead), e.g. ("lowest", "highest"); ("figure", "") when they state no figure.
    not_as_asked: tuple[str, str] | None = None


@dataclass(frozen=True)
class PolicyRef:
    """Which profile of which policy version took the decision."""

    name: str
    version: str


@dataclass(frozen=True)
class ConflictNote:
    """Pages that disagreed on a part of the question, as the decision reports them.

    `passage_ids`: both sides; `values`: what each side states (as written), when they state values;
    `resolved_by`: the precedence rule that decided (`supersedes`, `effective_date`, `owner_rank`), or None;
    `chosen`: the side the answer rests on when a rule decided.
    """

    claim: str
    passage_ids: tuple[str, ...]
    values: tuple[str, str] | None = None
    resolved_by: str | None = None
    chosen: tuple[str, ...] = ()


@dataclass(frozen=True)
class Decision:
    """The typed result of a request. `to_dict()` gives exactly the object documented in DESIGN.md."""

    decision_id: str
    status: Status
    answer: str | None
    citations: tuple[Citation, ...]
    supporting_passage_ids: tuple[str, ...]
    claims: tuple[ClaimResult, ...]
    missing_claims: tuple[str, ...]
    reason_codes: tuple[ReasonCode, ...]
    next_step: str | None
    suggestions: tuple[Suggestion, ...]
    policy: PolicyRef
    conflicts: tuple[ConflictNote, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "decision_id": self.decision_id,
            "status": str(self.status),
            "answer": self.answer,
            "citations": [
                {"passage_id": c.passage_id, "url": c.url, "title": c.title, "quote": c.quote} for c in self.citations
            ],
            "supporting_passage_ids": list(self.supporting_passage_ids),
            "claims": [
                {
                    "text": c.text,
                    "status": str(c.status),
                    "passage_ids": list(c.passage_ids),
                    "unmatched_terms": list(c.unmatched_terms),
                    "not_as_asked": (
                        None if c.not_as_asked is None else {"asked": c.not_as_asked[0], "stated": c.not_as_asked[1]}
                    ),
                }
                for c in self.claims
            ],
            "missing_claims": list(self.missing_claims),
            "reason_codes": [str(r) for r in self.reason_codes],
            "next_step": self.next_step,
            "suggestions": [{"passage_id": s.passage_id, "title": s.title, "url": s.url} for s in self.suggestions],
            "policy": {"name": self.policy.name, "version": self.policy.version},
            "conflicts": [
                {
                    "claim": c.claim,
                    "passage_ids": list(c.passage_ids),
                    "values": list(c.values) if c.values is not None else None,
                    "resolved_by": c.resolved_by,
                    "chosen": list(c.chosen),
                }
                for c in self.conflicts
            ],
        }


@dataclass(frozen=True)
class Result:
    """A decision and the record of how it was reached: what `answerable.check` and `Engine.ask` return.

    `decision` is the typed decision (`to_dict()` gives the documented object); `evidence` is everything the
    request observed (passages, verdicts, signals, draft); `record` is the decision log's record as plain
    JSON (claims, every passage's scores and verdicts, the gate's bars, `why` each code was raised, time per
    stage). The decision's fields read through: `result.status` is `result.decision.status`.
    """

    decision: Decision
    evidence: Evidence
    record: dict[str, Any] = field(default_factory=dict, compare=False)

    @property
    def decision_id(self) -> str:
        return self.decision.decision_id

    @property
    def status(self) -> Status:
        return self.decision.status

    @property
    def answer(self) -> str | None:
        return self.decision.answer

    @property
    def citations(self) -> tuple[Citation, ...]:
        return self.decision.citations

    @property
    def supporting_passage_ids(self) -> tuple[str, ...]:
        return self.decision.supporting_passage_ids

    @property
    def claims(self) -> tuple[ClaimResult, ...]:
        return self.decision.claims

    @property
    def missing_claims(self) -> tuple[str, ...]:
        return self.decision.missing_claims

    @property
    def reason_codes(self) -> tuple[ReasonCode, ...]:
        return self.decision.reason_codes

    @property
    def next_step(self) -> str | None:
        return self.decision.next_step

    @property
    def suggestions(self) -> tuple[Suggestion, ...]:
        return self.decision.suggestions

    @property
    def policy(self) -> PolicyRef:
        return self.decision.policy

    @property
    def why(self) -> dict[str, str]:
        """Each reason code's specific cause here, in words."""
        why: dict[str, str] = self.record.get("why") or {}
        return why

    @property
    def read_as(self) -> str | None:
        """The question with its misspelt words read as the passages spell them (None: read as asked)."""
        read: str | None = self.record.get("read_as")
        return read

    def to_dict(self) -> dict[str, Any]:
        """The decision object, exactly as documented (the record is in `record`)."""
        return self.decision.to_dict()
