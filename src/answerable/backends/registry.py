"""One registry for every backend: stores, embedders, rerankers, verifiers, generators and decomposers.

A backend is named by a spec, `scheme[:arg][?option=value&...]` (`answerable`, `cross-encoder:org/model`,
`hash:256`, `sqlite:///index.db`). The built-ins register themselves exactly as a third party does: a
function that takes `register` and calls it once per scheme (`answerable.backends.builtins.register_all`).
An installed package adds its own through the `answerable.backends` entry-point group:

    [project.entry-points."answerable.backends"]
    mystore = "mypackage.answerable_plugin:register_all"

    def register_all(register):
        register("store", "mystore", lambda arg, options, **deps: MyStore(arg, **options))

Factories are called as `factory(arg, options, load=load, **deps)`: `load` builds a backend a backend is
made of (an ensemble's members), and `deps` carries what a kind needs from the engine (a generator's
sentence ranker and confirmer, a store's `create` flag). Loading is lazy: a backend's heavy
dependencies are imported when it is first loaded, never when the registry is.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from enum import StrEnum
from importlib.metadata import entry_points
from typing import Any
from urllib.parse import parse_qs

from answerable.backends.models import DEFAULT_CONFIRMER, DEFAULT_RERANKER, DEFAULT_SPEC
from answerable.backends.models.base import Reranker, Verifier
from answerable.core.errors import UnknownModelError


class Kind(StrEnum):
    """What a backend is for."""

    STORE = "store"
    EMBEDDER = "embedder"
    RERANKER = "reranker"
    VERIFIER = "verifier"
    GENERATOR = "generator"
    DECOMPOSER = "decomposer"


Factory = Callable[..., Any]
Register = Callable[[str, str, Factory], None]

ENTRY_POINT_GROUP = "answerable.backends"

_FACTORIES: dict[Kind, dict[str, Factory]] = {kind: {} for kind in Kind}
_LOADED = False
_LOCK = threading.RLock()


def register(kind: str, scheme: str, factory: Factory) -> None:
    """Make `scheme[:arg]` loadable as a backend of `kind`; a later registration of a scheme replaces it."""
    with _LOCK:
        _FACTORIES[Kind(kind)][scheme] = factory


def _ensure_loaded() -> None:
    """Register the built-ins, then every installed plugin, once per process."""
    global _LOADED
    with _LOCK:
        if _LOADED:
            return
        _LOADED = True
        from answerable.backends.builtins import register_all

        register_all(register)
        for ep in entry_points(group=ENTRY_POINT_GROUP):
            ep.load()(register)


def schemes(kind: str) -> list[str]:
    """The schemes registered for `kind`, sorted."""
    _ensure_loaded()
    return sorted(_FACTORIES[Kind(kind)])


def parse_spec(spec: str) -> tuple[str, str, dict[str, str]]:
    """`scheme:arg?k=v&k2=v2` -> (scheme, arg, options)."""
    head, _, query = spec.partition("?")
    scheme, _, arg = head.partition(":")
    options = {k: v[-1] for k, v in parse_qs(query, keep_blank_values=True).items()}
    return scheme.strip(), arg.strip(), options


def factory(kind: str, spec: str) -> tuple[Factory, str, dict[str, str]]:
    """The factory a spec names, with its argument and options; UnknownModelError for an unknown scheme."""
    _ensure_loaded()
    scheme, arg, options = parse_spec(spec)
    known = _FACTORIES[Kind(kind)]
    if scheme not in known:
        raise UnknownModelError(f"unknown {kind} {spec!r}; known: {', '.join(sorted(known))}")
    return known[scheme], arg, options


def load(kind: str, spec: str, **deps: Any) -> Any:
    """The backend of `kind` a spec names. Errors of the backend itself (ModelError, StoreError) propagate."""
    make, arg, options = factory(kind, spec)
    return make(arg, options, load=load, **deps)


# --- the kinds' loaders, as the engine and the commands call them -------------------------------------


def load_reranker(spec: str = DEFAULT_RERANKER) -> Reranker:
    reranker: Reranker = load(Kind.RERANKER, spec)
    return reranker


def load_verifier(spec: str = DEFAULT_SPEC) -> Verifier:
    verifier: Verifier = load(Kind.VERIFIER, spec)
    return verifier


class LazyReranker(Reranker):
    """A reranker loaded when first asked to score: a confirmer is needed only by answers, not abstentions.

    An unknown scheme fails at once; a backend that fails to load raises ModelError when first used.
    """

    def __init__(self, spec: str) -> None:
        factory(Kind.RERANKER, spec)
        self.name = spec
        self._model: Reranker | None = None
        self._lock = threading.Lock()

    def score_pairs(self, pairs: Sequence[tuple[str, str]]) -> list[float]:
        with self._lock:
            if self._model is None:
                self._model = load_reranker(self.name)
        return self._model.score_pairs(pairs)


def load_confirmer(spec: str = DEFAULT_CONFIRMER) -> Reranker:
    """The second answerability model a spec names, loaded when first used."""
    return LazyReranker(spec)


_EMBEDDERS: dict[str, Any] = {}


def load_embedder(spec: str = "minilm") -> Any:
    """The embedder a spec names (`minilm`, `hash:DIM`, `st:NAME_OR_PATH`, or a bare sentence-transformers
    name or path), loaded once per process and spec."""
    with _LOCK:
        if spec not in _EMBEDDERS:
            scheme, _, _ = parse_spec(spec)
            _ensure_loaded()
            if scheme not in _FACTORIES[Kind.EMBEDDER]:
                _EMBEDDERS[spec] = load(Kind.EMBEDDER, f"st:{spec}")
            else:
                _EMBEDDERS[spec] = load(Kind.EMBEDDER, spec)
        return _EMBEDDERS[spec]


def open_store(url: str, create: bool = True) -> Any:
    """The store a URL names (`sqlite:///path.db`, `postgresql://...`). `create=False` is for commands that
    only read: a store that was never written is an error naming the URL, not an empty index."""
    from answerable.backends.store.url import redact_url
    from answerable.core.errors import InputError

    scheme = url.partition(":")[0]
    _ensure_loaded()
    if scheme not in _FACTORIES[Kind.STORE]:
        known = ", ".join(f"{s}://..." for s in sorted(_FACTORIES[Kind.STORE]))
        raise InputError(f"unknown store URL {redact_url(url)!r}: expected one of {known}")
    return _FACTORIES[Kind.STORE][scheme](url, {}, create=create, load=load)


def load_generator(spec: str, **deps: Any) -> Any:
    """The generator a spec names (`extractive`, `llm:MODEL`); `deps` are the engine's sentence ranker and
    confirmer, which the extractive generator ranks with."""
    return load(Kind.GENERATOR, spec, **deps)


def load_decomposer(spec: str) -> Any:
    """The decomposer a spec names (`rules`, `llm:MODEL`)."""
    return load(Kind.DECOMPOSER, spec)


__all__ = [
    "ENTRY_POINT_GROUP",
    "Kind",
    "LazyReranker",
    "load",
    "load_confirmer",
    "load_decomposer",
    "load_embedder",
    "load_generator",
    "load_reranker",
    "load_verifier",
    "open_store",
    "parse_spec",
    "register",
    "schemes",
]
