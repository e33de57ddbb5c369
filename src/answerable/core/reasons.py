"""The one enum of reason codes an abstention (or a partial answer) can carry."""

from __future__ import annotations

from enum import StrEnum


class ReasonCode(StrEnum):
    """Why the system did not (fully) answer. Stable strings: they are part of the public API.

    Each member has a `meaning` (for reviewers) and a `next_step` (for the person who asked).
    The declaration order is the order in which codes are reported: the first one drives the next step.
    """

    NO_EVIDENCE = "no_evidence"
    SOURCE_NOT_ALLOWED = "source_not_allowed"
    CONFLICTING_EVIDENCE = "conflicting_evidence"
    EVIDENCE_STALE = "evidence_stale"
    # Under the retrieval bar exactly one of these two is about retrieval: low_retrieval_confidence when
    # nothing usable is on the question's topic. Beside it, no_answer_bearing_evidence (nothing supports
    # anything) is true too, but "the documents mention the topic" would not be, so it comes second.
    LOW_RETRIEVAL_CONFIDENCE = "low_retrieval_confidence"
    NO_ANSWER_BEARING_EVIDENCE = "no_answer_bearing_evidence"
    REQUIRED_CLAIM_NOT_COVERED = "required_claim_not_covered"
    SUPPORT_BELOW_THRESHOLD = "support_below_threshold"
    AMBIGUOUS_SOURCES = "ambiguous_sources"
    MODEL_DECLINED = "model_declined"
    UNSUPPORTED_CLAIM = "unsupported_claim"
    CITATION_INVALID = "citation_invalid"

    @property
    def meaning(self) -> str:
        return _MEANING[self]

    @property
    def next_step(self) -> str:
        return _NEXT_STEP[self]


_MEANING: dict[ReasonCode, str] = {
    ReasonCode.NO_EVIDENCE: "Retrieval returned no usable passage (nothing, or only blank text).",
    ReasonCode.SOURCE_NOT_ALLOWED: (
        "The only support, or the only passage that matches closely, comes from a source this workflow "
        "may not rest an answer on (its trust tier is not allowed by the profile)."
    ),
    ReasonCode.CONFLICTING_EVIDENCE: (
        "Allowed passages support and refute the same claim and no precedence rule resolves it."
    ),
    ReasonCode.EVIDENCE_STALE: (
        "The only support, or the only passage that matches closely, is older than the freshness limit "
        "for its source kind, or superseded."
    ),
    ReasonCode.NO_ANSWER_BEARING_EVIDENCE: (
        "No retrieved passage supports any required claim, or the question's only claim is not covered, "
        "or the usable passages on the question's topic all score below the profile's retrieval threshold, "
        "or the answer drafted from them does not state the figure or time the question asks for, or answers "
        "another question (an opposite word, another year)."
    ),
    ReasonCode.LOW_RETRIEVAL_CONFIDENCE: (
        "The best usable passage's relevance score is below the profile's retrieval threshold, and no usable "
        "passage is on the question's topic (or another cause is named first)."
    ),
    ReasonCode.REQUIRED_CLAIM_NOT_COVERED: (
        "At least one required claim of the question has no support, or its drafted sentences do not state the "
        "figure or time it asks for, or answer another question (an opposite word, another year)."
    ),
    ReasonCode.SUPPORT_BELOW_THRESHOLD: (
        "The strongest support found, or a claim's only support, is weaker than the support threshold."
    ),
    ReasonCode.AMBIGUOUS_SOURCES: (
        "The top passages are nearly tied and the support is borderline, so the best source is unclear."
    ),
    ReasonCode.MODEL_DECLINED: "The generator said the context was insufficient, or returned nothing.",
    ReasonCode.UNSUPPORTED_CLAIM: (
        "A sentence of the drafted answer is not supported by the passage it cites, or cites nothing."
    ),
    ReasonCode.CITATION_INVALID: "The drafted answer cites a passage id that is not in this request's context.",
}

_NEXT_STEP: dict[ReasonCode, str] = {
    ReasonCode.NO_EVIDENCE: (
        "Nothing you can read matches this question; rephrase it with the product's terms, "
        "or ask the documentation owners (this question is logged as a documentation gap)."
    ),
    ReasonCode.SOURCE_NOT_ALLOWED: (
        "The only source for this is not approved for this workflow; ask a maintainer to confirm it in "
        "the official documentation, or contact support."
    ),
    ReasonCode.CONFLICTING_EVIDENCE: (
        "The documentation disagrees with itself on this; contact support for the authoritative answer "
        "and report the conflicting pages to their owners."
    ),
    ReasonCode.EVIDENCE_STALE: (
        "The only source for this may be out of date; check the current documentation or ask its owner "
        "to review the page."
    ),
    ReasonCode.NO_ANSWER_BEARING_EVIDENCE: (
        "The documents you can read mention the topic but do not answer this; see the suggested pages "
        "or contact support (this question is logged as a documentation gap)."
    ),
    ReasonCode.LOW_RETRIEVAL_CONFIDENCE: (
        "No page matched this question closely; try rephrasing it, or see the suggested pages."
    ),
    ReasonCode.REQUIRED_CLAIM_NOT_COVERED: (
        "Part of the question is not answered by the documents you can read; ask that part separately "
        "or contact support."
    ),
    ReasonCode.SUPPORT_BELOW_THRESHOLD: (
        "The closest passages only weakly support an answer; read the suggested pages or contact support."
    ),
    ReasonCode.AMBIGUOUS_SOURCES: (
        "Several pages could apply; make the question more specific (product, version, plan)."
    ),
    ReasonCode.MODEL_DECLINED: "The assistant could not write an answer from the sources; see the suggested pages.",
    ReasonCode.UNSUPPORTED_CLAIM: (
        "A drafted answer went beyond its sources and was withheld; see the suggested pages or contact support."
    ),
    ReasonCode.CITATION_INVALID: (
        "A drafted answer cited a source outside this request and was withheld; please ask again."
    ),
}


# A search of a few words ("billing") that no page answers is no documentation gap yet: what is wanted is
# unknown. Instead of the next step of these codes, the asker is asked for the question.
KEYWORDS_NEXT_STEP = (
    'This reads as a search, not a question; ask what you want to know or do ("How do I ...?", '
    '"What is ...?") for an answer, or see the suggested pages.'
)
SEARCH_MISSES = frozenset(
    {
        ReasonCode.NO_EVIDENCE,
        ReasonCode.LOW_RETRIEVAL_CONFIDENCE,
        ReasonCode.NO_ANSWER_BEARING_EVIDENCE,
        ReasonCode.REQUIRED_CLAIM_NOT_COVERED,
        ReasonCode.SUPPORT_BELOW_THRESHOLD,
        ReasonCode.AMBIGUOUS_SOURCES,
    }
)


def primary(codes: tuple[ReasonCode, ...]) -> ReasonCode | None:
    """The code that drives the next step: the first in declaration order."""
    order = list(ReasonCode)
    return min(codes, key=order.index) if codes else None


def ordered(codes: set[ReasonCode]) -> tuple[ReasonCode, ...]:
    """Codes in reporting (declaration) order, without duplicates."""
    return tuple(code for code in ReasonCode if code in codes)
