"""The chat page in a real browser (Debian's chromium, headless, driven by Playwright) against a live server on
loopback, with the real engine on the example docs. Screenshots of each state go to the test's output folder;
with ANSWERABLE_DOCS_SCREENSHOTS=1 the final ones are copied to docs/service/ for the docs page."""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from answerable.backends.registry import open_store
from answerable.engine.engine import Engine
from answerable.interfaces.service.app import create_app
from tests.conftest import ROOT
from tests.interfaces.service.conftest import AS_OF, Keys, make_keys, serve_live, settings_for

pytestmark = pytest.mark.models

playwright_api = pytest.importorskip("playwright.sync_api")

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"]
FREE_PLAN = "How many events a month can I send on the Free plan?"
ZAPIER = "How many events a month can I send on the Free plan from the Zapier integration?"
DRAIN = "How do I drain the ingestion queue?"
DOCS_SHOTS = ROOT / "docs" / "service"


def ensure_chromium() -> None:
    """Debian's chromium, installed from the archive when missing (Playwright's own download cannot work here)."""
    if CHROMIUM.exists():
        return
    if shutil.which("apt-get") is None or os.geteuid() != 0:
        pytest.fail("the browser tests need Debian's chromium: apt-get install -y chromium")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    subprocess.run(["apt-get", "update", "-q"], check=True, env=env, capture_output=True)
    subprocess.run(["apt-get", "install", "-y", "-q", "chromium"], check=True, env=env, capture_output=True)


@pytest.fixture(scope="module")
def keys(module_index: str) -> Keys:
    return make_keys(module_index)


@pytest.fixture(scope="module")
def server(module_index: str, models: Engine, keys: Keys) -> Iterator[str]:
    yield from serve_live(create_app(settings_for(module_index), models=models))


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    ensure_chromium()
    with playwright_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS, headless=True)
        yield b
        b.close()


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("screenshots")


def shoot(page: Any, shots: Path, name: str) -> None:
    page.screenshot(path=str(shots / name), full_page=True)
    if os.environ.get("ANSWERABLE_DOCS_SCREENSHOTS") == "1":
        DOCS_SHOTS.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(shots / name, DOCS_SHOTS / name)


def open_chat(browser: Any, server: str, key: str, width: int = 1000, profile: str | None = None) -> Any:
    """A fresh tab, the key typed in once and sent with the keyboard."""
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    page.set_default_timeout(120_000)  # a decision takes seconds on a busy 2-core machine
    page.goto(f"{server}/?as_of={AS_OF.isoformat()}" + (f"&profile={profile}" if profile else ""))
    page.get_by_role("textbox", name="API key").fill(key)
    page.keyboard.press("Enter")
    page.get_by_label("Your question").wait_for()
    return page


def ask(page: Any, question: str) -> Any:
    """Type the question and press Enter; the card of the decision that comes back."""
    before = page.locator("article.card").count()
    page.get_by_label("Your question").fill(question)
    page.keyboard.press("Enter")
    card = page.locator("article.card").nth(before)
    card.wait_for()
    return card


def test_an_answer_shows_citations_linked_to_the_right_urls(browser: Any, server: str, keys: Keys, shots: Path) -> None:
    page = open_chat(browser, server, keys.customer)
    card = ask(page, FREE_PLAN)
    assert card.get_attribute("data-status") == "answer"
    expected = "https://docs.lumen.example/billing/plans#free"
    markers = card.locator("sup a.cite")
    assert markers.count() >= 1
    assert {markers.nth(i).get_attribute("href") for i in range(markers.count())} == {expected}
    assert card.locator(".sources li a").first.get_attribute("href") == expected
    assert "1 million events" in card.locator(".text").inner_text()
    assert card.locator(".badge").is_hidden()  # not partial
    shoot(page, shots, "answer.png")
    page.context.close()


