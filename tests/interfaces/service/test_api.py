"""The HTTP API in-process, with the real engine and models on the example docs: what each route answers,
and the one error envelope for everything it refuses."""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from click.testing import CliRunner

from answerable.backends.registry import open_store
from answerable.core.types import MAX_QUESTION_CHARS, Principal
from answerable.engine.engine import Engine
from answerable.interfaces.service.app import create_app
from answerable.interfaces.service.runner import ModelRunner
from answerable.interfaces.service.schemas import DecisionOut, TicketOut
from answerable.interfaces.service.state import with_store
from tests.interfaces.service.conftest import AS_OF, Keys, make_keys, settings_for

pytestmark = pytest.mark.models

TestClient = pytest.importorskip("fastapi.testclient").TestClient

FREE_PLAN = "How many events a month can I send on the Free plan?"
DRAIN = "How do I drain the ingestion queue?"


@pytest.fixture(scope="module")
def keys(module_index: str) -> Keys:
    return make_keys(module_index)


@pytest.fixture(scope="module")
def client(module_index: str, models: Engine, keys: Keys) -> Iterator[Any]:
    app = create_app(settings_for(module_index), models=models)
    with TestClient(app, raise_server_exceptions=False) as c:
        yield c


def auth(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


def ask(client: Any, key: str, question: str, **extra: Any) -> dict[str, Any]:
    r = client.post("/v1/ask", json={"question": question, "as_of": AS_OF.isoformat(), **extra}, headers=auth(key))
    assert r.status_code == 200, r.text
    body: dict[str, Any] = r.json()
    return body


def assert_envelope(r: Any, status: int, code: str, mentions: str = "") -> None:
    assert r.status_code == status, r.text
    body = r.json()
    assert set(body) == {"error"} and set(body["error"]) == {"code", "message"}
    assert body["error"]["code"] == code
    assert mentions in body["error"]["message"], body


# --- auth -------------------------------------------------------------------------------------------


def test_healthz_needs_no_key(client: Any) -> None:
    r = client.get("/healthz")
    assert r.status_code == 200 and r.json()["status"] == "ok"


@pytest.mark.parametrize(
    "headers",
    [{}, {"Authorization": "Bearer nope"}, {"Authorization": "Basic dXNlcjpwYXNz"}, {"Authorization": "Bearer "}],
)
def test_no_key_or_a_bad_key_is_401(client: Any, headers: dict[str, str]) -> None:
    r = client.post("/v1/ask", json={"question": FREE_PLAN}, headers=headers)
    assert_envelope(r, 401, "unauthorized")
    assert r.headers["WWW-Authenticate"] == "Bearer"


def test_a_revoked_key_is_refused_at_once(client: Any, module_index: str) -> None:
    from answerable.backends.store.accounts import Role
    from answerable.interfaces.service.keys import create_key, now

    store = open_store(module_index, create=False)
    key, record = create_key(store.accounts(), "default", (), Role.USER, "to-revoke")
    assert client.get("/v1/decisions/d_nothing", headers=auth(key)).status_code == 404  # accepted
    store.accounts().revoke_key(record.id, now())
    store.close()
    assert_envelope(client.get("/v1/decisions/d_nothing", headers=auth(key)), 401, "unauthorized")


def test_a_user_key_may_not_use_admin_routes(client: Any, keys: Keys) -> None:
    doc = {"id": "x", "title": "X", "text": "Some text."}
    for r in (
        client.post("/v1/documents", json=doc, headers=auth(keys.customer)),
        client.delete("/v1/documents/billing/plans", headers=auth(keys.customer)),
        client.get("/v1/tickets", headers=auth(keys.staff)),
        client.get("/v1/gaps", headers=auth(keys.customer)),
    ):
        assert_envelope(r, 403, "forbidden", "admin key")


# --- bad input --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "status", "code", "mentions"),
    [
        ({"question": ""}, 422, "invalid_request", "question: Value error, the question is empty"),
        ({"question": "   \n"}, 422, "invalid_request", "the question is empty"),
        ({"question": "x" * (MAX_QUESTION_CHARS + 1)}, 422, "invalid_request", "question: String should have at most"),
        ({"question": FREE_PLAN, "temperature": 0}, 422, "invalid_request", "temperature: unknown field"),
        ({"question": 5}, 422, "invalid_request", "question: Input should be a valid string"),
        ({"question": FREE_PLAN, "as_of": "yesterday"}, 422, "invalid_request", "as_of: Input should be a valid date"),
        ({"question": FREE_PLAN, "doc_ids": []}, 422, "invalid_request", "doc_ids: List should have at least 1 item"),
        ({"question": FREE_PLAN, "profile": "lenient"}, 422, "invalid_request", "no such profile 'lenient'"),
        ({}, 422, "invalid_request", "question: required"),
        ([], 422, "invalid_request", "Input should be a valid dictionary"),
    ],
)
def test_bad_input_is_a_4xx_naming_the_problem(
    client: Any, keys: Keys, body: Any, status: int, code: str, mentions: str
) -> None:
    assert_envelope(client.post("/v1/ask", json=body, headers=auth(keys.customer)), status, code, mentions)


