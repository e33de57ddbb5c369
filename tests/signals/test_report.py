"""Every signal on its own cases: all the fitted ones, and at least its floor of the held-out ones.

The held-out cases were written from each signal's principle before its output was seen; a floor is the
share measured when they were written (less nothing: a rule change that loses one must say why). Raising a
floor is fine; a case moves to `fitted` once a rule is changed because of it, and new held-out cases are
written in its place.
"""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from answerable.interfaces.cli import main
from answerable.signals.report import SIGNALS, score

HELD_OUT_FLOORS = {
    "claims": 24,
    "keywords": 24,
    "kind-asked": 35,
    "kind-stated": 31,
    "form-stated": 23,
    "mismatch": 24,
    "named-terms": 28,
    "unmentioned-terms": 22,
    "points-elsewhere": 18,
    "refers-back": 20,
    "spelling": 24,
    "injection": 32,
    "stated-value": 24,
}


@pytest.mark.parametrize("name", [s.name for s in SIGNALS])
def test_each_signal_meets_its_cases(name: str) -> None:
    result, outcomes = score(name)
    wrong = [(o.case.input, o.case.expected, o.got) for o in outcomes if o.case.split == "fitted" and not o.right]
    assert wrong == [], f"{name} misses fitted cases"
    assert result.heldout[1] >= 12, f"{name} needs a dozen held-out cases"
    assert result.heldout[0] >= HELD_OUT_FLOORS[name], f"{name}: {result.heldout[0]} of {result.heldout[1]} held out"


def test_every_signal_has_a_floor() -> None:
    assert set(HELD_OUT_FLOORS) == {s.name for s in SIGNALS}


def test_the_command_prints_both_figures_per_signal() -> None:
    out = CliRunner().invoke(main, ["signals", "mismatch", "kind-asked"])
    assert out.exit_code == 0, out.output
    lines = out.output.splitlines()
    assert lines[0].split() == ["signal", "fitted", "held", "out"]
    assert lines[1].startswith("mismatch") and "%" in lines[1] and len(lines) == 3
    bad = CliRunner().invoke(main, ["signals", "nope"])
    assert bad.exit_code == 2 and "unknown signal 'nope'" in bad.output
