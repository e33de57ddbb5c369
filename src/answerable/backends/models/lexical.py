"""Lexical baselines kept for comparison: BM25 and the untuned bi-encoder cosine (all-MiniLM-L6-v2).

Neither reads meaning: as a verifier each maps its one score to the three labels through a calibration
fitted on the calibration split (`bench/models_eval.py --fit-baselines`), so it can say supported or
insufficient, and says refuted only as far as a score predicts it.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from enum import StrEnum
from pathlib import Path
from typing import Any

from answerable.backends.models import calibration as cal
from answerable.backends.models.base import Reranker, SupportProbs, Verifier
from answerable.backends.models.bases import base_path
from answerable.backends.models.own import ARTIFACTS
from answerable.backends.models.text import bm25_scores
from answerable.core.errors import ModelError
from answerable.text.words import content_tokens, tokens

BASELINES = ARTIFACTS / "baselines"


class Kind(StrEnum):
    BM25 = "bm25"
    COSINE = "cosine"


class _Scorer:
    """Raw lexical or cosine score of (query, passage) pairs."""

    def __init__(self, kind: Kind) -> None:
        self.kind = kind
        self._encoder: Any = None

    def raw(self, pairs: Sequence[tuple[str, str]]) -> list[float]:
        if self.kind is Kind.BM25:
            return self._bm25(pairs)
        return self._cosine(pairs)

    @staticmethod
    def _bm25(pairs: Sequence[tuple[str, str]]) -> list[float]:
        # idf comes from the passages scored together for one query (the candidates), so the score of a
        # pair does not depend on unrelated queries in the batch; dividing by the query's length keeps
        # scores comparable across queries.
        by_query: dict[str, list[int]] = defaultdict(list)
        for i, (q, _) in enumerate(pairs):
            by_query[q].append(i)
        out = [0.0] * len(pairs)
        for q, idx in by_query.items():
            scores = bm25_scores(q, [pairs[i][1] for i in idx])
            n = max(1, len(set(content_tokens(q)) or set(tokens(q))))
            for i, s in zip(idx, scores, strict=True):
                out[i] = s / n
        return out

    def _cosine(self, pairs: Sequence[tuple[str, str]]) -> list[float]:
        if self._encoder is None:
            try:
                from sentence_transformers import SentenceTransformer
            except ImportError as exc:
                raise ModelError(
                    "the cosine baseline needs sentence-transformers: pip install 'answerable[models]'"
                ) from exc
            try:
                self._encoder = SentenceTransformer(base_path(), device="cpu", local_files_only=True)
            except Exception as exc:
                raise ModelError(f"could not load the bi-encoder: {exc}") from exc
        texts = sorted({t for pair in pairs for t in pair})
        index = {t: i for i, t in enumerate(texts)}
        emb = self._encoder.encode(texts, batch_size=64, normalize_embeddings=True, convert_to_numpy=True)
        return [float(emb[index[q]] @ emb[index[p]]) for q, p in pairs]


def _calibration(path: Path | None, default: cal.Calibration) -> cal.Calibration:
    if path is None:
        return default
    return cal.load(path) if path.exists() else default


class LexicalReranker(Reranker):
    """BM25 or bi-encoder cosine as a reranker, Platt-calibrated when a calibration file is shipped."""

    def __init__(self, kind: str = "bm25", calibration: Path | None = None) -> None:
        self.kind = Kind(kind)
        self.name = f"lexical:{self.kind}"
        self._scorer = _Scorer(self.kind)
        c = _calibration(
            calibration or BASELINES / f"{self.kind}-answerability.json",
            cal.BinaryCalibration(cal.Method.PLATT, a=4.0, b=-2.0),
        )
        if not isinstance(c, cal.BinaryCalibration):
            raise ModelError(f"{self.name}: a reranker needs a binary calibration")
        self._cal = c
        # The cosine baseline embeds with the packaged MiniLM, the default embedder of the index.
        self.cosine_embedder = "minilm" if self.kind is Kind.COSINE else None

    def raw_scores(self, pairs: Sequence[tuple[str, str]]) -> list[float]:
        return self._scorer.raw(pairs)

    def calibrated(self, raw: Sequence[float]) -> list[float]:
        """Probabilities from raw scores computed elsewhere (a cosine of stored vectors)."""
        return self._cal.apply(list(raw)) if raw else []

    def score_pairs(self, pairs: Sequence[tuple[str, str]]) -> list[float]:
        return self.calibrated(self.raw_scores(pairs))

    def score_with_cosines(self, query: str, passages: Sequence[str], cosines: Sequence[float]) -> list[float]:
        if self.kind is Kind.COSINE:
            return self.calibrated(cosines)
        return self.score(query, passages)


class LexicalVerifier(Verifier):
    """BM25 or cosine as a (weak) verifier: a three-way calibration of one score."""

    def __init__(self, kind: str = "bm25", calibration: Path | None = None) -> None:
        self.kind = Kind(kind)
        self.name = f"lexical:{self.kind}"
        self._scorer = _Scorer(self.kind)
        default = cal.MulticlassCalibration(
            ("supported", "refuted", "insufficient"), ((4.0,), (0.0,), (0.0,)), (-2.0, -3.0, 0.0)
        )
        c = _calibration(calibration or BASELINES / f"{self.kind}-support.json", default)
        if not isinstance(c, cal.MulticlassCalibration):
            raise ModelError(f"{self.name}: a verifier needs a three-way calibration")
        self._cal = c
        self._idx = [c.labels.index(n) for n in ("supported", "refuted", "insufficient")]

    def raw_scores(self, pairs: Sequence[tuple[str, str]]) -> list[float]:
        return self._scorer.raw(pairs)

    def probs_pairs(self, pairs: Sequence[tuple[str, str]]) -> list[SupportProbs]:
        out = []
        for s in self.raw_scores(pairs) if pairs else []:
            p = self._cal([s])
            out.append(SupportProbs(*(p[i] for i in self._idx)))
        return out
