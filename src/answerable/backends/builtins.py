"""The built-in backends, registered exactly as a third-party package registers its own.

`register_all(register)` is what an entry point of the `answerable.backends` group provides: one call per
scheme. Every factory imports its backend's dependencies when it is first called.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from answerable.backends.models.base import Reranker, Verifier
from answerable.core.errors import InputError, MissingExtraError, ModelError, StoreError, UnknownModelError

# The packages of the `models` extra: what a model backend needs before anything of it is imported.
MODEL_PACKAGES = ("torch", "transformers", "sentence_transformers", "peft")


def needs_models() -> None:
    """A model backend cannot load without the `models` extra: say which command installs it."""
    from importlib.util import find_spec

    missing = [name for name in MODEL_PACKAGES if find_spec(name) is None]
    if missing:
        raise MissingExtraError(f"the evidence models need {', '.join(missing)}: pip install 'answerable[models]'")


# What an entry point of the `answerable.backends` group is given: register(kind, scheme, factory).
Register = Callable[[str, str, Callable[..., Any]], None]


def _path(options: dict[str, str], key: str) -> Path | None:
    return Path(options[key]) if options.get(key) else None


def _labels(options: dict[str, str]) -> dict[str, str] | None:
    raw = options.get("labels")
    if not raw:
        return None
    out = {}
    for item in raw.split(","):
        src, sep, dst = item.rpartition(":")
        if not sep:
            raise ModelError(f"label mapping item {item!r} is not MODEL_LABEL:ours")
        out[src] = dst
    return out


def _quantize(options: dict[str, str]) -> bool:
    """Own models serve int8 unless the spec says `?quantize=0`."""
    return options.get("quantize", "1") != "0"


def _own_reranker(arg: str, options: dict[str, str], **_: Any) -> Reranker:
    needs_models()
    from answerable.backends.models.own_backend import OwnReranker

    return OwnReranker(Path(arg) if arg else None, quantize=_quantize(options))


def _mpnet_artifact(task: str, arg: str) -> Path:
    from answerable.backends.models.own import ARTIFACTS

    if arg:
        raise ModelError(f"answerable-mpnet takes no argument (got {arg!r}); a model of your own is answerable:PATH")
    return ARTIFACTS / f"{task}-mpnet"


def _own_mpnet_reranker(arg: str, options: dict[str, str], **_: Any) -> Reranker:
    needs_models()
    from answerable.backends.models.own_backend import OwnReranker

    return OwnReranker(_mpnet_artifact("answerability", arg), quantize=_quantize(options))


def _own_mpnet_verifier(arg: str, options: dict[str, str], **_: Any) -> Verifier:
    needs_models()
    from answerable.backends.models.own_backend import OwnVerifier

    return OwnVerifier(_mpnet_artifact("support", arg), quantize=_quantize(options))


def _own_verifier(arg: str, options: dict[str, str], **_: Any) -> Verifier:
    needs_models()
    from answerable.backends.models.own_backend import OwnVerifier

    return OwnVerifier(Path(arg) if arg else None, quantize=_quantize(options))


def _ce_reranker(arg: str, options: dict[str, str], **_: Any) -> Reranker:
    needs_models()
    from answerable.backends.models.crossencoder import CrossEncoderReranker

    return CrossEncoderReranker(arg, calibration=_path(options, "calibration"))


def _ce_verifier(arg: str, options: dict[str, str], **_: Any) -> Verifier:
    needs_models()
    from answerable.backends.models.crossencoder import CrossEncoderVerifier

    return CrossEncoderVerifier(arg, labels=_labels(options), calibration=_path(options, "calibration"))


def _llm_reranker(arg: str, options: dict[str, str], **_: Any) -> Reranker:
    from answerable.backends.llm.client import LLMReranker

    return LLMReranker(arg, calibration=_path(options, "calibration"))


def _llm_verifier(arg: str, options: dict[str, str], **_: Any) -> Verifier:
    from answerable.backends.llm.client import LLMVerifier

    return LLMVerifier(arg)


def _ensemble_reranker(arg: str, options: dict[str, str], *, load: Any, **_: Any) -> Reranker:
    from answerable.backends.models.ensemble import EnsembleReranker

    return EnsembleReranker(Path(arg) if arg else None, load=lambda spec: load("reranker", spec))


def _ensemble_verifier(arg: str, options: dict[str, str], *, load: Any, **_: Any) -> Verifier:
    from answerable.backends.models.ensemble import VERIFIER_MEMBERS, EnsembleVerifier

    if arg:
        raise ModelError(f"the verifier ensemble takes no argument (got {arg!r})")
    return EnsembleVerifier([load("verifier", spec) for spec in VERIFIER_MEMBERS])


def _lexical_reranker(arg: str, options: dict[str, str], **_: Any) -> Reranker:
    from answerable.backends.models.lexical import LexicalReranker

    try:
        return LexicalReranker(arg or "bm25", calibration=_path(options, "calibration"))
    except ValueError as exc:
        raise UnknownModelError(f"unknown lexical baseline {arg!r}; expected bm25 or cosine") from exc


def _lexical_verifier(arg: str, options: dict[str, str], **_: Any) -> Verifier:
    from answerable.backends.models.lexical import LexicalVerifier

    try:
        return LexicalVerifier(arg or "bm25", calibration=_path(options, "calibration"))
    except ValueError as exc:
        raise UnknownModelError(f"unknown lexical baseline {arg!r}; expected bm25 or cosine") from exc


# --- stores -------------------------------------------------------------------------------------------


def _sqlite_store(url: str, options: dict[str, str], *, create: bool = True, **_: Any) -> Any:
    from answerable.backends.store.sqlite import SQLiteStore

    path = Path(url.removeprefix("sqlite:///"))
    if not url.startswith("sqlite:///"):
        raise InputError(f"a SQLite store URL is sqlite:///path/file.db, got {url!r}")
    if not create and not path.exists():
        raise StoreError(f"no index at {path}: build one with `answerable ingest DOCS --store {url}`")
    return SQLiteStore(path, create=create)


def _postgres_store(url: str, options: dict[str, str], *, create: bool = True, **_: Any) -> Any:
    from answerable.backends.store.postgres import PostgresStore

    return PostgresStore(url, create=create)


# --- embedders ----------------------------------------------------------------------------------------


def _minilm(arg: str, options: dict[str, str], **_: Any) -> Any:
    needs_models()
    from answerable.backends.models.embed import SentenceTransformerEmbedder, packaged_minilm_path

    embedder = SentenceTransformerEmbedder(packaged_minilm_path())
    embedder.name = "minilm"
    return embedder


def _hash_embedder(arg: str, options: dict[str, str], **_: Any) -> Any:
    from answerable.backends.models.embed import HashEmbedder, hash_dim

    return HashEmbedder(hash_dim(arg))


def _st_embedder(arg: str, options: dict[str, str], **_: Any) -> Any:
    needs_models()
    from answerable.backends.models.embed import SentenceTransformerEmbedder

    if not arg:
        raise UnknownModelError("embedder 'st:' needs a sentence-transformers model name or path")
    return SentenceTransformerEmbedder(arg)


# --- generators and decomposers -----------------------------------------------------------------------


def _extractive(arg: str, options: dict[str, str], *, sentences: Reranker, confirmer: Reranker, **_: Any) -> Any:
    from answerable.backends.generation.extractive import ExtractiveGenerator
    from answerable.backends.models.ensemble import quote_ranker_with

    if arg:
        raise UnknownModelError(f"the extractive generator takes no argument (got {arg!r})")
    return ExtractiveGenerator(sentences.score, rescore=quote_ranker_with(confirmer))


def _llm_generator(arg: str, options: dict[str, str], **_: Any) -> Any:
    from answerable.backends.llm.generator import LLMGenerator

    if not arg:
        raise UnknownModelError("generator 'llm' needs a model: llm:MODEL")
    return LLMGenerator(arg)


def _rules(arg: str, options: dict[str, str], **_: Any) -> Any:
    from answerable.signals.claims import RuleDecomposer

    if arg:
        raise UnknownModelError(f"the rule decomposer takes no argument (got {arg!r})")
    return RuleDecomposer()


def _llm_decomposer(arg: str, options: dict[str, str], **_: Any) -> Any:
    from answerable.backends.llm.decomposer import LLMDecomposer

    if not arg:
        raise UnknownModelError("decomposer 'llm' needs a model: llm:MODEL")
    return LLMDecomposer(arg)


def register_all(register: Register) -> None:
    """Register every built-in backend."""
    register("reranker", "answerable", _own_reranker)
    register("verifier", "answerable", _own_verifier)
    register("reranker", "answerable-mpnet", _own_mpnet_reranker)
    register("verifier", "answerable-mpnet", _own_mpnet_verifier)
    register("reranker", "cross-encoder", _ce_reranker)
    register("verifier", "cross-encoder", _ce_verifier)
    register("reranker", "ensemble", _ensemble_reranker)
    register("verifier", "ensemble", _ensemble_verifier)
    register("reranker", "llm", _llm_reranker)
    register("verifier", "llm", _llm_verifier)
    register("reranker", "lexical", _lexical_reranker)
    register("verifier", "lexical", _lexical_verifier)
    register("store", "sqlite", _sqlite_store)
    register("store", "postgresql", _postgres_store)
    register("store", "postgres", _postgres_store)
    register("embedder", "minilm", _minilm)
    register("embedder", "hash", _hash_embedder)
    register("embedder", "st", _st_embedder)
    register("generator", "extractive", _extractive)
    register("generator", "llm", _llm_generator)
    register("decomposer", "rules", _rules)
    register("decomposer", "llm", _llm_decomposer)