def test_invalid_json_is_400(client: Any, keys: Keys) -> None:
    r = client.post(
        "/v1/ask", content=b'{"question": "a', headers={**auth(keys.customer), "Content-Type": "application/json"}
    )
    assert_envelope(r, 400, "invalid_json", "not valid JSON")


@pytest.mark.parametrize(
    ("path", "body", "mentions"),
    [
        ("/v1/ask", '{"question": "How long \\ud800 is it?"}', "question: not valid Unicode"),
        ("/v1/documents", '{"id": "a", "title": "A", "text": "x \\udfff y"}', "text: not valid Unicode"),
        ("/v1/check", '{"question": "q?", "passages": [{"id": "\\ud800", "text": "t"}]}', "passages.0.id: not valid"),
    ],
)
def test_text_that_is_not_unicode_is_refused_as_input(
    client: Any, keys: Keys, path: str, body: str, mentions: str
) -> None:
    headers = {**auth(keys.admin), "Content-Type": "application/json"}
    assert_envelope(client.post(path, content=body.encode(), headers=headers), 422, "invalid_request", mentions)


def test_a_body_over_the_limit_is_413(client: Any, keys: Keys) -> None:
    big = json.dumps({"question": "x" * 6_000_000}).encode()
    r = client.post("/v1/ask", content=big, headers={**auth(keys.customer), "Content-Type": "application/json"})
    assert_envelope(r, 413, "payload_too_large", "5,000,000 bytes")
    # sent in chunks, without a Content-Length to refuse it by: cut off as it streams in
    chunks = (big[i : i + 65536] for i in range(0, len(big), 65536))
    r = client.post("/v1/ask", content=chunks, headers={**auth(keys.customer), "Content-Type": "application/json"})
    assert_envelope(r, 413, "payload_too_large", "5,000,000 bytes")


def test_unknown_routes_and_methods_answer_the_envelope(client: Any, keys: Keys) -> None:
    assert_envelope(client.get("/v1/nothing", headers=auth(keys.customer)), 404, "not_found")
    assert_envelope(client.get("/v1/ask", headers=auth(keys.customer)), 405, "method_not_allowed")


# --- ask, decisions, feedback -----------------------------------------------------------------------


def test_ask_answers_with_the_decision_object_exactly_as_ask_json(
    client: Any, keys: Keys, models: Engine, module_index: str
) -> None:
    body = ask(client, keys.customer, FREE_PLAN)
    assert body["status"] == "answer"
    assert [c["url"] for c in body["citations"]] == ["https://docs.lumen.example/billing/plans#free"]
    DecisionOut.model_validate(body)  # the documented schema, no field more or less
    store = open_store(module_index, create=False)
    try:
        direct = with_store(models, store, log_decisions=False).ask(FREE_PLAN, Principal(), as_of=AS_OF)
    finally:
        store.close()
    assert body == direct.to_dict()  # what `answerable ask --json` prints


