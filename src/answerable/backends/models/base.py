"""The two model protocols: a backend implements one method over a batch of pairs; the rest is shared."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from answerable.core.types import Claim, Label, Passage, Verdict

LABELS: tuple[Label, ...] = (Label.SUPPORTED, Label.REFUTED, Label.INSUFFICIENT)


@dataclass(frozen=True)
class SupportProbs:
    """Calibrated probabilities that a passage supports, refutes or says nothing about a claim (sum 1)."""

    supported: float
    refuted: float
    insufficient: float

    @property
    def label(self) -> Label:
        """The most probable label; ties go to the more cautious one (insufficient, then refuted)."""
        best = max(self.insufficient, self.refuted, self.supported)
        if self.insufficient == best:
            return Label.INSUFFICIENT
        return Label.REFUTED if self.refuted == best else Label.SUPPORTED

    def of(self, label: Label) -> float:
        return {Label.SUPPORTED: self.supported, Label.REFUTED: self.refuted, Label.INSUFFICIENT: self.insufficient}[
            label
        ]

    def to_dict(self) -> dict[str, float]:
        return {"supported": self.supported, "refuted": self.refuted, "insufficient": self.insufficient}


class Reranker(ABC):
    """How likely each passage is to hold the answer to a question: calibrated probabilities in [0, 1].

    Implement `score_pairs`; scoring is batched, and a backend that cannot score raises ModelError.
    """

    name: str = "reranker"
    # The embedder whose cosine between query and passage this reranker reads, if any. A caller that has
    # those vectors already (the engine: the index stores every chunk's) passes the cosines to
    # `score_with_cosines` instead of having the reranker embed every pair again.
    cosine_embedder: str | None = None

    @abstractmethod
    def score_pairs(self, pairs: Sequence[tuple[str, str]]) -> list[float]:
        """Calibrated probability for each (question, passage text) pair, in order."""

    def score(self, query: str, passages: Sequence[str]) -> list[float]:
        """Calibrated probability that each passage holds the answer to `query`."""
        return self.score_pairs([(query, p) for p in passages]) if passages else []

    def score_with_cosines(self, query: str, passages: Sequence[str], cosines: Sequence[float]) -> list[float]:
        """`score`, given each passage's cosine with the query under `cosine_embedder` (ignored by default)."""
        return self.score(query, passages)


class Verifier(ABC):
    """Whether each passage supports, refutes or says nothing about a claim.

    Implement `probs_pairs`; a backend that cannot verify raises ModelError, never returns insufficient.
    """

    name: str = "verifier"

    @abstractmethod
    def probs_pairs(self, pairs: Sequence[tuple[str, str]]) -> list[SupportProbs]:
        """Calibrated label probabilities for each (claim text, passage text) pair, in order."""

    def verify_probs(self, claim: Claim, passages: Sequence[Passage]) -> list[SupportProbs]:
        """The three probabilities for the claim against each passage."""
        return self.probs_pairs([(claim.text, p.text) for p in passages]) if passages else []

    def verify(self, claim: Claim, passages: Sequence[Passage]) -> list[Verdict]:
        """One verdict per passage; `strength` is the calibrated probability of the returned label."""
        return [
            Verdict(claim.id, p.id, probs.label, probs.of(probs.label))
            for p, probs in zip(passages, self.verify_probs(claim, passages), strict=True)
        ]


class MockReranker(Reranker):
    """A reranker whose scores come from `handler(question, passage) -> float`, for tests of code around it."""

    name = "mock"

    def __init__(self, handler: Callable[[str, str], float]) -> None:
        self.handler = handler

    def score_pairs(self, pairs: Sequence[tuple[str, str]]) -> list[float]:
        return [float(self.handler(q, p)) for q, p in pairs]


class MockVerifier(Verifier):
    """A verifier whose answer comes from `handler(claim, passage)`: a Label (probability 1) or SupportProbs."""

    name = "mock"

    def __init__(self, handler: Callable[[str, str], Label | SupportProbs]) -> None:
        self.handler = handler

    def probs_pairs(self, pairs: Sequence[tuple[str, str]]) -> list[SupportProbs]:
        out = []
        for c, p in pairs:
            r = self.handler(c, p)
            if isinstance(r, Label):
                r = SupportProbs(*(1.0 if lab is r else 0.0 for lab in LABELS))
            out.append(r)
        return out
