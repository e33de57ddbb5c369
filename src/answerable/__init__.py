"""answerable: a question-answering engine that answers only when the allowed evidence authorizes it."""

from answerable.assess import assess
from answerable.errors import (
    AnswerableError,
    DraftRequiredError,
    InputError,
    ModelError,
    PolicyError,
    StoreError,
)
from answerable.gate import Authorization, authorize, decide
from answerable.policy import Policy, Profile, load_policy
from answerable.reasons import ReasonCode
from answerable.types import (
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
    Scores,
    Status,
    Suggestion,
    TrustTier,
    Verdict,
)

__version__ = "0.1.0"

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
    "Evidence",
    "InputError",
    "Label",
    "ModelError",
    "Passage",
    "Policy",
    "PolicyError",
    "PolicyRef",
    "Profile",
    "ReasonCode",
    "Scores",
    "Status",
    "StoreError",
    "Suggestion",
    "TrustTier",
    "Verdict",
    "__version__",
    "assess",
    "authorize",
    "decide",
    "load_policy",
]
