"""Evidence files are read strictly: what is misspelt, out of range or dangling is an error naming the field,
never something the gate silently reads as absent (an undated page, an unrated source)."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest

from answerable.core.codec import evidence_from_dict
from answerable.core.errors import InputError
from tests.conftest import ROOT

SUPPORTED = json.loads((ROOT / "examples" / "evidence" / "1-supported.json").read_text(encoding="utf-8"))


def _set(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def edit(doc: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        node: Any = doc
        for part in parents:
            node = node[int(part)] if part.isdigit() else node[part]
        node[last] = value

    return edit


def _rename(path: str, new: str) -> Callable[[dict[str, Any]], None]:
    def edit(doc: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        node: Any = doc
        for part in parents:
            node = node[int(part)] if part.isdigit() else node[part]
        node[new] = node.pop(last)

    return edit


def _append(key: str, item: Any) -> Callable[[dict[str, Any]], None]:
    return lambda doc: doc[key].append(item)


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (_rename("passages.0.updated_at", "updatedAt"), "passages[0].updatedAt: unknown field"),
        (_rename("passages.0.trust", "trustt"), "passages[0].trustt: unknown field"),
        (_set("passagez", []), "passagez: unknown field"),
        (_set("verdicts.0.strength", 7), "verdicts[0].strength: expected a number from 0 to 1"),
        (_set("verdicts.0.strength", -3), "verdicts[0].strength: expected a number from 0 to 1"),
        (_set("verdicts.0.confirmation", 5), "verdicts[0].confirmation: expected a number from 0 to 1"),
        (_set("passages.0.scores.rerank", 5), "passages[0].scores.rerank: expected a number from 0 to 1"),
        (_set("draft.sentences.0.support", 1.5), "sentences[0].support: expected a number from 0 to 1"),
        (_append("passages", "a string"), "passages: expected a list of objects"),
        (_set("passages.0.updated_at", "2026-05-02garbage"), "passages[0].updated_at: expected a date"),
        (_set("verdicts.0.claim_id", "c9"), "verdicts[0].claim_id: 'c9' names no claim"),
        (_set("verdicts.0.passage_id", "nope#0"), "verdicts[0].passage_id: 'nope#0' names no passage"),
        (_append("claims", {"id": "c1", "text": "Again"}), "claims[1].id: 'c1' appears twice"),
        (_set("passages.0.lead", 3), "passages[0].lead: expected"),
        (_set("passages.0.acronyms", [["2FA"]]), "passages[0].acronyms: expected a list of [acronym, long form]"),
        (_set("passages.0.acronyms", "2FA"), "passages[0].acronyms: expected"),
    ],
)
def test_a_malformed_evidence_file_is_an_error_naming_the_field(edit, message) -> None:  # type: ignore[no-untyped-def]
    doc = copy.deepcopy(SUPPORTED)
    edit(doc)
    with pytest.raises(InputError, match=message.replace("[", r"\[").replace("]", r"\]")):
        evidence_from_dict(doc, "e.json")


def test_duplicate_passages_are_an_error_and_well_formed_evidence_reads() -> None:
    doc = copy.deepcopy(SUPPORTED)
    doc["passages"].append({**doc["passages"][0], "text": "Rotation is disabled."})
    with pytest.raises(InputError, match=r"passages\[2\]\.id: 'acme-keys#2' appears twice"):
        evidence_from_dict(doc, "e.json")
    for path in sorted((ROOT / "examples" / "evidence").glob("*.json")):
        evidence_from_dict(json.loads(path.read_text(encoding="utf-8")), str(path))  # every shipped example reads
    timed = copy.deepcopy(SUPPORTED)
    timed["passages"][0]["updated_at"] = "2026-05-02T10:00:00+00:00"  # a date and time is still a date
    assert evidence_from_dict(timed).passages[0].updated_at is not None


def test_a_passage_read_after_its_page_opening_keeps_it_through_an_evidence_file() -> None:
    """The opening sentence the rankers read a section after is part of the evidence: written and read back,
    the same evidence gives the same decision id; a file without it reads as a passage without one."""
    from answerable.core.codec import evidence_to_dict
    from answerable.core.gate import decision_id
    from answerable.core.policy import load_policy

    doc = copy.deepcopy(SUPPORTED)
    doc["passages"][0]["lead"] = "Acme Keys is the key manager of the Acme cloud."
    ev = evidence_from_dict(doc)
    assert ev.passages[0].lead == "Acme Keys is the key manager of the Acme cloud." and ev.passages[1].lead == ""
    back = evidence_from_dict(json.loads(json.dumps(evidence_to_dict(ev))))
    assert back == ev
    profile, now = load_policy().profile("strict"), ev.passages[0].updated_at
    assert now is not None and decision_id(back, profile, now) == decision_id(ev, profile, now)
    assert decision_id(evidence_from_dict(SUPPORTED), profile, now) != decision_id(ev, profile, now)


def test_the_acronyms_a_passage_was_read_with_keep_through_an_evidence_file() -> None:
    """The acronyms the rankers read a passage with are part of the evidence, as its page's opening is."""
    from answerable.core.codec import evidence_to_dict
    from answerable.core.gate import decision_id
    from answerable.core.policy import load_policy

    doc = copy.deepcopy(SUPPORTED)
    doc["passages"][0]["acronyms"] = [["MFA", "multi-factor authentication"]]
    ev = evidence_from_dict(doc)
    assert ev.passages[0].acronyms == (("MFA", "multi-factor authentication"),) and ev.passages[1].acronyms == ()
    back = evidence_from_dict(json.loads(json.dumps(evidence_to_dict(ev))))
    assert back == ev
    profile, now = load_policy().profile("strict"), ev.passages[0].updated_at
    assert now is not None and decision_id(back, profile, now) == decision_id(ev, profile, now)
