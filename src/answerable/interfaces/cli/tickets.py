"""`answerable tickets list|show`: the handoffs people asked for from the chat page or the API."""

from __future__ import annotations

import click

from answerable.backends.registry import open_store
from answerable.interfaces.cli.common import EXIT_ERROR, echo_json, reports_errors, settings
from answerable.interfaces.cli.store_options import store_option
from answerable.interfaces.service.tickets import render_ticket, ticket_view
from answerable.text.printable import printable


@click.group("tickets")
def tickets_group() -> None:
    """Handoff tickets: a question the service could not (fully) answer, sent on to a person."""


@tickets_group.command("list")
@click.option("--tenant", default=None, help="Only this tenant's tickets.")
@click.option("--last", type=click.IntRange(min=1), default=50, show_default=True, help="The newest N.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@store_option
@reports_errors
def list_command(tenant: str | None, last: int, as_json: bool, store_url: str | None) -> None:
    """Tickets, newest first: id, time, tenant, status and question."""
    store = open_store(settings(store=store_url).store, create=False)
    try:
        tickets = store.accounts().tickets(tenant, last=last)
    finally:
        store.close()
    if as_json:
        echo_json([{"tenant": t.tenant, **ticket_view(t)} for t in tickets])
        return
    for t in tickets:
        view = ticket_view(t)
        click.echo(f"{t.id}  {t.at}  {t.tenant}  {view['status']}  {printable(view['question'])}")


@tickets_group.command("show")
@click.argument("ticket_id")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@store_option
@reports_errors
def show_command(ticket_id: str, as_json: bool, store_url: str | None) -> None:
    """One ticket: the question, the decision, what was missing, the suggested pages and the conversation."""
    store = open_store(settings(store=store_url).store, create=False)
    try:
        ticket = store.accounts().ticket(ticket_id)
    finally:
        store.close()
    if ticket is None:
        click.echo(f"error: no ticket {ticket_id}", err=True)
        raise SystemExit(EXIT_ERROR)
    if as_json:
        echo_json({"tenant": ticket.tenant, **ticket_view(ticket)})
    else:
        click.echo(f"tenant {ticket.tenant}")
        click.echo(render_ticket(ticket_view(ticket)))
