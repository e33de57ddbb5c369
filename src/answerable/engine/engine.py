"""The engine: the only place where the pure steps (claims, assess, gate, cite) meet the backends.

    question -> hybrid search (ACL inside the query) -> [misspelt words read as the passages spell
             them: search again] -> claims -> rerank -> verify -> authorize
             -> [abstain: no generation call] -> generate -> cite check -> decide -> log

Store and model failures raise (`StoreError`, `ModelError`): an error is never an abstention.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime
from typing import Any

import numpy as np
import numpy.typing as npt

from answerable.backends.generation import Generator
from answerable.backends.generation.extractive import ExtractiveGenerator
from answerable.backends.models import DEFAULT_CONFIRMER
from answerable.backends.models.base import Reranker, Verifier
from answerable.backends.models.embed import Embedder
from answerable.backends.models.ensemble import rank_sentences_with
from answerable.backends.registry import (
    load_confirmer,
    load_decomposer,
    load_embedder,
    load_generator,
    load_reranker,
    load_verifier,
    open_store,
)
from answerable.backends.store.base import DecisionLog, Filter, Index, Retriever
from answerable.core.assess import assess, confirmed, restates, second_look, section_look, to_confirm
from answerable.core.codec import to_jsonable
from answerable.core.errors import InputError
from answerable.core.gate import authorize, causes, decide
from answerable.core.policy import Policy, Profile
from answerable.core.settings import Settings
from answerable.core.types import (
    MAX_QUESTION_CHARS,
    Claim,
    ClaimStatus,
    Decision,
    Draft,
    Evidence,
    Label,
    Passage,
    Principal,
    Result,
    Status,
    Verdict,
    content_hash,
    disagree,
    embedding_text,
)
from answerable.engine.cite import verify_draft
from answerable.ingest.chunking import chunk_id
from answerable.signals import kinds
from answerable.signals.acronyms import asked
from answerable.signals.annotate import annotate, annotate_draft, annotate_values
from answerable.signals.claims import Decomposer, RuleDecomposer
from answerable.signals.defaults import read_default
from answerable.signals.injection import screen
from answerable.signals.quoting import (
    as_confirmed,
    as_ranked,
    candidates,
    entries_ranked,
    pick,
    split_sentences,
    with_referent,
    without_pointers,
)
from answerable.signals.spelling import read_as
from answerable.signals.terms import states_otherwise
from answerable.signals.values import asked_kinds, asks_figure, compared_values, stated_values
from answerable.text.units import is_code, is_entry, is_item

# A passage "answers" a claim when the calibrated answerability is at least this (or the profile's
# min_support, if lower); min_support then decides whether that support is strong enough.
ANSWERS = 0.5
# Two documents contradict only when the support model is this sure of it (the best sentence of one,
# refuted by the other). Independent of the profile's min_support: a weak answer threshold must not turn
# every paraphrase into a conflict. The value is the lowest that costs no supported answer on the
# calibration data; a higher one never fires on real refutations (docs/research/gate.md).
CONTRADICTS = 0.6
# Another page's different value is a side of a conflict, where its words do not say all the answer says
# of the question, only when the second model finds it more likely than not to answer the question: the
# profile's `min_confirmation` lets an answer's own support through on less, but a side must be shown to
# speak of the thing asked, or a figure near the topic ("Recordings are kept for 30 days." for "How long
# are audit log entries kept?") withholds a right answer.
SIDE_CONFIRMATION = 0.5


Vector = npt.NDArray[np.float32]


@dataclass(frozen=True)
class Query:
    """A question or claim, with its embedding when it is already known."""

    text: str
    vector: Vector | None = None


@dataclass(frozen=True)
class EngineConfig:
    """How many candidates each stage keeps."""

    retrieve_k: int = 20
    rerank_k: int = 8
    verify_k: int = 8
    conflict_k: int = 3


class Stopwatch:
    """Milliseconds per stage, in order."""

    def __init__(self) -> None:
        self.ms: dict[str, float] = {}
        self._last = time.perf_counter()

    def lap(self, stage: str) -> None:
        now = time.perf_counter()
        self.ms[stage] = round(self.ms.get(stage, 0.0) + (now - self._last) * 1000, 3)  # a stage run twice adds up
        self._last = now


class Engine:
    """Answers a question for a principal under a policy profile, or abstains with reasons."""

    def __init__(
        self,
        store: Retriever | None,
        embedder: Embedder,
        reranker: Reranker,
        verifier: Verifier,
        policy: Policy,
        *,
        generator: Generator | None = None,
        decomposer: Decomposer | None = None,
        config: EngineConfig | None = None,
        sentence_ranker: Reranker | None = None,
        confirmer: Reranker | None = None,
        log: bool = True,
        today: Callable[[], date] = date.today,
    ) -> None:
        self.store = store
        self.embedder = embedder
        self.reranker = reranker
        self.verifier = verifier
        self.policy = policy
        self.sentence_ranker = sentence_ranker or rank_sentences_with(reranker)
        self.decomposer = decomposer or RuleDecomposer()
        # Asked only under a profile with `min_confirmation`, and to re-rank an answer's sentences (the
        # default loads on its first answer).
        self.confirmer = confirmer or load_confirmer(DEFAULT_CONFIRMER)
        self.generator = generator or load_generator(
            "extractive", sentences=self.sentence_ranker, confirmer=self.confirmer
        )
        self.config = config or EngineConfig()
        self.log = log
        self.today = today

    def ask(
        self,
        question: str,
        principal: Principal | None = None,
        profile: str = "strict",
        as_of: date | None = None,
        doc_ids: Sequence[str] | None = None,
    ) -> Result:
        """The decision for `question` over what the store holds for `principal`, with the record of how it
        was reached. `doc_ids` closes retrieval to those documents."""
        principal = principal or Principal()
        prof = self.policy.profile(profile)
        now = as_of or self.today()
        clock = Stopwatch()
        check_question(question)
        if self.store is None:
            raise InputError("this engine has no store to search: give it the passages with check(question, passages)")
        flt = Filter(
            tenant=principal.tenant,
            groups=principal.groups,
            doc_ids=frozenset(doc_ids) if doc_ids is not None else None,
            as_of=as_of,
        )
        # A clause that describes a default is read as "by default" before any search: it needs no passage.
        read = read_default(question) if prof.read_typos else question
        vector = self.embedder.embed([read])[0]
        hits = self.store.search_hybrid(read, vector, flt, self.config.retrieve_k)
        present = self._present(hits)
        if prof.read_typos and present:
            # Spelt as the passages this principal may read spell it; searched again only when it differs.
            spelt = read_as(read, [t for p in present for t in (p.title, p.text)])
            if spelt != read:
                read = spelt
                vector = self.embedder.embed([read])[0]
                hits = self.store.search_hybrid(read, vector, flt, self.config.retrieve_k)
                present = self._present(hits)
        present = self._with_leads(present, flt)
        clock.lap("search")
        vectors = self._stored_vectors(hits) if present else None
        run = _Run(question, read, Query(read, vector), prof, now, principal, clock, hits)
        return self._judge(run, present, vectors, draft=None)

    def check(
        self,
        question: str,
        passages: Sequence[Passage],
        *,
        profile: str = "strict",
        as_of: date | None = None,
        principal: Principal | None = None,
        draft: Draft | None = None,
    ) -> Result:
        """The decision for `question` over `passages` the caller retrieved (no store is read).

        The same claims, models, vetoes and citation checks as `ask`. `draft`, when given, is the caller's
        answer (sentences citing passage ids): it is checked instead of one being generated, and a cited id
        outside the authorized passages is `citation_invalid`. The caller is trusted to have given only
        passages the asker may read. Passage ids must be unique.
        """
        principal = principal or Principal()
        prof = self.policy.profile(profile)
        now = as_of or self.today()
        clock = Stopwatch()
        check_question(question)
        given = list(passages)
        seen: set[str] = set()
        for passage in given:
            if passage.id in seen:
                raise InputError(f"passage id {passage.id!r} is given twice; each passage needs its own id")
            seen.add(passage.id)
        present = self._present(given)
        read = question
        if prof.read_typos and present:
            read = read_as(question, [t for p in present for t in (p.title, p.text)])
        vector = self.embedder.embed([read])[0]
        vectors: dict[str, Vector] = {}
        if present:
            # The cosines a store's vector search would have given: the gate asks whether any page is on the
            # question's topic at all, and the ensemble reranker reads them.
            embedded = self.embedder.embed([embedding_text(p.title, p.heading_path, p.text) for p in present])
            vectors = {p.id: v for p, v in zip(present, embedded, strict=True)}
            present = [
                replace(p, scores=replace(p.scores, vector=float(np.dot(vector, vectors[p.id])))) for p in present
            ]
        clock.lap("search")
        reads_cosine = self.reranker.cosine_embedder == self.embedder.name
        run = _Run(question, read, Query(read, vector), prof, now, principal, clock, given)
        return self._judge(run, present, vectors if reads_cosine and present else None, draft=draft)

    def _judge(
        self, run: _Run, present: list[Passage], vectors: dict[str, Vector] | None, *, draft: Draft | None
    ) -> Result:
        """Claims, rerank, verify, the gate, generation (or the caller's draft), the citation check, the
        decision: what `ask` and `check` share once they have their passages."""
        read, prof, now, clock = run.read, run.profile, run.now, run.clock
        claims = self.decomposer.decompose(read)
        if not claims:
            raise InputError("the question is empty")
        clock.lap("claims")
        if not present:
            return self._finish(run, annotate(Evidence(read, claims, tuple(run.hits))), drafted=False)

        # The acronyms the question uses, as the pages this principal may read define them: a section that
        # writes only the long form is read with the acronym after it (`acronyms.read_with`).
        acronyms = asked(read, [t for p in present for t in (p.text, p.lead)])
        if acronyms:
            present = [replace(p, acronyms=acronyms) for p in present]
        passages = self._rerank(run.query, present, vectors)
        clock.lap("rerank")
        verdicts, quoted = self._verify(read, claims, passages, prof, vectors)
        clock.lap("verify")
        evidence = annotate_values(annotate(Evidence(read, claims, tuple(passages), tuple(verdicts))), quoted)
        auth = authorize(evidence, prof, now)
        if auth.status is not Status.ABSTAIN and prof.min_confirmation > 0:
            # Only support that would let an answer out is worth the second model's time.
            clock.lap("gate")
            evidence = self._confirm(evidence, prof, now)
            clock.lap("confirm")
            auth = authorize(evidence, prof, now)
        clock.lap("gate")
        if auth.status is Status.ABSTAIN:
            return self._finish(run, evidence, drafted=False)

        context = {p.id: p for p in passages if p.id in set(auth.context_ids)}
        if draft is None:
            covered = [
                (c.claim, [context[pid] for pid in c.passage_ids if pid in context])
                for c in auth.assessment.claims
                if c.status is ClaimStatus.SUPPORTED or (c.status is ClaimStatus.CONFLICTING and c.passage_ids)
            ]
            draft = self.generator.generate(read, covered)
            clock.lap("generate")
            # A sentence is checked against the passages the generator was given: the rest of the context
            # did not answer any claim, so citing it supports nothing (support 0, `unsupported_claim`).
            shown = {p.id: p.text for _, ps in covered for p in ps}
        else:
            # The caller's draft may cite any passage the gate authorized; anything else is no evidence.
            shown = {pid: p.text for pid, p in context.items()}
        draft = verify_draft(draft, shown, self._entails)
        clock.lap("cite")
        return self._finish(run, annotate_draft(replace(evidence, draft=draft)), drafted=True)

    # --- stages -------------------------------------------------------------------------------------

    def _with_leads(self, present: list[Passage], flt: Filter) -> list[Passage]:
        """Each candidate with its page's opening sentence (`Passage.lead`), as this principal may read it:
        the rankers read a section after it when a question asks about the page's subject by what the
        opening calls it (`quoting.lead_needed`). Only sections of pages with headings have one: a bare
        paragraph (a dataset's passage) is no section of a page. The opening is read from the index, where
        the page's first chunk is, screened as every passage is; a sentence that is code, a list item, an
        entry or an introduction ending with a colon opens nothing."""
        pages = sorted({p.document_id for p in present if p.heading_path})
        if not pages or not isinstance(self.store, Index):
            return present
        leads: dict[str, str] = {}
        for first in self._present(self.store.get([chunk_id(d, 0) for d in pages], flt)):
            opening = next(iter(split_sentences(first.text)), "")
            if opening and not (is_code(opening) or is_item(opening) or is_entry(opening) or opening.endswith(":")):
                leads[first.document_id] = opening
        return [
            replace(p, lead=leads[p.document_id]) if p.document_id in leads and p.heading_path else p for p in present
        ]

    def _present(self, passages: Sequence[Passage]) -> list[Passage]:
        """The passages with text left once the sentences that instruct a model are screened out."""
        return [p for p in (self._screened(h) for h in passages) if p.text.strip()]

    @staticmethod
    def _screened(passage: Passage) -> Passage:
        """Documents are data: sentences that instruct a model are dropped before any model sees them."""
        text, removed = screen(passage.text)
        return replace(passage, text=text) if removed else passage

    def _stored_vectors(self, hits: list[Passage]) -> dict[str, Vector] | None:
        """Each candidate's vector as the index stored it, when the reranker reads this embedder's cosine.

        Found by content hash: the vector is a function of text the principal may already read.
        """
        if not isinstance(self.store, Index) or self.reranker.cosine_embedder != self.embedder.name:
            return None  # no index to read them from, or a reranker that reads no cosine
        keys = {h.id: content_hash(h.title, h.heading_path, h.text) for h in hits}
        found = self.store.vectors_for_hashes(sorted(set(keys.values())))
        if not all(k in found for k in keys.values()):
            return None
        return {pid: found[k] for pid, k in keys.items()}

    def _score(self, query: Query, passages: Sequence[Passage], vectors: dict[str, Vector] | None) -> list[float]:
        # Each passage as the rankers read its sentences: after its section's heading ("How often alerts
        # run" for "How often are alerts evaluated?", 0.71 without it, under the retrieval bar). Passages
        # without sections (the shared datasets') are read as they are.
        # Nor do they read its pointers to other pages, which name what the question asks about and answer
        # nothing (`without_pointers`).
        texts = [as_ranked(p, query.text) for p in passages]
        scores = self._scored(query, texts, list(passages), vectors)
        # A passage of several entries (options, parameters, settings) scores as its best entry when that
        # scores higher than the whole, each entry read under its page's title (`entries_ranked`). The
        # entries are scored after the passages, in a batch of their own: BM25 weighs words by the texts
        # scored together, and a passage's own score must not move with the entries of the others.
        # Only the passages ranked among the first `rerank_k` as wholes are read entry by entry: a page the
        # ranker puts lower is no page about the question, and each entry read is a model call.
        first = sorted(range(len(passages)), key=lambda i: -scores[i])[: self.config.rerank_k]
        entries = [(i, e) for i in sorted(first) for e in entries_ranked(passages[i], query.text)]
        if entries:
            of = list(passages) + [passages[i] for i, _ in entries]
            both = self._scored(query, texts + [e for _, e in entries], of, vectors)
            for (i, _), s in zip(entries, both[len(texts) :], strict=True):
                scores[i] = max(scores[i], s)
        return scores

    def _scored(
        self, query: Query, texts: list[str], of: list[Passage], vectors: dict[str, Vector] | None
    ) -> list[float]:
        """The reranker's scores of `texts`, each read from the passage `of` names at its place (whose
        stored vector gives its cosine, when the reranker reads one)."""
        if vectors is None or not texts:
            return list(self.reranker.score(query.text, texts))
        qv = query.vector if query.vector is not None else self.embedder.embed([query.text])[0]
        cosines = [float(np.dot(qv, vectors[p.id])) for p in of]
        return list(self.reranker.score_with_cosines(query.text, texts, cosines))

    def _rerank(self, query: Query, present: list[Passage], vectors: dict[str, Vector] | None) -> list[Passage]:
        scores = self._score(query, present, vectors)
        scored = [replace(p, scores=replace(p.scores, rerank=float(s))) for p, s in zip(present, scores, strict=True)]
        scored.sort(key=lambda p: (-(p.scores.rerank or 0.0), p.id))
        return scored[: self.config.rerank_k]

    def _verify(
        self,
        question: str,
        claims: Sequence[Claim],
        passages: list[Passage],
        prof: Profile,
        vectors: dict[str, Vector] | None = None,
    ) -> tuple[list[Verdict], dict[tuple[str, str], str]]:
        """Per claim and passage: does the passage answer this part of the question (calibrated)?

        Then, for claims answered by several documents, whether the others contradict the best one; with
        the sentence each of those documents would be quoted by, keyed by (claim id, passage id), whose
        values the gate compares (`annotate_values`).
        """
        top = passages[: self.config.verify_k]
        verdicts: list[Verdict] = []
        sentences: dict[tuple[str, str], str] = {}
        for claim in claims:
            if claim.text.strip() == question.strip():
                scores = [p.scores.rerank or 0.0 for p in top]
            else:
                scores = self._score(Query(claim.text), top, vectors)
            floor = min(ANSWERS, prof.min_support)
            mine = [
                Verdict(claim.id, p.id, Label.SUPPORTED, s)
                if s >= floor
                else Verdict(claim.id, p.id, Label.INSUFFICIENT, 1 - s)
                for p, s in zip(top, scores, strict=True)
            ]
            checked, read = self._contradictions(claim, mine, {p.id: p for p in top}, prof)
            verdicts += checked
            sentences.update(read)
            sentences.update(self._restated(claim, mine, top, prof))
        return verdicts, sentences

    def _restated(
        self, claim: Claim, verdicts: list[Verdict], top: list[Passage], prof: Profile
    ) -> dict[tuple[str, str], str]:
        """The answer sentences of a superseded passage that answers `claim` and of its restatements: the
        sections of the page that supersedes it under the same heading, among the passages found. The gate
        reads the current figure from a restatement that states a value of the same kind
        (`assess.restates`); the models, asked about the newer page's wording, often score it under the
        bar where the older one cleared it. Under a profile that asks the second answerability model, a
        restatement counts only where it confirms that it answers the claim, as for any answer's support."""
        answering = [v for v in verdicts if v.label is Label.SUPPORTED and v.strength >= prof.min_support]
        strongest = max(answering, key=lambda v: v.strength, default=None)
        if strongest is None:
            return {}
        old = next(p for p in top if p.id == strongest.passage_id)
        newer = [p for p in top if restates(p, old)]
        if newer and prof.min_confirmation > 0:
            scores = self.confirmer.score_pairs([(claim.text, as_confirmed(p, claim.text)) for p in newer])
            newer = [p for p, c in zip(newer, scores, strict=True) if c >= prof.min_confirmation]
        if not newer:
            return {}
        return {(claim.id, p.id): self.best_sentence(claim.text, p) for p in (old, *newer)}

    def _confirm(self, evidence: Evidence, prof: Profile, now: date) -> Evidence:
        """Ask the second answerability model whether each claim's strongest support answers it."""
        by_id = {p.id: p for p in evidence.passages}
        # Each claim's strongest support, and its rivals from other sources, for the model to pick from.
        ask = [(c, v) for c in evidence.claims for v in to_confirm(evidence, c.id, prof, now)]
        # One batch for every claim: a pair's score does not depend on the pairs scored beside it.
        evidence = self._confirmations(evidence, ask, by_id)
        # Where it doubts the strongest, a second look at the best other source (`assess.second_look`).
        again = [(c, v) for c in evidence.claims if (v := second_look(evidence, c.id, prof, now)) is not None]
        # And at the other chunks of its section, which may hold what the first chunk only opens
        # (`assess.section_look`).
        again += [(c, v) for c in evidence.claims for v in section_look(evidence, c.id, prof, now)]
        return self._confirmations(evidence, again, by_id)

    def _confirmations(
        self, evidence: Evidence, asked: Sequence[tuple[Claim, Verdict]], by_id: dict[str, Passage]
    ) -> Evidence:
        """`evidence` with the second model's word on each (claim, support) `asked`, in one batch; it reads
        each passage `as_confirmed`."""
        if not asked:
            return evidence
        scores = self.confirmer.score_pairs([(c.text, as_confirmed(by_id[v.passage_id], c.text)) for c, v in asked])
        return _with_confirmations(evidence, asked, scores)

    def _contradictions(
        self, claim: Claim, verdicts: list[Verdict], by_id: dict[str, Passage], prof: Profile
    ) -> tuple[list[Verdict], dict[tuple[str, str], str]]:
        supporters = sorted(
            (v for v in verdicts if v.label is Label.SUPPORTED and v.strength >= prof.min_support),
            key=lambda v: -v.strength,
        )
        distinct: list[Verdict] = []
        sections: dict[str, list[Passage]] = {}  # each document's supporting passages, strongest first
        for v in supporters:
            doc = by_id[v.passage_id].document_id
            if doc not in sections:
                distinct.append(v)
            sections.setdefault(doc, []).append(by_id[v.passage_id])
        distinct = distinct[: self.config.conflict_k]
        if len(distinct) < 2:
            return verdicts, {}
        best = by_id[distinct[0].passage_id]
        statement = self.best_sentence(claim.text, best)
        read = {(claim.id, best.id): statement}
        # Only a page on the question's topic can contradict the answer (the bar the gate calls a page on
        # the topic by): off it, the support model reads a different subject as a refutation ("Monthly
        # plans are not refunded", on deleting a workspace, against an annual plan's refund window).
        # Nor can a page that does not speak of what the answer speaks of: every word of the question the
        # answer says must be on the other page (its title and headings included). A table of how long
        # deleted files are kept ("Business | 90 days") read as refuting one of how long versions are kept
        # ("| Plan | Version history | ... | Business | 180 days |") for "How long is version history kept
        # on the Business plan?" (0.66); it never says "version".
        # Nor can any page contradict an answer that states no value of the kind the claim asks for ("Night
        # buses run as usual on every holiday except Christmas Day." for "When do the night buses start
        # running?"): it answers something else, and a page that reads as refuting it ("Night buses run from
        # 12:30 a.m. until 5 a.m.") disagrees with no answer to the claim. Whether it answers is the
        # as-asked check's to say. What the answer speaks of is read as for values (`_stating`): with the
        # sentence its pronoun points back to; and a page that speaks only of other days of the week, or does
        # not name the entry the answer's sentence defines, speaks of something else.
        asks_value = bool(asked_kinds(claim.text))
        # A sentence that names no one thing still answers "Which plan includes SSO?" in its way ("Only paid
        # plans include it."): whether it refutes another page stays the support model's to read.
        answers_as_asked = not asks_figure(claim.text) or bool(stated_values(claim.text, statement))
        told = with_referent(best.text, statement)
        others = [
            p
            for p in (by_id[v.passage_id] for v in distinct[1:])
            if answers_as_asked
            and _on_topic(p, prof)
            and kinds.about_as_much(claim.text, page := embedding_text(p.title, p.heading_path, p.text), told)
            and not kinds.for_other_days(claim.text, page)
            and kinds.names_the_entry(claim.text, statement, p.text, p.text)
        ]
        if asks_value:
            lead, stating = self._value_statement(claim.text, sections[best.document_id], statement)
            if stated_values(claim.text, stating):
                read[(claim.id, lead.id)] = stating
                others_sections = [sections[by_id[v.passage_id].document_id] for v in distinct[1:]]
                told_value = with_referent(lead.text, stating)
                read.update(self._stating(claim, stating, told_value, others_sections, prof))
        if not others:
            return verdicts, read
        probs = self.verifier.verify_probs(Claim(claim.id, statement), others)
        # The support model reads a page that states the same name or figure ("Only the workspace Owner can
        # change the plan.", against "The workspace Owner can change the billing contact ...") or none of
        # the kind the answer gives (a page pointing to the answer's page) as refuting it, 0.68 to 0.78:
        # where the answer states a value, the other page must state another for the two to disagree.
        refuted = {
            p.id: pr.refuted
            for p, pr in zip(others, probs, strict=True)
            if pr.refuted >= max(CONTRADICTS, prof.min_support)
            and states_otherwise(statement, p.text, claim.text) is not False
        }
        return [
            Verdict(v.claim_id, v.passage_id, Label.REFUTED, refuted[v.passage_id]) if v.passage_id in refuted else v
            for v in verdicts
        ], read

    def _value_statement(self, text: str, sections: list[Passage], first: str | None = None) -> tuple[Passage, str]:
        """The passage of one document and its sentence that state its value for what `text` asks: the
        strongest supporting passage whose answer sentence states a value of the kind asked, else the
        strongest passage's sentence. A page answers with its section that states the figure ("Cancel at least
        2 hours before the class starts."), not with the one the ranker liked best ("A late cancellation
        costs $8." for "How late can I cancel?"), whatever order they were ranked in. `first` is the strongest
        passage's sentence when it is known."""
        return next(self._value_statements(text, sections, first))

    def _value_statements(
        self, text: str, sections: list[Passage], first: str | None = None
    ) -> Iterator[tuple[Passage, str]]:
        """Each passage of one document whose answer sentence states a value of the kind `text` asks, with
        that sentence, strongest first; then the strongest passage's sentence when none states one. A page
        that says how long its office holds ferry finds ("2 days") in one section and how long items are
        kept ("30 days") in the next answers "How long are lost items kept?" with the second: when the
        first is about another thing (`_stating`), the page's next value is read."""
        lead = first if first is not None else self.best_sentence(text, sections[0])
        found = False
        for k, p in enumerate(sections):
            sentence = lead if k == 0 else self.best_sentence(text, p)
            if stated_values(text, sentence):
                found = True
                yield p, sentence
        if not found:
            yield sections[0], lead

    def _stating(
        self, claim: Claim, statement: str, told: str, answering: list[list[Passage]], prof: Profile
    ) -> dict[tuple[str, str], str]:
        """The answer sentences of the other pages that answer `claim` (each a document's supporting
        passages, strongest first; `_value_statement`), whose values the gate compares with those of
        `statement` (the answer's): a changed figure is rarely read as a refutation by the support
        model. A page with a different value counts only where it speaks of the same thing: where it
        mentions every word of the claim the answer mentions (`kinds.speaks_of`), but those its value says
        itself (`kinds.said_by_values`: "Towels are free" need not say "cost"), else where the second
        answerability model finds it more likely than not to answer the claim (`SIDE_CONFIRMATION`, under
        a profile that asks it). "You can claim up to $50 per day for meals" answers "How much are meals
        reimbursed per day on a business trip?" in other words; "Business workspaces keep deleted files for
        90 days" does not answer "How long is version history kept on the Business plan?", whatever its
        figure; nor does a sentence about another kind of the thing asked (`kinds.of_another_kind`: "A
        frozen membership costs $5 per month." for "How much does a standard membership cost per month?"),
        one that says none of the words the answer answers by (`kinds.shares_the_point`), or one that does
        not name the setting or parameter entry the answer's value belongs to (`kinds.names_the_entry`).
        What the answer speaks of is read from `told`, the statement with the sentence its pronoun points
        back to (`quoting.with_referent`: "Enterprise workspaces keep them for 7 years." speaks of the audit
        events the sentence before names)."""
        mine = compared_values(claim.text, statement)
        read: dict[tuple[str, str], str] = {}
        doubtful: list[tuple[Passage, str]] = []
        for sections in answering:
            on_topic = [p for p in sections if _on_topic(p, prof)]
            if not on_topic:
                continue
            about = next(
                (
                    (p, sentence)
                    for p, sentence in self._value_statements(claim.text, on_topic)
                    if not kinds.of_another_kind(claim.text, sentence, ctx := ". ".join((p.title, *p.heading_path)))
                    and not kinds.for_other_days(claim.text, f"{ctx}. {p.text}")
                    and kinds.shares_the_point(claim.text, told, sentence, ctx)
                    and kinds.names_the_entry(claim.text, statement, sentence, p.text)
                ),
                None,
            )
            if about is None:
                continue  # the price of a frozen membership is no price of a standard one
            p, sentence = about
            theirs = compared_values(claim.text, sentence)
            if not disagree(mine, theirs) or kinds.speaks_of(
                claim.text,
                embedding_text(p.title, p.heading_path, p.text),
                told,
                kinds.said_by_values(claim.text, theirs),
            ):
                read[(claim.id, p.id)] = sentence
            elif prof.min_confirmation > 0:
                doubtful.append((p, sentence))
        if doubtful:
            scores = self.confirmer.score_pairs([(claim.text, as_confirmed(p, claim.text)) for p, _ in doubtful])
            read.update(
                {
                    (claim.id, p.id): s
                    for (p, s), c in zip(doubtful, scores, strict=True)
                    if c >= max(SIDE_CONFIRMATION, prof.min_confirmation)
                }
            )
        return read

    def best_sentence(self, text: str, passage: Passage) -> str:
        """The sentence of `passage` an answer to `text` would quote, as the extractive generator picks it
        (under its section heading, with the form of answer asked for; without the second model's
        re-ranking): read without the heading, "How big can an export be?" tested the FAQ's "Very large
        exports take longer ..." against the 1 GB page, not its "Exports can be up to 5 GB.". The contradiction
        check tests that sentence: for "How do I restore a deleted workspace?" the ranker's own best,
        "Only the workspace Owner can delete a workspace.", read as refuted by a page that only points
        to the workspace page (0.78); the sentence that instructs, the answer, is not (0.48)."""
        sentences = split_sentences(passage.text)
        if not sentences:
            return without_pointers(passage.text)
        _, texts, read, about = candidates(text, [(passage, sentences)])
        return texts[pick(text, texts, self.sentence_ranker.score(text, read), read=read, about=about)]

    def _entails(self, sentence: str, passage_text: str) -> float:
        (probs,) = self.verifier.probs_pairs([(sentence, passage_text)])
        return probs.supported

    def _finish(self, run: _Run, evidence: Evidence, *, drafted: bool) -> Result:
        decision = decide(evidence, run.profile, run.now)
        run.clock.lap("decide")
        record = log_record(
            evidence, decision, run.profile, run.now, run.principal, run.clock.ms, run.hits, drafted, asked=run.asked
        )
        record["models"] = {
            "reranker": self.reranker.name,
            "verifier": self.verifier.name,
            "generator": self.generator.name,
            "sentence_ranker": self.sentence_ranker.name,
            "quote_ranker": _quote_ranker(self.generator),
            "decomposer": self.decomposer.name,
            "confirmer": self.confirmer.name if run.profile.min_confirmation > 0 else None,
        }
        if self.log and isinstance(self.store, DecisionLog):
            self.store.append_log(decision.decision_id, datetime.now(UTC).isoformat(timespec="seconds"), record)
        return Result(decision, evidence, record)


@dataclass(frozen=True)
class _Run:
    """One request as `_judge` carries it: what was asked, how it was read, for whom, when, under which profile."""

    asked: str
    read: str
    query: Query
    profile: Profile
    now: date
    principal: Principal
    clock: Stopwatch
    hits: Sequence[Passage]


def check_question(question: str) -> None:
    """An empty question, or one over `MAX_QUESTION_CHARS`, is bad input (InputError), never a request."""
    if len(question) > MAX_QUESTION_CHARS:
        raise InputError(f"the question is {len(question):,} characters long; the limit is {MAX_QUESTION_CHARS:,}")
    if not question.strip():
        raise InputError("the question is empty")


def _with_confirmations(
    evidence: Evidence, asked: Sequence[tuple[Claim, Verdict]], scores: Sequence[float]
) -> Evidence:
    """`evidence` with the second model's score on each verdict it was `asked` about."""
    got = {(c.id, v.passage_id): float(s) for (c, v), s in zip(asked, scores, strict=True)}
    verdicts = tuple(
        replace(v, confirmation=got[(v.claim_id, v.passage_id)]) if (v.claim_id, v.passage_id) in got else v
        for v in evidence.verdicts
    )
    return replace(evidence, verdicts=verdicts)


def _on_topic(passage: Passage, prof: Profile) -> bool:
    """Whether the passage is on the question's topic; a passage with no cosine (found by words alone) is."""
    return passage.scores.vector is None or passage.scores.vector >= prof.min_topic_similarity


def log_record(
    evidence: Evidence,
    decision: Decision,
    prof: Profile,
    now: date,
    principal: Principal,
    timings: dict[str, float],
    hits: Sequence[Passage],
    drafted: bool,
    *,
    asked: str | None = None,
) -> dict[str, Any]:
    """Everything that went into a decision and what came out, as plain JSON.

    `question` is what was asked; `read_as` the question with its misspelt words read as the passages
    spell them (None when it was read as asked), which the claims were drawn from.
    """
    a = assess(confirmed(evidence, prof, now), prof, now)
    asked = evidence.question if asked is None else asked
    return {
        "decision_id": decision.decision_id,
        "question": asked,
        "read_as": evidence.question if evidence.question != asked else None,
        "principal": {"id": principal.id, "tenant": principal.tenant, "groups": sorted(principal.groups)},
        "profile": prof.name,
        "policy": {"name": prof.policy_name, "version": prof.version},
        "as_of": now.isoformat(),
        "claims": [{"id": c.id, "text": c.text} for c in evidence.claims],
        "retrieved": [
            {
                "passage_id": h.id,
                "document_id": h.document_id,
                "title": h.title,
                "fused": h.scores.fused,
                "bm25": h.scores.bm25,
                "vector": h.scores.vector,
            }
            for h in hits
        ],
        "reranked": [{"passage_id": p.id, "rerank": p.scores.rerank} for p in evidence.passages],
        "verdicts": to_jsonable(evidence.verdicts),
        # What the retrieval vetoes compared, beside the profile's bars (None where nothing was usable).
        "gate": {
            "retrieval_score": a.retrieval_score,
            "min_retrieval_score": prof.min_retrieval_score,
            "margin": a.margin,
            "min_margin": prof.min_margin,
            "topic_similarity": a.topic_similarity,
            "min_topic_similarity": prof.min_topic_similarity,
            "min_confirmation": prof.min_confirmation,
        },
        "generated": drafted,
        # What the generator wrote, with what each sentence cites and how well that supports it: an answer
        # withheld after generation (`unsupported_claim`, `citation_invalid`) is reviewable from the log.
        "draft": to_jsonable(evidence.draft.sentences) if evidence.draft is not None else None,
        "status": str(decision.status),
        "reason_codes": [str(r) for r in decision.reason_codes],
        # Each code's specific cause here, in words ("... scores 0.31, under the bar of 0.50"): what the
        # readable output prints under "Why" instead of the code's general meaning.
        "why": causes(evidence, decision, prof, now, a),
        "missing_claims": list(decision.missing_claims),
        "decision": decision.to_dict(),
        "timings_ms": timings,
    }


def _quote_ranker(generator: Generator) -> str | None:
    rescore = generator.rescore if isinstance(generator, ExtractiveGenerator) else None
    return rescore.name if rescore else None


def open_engine(settings: Settings | None = None, **options: str | None) -> Engine:
    """An engine from settings: `settings` as given, else each of `options` (`store`, `embedder`,
    `reranker`, `verifier`, `confirmer`, `generator`, `decomposer`, `policy`; None: not given), then the
    environment, then the default (`answerable.core.settings`).

    The store must exist (`answerable ingest` builds it): asking an index that was never built is an
    error, not a `no_evidence` abstention.
    """
    import os

    from answerable.core.policy import load_policy

    settings = settings or Settings.resolve(os.environ, **options)
    policy = load_policy(settings.policy)
    store = open_store(settings.store, create=False)
    embedder = load_embedder(settings.embedder)
    if store.stats().embedder is not None:
        store.check_embedder(embedder.name, embedder.dim)
    reranker = load_reranker(settings.reranker)
    verifier = load_verifier(settings.verifier)
    sentences = rank_sentences_with(reranker)
    confirmer = load_confirmer(settings.confirmer)
    generator = load_generator(settings.generator, sentences=sentences, confirmer=confirmer)
    decomposer = load_decomposer(settings.decomposer)
    return Engine(
        store,
        embedder,
        reranker,
        verifier,
        policy,
        generator=generator,
        decomposer=decomposer,
        sentence_ranker=sentences,
        confirmer=confirmer,
    )
