"""`answerable decide FILE...`: run the gate on evidence written as JSON (fixtures, logs, debugging)."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import click

from answerable.core.codec import evidence_from_dict, parse_date
from answerable.core.errors import InputError
from answerable.core.gate import authorize, causes, decide
from answerable.core.types import Decision, Status
from answerable.interfaces.cli.common import echo_json, load, policy_option, reports_errors
from answerable.interfaces.render import render_decision
from answerable.signals.annotate import annotate


@click.command("decide")
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
@policy_option
@click.option("--profile", "profile_name", default="strict", show_default=True, help="Policy profile.")
@click.option("--now", "now_text", default=None, help="Date the question is asked (YYYY-MM-DD; default today).")
@click.option("--json", "as_json", is_flag=True, help="Print the decision objects as JSON.")
@reports_errors
def decide_command(
    files: tuple[str, ...], policy_path: str | None, profile_name: str, now_text: str | None, as_json: bool
) -> None:
    """Decide each evidence FILE (JSON) under a profile and print the decision.

    A file without a draft that the gate would let through is reported as "authorized, needs a draft".
    """
    profile = load(policy_path).profile(profile_name)
    now = parse_date(now_text, "--now") if now_text else date.today()
    assert now is not None
    results: list[tuple[str, Decision | None, dict[str, str]]] = []
    for file in files:
        try:
            raw = json.loads(Path(file).read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise InputError(f"{file}: cannot read evidence JSON: {exc}") from exc
        evidence = annotate(evidence_from_dict(raw, where=file))
        if evidence.draft is None and authorize(evidence, profile, now).status is not Status.ABSTAIN:
            results.append((file, None, {}))
            continue
        decided = decide(evidence, profile, now)
        results.append((file, decided, causes(evidence, decided, profile, now)))
    if as_json:
        echo_json(
            [
                {"file": f, "decision": d.to_dict() if d else None, "authorized_needs_draft": d is None}
                for f, d, _ in results
            ]
        )
        return
    for file, decision, why in results:
        click.echo(f"== {file}")
        if decision is None:
            click.echo("authorized: the evidence allows an answer; generate a draft to finish the decision")
        else:
            click.echo(render_decision(decision, why=why))
