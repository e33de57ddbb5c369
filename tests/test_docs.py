"""The README documents what users rely on: the two commands, every reason code, every policy setting."""

from __future__ import annotations

import json
import re

from answerable import ReasonCode
from answerable.core.policy import SETTINGS
from answerable.core.reasons import KEYWORDS_NEXT_STEP, SEARCH_MISSES
from tests.conftest import ROOT

README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_readme_starts_with_the_two_commands():
    block = README.split("```", 2)[1]
    assert "make run" in block and "make test" in block


def test_every_reason_code_is_documented_with_its_meaning_and_next_step():
    assert len(ReasonCode) == 12
    for code in ReasonCode:
        assert f"| `{code}` | {code.meaning} | {code.next_step} |" in README
    assert f'"{KEYWORDS_NEXT_STEP}"' in README  # a search of a few words' next step
    paragraph = README[README.index(KEYWORDS_NEXT_STEP) - 700 : README.index(KEYWORDS_NEXT_STEP)]
    assert all(f"`{code}`" in paragraph for code in SEARCH_MISSES)


def test_every_policy_setting_is_documented():
    for setting in SETTINGS:
        assert f"| `{setting.name}` | {setting.meaning} |" in README


def test_decision_examples_cover_every_status_and_parse():
    blocks = [json.loads(b) for b in re.findall(r"```json\n(.*?)\n```", README, re.S)]
    assert {b["status"] for b in blocks} == {"answer", "abstain", "partial"}


def test_decision_examples_are_what_the_gate_produces_today():  # type: ignore[no-untyped-def]
    from answerable import decide, load_policy
    from tests.conftest import NOW
    from tests.test_gate_seeds import load_fixture

    blocks = [json.loads(b) for b in re.findall(r"```json\n(.*?)\n```", README, re.S)]
    shown = {b["status"]: b for b in blocks}
    for name, profile, status in (
        ("1-supported.json", "strict", "answer"),
        ("3-partial.json", "assist", "partial"),
        ("4-conflicting.json", "strict", "abstain"),
    ):
        assert decide(load_fixture(name), load_policy().profile(profile), NOW).to_dict() == shown[status]


def test_python_example_runs(capsys):  # type: ignore[no-untyped-def]
    code = re.findall(r"```python\n(.*?)\n```", README, re.S)[0]
    exec(compile(code, "README.md", "exec"), {})
    assert "'status': 'answer'" in capsys.readouterr().out
