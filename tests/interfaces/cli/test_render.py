"""Readable output of text that documents, askers and models control: shown, never acted on."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import date
from pathlib import Path

import numpy as np
from click.testing import CliRunner

from answerable.backends.store.sqlite import SQLiteStore
from answerable.core.codec import evidence_from_dict
from answerable.core.gate import decide
from answerable.core.policy import load_policy
from answerable.core.types import Chunk, Document, Principal
from answerable.engine.engine import log_record
from answerable.engine.gaps import Cause, Cluster, GapReport, Page, to_csv, to_markdown
from answerable.interfaces.cli import main
from answerable.interfaces.render import printable, render_decision, render_record
from tests.conftest import ROOT

# Clear screen, red, a window title, hidden text, a clickable link, a carriage return, a bell, a line
# break that forges a line of output, and a right-to-left override.
HOSTILE = "Keys\x1b[2J\x1b[31m\x1b]0;pwned\x07\x1b[8m\x1b]8;;http://evil\x1b\\x\rFake\nSources:\u202eevil"
CONTROLS = ("\x1b", "\x07", "\r", "\u202e")


def _clean(text: str) -> bool:
    return not any(c in text for c in CONTROLS)


def test_printable_shows_every_control_as_an_escape_and_keeps_tabs():
    assert printable("a\x1b[31mb\r\nc\u202ed\x07\te") == "a\\x1b[31mb\\r\\nc\\u202ed\\x07\te"
    assert printable("plain text, ünïcode — fine") == "plain text, ünïcode — fine"
    cut = printable("x" * 300, 200)
    assert len(cut) == 200 and cut.endswith("…")


def _hostile_decision():  # type: ignore[no-untyped-def]
    raw = json.loads((ROOT / "examples" / "evidence" / "1-supported.json").read_text(encoding="utf-8"))
    for p in raw["passages"]:
        p["title"], p["url"] = HOSTILE, "https://docs.example.com/x\x1b[8m\rhidden"
    raw["question"] = HOSTILE
    evidence = evidence_from_dict(raw)
    decision = decide(evidence, load_policy().profile("strict"), date(2026, 11, 29))
    assert decision.status.value == "answer"
    return evidence, replace(decision, answer=f"{decision.answer}\x1b[31m\nSources:\n  [9] forged")


def test_a_decision_and_its_log_record_print_no_control_character():
    evidence, decision = _hostile_decision()
    text = render_decision(decision)
    assert _clean(text) and "\\x1b[2J" in text and "\\u202e" in text
    # One line per source, and the answer stays one paragraph: no forged "Sources:" line.
    assert [line for line in text.splitlines() if line.startswith("Sources:")] == ["Sources:"]
    principal = Principal(tenant="acme", groups=frozenset(), id="ana\x1b[2J")
    record = log_record(
        evidence, decision, load_policy().profile("strict"), date(2026, 11, 29), principal, {}, [], False
    )
    shown = render_record(json.loads(json.dumps(record)))
    assert _clean(shown) and "question: Keys\\x1b[2J" in shown


def test_log_lines_and_search_results_print_no_control_character(tmp_path: Path):
    store = SQLiteStore(tmp_path / "index.db")
    store.append_log(
        "d_1", "2026-12-01T10:00:00", {"decision_id": "d_1", "status": "abstain", "reason_codes": [], "question": "Hi?"}
    )
    forged = "Where is it?\nd_0123456789abcdef0123  answer   -   12.0 ms  What is the admin password?"
    store.append_log(
        "d_2",
        "2026-12-01T10:00:01",
        {"decision_id": "d_2", "status": "abstain", "reason_codes": [], "question": forged},
    )
    store.close()
    out = CliRunner().invoke(main, ["log", "show", "--last", "5", "--store", f"sqlite:///{tmp_path / 'index.db'}"])
    assert out.exit_code == 0, out.output
    assert len(out.output.splitlines()) == 2 and "Where is it?\\nd_0123" in out.output

    # Written to the store directly: whatever ingest does with such text, a store may already hold it.
    text = "The sprocket spins \x1b[31mred\x1b[0m at 90 rpm."
    page = SQLiteStore(tmp_path / "s.db")
    page.check_embedder("hash:64", 64)
    page.upsert(Document("evil", HOSTILE, text), [Chunk("evil#0", "evil", 0, text)], np.zeros((1, 64), "float32"), "h")
    page.close()
    url = f"sqlite:///{tmp_path / 's.db'}"
    out = CliRunner().invoke(main, ["search", "sprocket rpm", "--mode", "bm25", "--store", url])
    assert out.exit_code == 0, out.output
    assert "sprocket" in out.output and _clean(out.output) and "\\x1b[31mred" in out.output


def test_gap_reports_carry_no_control_character():
    page = Page("evil#0", HOSTILE, "https://docs.example.com/evil")
    cluster = Cluster(Cause.MISSING, 1, HOSTILE, 2, 1, (HOSTILE,), (HOSTILE,), (page,))
    report = GapReport("acme", None, 2, (cluster,))
    assert _clean(to_markdown(report)) and _clean(to_csv(report))
    assert "Keys\\\\x1b" in to_markdown(report)  # the escape shown, its backslash escaped for Markdown


def test_an_error_quoting_user_text_prints_no_control_character(tmp_path: Path):
    store = SQLiteStore(tmp_path / "index.db")
    store.close()
    out = CliRunner().invoke(
        main, ["log", "show", "d_\x1b]0;pwned\x07", "--store", f"sqlite:///{tmp_path / 'index.db'}"]
    )
    assert out.exit_code == 2 and "no decision 'd_\\x1b]0;pwned\\x07'" in out.output and _clean(out.output)


def test_a_quoted_table_prints_a_row_a_line_and_prose_stays_one_paragraph() -> None:
    _, decision = _hostile_decision()
    pid = decision.citations[0].passage_id
    table = f"Codes:\n| Code | Meaning |\n| E309 | The storage quota is full | [{pid}]\nSources:\n  [9] forged"
    lines = render_decision(replace(decision, answer=table)).splitlines()
    assert lines[1:4] == ["Codes:", "  | Code | Meaning |", "  | E309 | The storage quota is full | [1]"]
    assert lines[4] == "Sources:   [9] forged" and lines.count("Sources:") == 1


def test_a_quoted_code_block_and_list_keep_their_lines() -> None:
    _, decision = _hostile_decision()
    pid = decision.citations[0].passage_id
    answer = f"Add it to conf.py:\n```python\nextensions = ['sphinx.ext.todo']\n```\n- then rebuild [{pid}]"
    lines = render_decision(replace(decision, answer=answer)).splitlines()
    assert lines[1:6] == [
        "Add it to conf.py:",
        "  ```python",
        "  extensions = ['sphinx.ext.todo']",
        "  ```",
        "  - then rebuild [1]",
    ]


def test_a_citation_quotes_the_units_the_answer_quotes_word_for_word(policy) -> None:  # type: ignore[no-untyped-def]
    from answerable import Claim, Draft, DraftSentence, Label, decide
    from tests.conftest import NOW, evidence, passage, verdict

    code = "Enable it in `conf.py`:\n```python\nextensions = ['sphinx.ext.todo']\n```"
    p = passage("ext#1", 0.95, text="The todo extension collects notes.\n" + code)
    ev = evidence((p,), (verdict("c1", p.id, Label.SUPPORTED, 0.95),), (Claim("c1", "How do I enable todo?"),))
    ev = replace(ev, draft=Draft((DraftSentence(code, (p.id,), 1.0, claim_ids=("c1",)),)))
    (citation,) = decide(ev, policy.profile("strict"), NOW).citations
    assert citation.quote == code  # the code block as a block, not the passage's opening flattened
