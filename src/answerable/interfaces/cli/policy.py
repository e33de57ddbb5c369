"""`answerable policy check|show`: validate and display policy files."""

from __future__ import annotations

import click

from answerable.core.codec import to_jsonable
from answerable.core.policy import SETTINGS, Profile
from answerable.interfaces.cli.common import echo_json, load, policy_option, reports_errors


@click.group("policy")
def policy_group() -> None:
    """Validate and show policy files."""


@policy_group.command("check")
@click.argument("file", type=click.Path(dir_okay=False))
@reports_errors
def check(file: str) -> None:
    """Validate FILE; print its profiles, or a clear error and exit 2."""
    policy = load(file)
    click.echo(f"ok: {file}: policy {policy.name} version {policy.version}, {len(policy.profiles)} profile(s)")
    for profile in policy.profiles.values():
        partial = "partial allowed" if profile.allow_partial else "no partial"
        tiers = ",".join(sorted(profile.allowed_trust))
        click.echo(
            f"  {profile.name}: support>={profile.min_support:g} retrieval>={profile.min_retrieval_score:g} "
            + (f"confirmation>={profile.min_confirmation:g} " if profile.min_confirmation else "")
            + f"coverage>={profile.min_coverage:g} trust={tiers} {partial}"
        )


@policy_group.command("show")
@policy_option
@click.option("--profile", "profile_name", default=None, help="Show only this profile.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.option("--settings", "list_settings", is_flag=True, help="List every profile setting and its meaning.")
@reports_errors
def show(policy_path: str | None, profile_name: str | None, as_json: bool, list_settings: bool) -> None:
    """Show the policy's profiles and their settings."""
    if list_settings:
        rows = [{"name": s.name, "meaning": s.meaning} for s in SETTINGS]
        if as_json:
            echo_json(rows)
        else:
            for row in rows:
                click.echo(f"{row['name']:22} {row['meaning']}")
        return
    policy = load(policy_path)
    profiles = [policy.profile(profile_name)] if profile_name else list(policy.profiles.values())
    if as_json:
        echo_json(
            {
                "name": policy.name,
                "version": policy.version,
                "path": policy.path,
                "profiles": {p.name: _profile_dict(p) for p in profiles},
            }
        )
        return
    click.echo(f"policy {policy.name} version {policy.version} ({policy.path})")
    for p in profiles:
        click.echo(f"\n[{p.name}] {p.description}")
        for key, value in _profile_dict(p).items():
            if key != "description":
                click.echo(f"  {key} = {value}")


def _profile_dict(profile: Profile) -> dict[str, object]:
    data = to_jsonable(profile)
    out = {s.name: data[s.name] for s in SETTINGS}
    for key in ("allowed_trust", "partial_for"):
        out[key] = sorted(out[key])
    return out
