"""When the only page that matched was set aside (superseded, or a source this workflow may not rest on), that
is the first reason, and the newer page is named where the asker may read it. Phrasings from no evaluation set."""

from __future__ import annotations

from dataclasses import replace

from answerable import Claim, Label, ReasonCode, TrustTier, decide, load_policy
from answerable.core.gate import causes
from answerable.core.types import Scores
from tests.conftest import NOW, evidence, passage, verdict

CLAIM = (Claim("c1", "How long can I borrow a wifi hotspot?"),)
# The shipped bars (retrieval 0.76, support 0.5): the scenario is about scores between them.
SHIPPED = load_policy()


def scored(p, rerank: float, vector: float = 0.6):  # type: ignore[no-untyped-def]
    return replace(p, scores=Scores(rerank=rerank, vector=vector))


def test_a_superseded_page_that_matched_best_is_the_first_reason_even_under_the_bar() -> None:
    old = scored(passage("loans-2024#1", text="Wi-Fi hotspots can be borrowed for 7 days."), 0.7)
    new = scored(
        passage("loans#1", text="Books are lent for 3 weeks and DVDs for 2 weeks.", supersedes=("loans-2024",)), 0.55
    )
    ev = evidence(
        (old, new),
        (verdict("c1", old.id, Label.INSUFFICIENT, 0.6), verdict("c1", new.id, Label.INSUFFICIENT, 0.8)),
        CLAIM,
    )
    prof = SHIPPED.profile("strict")
    d = decide(ev, prof, NOW)
    assert d.reason_codes[0] is ReasonCode.EVIDENCE_STALE
    assert d.suggestions[0].passage_id == old.id  # the page that matched, which the next step speaks of
    assert causes(ev, d, prof, NOW)["evidence_stale"] == (
        'the only page that answers it, "loans-2024", is superseded by "loans", which does not state it'
    )


def test_a_forum_post_that_matched_best_is_the_first_reason() -> None:
    post = scored(passage("forum/hotspots#1", text="I kept my hotspot for 10 days.", trust=TrustTier.COMMUNITY), 0.66)
    page = scored(passage("tech/wifi#1", text="The library offers free wifi in every branch."), 0.4)
    ev = evidence(
        (post, page),
        (verdict("c1", post.id, Label.INSUFFICIENT, 0.55), verdict("c1", page.id, Label.INSUFFICIENT, 0.9)),
        CLAIM,
    )
    assert decide(ev, SHIPPED.profile("strict"), NOW).reason_codes[0] is ReasonCode.SOURCE_NOT_ALLOWED


def test_a_stale_page_that_matched_nothing_is_no_reason() -> None:
    old = scored(passage("events-2023#1", text="The summer reading club met on Tuesdays."), 0.2)
    new = scored(passage("events#1", text="Story time is on Saturdays.", supersedes=("events-2023",)), 0.3)
    ev = evidence(
        (old, new),
        (verdict("c1", old.id, Label.INSUFFICIENT, 0.9), verdict("c1", new.id, Label.INSUFFICIENT, 0.9)),
        CLAIM,
    )
    assert ReasonCode.EVIDENCE_STALE not in decide(ev, SHIPPED.profile("strict"), NOW).reason_codes
