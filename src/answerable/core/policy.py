"""Versioned policy files: named profiles of thresholds and vetoes, validated with precise errors.

A policy file is TOML with a `[policy]` table (name, version) and `[profiles.NAME]` tables. Every
profile key is declared once in `SETTINGS` (name, meaning, expected type); unknown keys are errors, so a
typo cannot silently fall back to a default.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

from answerable.core.errors import PolicyError
from answerable.core.reasons import ReasonCode
from answerable.core.types import PolicyRef, TrustTier


class Precedence(StrEnum):
    """Rules that may resolve a conflict, tried in the order a profile lists them."""

    SUPERSEDES = "supersedes"
    EFFECTIVE_DATE = "effective_date"
    OWNER_RANK = "owner_rank"


# Reasons that may never be softened into a partial answer: a conflict, a disallowed source, a question no
# evidence answers and a draft that failed its checks reach the asker only as an abstention.
NEVER_PARTIAL = frozenset(
    {
        ReasonCode.CONFLICTING_EVIDENCE,
        ReasonCode.SOURCE_NOT_ALLOWED,
        ReasonCode.NO_EVIDENCE,
        ReasonCode.CITATION_INVALID,
        ReasonCode.UNSUPPORTED_CLAIM,
        ReasonCode.MODEL_DECLINED,
        ReasonCode.NO_ANSWER_BEARING_EVIDENCE,
        ReasonCode.LOW_RETRIEVAL_CONFIDENCE,
    }
)


@dataclass(frozen=True)
class Profile:
    """One named profile, resolved: what `decide` reads. `ref` names it in every decision."""

    name: str
    policy_name: str
    version: str
    description: str
    min_retrieval_score: float
    min_margin: float
    borderline_band: float
    min_support: float
    min_coverage: float
    max_contradictions: int
    allowed_trust: frozenset[TrustTier]
    allow_unrated_trust: bool
    allow_partial: bool
    partial_for: frozenset[ReasonCode]
    require_dates: bool
    conflict_precedence: tuple[Precedence, ...]
    owner_rank: tuple[str, ...]
    max_passages: int
    max_chars: int
    suggestions: int
    freshness_days: Mapping[str, int] = field(default_factory=dict)
    require_named_terms: bool = True
    require_answer_kind: bool = True
    reject_mismatches: bool = True
    read_typos: bool = True
    min_topic_similarity: float = 0.4
    min_confirmation: float = 0.0

    @property
    def ref(self) -> PolicyRef:
        return PolicyRef(name=self.name, version=self.version)

    def freshness_limit(self, source_kind: str | None) -> int | None:
        """Days a source of this kind stays fresh; None when no limit applies."""
        if source_kind and source_kind in self.freshness_days:
            return self.freshness_days[source_kind]
        return self.freshness_days.get("default")


@dataclass(frozen=True)
class Policy:
    """A loaded policy file: its name, version and profiles."""

    name: str
    version: str
    profiles: Mapping[str, Profile]
    path: str

    def profile(self, name: str) -> Profile:
        try:
            return self.profiles[name]
        except KeyError:
            known = ", ".join(sorted(self.profiles))
            raise PolicyError(self.path, f"profiles.{name}", f"no such profile (known: {known})") from None


# --- settings: declared once, documented once -------------------------------------------------------

Parser = Callable[[Any], Any]


class _Invalid(Exception):
    """A value that does not fit; carries what was expected."""


def _number(lo: float, hi: float | None) -> Parser:
    def parse(value: Any) -> float:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise _Invalid(f"a number{_range(lo, hi)}")
        if not value >= lo or (hi is not None and not value <= hi):  # NaN compares false both ways
            raise _Invalid(f"a number{_range(lo, hi)}")
        return float(value)

    return parse


def _range(lo: float, hi: float | None) -> str:
    return f" from {lo:g} to {hi:g}" if hi is not None else f" of at least {lo:g}"


def _count(lo: int) -> Parser:
    def parse(value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or value < lo:
            raise _Invalid(f"a whole number of at least {lo}")
        return value

    return parse


def _flag(value: Any) -> bool:
    if not isinstance(value, bool):
        raise _Invalid("true or false")
    return value


def _text(value: Any) -> str:
    if not isinstance(value, str):
        raise _Invalid("a string")
    return value


def _strings(value: Any) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise _Invalid("a list of strings")
    return tuple(value)


E = TypeVar("E", bound=StrEnum)


def _members(enum: type[E]) -> Callable[[Any], tuple[E, ...]]:
    def parse(value: Any) -> tuple[E, ...]:
        choices = ", ".join(e.value for e in enum)
        if not isinstance(value, list):
            raise _Invalid(f"a list of: {choices}")
        out = []
        for item in value:
            try:
                out.append(enum(item))
            except ValueError:
                raise _Invalid(f"a list of: {choices} (got {item!r})") from None
        return tuple(out)

    return parse


def _days(value: Any) -> dict[str, int]:
    if not isinstance(value, dict) or not all(
        isinstance(k, str) and isinstance(v, int) and not isinstance(v, bool) and v >= 0 for k, v in value.items()
    ):
        raise _Invalid("a table of source kind = whole number of days (>= 0), e.g. default = 365")
    if "default" not in value:
        # without it every source kind not listed would never go stale
        raise _Invalid("a table of source kind = days that sets `default` (for the kinds not listed)")
    return dict(value)


@dataclass(frozen=True)
class Setting:
    """One profile key: its name, what it means, and how its value is read."""

    name: str
    meaning: str
    parse: Parser
    default: Any = None  # None: the setting is required; otherwise the value when a profile omits it


SETTINGS: tuple[Setting, ...] = (
    Setting("description", "What the profile is for, shown by `policy show`.", _text),
    Setting("min_retrieval_score", "Lowest calibrated relevance of the best usable passage (0-1).", _number(0, 1)),
    Setting(
        "min_margin",
        "Gap between the best two documents' relevance below which sources count as tied, by either answerability "
        "model (0-1).",
        _number(0, 1),
    ),
    Setting("borderline_band", "Support within this band above min_support is borderline (0-1).", _number(0, 1)),
    Setting("min_support", "Lowest verifier probability that counts as support for a claim (0-1).", _number(0, 1)),
    Setting("min_coverage", "Share of required claims that must be supported (0-1).", _number(0, 1)),
    Setting("max_contradictions", "Unresolved conflicts tolerated before abstaining.", _count(0)),
    Setting("allowed_trust", "Trust tiers an answer may rest on: official, community, draft.", _members(TrustTier)),
    Setting("allow_unrated_trust", "Whether a source with no stated trust tier may support an answer.", _flag),
    Setting("allow_partial", "Whether a labelled partial answer may be returned.", _flag),
    Setting("partial_for", "Reason codes that may be softened to a partial answer.", _members(ReasonCode)),
    Setting("require_dates", "Whether an undated source counts as stale.", _flag),
    Setting(
        "require_named_terms",
        "Whether every name and number the question states must appear in the evidence, and every word of a "
        "yes-or-no part asked beside another part (optional, default true).",
        _flag,
        default=True,
    ),
    Setting(
        "require_answer_kind",
        "Whether an answer to a question that asks for a figure or a time must state one (optional, default true).",
        _flag,
        default=True,
    ),
    Setting(
        "reject_mismatches",
        "Whether an answer whose sentences turn a word of the question into its opposite (lowest / highest, "
        "enable / disable, uncommon / common) or name only another year than it names is withheld (optional, "
        "default true).",
        _flag,
        default=True,
    ),
    Setting(
        "read_typos",
        "Whether a misspelt word of the question (five letters or more, not an English word, in no passage "
        "retrieved for it) is read as the word of those passages one edit away, chat shorthand no such "
        "passage writes ('b4', 'yr', 'msg') as its words, and a clause saying the asker sets nothing ('if I "
        "don't set one', 'unless I change it') as 'by default', then searched again (optional, default true).",
        _flag,
        default=True,
    ),
    Setting(
        "min_topic_similarity",
        "Bi-encoder cosine from which the best usable passage is on the question's topic: a question that "
        "on-topic pages fail to answer is no_answer_bearing_evidence, not low_retrieval_confidence "
        "(optional, default 0.4, fitted for all-MiniLM-L6-v2).",
        _number(-1, 1),
        default=0.4,
    ),
    Setting(
        "min_confirmation",
        "Lowest probability, by a second answerability model, that a supporting passage answers its claim: "
        "support it does not confirm does not count (optional, default 0: no second model is asked).",
        _number(0, 1),
        default=0.0,
    ),
    Setting(
        "conflict_precedence",
        "Rules tried in order to resolve a conflict: supersedes, effective_date, owner_rank.",
        _members(Precedence),
    ),
    Setting("owner_rank", "Owners from most to least authoritative, for the owner_rank rule.", _strings),
    Setting("max_passages", "Context budget: passages handed to the generator.", _count(1)),
    Setting("max_chars", "Context budget: characters handed to the generator.", _count(1)),
    Setting("suggestions", "How many readable passages to suggest on abstention.", _count(0)),
    Setting("freshness_days", "Days a source stays fresh, per source kind; `default` for the rest.", _days),
)

_BY_NAME = {s.name: s for s in SETTINGS}


def default_policy_path() -> Path:
    """The policy file shipped inside the package."""
    return Path(str(resources.files("answerable.core").joinpath("default_policy.toml")))


def load_policy(path: str | Path | None = None) -> Policy:
    """Read and validate a policy file (the shipped default when `path` is None)."""
    file = Path(path) if path is not None else default_policy_path()
    shown = str(file)
    try:
        raw = tomllib.loads(file.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise PolicyError(shown, None, "file not found") from None
    except UnicodeDecodeError as exc:
        raise PolicyError(shown, None, f"not UTF-8 text ({exc.reason})") from exc
    except tomllib.TOMLDecodeError as exc:
        raise PolicyError(shown, None, f"not valid TOML: {exc}") from exc
    return parse_policy(raw, shown)


def parse_policy(raw: Mapping[str, Any], path: str = "<policy>") -> Policy:
    """Validate a parsed policy document; `path` is used in error messages."""
    unknown_top = set(raw) - {"policy", "profiles"}
    if unknown_top:
        raise PolicyError(path, sorted(unknown_top)[0], "unknown table (expected [policy] and [profiles.NAME])")
    head = raw.get("policy")
    if not isinstance(head, dict):
        raise PolicyError(path, "policy", "missing [policy] table with name and version")
    unknown_head = set(head) - {"name", "version"}
    if unknown_head:
        raise PolicyError(path, f"policy.{sorted(unknown_head)[0]}", "unknown key (expected name and version)")
    name = _required_text(head, "name", path)
    version = _required_text(head, "version", path)
    profiles_raw = raw.get("profiles")
    if not isinstance(profiles_raw, dict) or not profiles_raw:
        raise PolicyError(path, "profiles", "expected at least one [profiles.NAME] table")
    profiles = {pname: _parse_profile(pname, body, name, version, path) for pname, body in profiles_raw.items()}
    return Policy(name=name, version=version, profiles=profiles, path=path)


def _required_text(table: Mapping[str, Any], key: str, path: str) -> str:
    value = table.get(key)
    if not isinstance(value, str) or not value.strip():
        raise PolicyError(path, f"policy.{key}", "expected a non-empty string")
    return value


def _parse_profile(pname: str, body: Any, policy_name: str, version: str, path: str) -> Profile:
    prefix = f"profiles.{pname}"
    if not isinstance(body, dict):
        raise PolicyError(path, prefix, "expected a table")
    unknown = sorted(set(body) - set(_BY_NAME))
    if unknown:
        raise PolicyError(path, f"{prefix}.{unknown[0]}", "unknown setting (see `answerable policy show --settings`)")
    missing = [s.name for s in SETTINGS if s.name not in body and s.default is None]
    if missing:
        raise PolicyError(path, f"{prefix}.{missing[0]}", "missing setting")
    values: dict[str, Any] = {}
    for setting in SETTINGS:
        if setting.name not in body:
            values[setting.name] = setting.default
            continue
        try:
            values[setting.name] = setting.parse(body[setting.name])
        except _Invalid as exc:
            got = body[setting.name]
            raise PolicyError(path, f"{prefix}.{setting.name}", f"expected {exc}, got {got!r}") from None
    forbidden = set(values["partial_for"]) & NEVER_PARTIAL
    if forbidden:
        code = sorted(forbidden)[0]
        raise PolicyError(path, f"{prefix}.partial_for", f"{code} may never be softened to a partial answer")
    if values["partial_for"] and not values["allow_partial"]:
        raise PolicyError(path, f"{prefix}.partial_for", "must be empty when allow_partial is false")
    if not values["allowed_trust"]:
        # an operator may read [] as "no restriction"; it would refuse every rated page
        raise PolicyError(path, f"{prefix}.allowed_trust", "is empty: list the trust tiers an answer may rest on")
    rules = values["conflict_precedence"]
    if len(set(rules)) != len(rules):
        raise PolicyError(path, f"{prefix}.conflict_precedence", "names a rule twice")
    return Profile(
        name=pname,
        policy_name=policy_name,
        version=version,
        description=values["description"],
        min_retrieval_score=values["min_retrieval_score"],
        min_margin=values["min_margin"],
        borderline_band=values["borderline_band"],
        min_support=values["min_support"],
        min_coverage=values["min_coverage"],
        max_contradictions=values["max_contradictions"],
        allowed_trust=frozenset(values["allowed_trust"]),
        allow_unrated_trust=values["allow_unrated_trust"],
        allow_partial=values["allow_partial"],
        partial_for=frozenset(values["partial_for"]),
        require_dates=values["require_dates"],
        require_named_terms=values["require_named_terms"],
        require_answer_kind=values["require_answer_kind"],
        reject_mismatches=values["reject_mismatches"],
        read_typos=values["read_typos"],
        min_topic_similarity=values["min_topic_similarity"],
        min_confirmation=values["min_confirmation"],
        conflict_precedence=values["conflict_precedence"],
        owner_rank=values["owner_rank"],
        max_passages=values["max_passages"],
        max_chars=values["max_chars"],
        suggestions=values["suggestions"],
        freshness_days=values["freshness_days"],
    )


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, list | tuple | frozenset | set):
        items = sorted(value) if isinstance(value, frozenset | set) else list(value)
        return "[" + ", ".join(_toml_value(str(v) if isinstance(v, StrEnum) else v) for v in items) + "]"
    raise TypeError(f"cannot write {value!r} as TOML")


def policy_to_toml(name: str, version: str, profiles: Mapping[str, Profile], header: str = "") -> str:
    """A policy file that `load_policy` reads back to the same profiles."""
    lines = [f"# {line}" for line in header.splitlines()]
    lines += ["[policy]", f"name = {_toml_value(name)}", f"version = {_toml_value(version)}", ""]
    for pname, profile in profiles.items():
        lines.append(f"[profiles.{pname}]")
        for setting in SETTINGS:
            if setting.name == "freshness_days":
                continue
            value = getattr(profile, setting.name)
            if isinstance(value, tuple | frozenset):
                value = [str(v) for v in value] if not isinstance(value, frozenset) else sorted(str(v) for v in value)
            lines.append(f"{setting.name} = {_toml_value(value)}")
        lines.append("")
        lines.append(f"[profiles.{pname}.freshness_days]")
        for kind, days in profile.freshness_days.items():
            key = kind if kind.replace("_", "").replace("-", "").isalnum() else _toml_value(kind)
            lines.append(f"{key} = {days}")
        lines.append("")
    return "\n".join(lines)