def test_a_staff_only_answer_reaches_staff_and_is_never_shown_to_a_customer(client: Any, keys: Keys) -> None:
    staff = ask(client, keys.staff, DRAIN)
    assert staff["status"] == "answer"
    assert [c["passage_id"].split("#")[0] for c in staff["citations"]] == ["staff/incident-runbook"]
    customer = ask(client, keys.customer, DRAIN)
    assert customer["status"] == "abstain"
    text = json.dumps(customer)
    assert "staff/" not in text and "lumenctl" not in text and "runbook" not in text.lower()
    # the staff decision is not the customer's to read either
    assert client.get(f"/v1/decisions/{staff['decision_id']}", headers=auth(keys.customer)).status_code == 404
    assert client.get(f"/v1/decisions/{staff['decision_id']}", headers=auth(keys.staff)).json() == staff


def test_feedback_and_a_handoff_ticket(client: Any, keys: Keys, module_index: str) -> None:
    question = "How many events a month can I send on the Free plan from the Zapier integration?"
    decision = ask(client, keys.customer, question)
    assert decision["status"] == "abstain" and decision["suggestions"]
    url = f"/v1/decisions/{decision['decision_id']}/feedback"
    r = client.post(url, json={"kind": "helpful"}, headers=auth(keys.customer))
    assert r.status_code == 200 and r.json()["ticket_id"] is None
    assert_envelope(client.post(url, json={"kind": "meh"}, headers=auth(keys.customer)), 422, "invalid_request", "kind")
    conversation = [{"role": "user", "text": question}, {"role": "assistant", "text": "No page answers this."}]
    r = client.post(
        url,
        json={
            "kind": "handoff",
            "message": "We use Zapier",
            "contact": "ana@example.com",
            "conversation": conversation,
        },
        headers=auth(keys.customer),
    )
    ticket_id = r.json()["ticket_id"]
    assert r.status_code == 200 and ticket_id.startswith("t_")
    tickets = client.get("/v1/tickets", headers=auth(keys.admin)).json()["tickets"]
    mine = next(t for t in tickets if t["id"] == ticket_id)
    TicketOut.model_validate(mine)
    assert mine["question"] == question and mine["contact"] == "ana@example.com"
    assert mine["missing_claims"] == decision["missing_claims"] and mine["suggestions"] == decision["suggestions"]
    assert mine["conversation"] == conversation and mine["reason_codes"] == decision["reason_codes"]
    assert client.get(f"/v1/tickets/{ticket_id}", headers=auth(keys.admin)).json() == mine
    # the operator's view, from the command line
    from answerable.interfaces.cli import main

    listed = CliRunner().invoke(main, ["tickets", "list", "--store", module_index])
    assert listed.exit_code == 0 and ticket_id in listed.output and "Zapier" in listed.output
    shown = CliRunner().invoke(main, ["tickets", "show", ticket_id, "--json", "--store", module_index])
    assert shown.exit_code == 0 and json.loads(shown.output)["contact"] == "ana@example.com"


def test_gaps_report_the_tenants_abstentions(client: Any, keys: Keys) -> None:
    ask(client, keys.customer, "Can I pay for Lumen with a purchase order from the Zapier integration?")
    r = client.get("/v1/gaps", headers=auth(keys.admin))
    assert r.status_code == 200
    labels = [c["label"] for c in r.json()["clusters"]]
    assert any("Zapier" in label for label in labels)
    md = client.get("/v1/gaps", params={"format": "md"}, headers=auth(keys.admin))
    assert md.headers["content-type"].startswith("text/markdown") and "Documentation gaps" in md.text


# --- check ------------------------------------------------------------------------------------------


