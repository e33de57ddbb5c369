"""Tenancy through every route: a key of one tenant can neither read, cite, delete nor learn the existence of
anything of another tenant. The example docs hold tenant `default` and tenant `globex` (examples/docs/globex)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from answerable.backends.registry import open_store
from answerable.backends.store.base import Filter
from answerable.engine.engine import Engine
from answerable.interfaces.service.app import create_app
from tests.interfaces.service.conftest import AS_OF, Keys, make_keys, settings_for

pytestmark = pytest.mark.models

TestClient = pytest.importorskip("fastapi.testclient").TestClient

FREE_PLAN = "How many events a month can I send on the Free plan?"
UNANSWERED = "Can I pay for Lumen with a purchase order from the Zapier integration?"


@pytest.fixture(scope="module")
def keys(module_index: str) -> Keys:
    return make_keys(module_index)


@pytest.fixture(scope="module")
def client(module_index: str, models: Engine, keys: Keys) -> Iterator[Any]:
    with TestClient(create_app(settings_for(module_index), models=models), raise_server_exceptions=False) as c:
        yield c


@pytest.fixture(scope="module")
def default_tenant(client: Any, keys: Keys) -> dict[str, str]:
    """Things of tenant default: an answered decision, an abstained one, and a handoff ticket."""
    answered = ask(client, keys.customer, FREE_PLAN)
    assert answered["status"] == "answer"
    abstained = ask(client, keys.customer, UNANSWERED)
    assert abstained["status"] == "abstain"
    r = client.post(
        f"/v1/decisions/{abstained['decision_id']}/feedback",
        json={"kind": "handoff", "message": "please help"},
        headers=auth(keys.customer),
    )
    return {"answered": answered["decision_id"], "abstained": abstained["decision_id"], "ticket": r.json()["ticket_id"]}


def auth(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


def ask(client: Any, key: str, question: str, **extra: Any) -> dict[str, Any]:
    r = client.post("/v1/ask", json={"question": question, "as_of": AS_OF.isoformat(), **extra}, headers=auth(key))
    assert r.status_code == 200, r.text
    body: dict[str, Any] = r.json()
    return body


def same_as_missing(r: Any, missing: Any) -> None:
    """Another tenant's thing answers exactly as a thing that does not exist."""
    assert (r.status_code, r.json()) == (missing.status_code, missing.json())
    assert r.status_code == 404


def default_doc_ids(store_url: str) -> set[str]:
    store = open_store(store_url, create=False)
    try:
        return set(store.document_ids("default"))
    finally:
        store.close()


def test_another_tenants_decisions_and_tickets_answer_as_missing_ones(
    client: Any, keys: Keys, default_tenant: dict[str, str]
) -> None:
    for key in (keys.globex, keys.globex_admin):
        for decision in (default_tenant["answered"], default_tenant["abstained"]):
            same_as_missing(
                client.get(f"/v1/decisions/{decision}", headers=auth(key)),
                client.get("/v1/decisions/d_00000000000000000000", headers=auth(key)),
            )
            same_as_missing(
                client.post(f"/v1/decisions/{decision}/feedback", json={"kind": "wrong"}, headers=auth(key)),
                client.post("/v1/decisions/d_00000000000000000000/feedback", json={"kind": "wrong"}, headers=auth(key)),
            )
    same_as_missing(
        client.get(f"/v1/tickets/{default_tenant['ticket']}", headers=auth(keys.globex_admin)),
        client.get("/v1/tickets/t_00000000000000000000", headers=auth(keys.globex_admin)),
    )
    assert client.get("/v1/tickets", headers=auth(keys.globex_admin)).json() == {"tickets": []}
    # the owners still see theirs
    assert client.get(f"/v1/decisions/{default_tenant['answered']}", headers=auth(keys.customer)).status_code == 200
    assert client.get(f"/v1/tickets/{default_tenant['ticket']}", headers=auth(keys.admin)).status_code == 200


def test_another_tenants_pages_are_never_cited_suggested_or_counted(
    client: Any, keys: Keys, module_index: str, default_tenant: dict[str, str]
) -> None:
    theirs = default_doc_ids(module_index)
    for question in (FREE_PLAN, UNANSWERED, "How do I drain the ingestion queue?"):
        decision = ask(client, keys.globex, question)
        named = {c["passage_id"] for c in decision["citations"]} | set(decision["supporting_passage_ids"])
        named |= {s["passage_id"] for s in decision["suggestions"]}
        named |= {p for c in decision["claims"] for p in c["passage_ids"]}
        assert {p.split("#")[0] for p in named} <= {"globex/data-retention", "globex/dedicated-region", "globex/sso"}
        assert not {p.split("#")[0] for p in named} & theirs
    # Naming another tenant's document answers as naming no document at all.
    named = ask(client, keys.globex, FREE_PLAN, doc_ids=["billing/plans"])
    nothing = ask(client, keys.globex, FREE_PLAN, doc_ids=["no/such-page"])
    assert named["status"] == "abstain" and named["suggestions"] == [] and named["citations"] == []
    assert {k: v for k, v in named.items() if k != "decision_id"} == {
        k: v for k, v in nothing.items() if k != "decision_id"
    }


def test_another_tenants_documents_cannot_be_deleted_or_overwritten(client: Any, keys: Keys, module_index: str) -> None:
    same_as_missing(
        client.delete("/v1/documents/billing/plans", headers=auth(keys.globex_admin)),
        client.delete("/v1/documents/no/such-page", headers=auth(keys.globex_admin)),
    )
    store = open_store(module_index, create=False)
    before = store.document_hash("default", "billing/plans")
    store.close()
    # The same id in globex is globex's own page; default's stays as it was.
    page = {
        "id": "billing/plans",
        "title": "Globex plan",
        "text": "Globex pays a fixed yearly fee under its agreement.",
    }
    r = client.post("/v1/documents", json=page, headers=auth(keys.globex_admin))
    assert r.json()["documents"][0]["status"] == "created"
    store = open_store(module_index, create=False)
    try:
        assert store.document_hash("default", "billing/plans") == before
        assert store.get(["billing/plans#1"], Filter(tenant="default"))[0].title == "Plans and pricing"
    finally:
        store.close()
    assert ask(client, keys.customer, FREE_PLAN)["citations"][0]["title"] == "Plans and pricing"
    assert client.delete("/v1/documents/billing/plans", headers=auth(keys.globex_admin)).status_code == 200
    assert ask(client, keys.customer, FREE_PLAN)["status"] == "answer"  # default's page untouched


def test_the_gap_report_holds_only_the_tenants_own_questions(client: Any, keys: Keys) -> None:
    ask(client, keys.customer, "Can I send my invoices to the Zapier accounting integration each week?")
    ask(client, keys.globex, "Does Globex get a dedicated support engineer on weekends from the Zapier team?")
    theirs = client.get("/v1/gaps", params={"format": "md"}, headers=auth(keys.globex_admin)).text
    assert "support engineer" in theirs
    assert "accounting integration" not in theirs and "docs.lumen.example/billing" not in theirs
    mine = client.get("/v1/gaps", params={"format": "md"}, headers=auth(keys.admin)).text
    assert "accounting integration" in mine and "support engineer" not in mine and "Globex" not in mine
