"""Evidence models behind two small protocols, and a registry that loads them by spec string.

- `Reranker.score(query, passages) -> list[float]`: calibrated probability that each passage holds the answer.
- `Verifier.verify(claim, passages) -> list[Verdict]`: supported | refuted | insufficient per passage, with
  `strength` the calibrated probability of that label; `verify_probs` gives all three.

Specs (`answerable.backends.registry.load_reranker(spec)`, `load_verifier(spec)`; the built-ins are registered
like any third party's, `answerable.backends.builtins`):

| spec | backend |
|---|---|
| `answerable` (default) | the project's own trained cross-encoders (MiniLM-L6 + LoRA) |
| `answerable:PATH` | an own model trained into PATH (`answerable train ... --out PATH`) |
| `answerable-mpnet` | the own answerability and support models on all-mpnet-base-v2 (`make mpnet` first) |
| `cross-encoder:NAME_OR_PATH[?labels=A:supported,B:refuted&calibration=FILE]` | a sentence-transformers CrossEncoder |
| `llm:MODEL` | an LLM judge over an OpenAI-compatible endpoint (OPENAI_BASE_URL, OPENAI_API_KEY) |
| `lexical:bm25`, `lexical:cosine` | the baselines |
| `ensemble` | reranker: the trained model, cosine and BM25; verifier: `answerable` and `answerable-mpnet` averaged |

A backend that fails to load or score raises `answerable.core.errors.ModelError`, never an abstention.
"""

from __future__ import annotations

from answerable.backends.models.base import LABELS, MockReranker, MockVerifier, Reranker, SupportProbs, Verifier

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

__all__ = [
    "CLAIM_VERIFIER",
    "DEFAULT_CONFIRMER",
    "DEFAULT_RERANKER",
    "DEFAULT_SPEC",
    "LABELS",
    "MockReranker",
    "MockVerifier",
    "Reranker",
    "SupportProbs",
    "Verifier",
]
