"""The extractive generator: for each covered claim, the best sentences of its supporting passages, verbatim."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from answerable.backends.models.base import Reranker
from answerable.core.types import Claim, Draft, DraftSentence, Passage
from answerable.signals.kinds import asks_for_code, for_other_days, introduces_example, only_an_example
from answerable.signals.mismatch import asks_whether
from answerable.signals.quoting import (
    KIND_WEIGHT,
    Scorer,
    antecedent,
    asked_as_headed,
    asks,
    bare_reply,
    candidates,
    documents,
    entries_asked,
    introduced,
    lacks_kind,
    mentions_entry,
    pick,
    quotable,
    rows_asked,
    split_sentences,
    under_heading,
    with_lead,
)
from answerable.text.units import entry_names, without_marker


class ExtractiveGenerator:
    """For each covered claim, the best sentences of its supporting passages, quoted verbatim.

    `score(claim text, sentences)` ranks sentences (the answerability reranker in the engine), and
    `rescore`, when given, re-ranks them once the gate's kind check is settled (`pick`). The sentences of
    up to `max_passages` supporting passages of the best supporting document are ranked together, so the
    answer comes from the sentence that answers best, not from whichever section of the page scored
    highest as a whole; its neighbour in the same passage is added when `score` rates the pair clearly
    higher, and the sentence before it when it opens by referring back ("As a result, ...", "It ...").
    """

    name = "extractive"

    def __init__(
        self,
        score: Scorer,
        max_sentences: int = 2,
        max_passages: int = 3,
        kind_weight: float = KIND_WEIGHT,
        rescore: Reranker | None = None,
    ) -> None:
        self.score = score
        self.kind_weight = kind_weight
        self.rescore = rescore
        self.max_sentences = max_sentences
        self.max_passages = max_passages
        self.calls = 0

    def generate(self, question: str, claims: Sequence[tuple[Claim, Sequence[Passage]]]) -> Draft:
        self.calls += 1
        out: list[DraftSentence] = []
        used: dict[str, int] = {}  # sentence -> its index in out
        for claim, passages in claims:
            if not passages:
                continue
            # Sections of the best supporting document: its best-scoring section may not hold the sentence
            # that answers (a page's "Key limits" beside its "Rotating a key"). Other documents stay out:
            # the answer rests on one source, the one the gate ranked first.
            same = [p for p in passages if p.document_id == passages[0].document_id]
            # A section under a question heading answers that question. When the gate's best section is one
            # (an FAQ entry), the page's other entries answer other questions, however alike the rankers
            # read a sentence of theirs: "Call `app.cancel(job_id)`." under "Can I cancel a job?" is no
            # answer to "Where can I get the return value of a task?", asked of the FAQ's "Where do results
            # go?".
            # Chunks of the best entry itself (a long answer the index cut) stay.
            if _answers_a_question(same[0]):
                entry = same[0].heading_path
                same = [same[0], *(p for p in same[1:] if p.heading_path == entry or not _answers_a_question(p))]
            # Beyond the first sections, those holding an entry the claim asks about (`entries_asked`): the
            # ranker may put a neighbouring entry's section above it.
            pool = [(p, split_sentences(p.text)) for p in same]
            # and those of the section that documents a thing the claim names as code (`documents`).
            pool = pool[: self.max_passages] + [
                (p, sents)
                for p, sents in pool[self.max_passages :]
                if entries_asked(claim.text, sents) or documents(claim.text, p.heading_path)
            ]
            flat, texts, read, about = candidates(claim.text, pool, quoting=True)
            if not flat:
                continue
            scores = self.score(claim.text, read)
            rescore = self.rescore.score if self.rescore else None
            documented = [documents(claim.text, p.heading_path) for p, _, _ in flat]
            best = pick(claim.text, texts, scores, self.kind_weight, rescore, read, about, documented=documented)
            if _answers_a_question(same[0]) and asked_as_headed(claim.text, same[0].heading_path[-1]):
                # The FAQ entry that asks the claim's own question replies to it first: its opening sentence
                # is the answer, what follows it the detail ("Not much! Other than the plugin system, ...",
                # then the standards it uses, which the ranker may read as more about "lock-in").
                asked = [k for k, (p, _, _) in enumerate(flat) if p.heading_path == same[0].heading_path]
                best = min(asked, key=lambda k: (_chunk_number(flat[k][0]), k), default=best)
            passage, sentences, at = flat[best]
            chosen = [at, *introduced(sentences, at, claim.text)]
            if (
                len(chosen) == 1
                and self.max_sentences > 1
                and len(sentences) > 1
                and not lacks_kind(claim.text, texts[best])
            ):
                neighbour = at + 1 if at + 1 < len(sentences) else at - 1
                pair = " ".join(sentences[i] for i in sorted((at, neighbour)))
                if (
                    quotable(sentences[neighbour])
                    and (not bare_reply(sentences[neighbour]) or asks_whether(claim.text))
                    # An example beside the answer is no part of it where the claim asks for no code, unless
                    # the answer introduces it ("For example, one could write").
                    and (
                        asks_for_code(claim.text)
                        or not only_an_example(sentences[neighbour])
                        or (neighbour > at and introduces_example(sentences[at]))
                    )
                    and not _other_entries(sentences[at], sentences[neighbour], claim.text)
                    and not for_other_days(claim.text, sentences[neighbour])
                    and self.score(claim.text, [with_lead(passage, claim.text, under_heading(passage, pair))])[0]
                    > scores[best] + 0.05
                ):
                    chosen = sorted((at, neighbour))
            before = antecedent(sentences, at)
            if before is not None and before not in chosen and at - 1 not in chosen:
                # "As a result, ..." or "It expires after 7 days." means nothing without what came before:
                # the sentence before is context, quoted beside the answer, not one of its sentences.
                chosen.insert(0, before)
            for i in chosen:
                text = sentences[i]
                if text in used:
                    # One sentence that answers two parts is quoted once, as the answer to both.
                    at_n = used[text]
                    out[at_n] = replace(out[at_n], claim_ids=(*out[at_n].claim_ids, claim.id))
                    continue
                used[text] = len(out)
                out.append(
                    DraftSentence(rows_asked(claim.text, without_marker(text)), (passage.id,), claim_ids=(claim.id,))
                )
        return Draft(tuple(out), declined=not out)


def _other_entries(one: str, other: str, claim: str) -> bool:
    """Is `other` the entry of another parameter than `one`, `one` not introducing it? A reference section
    lists parameters side by side: the entry of `maxHeaderSize` answers what `--max-http-header-size` sets,
    and the `method` entry after it is another parameter, not more of that answer (a later paragraph of the
    same name is); nor is the `callback` entry before "Schedules the callback ..." part of what setImmediate
    does, unless the question mentions it. An entry or a sentence that ends with a colon introduces what
    follows ("`-M buildername`: ... the following build pipelines are available:" then "`latexpdf`: ...")."""
    mine, theirs = entry_names(one), entry_names(other)
    if not theirs or mine == theirs or one.rstrip().endswith(":"):
        return False
    return bool(mine) or not mentions_entry(claim, other)


def _chunk_number(passage: Passage) -> int:
    """Where `passage` stands in its page: the number its id ends with ("faq#3"), 0 for an id without one."""
    number = passage.id.rpartition("#")[2]
    return int(number) if number.isdigit() else 0


def _answers_a_question(passage: Passage) -> bool:
    """Is `passage` a section under a heading that asks a question (an FAQ entry)?"""
    return bool(passage.heading_path) and asks(passage.heading_path[-1])
