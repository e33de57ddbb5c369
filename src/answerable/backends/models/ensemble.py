"""An answerability reranker that combines other rerankers: a logistic regression over their log-odds.

The trained cross-encoder, the bi-encoder cosine and BM25 make different mistakes: the cross-encoder
reads the pair, the cosine measures topical closeness, BM25 counts shared words. A combination fitted on
the calibration split ranks better than any one of them (docs/research/models.md). Its
output is already a probability for even priors (the fit weighs labels equally), like every calibration.

Spec: `ensemble` (members and weights from `artifacts/baselines/ensemble-answerability.json`) or
`ensemble:PATH` for weights fitted elsewhere (`fit_ensemble`).
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from answerable.backends.models.base import Reranker, SupportProbs, Verifier
from answerable.core.errors import ModelError
from answerable.core.probability import logit

WEIGHTS = Path(__file__).parent / "artifacts" / "baselines" / "ensemble-answerability.json"
MEMBERS = ("answerable", "lexical:cosine", "lexical:bm25")


def _features(members: Sequence[Reranker], pairs: Sequence[tuple[str, str]]) -> list[list[float]]:
    """Per pair, the log-odds of each member's probability."""
    return _rows([m.score_pairs(pairs) for m in members], len(pairs))


def _rows(columns: Sequence[Sequence[float]], n: int) -> list[list[float]]:
    return [[logit(col[i]) for col in columns] for i in range(n)]


class EnsembleReranker(Reranker):
    """sigmoid(sum of weight x log-odds of each member + intercept)."""

    def __init__(
        self,
        weights: Path | None = None,
        members: Sequence[Reranker] | None = None,
        load: Callable[[str], Reranker] | None = None,
    ) -> None:
        """`members` as given, else each member spec of the weights file loaded by `load` (the registry's)."""
        path = weights or WEIGHTS
        try:
            spec = json.loads(path.read_text(encoding="utf-8"))
            self.specs: tuple[str, ...] = tuple(spec["members"])
            self.coef: tuple[float, ...] = tuple(float(c) for c in spec["coef"])
            self.intercept = float(spec["intercept"])
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise ModelError(f"ensemble weights {path}: {exc}") from exc
        if len(self.coef) != len(self.specs) or "ensemble" in {s.split(":")[0] for s in self.specs}:
            raise ModelError(f"ensemble weights {path}: one weight per member, and no ensemble inside one")
        if members is None and load is None:
            raise ModelError("an ensemble needs its members, or a loader for the specs its weights name")
        self.members = list(members) if members is not None else [load(s) for s in self.specs]  # type: ignore[misc]
        self.name = "ensemble"
        # The cosine member reads the index's own vectors when the engine has them (no second bi-encoder pass).
        self.cosine_embedder = next((m.cosine_embedder for m in self.members if m.cosine_embedder), None)

    def score_pairs(self, pairs: Sequence[tuple[str, str]]) -> list[float]:
        return self._combine(_features(self.members, pairs))

    def score_with_cosines(self, query: str, passages: Sequence[str], cosines: Sequence[float]) -> list[float]:
        if len(cosines) != len(passages):
            raise ModelError(f"{self.name}: {len(passages)} passages but {len(cosines)} cosines")
        columns = [m.score_with_cosines(query, passages, cosines) for m in self.members]
        return self._combine(_rows(columns, len(passages)))

    def _combine(self, rows: list[list[float]]) -> list[float]:
        out = []
        for row in rows:
            z = self.intercept + sum(w * x for w, x in zip(self.coef, row, strict=True))
            out.append(1.0 / (1.0 + math.exp(-z)))
        return out


# The support models a verifier `ensemble` averages. The mean of their calibrated probabilities, weighed
# equally, was the best weighting on the calibration split of the claim sets (docs/research/models.md).
VERIFIER_MEMBERS = ("answerable", "answerable-mpnet")


class EnsembleVerifier(Verifier):
    """The mean of its members' calibrated probabilities: each label's probability averaged over the models.

    The MiniLM and mpnet support models err on different claims (the mpnet one reads scientific claims
    far better, the MiniLM one long multi-part claims), and the mean labels claims better than either
    on the calibration split.
    """

    def __init__(self, members: Sequence[Verifier]) -> None:
        self.members = list(members)
        if not self.members:
            raise ModelError("a verifier ensemble needs at least one member")
        self.name = "ensemble"

    def probs_pairs(self, pairs: Sequence[tuple[str, str]]) -> list[SupportProbs]:
        if not pairs:
            return []
        columns = [m.probs_pairs(pairs) for m in self.members]
        n = len(self.members)
        return [
            SupportProbs(
                sum(p.supported for p in row) / n, sum(p.refuted for p in row) / n, sum(p.insufficient for p in row) / n
            )
            for row in zip(*columns, strict=True)
        ]


