"""Evidence models behind two small protocols, and a registry that loads them by spec string.

- `Reranker.score(query, passages) -> list[float]`: calibrated probability that each passage holds the answer.
- `Verifier.verify(claim, passages) -> list[Verdict]`: supported | refuted | insufficient per passage, with
  `strength` the calibrated probability of that label; `verify_probs` gives all three.

Specs (`load_reranker(spec)`, `load_verifier(spec)`; the built-ins are registered like any other):

| spec | backend |
|---|---|
| `answerable` (default) | the project's own trained cross-encoders (MiniLM-L6 + LoRA) |
| `answerable:PATH` | an own model trained into PATH (`answerable train ... --out PATH`) |
| `answerable-mpnet` | the own answerability and support models on all-mpnet-base-v2 (`make mpnet` first) |
| `cross-encoder:NAME_OR_PATH[?labels=A:supported,B:refuted&calibration=FILE]` | a sentence-transformers CrossEncoder |
| `llm:MODEL` | an LLM judge over an OpenAI-compatible endpoint (OPENAI_BASE_URL, OPENAI_API_KEY) |
| `lexical:bm25`, `lexical:cosine` | the baselines |
| `ensemble` | reranker: the trained model, cosine and BM25; verifier: `answerable` and `answerable-mpnet` averaged |

A backend that fails to load or score raises `answerable.errors.ModelError`, never an abstention.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from urllib.parse import parse_qs

from answerable.errors import ModelError, UnknownModelError
from answerable.models.base import LABELS, MockReranker, MockVerifier, Reranker, SupportProbs, Verifier

# The engine's verifier: it screens the pages behind an answer for one that contradicts it, at thresholds
# fitted for this model (the larger support model reads refutation into pages on other matters).
DEFAULT_SPEC = "answerable"
# What checks a claim against its evidence (`eval` on a claims folder): both support models averaged, which
# label claims better than either (`models/ensemble.py`), in about 3.5 times the MiniLM model's time.
CLAIM_VERIFIER = "ensemble"
# The default reranker: the trained model, the bi-encoder cosine and BM25 combined (`models/ensemble.py`).
# In the engine its cosine comes from the index's stored vectors, so it costs no more than the model alone.
DEFAULT_RERANKER = "ensemble"

# The second answerability model a profile with `min_confirmation` asks before support may let an answer
# out: the same recipe on a larger base, whose mistakes differ from the MiniLM models' (docs/models.md).
DEFAULT_CONFIRMER = "answerable-mpnet"

RerankerFactory = Callable[[str, dict[str, str]], Reranker]
VerifierFactory = Callable[[str, dict[str, str]], Verifier]

RERANKERS: dict[str, RerankerFactory] = {}
VERIFIERS: dict[str, VerifierFactory] = {}


def register_reranker(scheme: str, factory: RerankerFactory) -> None:
    """Make `scheme:ARG` loadable by `load_reranker`; factory(arg, options) returns the backend."""
    RERANKERS[scheme] = factory


def register_verifier(scheme: str, factory: VerifierFactory) -> None:
    """Make `scheme:ARG` loadable by `load_verifier`; factory(arg, options) returns the backend."""
    VERIFIERS[scheme] = factory


def parse_spec(spec: str) -> tuple[str, str, dict[str, str]]:
    """`scheme:arg?k=v&k2=v2` -> (scheme, arg, options). `answerable` alone is the default backend."""
    head, _, query = spec.partition("?")
    scheme, _, arg = head.partition(":")
    options = {k: v[-1] for k, v in parse_qs(query, keep_blank_values=True).items()}
    return scheme.strip(), arg.strip(), options


def load_reranker(spec: str = DEFAULT_RERANKER) -> Reranker:
    """The reranker a spec names; ModelError for an unknown scheme or a backend that fails to load."""
    scheme, arg, options = parse_spec(spec)
    if scheme not in RERANKERS:
        raise UnknownModelError(f"unknown reranker {spec!r}; known: {', '.join(sorted(RERANKERS))}")
    return RERANKERS[scheme](arg, options)


class LazyReranker(Reranker):
    """A reranker loaded when first asked to score: a confirmer is needed only by answers, not abstentions.

    An unknown scheme fails at once; a backend that fails to load raises ModelError when first used.
    """

    def __init__(self, spec: str) -> None:
        scheme, _, _ = parse_spec(spec)
        if scheme not in RERANKERS:
            raise UnknownModelError(f"unknown reranker {spec!r}; known: {', '.join(sorted(RERANKERS))}")
        self.name = spec
        self._model: Reranker | None = None

    def score_pairs(self, pairs: Sequence[tuple[str, str]]) -> list[float]:
        if self._model is None:
            self._model = load_reranker(self.name)
        return self._model.score_pairs(pairs)


def load_confirmer(spec: str | None = None) -> Reranker:
    """The second answerability model a spec names (default `answerable-mpnet`), loaded when first used."""
    return LazyReranker(spec or DEFAULT_CONFIRMER)


def load_verifier(spec: str = DEFAULT_SPEC) -> Verifier:
    """The verifier a spec names; ModelError for an unknown scheme or a backend that fails to load."""
    scheme, arg, options = parse_spec(spec)
    if scheme not in VERIFIERS:
        raise UnknownModelError(f"unknown verifier {spec!r}; known: {', '.join(sorted(VERIFIERS))}")
    return VERIFIERS[scheme](arg, options)


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


def _own_reranker(arg: str, options: dict[str, str]) -> Reranker:
    from answerable.models.own_backend import OwnReranker

    return OwnReranker(Path(arg) if arg else None, quantize=_quantize(options))


def _mpnet_artifact(task: str, arg: str) -> Path:
    from answerable.models.own import ARTIFACTS

    if arg:
        raise ModelError(f"answerable-mpnet takes no argument (got {arg!r}); a model of your own is answerable:PATH")
    return ARTIFACTS / f"{task}-mpnet"


def _own_mpnet_reranker(arg: str, options: dict[str, str]) -> Reranker:
    from answerable.models.own_backend import OwnReranker

    return OwnReranker(_mpnet_artifact("answerability", arg), quantize=_quantize(options))


def _own_mpnet_verifier(arg: str, options: dict[str, str]) -> Verifier:
    from answerable.models.own_backend import OwnVerifier

    return OwnVerifier(_mpnet_artifact("support", arg), quantize=_quantize(options))


def _own_verifier(arg: str, options: dict[str, str]) -> Verifier:
    from answerable.models.own_backend import OwnVerifier

    return OwnVerifier(Path(arg) if arg else None, quantize=_quantize(options))


def _ce_reranker(arg: str, options: dict[str, str]) -> Reranker:
    from answerable.models.crossencoder import CrossEncoderReranker

    return CrossEncoderReranker(arg, calibration=_path(options, "calibration"))


def _ce_verifier(arg: str, options: dict[str, str]) -> Verifier:
    from answerable.models.crossencoder import CrossEncoderVerifier

    return CrossEncoderVerifier(arg, labels=_labels(options), calibration=_path(options, "calibration"))


def _llm_reranker(arg: str, options: dict[str, str]) -> Reranker:
    from answerable.models.llm import LLMReranker

    return LLMReranker(arg, calibration=_path(options, "calibration"))


def _llm_verifier(arg: str, options: dict[str, str]) -> Verifier:
    from answerable.models.llm import LLMVerifier

    return LLMVerifier(arg)


def _ensemble_reranker(arg: str, options: dict[str, str]) -> Reranker:
    from answerable.models.ensemble import EnsembleReranker

    return EnsembleReranker(Path(arg) if arg else None)


def _ensemble_verifier(arg: str, options: dict[str, str]) -> Verifier:
    from answerable.models.ensemble import EnsembleVerifier

    if arg:
        raise ModelError(f"the verifier ensemble takes no argument (got {arg!r})")
    return EnsembleVerifier()


def _lexical_reranker(arg: str, options: dict[str, str]) -> Reranker:
    from answerable.models.lexical import LexicalReranker

    try:
        return LexicalReranker(arg or "bm25", calibration=_path(options, "calibration"))
    except ValueError as exc:
        raise UnknownModelError(f"unknown lexical baseline {arg!r}; expected bm25 or cosine") from exc


def _lexical_verifier(arg: str, options: dict[str, str]) -> Verifier:
    from answerable.models.lexical import LexicalVerifier

    try:
        return LexicalVerifier(arg or "bm25", calibration=_path(options, "calibration"))
    except ValueError as exc:
        raise UnknownModelError(f"unknown lexical baseline {arg!r}; expected bm25 or cosine") from exc


register_reranker("answerable", _own_reranker)
register_verifier("answerable", _own_verifier)
register_reranker("answerable-mpnet", _own_mpnet_reranker)
register_verifier("answerable-mpnet", _own_mpnet_verifier)
register_reranker("cross-encoder", _ce_reranker)
register_reranker("ensemble", _ensemble_reranker)
register_verifier("cross-encoder", _ce_verifier)
register_verifier("ensemble", _ensemble_verifier)
register_reranker("llm", _llm_reranker)
register_verifier("llm", _llm_verifier)
register_reranker("lexical", _lexical_reranker)
register_verifier("lexical", _lexical_verifier)

__all__ = [
    "CLAIM_VERIFIER",
    "DEFAULT_CONFIRMER",
    "DEFAULT_RERANKER",
    "DEFAULT_SPEC",
    "LABELS",
    "LazyReranker",
    "MockReranker",
    "MockVerifier",
    "Reranker",
    "SupportProbs",
    "Verifier",
    "load_confirmer",
    "load_reranker",
    "load_verifier",
    "parse_spec",
    "register_reranker",
    "register_verifier",
]
