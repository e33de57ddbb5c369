"""`answerable log show|export`: read the durable decision log."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import click

from answerable.backends.registry import open_store
from answerable.core.errors import InputError
from answerable.interfaces.cli.common import echo_json, reports_errors, settings
from answerable.interfaces.cli.store_options import store_option
from answerable.interfaces.render import render_record
from answerable.text.printable import printable


@click.group("log")
def log_group() -> None:
    """Read the decision log (every decision, with its inputs and stage times)."""


@log_group.command("show")
@click.argument("decision_id", required=False)
@click.option(
    "--last", default=20, type=click.IntRange(min=1), show_default=True, help="How many of the most recent decisions."
)
@click.option("--json", "as_json", is_flag=True, help="Print the full records as JSON.")
@store_option
@reports_errors
def show(decision_id: str | None, last: int, as_json: bool, store_url: str | None) -> None:
    """Show the most recent decisions, one line each, or everything logged about DECISION_ID (the id
    `ask` prints): the principal, policy, claims, every passage with its scores and verdicts, the time
    per stage, and the decision."""
    store = open_store(settings(store=store_url).store, create=False)
    try:
        if decision_id is not None:
            record = store.read_decision(decision_id)
            if record is None:
                raise InputError(f"no decision {decision_id!r} in the log of {store.url}")
            click.echo(json.dumps(record, indent=2, ensure_ascii=False) if as_json else render_record(record))
            return
        records = store.read_log(last=last)
    finally:
        store.close()
    if as_json:
        echo_json(records)
        return
    for r in records:
        reasons = ",".join(r["reason_codes"]) or "-"
        total = sum(r.get("timings_ms", {}).values())
        click.echo(f"{r['decision_id']}  {r['status']:8} {reasons:40} {total:7.1f} ms  {printable(r['question'])}")


@log_group.command("export")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--since", default=None, help="Only decisions at or after this ISO date/time.")
@store_option
@reports_errors
def export(file: Path, since: str | None, store_url: str | None) -> None:
    """Write every decision record to FILE as JSON lines."""
    since = _utc_instant(since) if since is not None else None
    store = open_store(settings(store=store_url).store, create=False)
    try:
        records = store.read_log(since=since)
    finally:
        store.close()
    with file.open("w", encoding="utf-8") as f:
        for r in records:
            f.write(json.dumps(r, ensure_ascii=False, sort_keys=True) + "\n")
    click.echo(f"{len(records)} decisions written to {file}")


def _utc_instant(text: str) -> str:
    """--since as the log writes its times (UTC, ISO, seconds), so that comparing the text compares instants.

    A date is its midnight; a time without an offset is UTC.
    """
    try:
        when = datetime.fromisoformat(text.strip())
    except ValueError:
        raise InputError(f"--since: expected an ISO date or date and time, got {text!r}") from None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return when.astimezone(UTC).isoformat(timespec="seconds")