def fit_ensemble(
    pairs: Sequence[tuple[str, str]],
    labels: Sequence[int],
    load: Callable[[str], Reranker],
    members: Sequence[str] = MEMBERS,
) -> dict[str, Any]:
    """Fit the weights on labelled (query, passage) pairs (the calibration split), labels weighed equally;
    `load` turns a member spec into its reranker (the registry's `load_reranker`)."""
    from sklearn.linear_model import LogisticRegression  # type: ignore[import-untyped]

    x = _features([load(s) for s in members], pairs)
    model = LogisticRegression(class_weight="balanced").fit(x, list(labels))
    return {
        "members": list(members),
        "coef": [float(c) for c in model.coef_[0]],
        "intercept": float(model.intercept_[0]),
    }


# The trained reranker's log-odds plus 0.15 x BM25's ranks sentences for extractive answers; the weight was
# chosen on development splits by `bench/sentences.py` (see rank_sentences_with).
SENTENCE_WEIGHTS = WEIGHTS.parent / "sentence-ranking.json"


def rank_sentences_with(reranker: Reranker) -> Reranker:
    """What ranks sentences for an extractive answer: the shipped reranker with a little BM25, else itself.

    Which sentence of a passage answers is a finer question than whether the passage does, and there the
    trained model misses words the question names. Adding a little of BM25's log-odds (BM25 over the
    sentences of the answer's pool) picks the answer sentence first more often on every held-out set of
    `bench/sentences.py` (docs/research/models.md). The weight maximised the mean over the development
    sets; the full ensemble did as well but its bi-encoder pass is too slow for a decision. The weights
    belong to the shipped model, so another reranker (a retrained folder, a
    cross-encoder, an LLM judge) ranks sentences by itself.
    """
    from answerable.backends.models.lexical import LexicalReranker
    from answerable.backends.models.own_backend import OwnReranker

    if isinstance(reranker, EnsembleReranker):
        # Its trained member ranks sentences (a bi-encoder pass over a decision's sentences costs too much).
        reranker = next((m for m in reranker.members if isinstance(m, OwnReranker) and m.shipped), reranker)
    if isinstance(reranker, OwnReranker) and reranker.shipped:
        ranker = EnsembleReranker(SENTENCE_WEIGHTS, members=[reranker, LexicalReranker("bm25")])
        ranker.name = "answerable+bm25"
        return ranker
    return reranker


# The second answerability model's log-odds plus 0.1 x BM25's re-rank the sentences an answer may quote;
# the weight was chosen on development splits by `bench/sentences.py` (see quote_ranker_with).
QUOTE_WEIGHTS = WEIGHTS.parent / "quote-ranking.json"


def quote_ranker_with(confirmer: Reranker) -> Reranker | None:
    """What re-ranks the sentences an answer may quote: the shipped confirmer with a little BM25, else None.

    The larger `answerable-mpnet` picks the sentence that holds the answer first more often than the
    MiniLM reranker with BM25, but is several times slower, so it re-ranks only the first ranker's top
    sentences of an answer's pool, after the gate's kind check has read the first ranker's choice
    (`generate.pick`; figures of `bench/sentences.py` in docs/research/models.md). The weights belong to
    that model; another confirmer gets no re-ranking.
    """
    from answerable.backends.models import DEFAULT_CONFIRMER
    from answerable.backends.models.lexical import LexicalReranker
    from answerable.backends.models.own import ARTIFACTS
    from answerable.backends.models.own_backend import OwnReranker

    shipped = confirmer.name == DEFAULT_CONFIRMER or (
        isinstance(confirmer, OwnReranker) and confirmer.folder == ARTIFACTS / "answerability-mpnet"
    )
    if not shipped:
        return None
    ranker = EnsembleReranker(QUOTE_WEIGHTS, members=[confirmer, LexicalReranker("bm25")])
    ranker.name = "answerable-mpnet+bm25"
    return ranker
