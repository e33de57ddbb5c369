"""Metamorphic checks, generated from any dataset with gold documents.

For answer cases with `gold_doc_ids` that the engine answers. The decisive documents are the gold ones
and those the answer cites; when another document states the same fact, what the new answer cites is
removed too, for up to three rounds:
- remove: retrieve from everything but the gold documents -> must not be a full answer;
- add: put the gold documents back -> must answer again (a no-answer case made answerable);
- stale: the gold documents dated far past every freshness limit -> must not answer;
- acl: the gold documents restricted to a group the asker lacks -> nothing about them (id, title,
  URL) may appear anywhere in the decision.
The stale and ACL variants change a copy of the evaluation index, never the original.
"""

from __future__ import annotations

import json
import shutil
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import date
from pathlib import Path
from typing import Any

from answerable.backends.store.sqlite import SQLiteStore
from answerable.engine.engine import Engine
from answerable.evaluation.data import Case
from answerable.evaluation.runner import ask_case, run_case

RESTRICTED = "metamorphic-restricted"
ROUNDS = 3


def _all_doc_ids(store: SQLiteStore) -> list[str]:
    return [r[0] for r in store.conn.execute("SELECT DISTINCT id FROM documents")]


def _traces(store: SQLiteStore, doc_ids: Sequence[str]) -> list[str]:
    """What would betray a document: its passage ids, the opening of each of its chunks' text, and its
    title and URL where no other document shares them (SQuAD's paragraphs share their article's title)
    or names them in its text."""
    ids = json.dumps(list(doc_ids))
    marks = [f'"{d}#' for d in doc_ids]
    for (text,) in store.conn.execute(
        "SELECT c.text FROM chunks c JOIN documents d ON d.rowid = c.doc "
        "WHERE d.id IN (SELECT value FROM json_each(?))",
        (ids,),
    ):
        opening = " ".join(text.split())[:60]
        if len(opening) >= 30:
            marks.append(opening)
    for column in ("title", "url"):
        for (value,) in store.conn.execute(
            f"SELECT d.{column} FROM documents d WHERE d.id IN (SELECT value FROM json_each(?1)) "
            f"AND d.{column} IS NOT NULL AND NOT EXISTS (SELECT 1 FROM documents o WHERE o.{column} = d.{column} "
            "AND o.id NOT IN (SELECT value FROM json_each(?1)))",
            (ids,),
        ):
            cited_elsewhere = store.conn.execute(  # "For workspaces, see Delete a workspace or your account."
                "SELECT 1 FROM chunks c JOIN documents d ON d.rowid = c.doc "
                "WHERE d.id NOT IN (SELECT value FROM json_each(?)) AND instr(c.text, ?) > 0 LIMIT 1",
                (ids, value),
            ).fetchall()
            if not cited_elsewhere:
                marks.append(json.dumps(value)[1:-1])  # as it appears inside the decision's JSON
    return marks


def _copy(store: SQLiteStore, into: Path) -> SQLiteStore:
    store.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    shutil.copy(store.path, into)
    return SQLiteStore(into)


def _mark_stale(store: SQLiteStore, doc_ids: Sequence[str]) -> None:
    with store.conn:
        store.conn.execute(
            "UPDATE documents SET updated_at = '2000-01-01', effective_date = NULL "
            "WHERE id IN (SELECT value FROM json_each(?))",
            (json.dumps(list(doc_ids)),),
        )


def _restrict(store: SQLiteStore, doc_ids: Sequence[str]) -> None:
    ids = json.dumps(list(doc_ids))
    with store.conn:
        store.conn.execute(
            "UPDATE documents SET public = 0, acl_json = ? WHERE id IN (SELECT value FROM json_each(?))",
            (json.dumps([RESTRICTED]), ids),
        )
        store.conn.execute(
            "DELETE FROM doc_acl WHERE doc IN "
            "(SELECT rowid FROM documents WHERE id IN (SELECT value FROM json_each(?)))",
            (ids,),
        )
        store.conn.execute(
            "INSERT INTO doc_acl SELECT rowid, ? FROM documents WHERE id IN (SELECT value FROM json_each(?))",
            (RESTRICTED, ids),
        )


def run_metamorphic(
    engine: Engine,
    store: SQLiteStore,
    cases: Sequence[Case],
    profile: str,
    limit: int,
    engine_on: Callable[[SQLiteStore], Engine],
) -> dict[str, Any]:
    """Pass rates of the four variants over up to `limit` answerable cases with gold documents."""
    eligible = [c for c in cases if c.expected == "answer" and c.gold_doc_ids]
    chosen: list[Case] = []
    for tried, case in enumerate(eligible):
        if len(chosen) >= limit or tried >= 10 * limit:
            break
        original = run_case(engine, case, profile)
        if original.status == "answer":
            # The decisive documents: the gold ones and whatever the answer actually cited.
            cited = tuple(pid.rsplit("#", 1)[0] for pid in original.cited_ids)
            chosen.append(replace(case, gold_doc_ids=tuple(dict.fromkeys((*case.gold_doc_ids, *cited)))))
    everything = _all_doc_ids(store)
    out: dict[str, Any] = {"cases": len(chosen), "eligible": len(eligible)}
    remove_ok = add_ok = 0
    decisive: dict[str, tuple[str, ...]] = {}
    for case in chosen:
        pool = case.context_doc_ids if case.context_doc_ids is not None else tuple(everything)
        removed_docs = set(case.gold_doc_ids)
        # Another document may state the same fact: keep removing what the answer cites, a few rounds.
        for _ in range(ROUNDS):
            without = [d for d in pool if d not in removed_docs]
            removed = run_case(engine, case, profile, doc_ids=without)
            if removed.status != "answer":
                break
            removed_docs |= {pid.rsplit("#", 1)[0] for pid in removed.cited_ids}
        decisive[case.id] = tuple(sorted(removed_docs))
        remove_ok += removed.status != "answer"
        if removed.status != "answer":
            add_ok += run_case(engine, case, profile, doc_ids=[*without, *sorted(removed_docs)]).status == "answer"
    out["remove"] = remove_ok / len(chosen) if chosen else None
    out["add"] = add_ok / remove_ok if remove_ok else None

    chosen = [replace(c, gold_doc_ids=decisive[c.id]) for c in chosen]
    gold = sorted({d for c in chosen for d in c.gold_doc_ids})
    with tempfile.TemporaryDirectory() as tmp:
        stale_store = _copy(store, Path(tmp) / "stale.db")
        _mark_stale(stale_store, gold)
        stale_engine = engine_on(stale_store)
        results = [run_case(stale_engine, replace(c, as_of=c.as_of or date.today()), profile) for c in chosen]
        out["stale"] = sum(r.status != "answer" for r in results) / len(chosen) if chosen else None
        out["stale_named"] = sum("evidence_stale" in r.reason_codes for r in results) / len(chosen) if chosen else None
        stale_store.close()

        acl_store = _copy(store, Path(tmp) / "acl.db")
        _restrict(acl_store, gold)
        acl_engine = engine_on(acl_store)
        clean = 0
        for case in chosen:
            decision = json.dumps(ask_case(acl_engine, case, profile).record.get("decision", {}), ensure_ascii=False)
            # a title the question itself names ("Which plan do I need to use SAML single sign-on?") is no trace
            marks = [m for m in _traces(acl_store, case.gold_doc_ids) if m not in case.question]
            clean += not any(mark in decision for mark in marks)
        out["acl"] = clean / len(chosen) if chosen else None
        acl_store.close()
    return out
