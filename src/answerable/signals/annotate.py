"""The language signals of one request, computed once and recorded on the evidence as typed features.

The gate weighs these features under a policy; it never reads text itself. `annotate` reads the question,
its claims and the passages (each claim's names and numbers, the kind of answer it asks for, which names
each passage mentions, whether the question is only a few search words); `annotate_draft` reads a draft
(whether the sentences drafted for each claim answer it as asked). Pure: the same evidence gives the same
signals. The engine and `answerable.check` call both; evidence built by hand can be annotated the same way.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from answerable.core.types import (
    AsAsked,
    ClaimSignals,
    DraftSentence,
    Evidence,
    Passage,
    Quantity,
    Signals,
    Stated,
    Term,
)
from answerable.signals import kinds
from answerable.signals.claims import is_keywords
from answerable.signals.mismatch import mismatch, other_member
from answerable.signals.quoting import says_nothing, with_referent
from answerable.signals.terms import mentions_in, named_terms, required_terms, without_cross_references
from answerable.signals.values import asks_name, compared_values, says_what_is_named, stated_values
from answerable.text.units import UnitKind, is_code, is_entry, is_item, units


def own_words(passage: Passage) -> str:
    """A passage's title, section headings and text as it mentions names: the headings say what the section
    is about ("Installing Sphinx > Linux > Debian/Ubuntu" over "Install `python3-sphinx` using apt-get"),
    but a pointer to another page ("see GDPR and data deletion") mentions nothing it says."""
    headings = "\n".join(passage.heading_path)
    return f"{passage.title or ''}\n{headings}\n{without_cross_references(passage.text)}"


def only_example(text: str) -> bool:
    """Is `text` nothing but code blocks: an example, with no sentence that says anything of it?"""
    found = units(text)
    return bool(found) and all(u.kind is UnitKind.CODE for u in found)


def annotate(evidence: Evidence) -> Evidence:
    """`evidence` with its signals (a draft's too, when it has one)."""
    several = len(evidence.claims) > 1
    examples = tuple(p.id for p in evidence.passages if only_example(p.text))
    claims = tuple(
        ClaimSignals(
            c.id,
            named_terms(c.text),
            # A yes-or-no part beside another part must be answered by a page that speaks of what it asks.
            required_terms(c.text) + (kinds.whether_terms(c.text) if several else ()),
            kind.noun if (kind := kinds.asked(c.text)) is not None else None,
            () if kinds.asks_for_code(c.text) else examples,
        )
        for c in evidence.claims
    )
    terms: dict[str, Term] = {t.key: t for c in claims for t in (*c.named, *c.required)}
    mentions: list[tuple[str, tuple[str, ...]]] = []
    if terms:
        for p in evidence.passages:
            found = mentions_in((own_words(p),))
            mentions.append((p.id, tuple(sorted(k for k, t in terms.items() if found.mentions(t)))))
    signals = Signals(claims=claims, mentions=tuple(mentions), keywords=is_keywords(evidence.question))
    return annotate_draft(replace(evidence, signals=signals))


def annotate_draft(evidence: Evidence) -> Evidence:
    """`evidence` with, per claim, whether its drafted sentences answer it as asked (nothing without a draft).

    A claim is judged by the sentences drafted for it (`DraftSentence.claim_ids`); where the generator does
    not say which sentence answers which claim (an LLM's draft), by the whole draft. A claim that none of a
    tagged draft's sentences answers is unanswered. "How wide is Cerro Blanco?" answered by "The Cerro
    Blanco caldera is wide." misses the kind asked (a figure); "How much does the company charge per W-2?"
    answered by "W-2 forms are filed by January 31." misses the form asked (a price); "What is the lowest
    point?" answered by "... the highest point ..." is turned over (`mismatch`), and "What is the default
    fillfactor of a GiST index?" by "B-trees use a default fillfactor of 90." below a list of both speaks of
    another member (`other_member`). A code block alone answers only a question that asks for code or for
    the name of something code names (`kinds.code_may_answer`), and a sentence quoted for two parts must
    name what each asks which or what of (`kinds.names_noun`). A part that asks which one of a kind of thing
    is answered only by sentences that name one (`kinds.names_thing`). An entry that is only its name
    (`quoting.says_nothing`) answers nothing.
    """
    if evidence.draft is None:
        return evidence
    signals = evidence.signals if evidence.signals is not None else annotate(replace(evidence, draft=None)).signals
    assert signals is not None
    sentences = evidence.draft.sentences
    tagged = any(s.claim_ids for s in sentences)
    by_id = {p.id: p.text for p in evidence.passages}
    found = []
    for c in evidence.claims:
        mine = [s for s in sentences if c.id in s.claim_ids] if tagged else list(sentences)
        # An entry that is only its name answers nothing ("`coverage_ignore_modules`:").
        own = [s.text for s in mine if not says_nothing(s.text)]
        if not own:
            found.append(AsAsked(c.id, unanswered=True))
            continue
        kind = kinds.asked(c.text)
        form = kinds.required_form(c.text)
        missing = None
        if kind is not None and not any(kinds.states(kind, text, c.text) for text in own):
            missing = kind.noun
        elif form is not None and not any(form[1](text) for text in own):
            missing = form[0]
        elif all(kinds.only_an_example(text) for text in own) and not kinds.code_may_answer(c.text):
            # A code block alone shows how something is written, not what a question that asks for no code
            # asks ("What response does an unverified user get?" is not answered by the route that checks it).
            missing = "sentence, only an example"
        elif tagged and all(len(s.claim_ids) > 1 for s in mine):
            # Quoted only as another part's answer too: it must name what this part asks which or what of.
            noun = kinds.part_noun(c.text)
            if noun is not None and not any(
                kinds.names_noun(noun, f"{place}\n{text}") for place, text in _placed(mine, evidence)
            ):
                missing = noun
        elif (thing := kinds.thing_asked(c.text)) is not None and not any(
            kinds.names_thing(c.text, thing, text, place) for place, text in _placed(mine, evidence)
        ):
            # "Which cipher ...?" is answered by a sentence that names one, not by one on the topic.
            missing = thing
        # The passages the sentences cite, where a list may name the member asked beside the one they speak of.
        cited = "\n".join(dict.fromkeys(by_id[pid] for s in mine for pid in s.passage_ids if pid in by_id))
        said = " ".join(own)
        found.append(AsAsked(c.id, missing, mismatch(c.text, said) or other_member(c.text, said, cited)))
    return replace(evidence, signals=replace(signals, as_asked=tuple(found)))


def annotate_values(evidence: Evidence, sentences: Mapping[tuple[str, str], str]) -> Evidence:
    """`evidence` with the values each (claim id, passage id)'s answer sentence states for the claim
    (`values.stated_values`): what the gate compares across pages for value conflicts."""
    signals = evidence.signals if evidence.signals is not None else annotate(evidence).signals
    assert signals is not None
    texts = {c.id: c.text for c in evidence.claims}
    by_id = {p.id: p for p in evidence.passages}
    stated = tuple(
        Stated(claim_id, passage_id, _stated(texts[claim_id], sentence, by_id.get(passage_id)))
        for (claim_id, passage_id), sentence in sentences.items()
        if claim_id in texts
    )
    return replace(evidence, signals=replace(signals, stated=stated))


def _placed(sentences: list[DraftSentence], evidence: Evidence) -> list[tuple[str, str]]:
    """Each of `sentences` with where it stands: the page titles and headings of the passages it cites, and
    for an entry the paragraph that introduces its list (`_introduction`), as a heading above it is."""
    by_id = {p.id: p for p in evidence.passages}
    out = []
    for s in sentences:
        cited = [by_id[pid] for pid in s.passage_ids if pid in by_id]
        where = [f"{p.title}\n" + "\n".join(p.heading_path) for p in cited]
        if is_entry(s.text):
            where += [_introduction(p.text, s.text) for p in cited]
        out.append(("\n".join(where), s.text))
    return out


def _introduction(text: str, entry: str) -> str:
    """The paragraph of `text` that introduces the list `entry` stands in: the nearest paragraph before it
    that is no entry, list item, code block or quoted note; "" when there is none. An entry is read under it as under a
    heading: "`plain_traceback`: Is the default if Rich is not installed." is one of the exception formatters
    "The renderer takes an `exception_formatter` argument ..." introduces."""
    at = text.find(entry[:80])
    if at <= 0:
        return ""
    for block in reversed([b.strip() for b in text[:at].split("\n\n") if b.strip()]):
        if not (is_entry(block) or is_item(block) or is_code(block) or block.startswith(">")):
            return block
    return ""


def _stated(question: str, sentence: str, passage: Passage | None) -> tuple[Quantity, ...]:
    """The values `sentence` of `passage` states for `question`. A name is read with the sentence a pronoun
    points back to and the words of the headings it stands under (`values.names_in`'s `known`): "It adds the
    Slack integration." under "## Team", after "Team costs $8 per user.", names the Team plan. It counts only
    where the sentence, with its page title and headings, speaks of the kind of thing asked
    (`values.says_what_is_named`: "Needs Python 3.14+." names no hash algorithm); a count only where it counts
    what the question counts (`values.compared_values`)."""
    if passage is None or not asks_name(question):
        return compared_values(question, sentence)
    if not says_what_is_named(question, sentence, ". ".join((passage.title, *passage.heading_path))):
        return ()
    known = frozenset(w.lower() for h in passage.heading_path if len(h.split()) <= 3 for w in h.split())
    return stated_values(question, with_referent(passage.text, sentence), known)


__all__ = ["annotate", "annotate_draft", "annotate_values", "own_words"]
