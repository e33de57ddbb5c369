"""The default backends: the project's own trained cross-encoders (see `own.py` and docs/models.md)."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from answerable.backends.models import calibration as cal
from answerable.backends.models import compiled
from answerable.backends.models.base import Reranker, SupportProbs, Verifier
from answerable.backends.models.bases import DEFAULT_BASE
from answerable.backends.models.own import ARTIFACTS, ModelSpec, load_merged, load_spec, load_tokenizer, predict_logits
from answerable.backends.models.text import best_window
from answerable.core.errors import ModelError

# Words of passage kept around the query or claim: what fits `max_len` tokens next to a short query.
_WINDOW_WORDS = {128: 90, 256: 190, 512: 400}
# The answerability reranker reads a tighter window at 128 tokens: chosen on the calibration split
# (docs/research/models.md), and a pair is about a third fewer tokens, so it scores faster.
_ANSWERABILITY_WINDOW_WORDS = {128: 64}


def window_words(task: str, max_len: int) -> int:
    """Words of passage the `task` model reads at `max_len` tokens."""
    if task == "answerability" and max_len in _ANSWERABILITY_WINDOW_WORDS:
        return _ANSWERABILITY_WINDOW_WORDS[max_len]
    return _WINDOW_WORDS.get(max_len, int(max_len * 0.7))


# Pairs whose logits each model remembers (least recently scored forgotten first): a few decisions' worth.
MEMO_PAIRS = 2048


class _Own:
    def __init__(
        self, folder: Path, max_len: int | None = None, quantize: bool = True, threads: int | None = None
    ) -> None:
        if threads:
            import torch

            torch.set_num_threads(threads)
        # int8 weights and activations: about twice the speed of fp32 on a CPU (see int8.py), and faster
        # again compiled for this CPU where `answerable models compile` has built the package (compiled.py)
        self.spec = load_spec(folder)
        self.model: Any = self._compiled(folder, self.spec) if quantize and compiled.enabled() else None
        if self.model is not None:
            self.tok = load_tokenizer(self.spec)
        else:
            model, self.tok, self.spec = load_merged(folder)
            if quantize:
                from answerable.backends.models.int8 import quantize_rowwise

                model = quantize_rowwise(model)
            self.model = model
        # A pair's score does not depend on the pairs scored beside it (int8.py), so batches can be small:
        # candidates sorted by length and scored 8 at a time carry little padding (bench/models.py).
        self.batch_size = 8
        # For the same reason a pair's logits can be remembered: one decision scores the best passage's
        # sentences for the conflict check and again for the answer.
        self.memo_pairs = MEMO_PAIRS  # 0: remember nothing
        self._memo: OrderedDict[tuple[str, str], list[float]] = OrderedDict()
        self._memo_lock = threading.Lock()
        self.set_max_len(max_len or self.spec.max_len)
        self.calibration = cal.load(folder / "calibration.json")
        self.folder = folder

    @staticmethod
    def _compiled(folder: Path, spec: ModelSpec) -> compiled.CompiledModel | None:
        try:
            path = compiled.package_path(folder, spec)
        except OSError:
            return None  # the adapter's file is missing: load_merged says so
        return compiled.load(path) if path.is_file() else None

    @property
    def is_compiled(self) -> bool:
        """Whether the model runs from its compiled package rather than eagerly."""
        return isinstance(self.model, compiled.CompiledModel)

    def set_max_len(self, max_len: int) -> None:
        """Score at `max_len` tokens per pair, passages cut to the window that fits."""
        self.max_len = max_len
        self.window = window_words(self.spec.task, max_len)
        self.forget()

    def forget(self) -> None:
        """Drop the remembered pairs (a benchmark that must score every pair afresh calls this)."""
        with self._memo_lock:
            self._memo.clear()

    def logits(self, pairs: Sequence[tuple[str, str]]) -> list[list[float]]:
        """Raw logits for each pair; pairs scored lately are not scored again."""
        with self._memo_lock:
            known = {pair: self._memo[pair] for pair in pairs if pair in self._memo}
        todo = list(dict.fromkeys(pair for pair in pairs if pair not in known))
        if todo:
            try:
                fresh = predict_logits(
                    self.model,
                    self.tok,
                    [a for a, _ in todo],
                    [best_window(a, b, self.window) for a, b in todo],
                    self.max_len,
                    batch_size=self.batch_size,
                )
            except Exception as exc:
                raise ModelError(f"{self.folder.name}: scoring failed: {exc}") from exc
            known.update(zip(todo, fresh, strict=True))
            with self._memo_lock:
                for pair, z in zip(todo, fresh, strict=True):
                    self._memo[pair] = z
                while len(self._memo) > self.memo_pairs:
                    self._memo.popitem(last=False)
        return [list(known[pair]) for pair in pairs]


def _name(m: _Own) -> str:
    """How decisions and `score` name the model: `answerable`, with the base when it is not the default."""
    return "answerable" if m.spec.base == DEFAULT_BASE else f"answerable ({m.spec.base})"


class _Tunable:
    """What a benchmark or a debugging session may change on a served own model."""

    _m: _Own

    def set_max_len(self, max_len: int) -> None:
        """Score at `max_len` tokens per pair from now on (passages cut to the window that fits)."""
        self._m.set_max_len(max_len)

    def forget(self) -> None:
        """Drop the remembered pairs, so the next scores are computed afresh."""
        self._m.forget()

    @property
    def is_compiled(self) -> bool:
        """Whether the model runs from its compiled package (`answerable models compile`)."""
        return self._m.is_compiled

    @property
    def model_folder(self) -> Path:
        """The folder the model was loaded from."""
        return self._m.folder


class OwnReranker(_Tunable, Reranker):
    """The trained answerability cross-encoder (LoRA on MiniLM-L6 by default), int8 on the CPU, Platt-calibrated."""

    def __init__(self, folder: Path | None = None, **kw: Any) -> None:
        self._m = _Own(folder or ARTIFACTS / "answerability", **kw)
        self.folder = self._m.folder
        self.shipped = self.folder == ARTIFACTS / "answerability"  # the model the ensemble weights fit
        self.name = _name(self._m)
        if not isinstance(self._m.calibration, cal.BinaryCalibration):
            raise ModelError(f"{self._m.folder}: an answerability model needs a binary calibration")
        self._cal: cal.BinaryCalibration = self._m.calibration

    def raw_scores(self, pairs: Sequence[tuple[str, str]]) -> list[float]:
        return [z[0] for z in self._m.logits(pairs)]

    def score_pairs(self, pairs: Sequence[tuple[str, str]]) -> list[float]:
        return self._cal.apply(self.raw_scores(pairs)) if pairs else []


class OwnVerifier(_Tunable, Verifier):
    """The trained support cross-encoder (LoRA on MiniLM-L6 by default, 3-way), int8 on the CPU, vector-scaled."""

    def __init__(self, folder: Path | None = None, **kw: Any) -> None:
        self._m = _Own(folder or ARTIFACTS / "support", **kw)
        self.name = _name(self._m)
        if not isinstance(self._m.calibration, cal.MulticlassCalibration):
            raise ModelError(f"{self._m.folder}: a support model needs a three-way calibration")
        self._cal: cal.MulticlassCalibration = self._m.calibration
        order = self._cal.labels
        self._idx = [order.index(name) for name in ("supported", "refuted", "insufficient")]

    def probs_pairs(self, pairs: Sequence[tuple[str, str]]) -> list[SupportProbs]:
        if not pairs:
            return []
        out = []
        for z in self._m.logits(pairs):
            p = self._cal(z)
            out.append(SupportProbs(*(p[i] for i in self._idx)))
        return out