PASSAGES = [
    {
        "id": "keys#2",
        "title": "API keys",
        "url": "https://docs.example.com/keys#rotation",
        "text": "After a rotation the old key keeps working for 24 hours.",
        "updated_at": "2026-10-01",
        "trust": "official",
    },
    {"id": "billing#1", "title": "Billing", "text": "Invoices are sent on the first day of each month."},
]


def test_check_decides_over_the_callers_passages(client: Any, keys: Keys) -> None:
    q = "How long does the old API key keep working after a rotation?"
    r = client.post(
        "/v1/check", json={"question": q, "passages": PASSAGES, "as_of": "2026-11-29"}, headers=auth(keys.customer)
    )
    body = r.json()
    assert r.status_code == 200 and body["status"] == "answer", body
    assert [c["url"] for c in body["citations"]] == ["https://docs.example.com/keys#rotation"]
    # logged like an ask: it can be read back and given feedback on
    assert client.get(f"/v1/decisions/{body['decision_id']}", headers=auth(keys.customer)).json() == body


def test_a_draft_citing_a_passage_it_was_not_given_is_citation_invalid(client: Any, keys: Keys) -> None:
    q = "How long does the old API key keep working after a rotation?"
    draft = {"sentences": [{"text": "The old key keeps working for 24 hours.", "sources": ["keys#9"]}]}
    r = client.post(
        "/v1/check",
        json={"question": q, "passages": PASSAGES, "draft": draft, "as_of": "2026-11-29"},
        headers=auth(keys.customer),
    )
    body = r.json()
    assert r.status_code == 200 and body["status"] == "abstain" and "citation_invalid" in body["reason_codes"], body


def test_check_refuses_passages_it_cannot_use(client: Any, keys: Keys) -> None:
    q = "How long does the old API key keep working?"
    twice = [PASSAGES[0], PASSAGES[0]]
    r = client.post("/v1/check", json={"question": q, "passages": twice}, headers=auth(keys.customer))
    assert_envelope(r, 422, "invalid_request", "given twice")
    r = client.post("/v1/check", json={"question": q, "passages": [{"id": "a"}]}, headers=auth(keys.customer))
    assert_envelope(r, 422, "invalid_request", "passages.0.text: required")
    r = client.post(
        "/v1/check", json={"question": q, "passages": [{**PASSAGES[0], "tenant": "x"}]}, headers=auth(keys.customer)
    )
    assert_envelope(r, 422, "invalid_request", "passages.0.tenant: unknown field")


# --- documents --------------------------------------------------------------------------------------


def test_documents_are_added_replaced_and_deleted_by_admins(client: Any, keys: Keys) -> None:
    doc = {
        "id": "office/coffee",
        "title": "Office coffee",
        "text": "The office coffee machine is on the third floor, next to the lifts.",
        "url": "https://intranet.example.com/coffee",
        "updated_at": "2026-11-01",
        "trust": "official",
        "team": "facilities",  # kept as metadata, as a corpus line's extra field is
    }
    r = client.post("/v1/documents", json=doc, headers=auth(keys.admin))
    assert r.json() == {"documents": [{"id": "office/coffee", "status": "created", "chunks": 1}]}
    r = client.post("/v1/documents", json=[doc], headers=auth(keys.admin))
    assert r.json()["documents"][0]["status"] == "unchanged"
    r = client.post("/v1/documents", json=[{**doc, "text": doc["text"] + " It is free."}], headers=auth(keys.admin))
    assert r.json()["documents"][0]["status"] == "updated"
    answer = ask(client, keys.customer, "Which floor is the office coffee machine on?")
    assert answer["status"] == "answer" and answer["citations"][0]["url"] == doc["url"]
    r = client.delete("/v1/documents/office/coffee", headers=auth(keys.admin))
    assert r.status_code == 200 and r.json() == {"id": "office/coffee", "deleted": True}
    assert_envelope(client.delete("/v1/documents/office/coffee", headers=auth(keys.admin)), 404, "not_found")


