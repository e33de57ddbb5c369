"""Policy files: the shipped default, and bad files that fail naming file, key and expectation."""

from __future__ import annotations

from pathlib import Path

import pytest

from answerable import PolicyError, ReasonCode, TrustTier, load_policy
from answerable.core.policy import SETTINGS, default_policy_path

SHIPPED = default_policy_path().read_text(encoding="utf-8")
# Mutations start from the hand-set test policy, whose text does not move when the shipped one is recalibrated.
BASE = (Path(__file__).parents[1] / "policy.toml").read_text(encoding="utf-8")


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "policy.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_shipped_policy_has_strict_and_assist():
    policy = load_policy()
    assert set(policy.profiles) >= {"strict", "assist"}
    strict, assist = policy.profile("strict"), policy.profile("assist")
    assert not strict.allow_partial and strict.min_coverage == 1.0 and strict.max_contradictions == 0
    assert strict.allowed_trust == {TrustTier.OFFICIAL}
    assert assist.allow_partial and ReasonCode.REQUIRED_CLAIM_NOT_COVERED in assist.partial_for
    assert strict.ref.version == policy.version and strict.ref.name == "strict"


@pytest.mark.parametrize(
    ("old", "new", "key", "expected"),
    [
        ("min_support = 0.75", 'min_support = "high"', "profiles.strict.min_support", "a number from 0 to 1"),
        ("min_support = 0.75", "min_support = 1.5", "profiles.strict.min_support", "a number from 0 to 1"),
        ("max_contradictions = 0\n", "max_contradictions = -1\n", "profiles.strict.max_contradictions", "whole number"),
        ('allowed_trust = ["official"]', 'allowed_trust = ["gold"]', "profiles.strict.allowed_trust", "official"),
        ("allow_partial = false", "allow_partial = 0", "profiles.strict.allow_partial", "true or false"),
        # read as "no restriction" it would refuse every rated page
        ('allowed_trust = ["official"]', "allowed_trust = []", "profiles.strict.allowed_trust", "is empty"),
        ("min_margin = 0.05\n", "min_margn = 0.05\n", "profiles.strict.min_margn", "unknown setting"),
        (
            "require_dates = false\n",
            "require_dates = false\nrequire_named_terms = 1\n",
            "profiles.strict.require_named_terms",
            "true or false",
        ),
        ('version = "2026.11.29-1"', "", "policy.version", "non-empty string"),
        ("default = 730", 'default = "two years"', "profiles.strict.freshness_days", "number of days"),
        # a missing `default` would let every unlisted source kind never go stale
        ("default = 730", "defualt = 730", "profiles.strict.freshness_days", "sets `default`"),
        # NaN passes both range comparisons: it must not pass for a bar that every score then clears
        ("min_support = 0.75", "min_support = nan", "profiles.strict.min_support", "a number from 0 to 1"),
        ('version = "2026.11.29-1"', 'version = "2026.11.29-1"\nverison = "2"', "policy.verison", "unknown key"),
        (
            'conflict_precedence = ["supersedes", "effective_date", "owner_rank"]',
            'conflict_precedence = ["supersedes", "supersedes"]',
            "profiles.strict.conflict_precedence",
            "names a rule twice",
        ),
        (
            'partial_for = ["required_claim_not_covered", "support_below_threshold", "evidence_stale"]',
            'partial_for = ["conflicting_evidence"]',
            "profiles.assist.partial_for",
            "never be softened",
        ),
    ],
)
def test_bad_policy_names_file_key_and_expectation(tmp_path, old, new, key, expected):  # type: ignore[no-untyped-def]
    assert old in BASE
    path = write(tmp_path, BASE.replace(old, new, 1))
    with pytest.raises(PolicyError) as info:
        load_policy(path)
    message = str(info.value)
    assert str(path) in message and key in message and expected in message


def test_missing_setting_is_named(tmp_path):  # type: ignore[no-untyped-def]
    path = write(tmp_path, BASE.replace("borderline_band = 0.10\n", "", 1))
    with pytest.raises(PolicyError, match=r"profiles\.strict\.borderline_band: missing setting"):
        load_policy(path)


def test_an_optional_setting_left_out_takes_its_default(tmp_path):  # type: ignore[no-untyped-def]
    assert "require_named_terms" not in BASE
    assert load_policy(write(tmp_path, BASE)).profile("strict").require_named_terms is True
    off = BASE.replace("require_dates = false\n", "require_dates = false\nrequire_named_terms = false\n", 1)
    assert load_policy(write(tmp_path, off)).profile("strict").require_named_terms is False


@pytest.mark.parametrize(
    ("content", "problem"),
    [(b"[policy\nname=", "not valid TOML"), (b"\xff\xfe\x00", "not UTF-8"), (b"", r"missing \[policy\]")],
)
def test_unreadable_policy_files(tmp_path, content, problem):  # type: ignore[no-untyped-def]
    path = tmp_path / "p.toml"
    path.write_bytes(content)
    with pytest.raises(PolicyError, match=problem):
        load_policy(path)


def test_missing_file_and_unknown_profile(tmp_path):  # type: ignore[no-untyped-def]
    with pytest.raises(PolicyError, match="file not found"):
        load_policy(tmp_path / "nope.toml")
    with pytest.raises(PolicyError, match=r"profiles\.lenient: no such profile \(known: assist, strict\)"):
        load_policy().profile("lenient")


def test_every_setting_is_set_in_the_shipped_profiles():
    for name in ("strict", "assist"):
        body = SHIPPED.split(f"[profiles.{name}]", 1)[1]
        for setting in SETTINGS:
            assert f"\n{setting.name} = " in body or f"[profiles.{name}.{setting.name}]" in SHIPPED
