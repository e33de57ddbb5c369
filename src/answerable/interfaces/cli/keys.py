"""`answerable keys create|list|revoke`: the service's API keys, each naming a tenant, groups and a role."""

from __future__ import annotations

import click

from answerable.backends.registry import open_store
from answerable.backends.store.accounts import ApiKey, Role
from answerable.interfaces.cli.common import EXIT_ERROR, echo_json, reports_errors, settings
from answerable.interfaces.cli.store_options import names, not_blank, store_option
from answerable.interfaces.service.keys import create_key, now


@click.group("keys")
def keys_group() -> None:
    """API keys of the HTTP service (stored hashed; a key is shown once, when made)."""


def _json(key: ApiKey) -> dict[str, object]:
    return {
        "id": key.id,
        "name": key.name,
        "tenant": key.tenant,
        "groups": list(key.groups),
        "role": str(key.role),
        "created_at": key.created_at,
        "revoked_at": key.revoked_at,
    }


@keys_group.command("create")
@click.option("--tenant", required=True, callback=not_blank, help="The tenant the key acts in.")
@click.option("--groups", default=None, help="Comma-separated groups: pages restricted to them become readable.")
@click.option("--admin", is_flag=True, help="May add and delete documents, and read tickets and gaps.")
@click.option("--name", default=None, help="A label for listings (default: TENANT-ROLE).")
@store_option
@reports_errors
def create_command(tenant: str, groups: str | None, admin: bool, name: str | None, store_url: str | None) -> None:
    """Make a key and print it once (it is stored only as a hash). Makes the store if it does not exist."""
    store = open_store(settings(store=store_url).store, create=True)
    try:
        key, record = create_key(store.accounts(), tenant, names(groups), Role.ADMIN if admin else Role.USER, name)
    finally:
        store.close()
    click.echo(key)
    groups_text = ",".join(record.groups) or "none"
    click.echo(
        f"key {record.id} ({record.name}): tenant {record.tenant}, groups {groups_text}, role {record.role}. "
        "It is shown only this once.",
        err=True,
    )


@keys_group.command("list")
@click.option("--tenant", default=None, help="Only this tenant's keys.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@store_option
@reports_errors
def list_command(tenant: str | None, as_json: bool, store_url: str | None) -> None:
    """Every key's id, name, tenant, groups, role and dates; never the key itself."""
    store = open_store(settings(store=store_url).store, create=False)
    try:
        keys = store.accounts().list_keys(tenant)
    finally:
        store.close()
    if as_json:
        echo_json([_json(k) for k in keys])
        return
    for k in keys:
        state = f"revoked {k.revoked_at}" if k.revoked_at else "active"
        groups = ",".join(k.groups) or "-"
        click.echo(f"{k.id}  {k.tenant}  {k.role}  groups={groups}  {k.name}  created {k.created_at}  {state}")


@keys_group.command("revoke")
@click.argument("key_id")
@store_option
@reports_errors
def revoke_command(key_id: str, store_url: str | None) -> None:
    """Revoke a key by its id (as `keys list` shows it); every later request with it is refused (401)."""
    store = open_store(settings(store=store_url).store, create=False)
    try:
        done = store.accounts().revoke_key(key_id, now())
    finally:
        store.close()
    if not done:
        click.echo(f"no active key {key_id}", err=True)
        raise SystemExit(EXIT_ERROR)
    click.echo(f"revoked {key_id}")