@pytest.mark.parametrize(
    ("body", "mentions"),
    [
        ({"id": "a", "title": "A", "text": "Text.", "tenant": "globex"}, "the tenant is your API key's"),
        ({"id": "a", "title": "A", "text": "Text.", "groups": ["staff"]}, "groups: not a field"),
        (
            {"id": "a", "title": "A", "text": "Text.", "url": "javascript:alert(1)"},
            "url: expected an absolute http(s) URL",
        ),
        ({"id": "a", "title": "A"}, "text: required"),
        ([], "expected 1 to 100 documents, got 0"),
        ([{"id": "a", "title": "A", "text": "x."}, {"id": "a", "title": "B", "text": "y."}], "given twice"),
    ],
)
def test_a_bad_document_is_refused_and_nothing_is_written(client: Any, keys: Keys, body: Any, mentions: str) -> None:
    assert_envelope(client.post("/v1/documents", json=body, headers=auth(keys.admin)), 422, "invalid_request", mentions)


# --- load, metrics, schema --------------------------------------------------------------------------


def test_a_full_queue_answers_503_with_retry_after_at_once(client: Any, keys: Keys) -> None:
    service = client.app.state.service
    original = service.runner
    service.runner = ModelRunner(1)
    release = threading.Event()
    holder = threading.Thread(target=lambda: asyncio.run(service.runner.run(release.wait)))
    holder.start()
    try:
        while service.runner.depth < 1:
            release.wait(0.01)
        r = client.post("/v1/ask", json={"question": FREE_PLAN}, headers=auth(keys.customer))
        assert_envelope(r, 503, "overloaded", "Retry-After")
        assert int(r.headers["Retry-After"]) >= 1
    finally:
        release.set()
        holder.join()
        service.runner = original


def test_metrics_count_requests_decisions_and_stage_latency(client: Any, keys: Keys) -> None:
    body = ask(client, keys.customer, FREE_PLAN)
    assert client.get(f"/v1/decisions/{body['decision_id']}", headers=auth(keys.customer)).status_code == 200
    text = client.get("/metrics").text
    assert 'answerable_http_requests_total{code="200",method="POST",route="/v1/ask"}' in text
    assert 'answerable_decisions_total{endpoint="ask",status="answer"}' in text
    assert 'answerable_engine_stage_seconds_bucket{le="0.5",stage="rerank"}' in text
    assert 'route="/v1/decisions/{decision_id}"' in text  # by template, never by id


def test_every_route_documents_its_errors_as_the_envelope(client: Any) -> None:
    schema = client.get("/openapi.json").json()
    assert (
        "ErrorOut" in schema["components"]["schemas"] and "HTTPValidationError" not in schema["components"]["schemas"]
    )
    for path, methods in schema["paths"].items():
        for method, op in methods.items():
            errors = {code: r for code, r in op["responses"].items() if code[0] in "45"}
            if path != "/healthz" and path != "/metrics":
                assert "401" in errors, (method, path)
            for code, response in errors.items():
                ref = response["content"]["application/json"]["schema"]["$ref"]
                assert ref.endswith("/ErrorOut"), (method, path, code)


def test_store_and_model_failures_are_5xx_never_abstentions(module_index: str, models: Engine, keys: Keys) -> None:
    from answerable.core.errors import ModelError

    with TestClient(create_app(settings_for(module_index), models=models), raise_server_exceptions=False) as c:
        service = c.app.state.service
        service.engine.store.close()  # the index gone from under a running service
        r = c.post("/v1/ask", json={"question": FREE_PLAN}, headers=auth(keys.customer))
        assert_envelope(r, 503, "store_error", "nothing was decided")
        assert "index.db" not in r.text  # where the store lives is for the server log only

        def broken(*_: Any, **__: Any) -> Any:
            raise ModelError("the reranker's weights could not be read")

        service.checker.embedder = type("Broken", (), {"embed": broken, "name": "minilm", "dim": 384})()
        r = c.post("/v1/check", json={"question": FREE_PLAN, "passages": PASSAGES}, headers=auth(keys.customer))
        assert_envelope(r, 500, "model_error", "nothing was decided")
