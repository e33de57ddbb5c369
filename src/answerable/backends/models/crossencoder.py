"""Any sentence-transformers `CrossEncoder` by name or path: an ms-marco MiniLM or bge reranker as the
reranker; an NLI DeBERTa or MiniCheck as the verifier, with its labels mapped onto ours.

The label mapping is read from the model's `id2label` (entailment -> supported, contradiction ->
refuted, neutral / not_entailment / unsupported -> insufficient) or given explicitly, e.g.
`cross-encoder:cross-encoder/nli-deberta-v3-small?labels=contradiction:refuted,entailment:supported,neutral:insufficient`.
Scores pass through an optional calibration file (`?calibration=PATH`); without one, a reranker's
sigmoid output and a verifier's softmax are used as they are.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from answerable.backends.models import calibration as cal
from answerable.backends.models.base import Reranker, SupportProbs, Verifier
from answerable.core.errors import ModelError

_ALIASES = {
    "entailment": "supported",
    "entails": "supported",
    "supported": "supported",
    "support": "supported",
    "supports": "supported",
    "contradiction": "refuted",
    "contradicts": "refuted",
    "refuted": "refuted",
    "refutes": "refuted",
    "neutral": "insufficient",
    "not_entailment": "insufficient",
    "unsupported": "insufficient",
    "not_supported": "insufficient",
    "insufficient": "insufficient",
    "nei": "insufficient",
}


def label_mapping(id2label: Mapping[int, str], explicit: Mapping[str, str] | None = None) -> dict[int, str]:
    """Model output index -> supported | refuted | insufficient; ModelError when a label cannot be placed."""
    out: dict[int, str] = {}
    for i, raw in id2label.items():
        key = str(raw).strip().lower().replace(" ", "_").replace("-", "_")
        target = (explicit or {}).get(str(raw)) or (explicit or {}).get(key) or _ALIASES.get(key)
        if target not in ("supported", "refuted", "insufficient"):
            raise ModelError(
                f"cannot map the model's label {raw!r} to supported/refuted/insufficient; "
                "give a mapping, e.g. ?labels=LABEL_0:refuted,LABEL_1:supported"
            )
        out[int(i)] = target
    if len(out) == 1:
        raise ModelError("a one-output model is a reranker, not a verifier")
    return out


def _load(name: str, num_labels: int | None = None) -> Any:
    try:
        from sentence_transformers import CrossEncoder
    except ImportError as exc:
        raise ModelError("cross-encoder backends need sentence-transformers: pip install 'answerable[models]'") from exc
    try:
        kw: dict[str, Any] = {"device": "cpu", "local_files_only": True}
        if num_labels is not None:
            kw["num_labels"] = num_labels
        return CrossEncoder(name, **kw)
    except Exception as exc:
        raise ModelError(f"could not load cross-encoder {name!r}: {exc}") from exc


def _id2label(model: Any) -> dict[int, str]:
    for holder in (model, getattr(model, "model", None)):
        config = getattr(holder, "config", None)
        if config is not None and getattr(config, "id2label", None):
            return {int(k): str(v) for k, v in config.id2label.items()}
    raise ModelError("the cross-encoder does not name its labels; give a mapping with ?labels=")


def _predict(model: Any, pairs: Sequence[tuple[str, str]], name: str) -> Any:
    import numpy as np

    try:
        import torch

        raw = model.predict(
            [list(p) for p in pairs], batch_size=32, convert_to_numpy=True, activation_fn=torch.nn.Identity()
        )
    except Exception as exc:
        raise ModelError(f"cross-encoder {name!r} failed to score: {exc}") from exc
    return np.asarray(raw, dtype=float)


class CrossEncoderReranker(Reranker):
    """A one-output cross-encoder (or the `supported` probability of an NLI one) as the reranker."""

    def __init__(self, name: str, calibration: Path | None = None, model: Any = None) -> None:
        self.name = f"cross-encoder:{name}"
        self._model_name = name
        self._model = model if model is not None else _load(name)
        c = cal.load(calibration) if calibration else cal.BinaryCalibration(cal.Method.PLATT, a=1.0, b=0.0)
        if not isinstance(c, cal.BinaryCalibration):
            raise ModelError(f"{self.name}: a reranker needs a binary calibration")
        self._cal = c

    def score_pairs(self, pairs: Sequence[tuple[str, str]]) -> list[float]:
        if not pairs:
            return []
        raw = _predict(self._model, pairs, self._model_name)
        if raw.ndim == 2 and raw.shape[1] > 1:  # an NLI model: use log-odds of entailment
            mapping = label_mapping(_id2label(self._model))
            sup = [i for i, lab in mapping.items() if lab == "supported"]
            scores = []
            for row in raw:
                e = [math.exp(v - max(row)) for v in row]
                p = sum(e[i] for i in sup) / sum(e)
                p = min(max(p, 1e-7), 1 - 1e-7)
                scores.append(math.log(p / (1 - p)))
            return self._cal.apply(scores)
        return self._cal.apply([float(v) for v in raw.reshape(-1)])


class CrossEncoderVerifier(Verifier):
    """An NLI / fact-checking cross-encoder; its labels are mapped onto supported / refuted / insufficient."""

    def __init__(
        self,
        name: str,
        labels: Mapping[str, str] | None = None,
        calibration: Path | None = None,
        model: Any = None,
    ) -> None:
        self.name = f"cross-encoder:{name}"
        self._model_name = name
        self._model = model if model is not None else _load(name)
        self.mapping = label_mapping(_id2label(self._model), labels)
        self._cal = cal.load(calibration) if calibration else None

    def probs_pairs(self, pairs: Sequence[tuple[str, str]]) -> list[SupportProbs]:
        if not pairs:
            return []
        raw = _predict(self._model, pairs, self._model_name)
        out = []
        for row in raw.reshape(len(pairs), -1):
            if isinstance(self._cal, cal.MulticlassCalibration):
                probs = self._cal([float(v) for v in row])
                acc = dict(zip(self._cal.labels, probs, strict=True))
            else:
                m = max(row)
                e = [math.exp(v - m) for v in row]
                s = sum(e)
                acc = {"supported": 0.0, "refuted": 0.0, "insufficient": 0.0}
                for i, v in enumerate(e):
                    acc[self.mapping[i]] += v / s
            out.append(SupportProbs(acc.get("supported", 0.0), acc.get("refuted", 0.0), acc.get("insufficient", 0.0)))
        return out