def test_a_partial_answer_is_labelled_partial_and_names_what_is_missing(
    browser: Any, server: str, keys: Keys, shots: Path
) -> None:
    page = open_chat(browser, server, keys.customer, profile="assist")  # the profile that allows partial answers
    card = ask(page, "How many steps can a funnel have, and can I export a funnel as a PDF?")
    assert card.get_attribute("data-status") == "partial"
    assert card.locator(".badge").is_visible() and card.locator(".badge").inner_text() == "Partial answer"
    assert "PDF" in card.locator(".missing li").first.inner_text()
    assert (
        card.locator("sup a.cite")
        .first.get_attribute("href", timeout=1000)
        .startswith("https://docs.lumen.example/analytics/funnels")
    )
    shoot(page, shots, "partial.png")
    page.context.close()


def test_an_unanswerable_question_shows_the_refusal_card_and_a_handoff_records_a_ticket(
    browser: Any, server: str, keys: Keys, shots: Path, module_index: str
) -> None:
    page = open_chat(browser, server, keys.customer, width=390)  # a phone's width
    card = ask(page, ZAPIER)
    assert card.get_attribute("data-status") == "abstain"
    assert card.locator(".reason").inner_text().strip()
    assert card.locator(".next").inner_text().strip()
    assert card.locator(".missing li").count() >= 1  # the part not covered
    links = card.locator(".suggestions a")
    assert links.count() >= 1
    hrefs = [links.nth(i).get_attribute("href") or "" for i in range(links.count())]
    assert all(h.startswith("https://docs.lumen.example/") for h in hrefs), hrefs  # allowed pages only
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # nothing runs off a phone screen
    shoot(page, shots, "refusal.png")

    # The handoff, with the keyboard alone: back from the question box to "Contact support", then the form.
    page.get_by_label("Your question").focus()
    page.keyboard.press("Shift+Tab")
    assert page.evaluate("document.activeElement.textContent") == "Contact support"
    page.keyboard.press("Enter")
    page.keyboard.type("We send events from Zapier.")
    page.keyboard.press("Tab")
    page.keyboard.type("ana@example.com")
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    status = card.locator(".status")
    status.filter(has_text="ticket").wait_for()
    ticket_id = status.inner_text().split("ticket ")[1].split(")")[0]
    shoot(page, shots, "handoff.png")
    page.context.close()

    store = open_store(module_index, create=False)
    try:
        ticket = store.accounts().ticket(ticket_id)
    finally:
        store.close()
    assert ticket is not None and ticket.tenant == "default"
    assert ticket.record["question"] == ZAPIER and ticket.record["contact"] == "ana@example.com"
    assert ticket.record["message"] == "We send events from Zapier."
    assert ticket.record["conversation"][0] == {"role": "user", "text": ZAPIER}


def test_a_staff_only_answer_appears_for_staff_and_never_for_a_customer(
    browser: Any, server: str, keys: Keys, shots: Path
) -> None:
    staff = open_chat(browser, server, keys.staff)
    card = ask(staff, DRAIN)
    assert card.get_attribute("data-status") == "answer"
    assert card.locator("sup a.cite").first.get_attribute("href") == "https://internal.lumen.example/runbooks/incidents"
    assert "lumenctl queue drain" in card.inner_text()
    shoot(staff, shots, "staff-answer.png")
    staff.context.close()

    customer = open_chat(browser, server, keys.customer)
    card = ask(customer, DRAIN)
    assert card.get_attribute("data-status") == "abstain"
    html = customer.content()
    assert "lumenctl" not in html and "internal.lumen.example" not in html and "runbook" not in html.lower()
    shoot(customer, shots, "customer-refusal.png")
    customer.context.close()


def test_a_bad_key_is_refused_and_asked_for_again(browser: Any, server: str) -> None:
    page = open_chat(browser, server, "ans_00000000_" + "x" * 32)
    page.get_by_label("Your question").fill(FREE_PLAN)
    page.keyboard.press("Enter")
    error = page.locator("#key-error")
    error.wait_for()
    assert "not valid" in error.inner_text()
    assert page.evaluate("sessionStorage.getItem('answerable.key')") is None
    page.context.close()
