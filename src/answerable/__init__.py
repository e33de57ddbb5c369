"""answerable: a question-answering engine that answers only when the allowed evidence authorizes it.

The public surface is `__all__`: `check` (the gate over passages you retrieved), `open_engine` and `Engine`
(retrieval from an index, then the gate), the typed decision and its parts, the policy, and the errors.
"""

from typing import TYPE_CHECKING, Any

from answerable.core.assess import assess
from answerable.core.errors import (
    AnswerableError,
    DraftRequiredError,
    InputError,
    MissingExtraError,
    ModelError,
    PolicyError,
    StoreError,
)
from answerable.core.gate import Authorization, authorize, decide
from answerable.core.policy import Policy, Profile, load_policy
from answerable.core.reasons import ReasonCode
from answerable.core.settings import Settings
from answerable.core.types import (
    Assessment,
    Chunk,
    Citation,
    Claim,
    ClaimAssessment,
    ClaimResult,
    ClaimStatus,
    Conflict,
    Decision,
    Document,
    Draft,
    DraftSentence,
    Evidence,
    Label,
    Passage,
    PolicyRef,
    Principal,
    Result,
    Scores,
    Signals,
    Status,
    Suggestion,
    TrustTier,
    Verdict,
)
from answerable.core.version import __version__

if TYPE_CHECKING:
    from answerable.engine.check import check
    from answerable.engine.engine import Engine, open_engine

_LAZY = {
    "check": "answerable.engine.check",
    "Engine": "answerable.engine.engine",
    "open_engine": "answerable.engine.engine",
}


def __getattr__(name: str) -> Any:
    """`check`, `Engine` and `open_engine` import the engine when first used: `import answerable` stays light."""
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'answerable' has no attribute {name!r}")


__all__ = [
    "AnswerableError",
    "Assessment",
    "Authorization",
    "Chunk",
    "Citation",
    "Claim",
    "ClaimAssessment",
    "ClaimResult",
    "ClaimStatus",
    "Conflict",
    "Decision",
    "Document",
    "Draft",
    "DraftRequiredError",
    "DraftSentence",
    "Engine",
    "Evidence",
    "InputError",
    "Label",
    "MissingExtraError",
    "ModelError",
    "Passage",
    "Policy",
    "PolicyError",
    "PolicyRef",
    "Principal",
    "Profile",
    "ReasonCode",
    "Result",
    "Scores",
    "Settings",
    "Signals",
    "Status",
    "StoreError",
    "Suggestion",
    "TrustTier",
    "Verdict",
    "__version__",
    "assess",
    "authorize",
    "check",
    "decide",
    "load_policy",
    "open_engine",
]
