"""Each language signal's accuracy on its own cases: those that motivated it, and those held out.

A signal's cases live in `signals/cases/<name>.jsonl`, one JSON object a line: `input` (what the signal
reads), `expected` (what it should say), `split` (`fitted`: the cases the rule was written or tuned
against; `heldout`: written from the signal's principle before its output was looked at), and a `note`.
`answerable signals` prints both figures for every signal; a rule that scores well on its fitted cases and
poorly on held-out ones fits the questions it was written against, not the principle it states.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources
from typing import Any

from answerable.core.errors import InputError
from answerable.signals import claims, injection, kinds, mismatch, quoting, spelling, terms, values


def _asked(text: str) -> str | None:
    kind = kinds.asked(text)
    return kind.noun if kind is not None else None


def _states(x: dict[str, str]) -> bool:
    kind = kinds.asked(x["question"])
    if kind is None:
        raise InputError(f"kinds.states case: the question asks for no kind: {x['question']!r}")
    return kinds.states(kind, x["sentence"], x["question"])


def _form(x: dict[str, str]) -> bool | None:
    form = kinds.required_form(x["question"])
    return form[1](x["sentence"]) if form is not None else None


def _mismatch(x: dict[str, str]) -> list[str] | None:
    found = mismatch.mismatch(x["question"], x["sentence"])
    return list(found) if found is not None else None


def _unmentioned(x: dict[str, str]) -> list[str]:
    return list(terms.mentions_in((x["passage"],)).unmatched(terms.named_terms(x["question"])))


def _value(x: dict[str, str]) -> str | None:
    found = values.stated_value(x["question"], x["sentence"])
    return values.canonical(found) if found is not None else None


@dataclass(frozen=True)
class Signal:
    """A named signal: the function it runs on a case's input, and where its principle is written."""

    name: str
    run: Callable[[Any], Any]
    principle: Callable[..., Any]


SIGNALS: tuple[Signal, ...] = (
    Signal("claims", lambda q: [c.text for c in claims.decompose(q)], claims.decompose),
    Signal("keywords", claims.is_keywords, claims.is_keywords),
    Signal("kind-asked", _asked, kinds.asked),
    Signal("kind-stated", _states, kinds.states),
    Signal("form-stated", _form, kinds.required_form),
    Signal("mismatch", _mismatch, mismatch.mismatch),
    Signal("named-terms", lambda t: [x.text for x in terms.named_terms(t)], terms.named_terms),
    Signal("unmentioned-terms", _unmentioned, terms.Mentions),
    Signal("points-elsewhere", terms.points_elsewhere, terms.points_elsewhere),
    Signal("refers-back", quoting.refers_back, quoting.refers_back),
    Signal("spelling", lambda x: spelling.read_as(x["question"], x["passages"]), spelling.read_as),
    Signal("injection", injection.is_injection, injection.is_injection),
    Signal("stated-value", _value, values.stated_value),
)
BY_NAME = {s.name: s for s in SIGNALS}


@dataclass(frozen=True)
class Case:
    signal: str
    input: Any
    expected: Any
    split: str
    note: str = ""


@dataclass(frozen=True)
class Outcome:
    case: Case
    got: Any

    @property
    def right(self) -> bool:
        return bool(self.got == self.case.expected)


def load_cases(name: str) -> list[Case]:
    """The cases of one signal, from the package's `signals/cases/<name>.jsonl`."""
    if name not in BY_NAME:
        raise InputError(f"unknown signal {name!r}; known: {', '.join(BY_NAME)}")
    path = resources.files("answerable.signals").joinpath("cases", f"{name}.jsonl")
    out = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        raw = json.loads(line)
        if raw.get("split") not in ("fitted", "heldout"):
            raise InputError(f"cases/{name}.jsonl:{n}: split must be fitted or heldout")
        out.append(Case(name, raw["input"], raw["expected"], raw["split"], raw.get("note", "")))
    return out


def run(name: str) -> list[Outcome]:
    """Every case of a signal, with what the signal says of it."""
    cases = load_cases(name)  # an unknown name is an InputError here
    return [Outcome(case, BY_NAME[name].run(case.input)) for case in cases]


@dataclass(frozen=True)
class Score:
    signal: str
    fitted: tuple[int, int]  # (right, of)
    heldout: tuple[int, int]

    @staticmethod
    def rate(pair: tuple[int, int]) -> float | None:
        return pair[0] / pair[1] if pair[1] else None


def score(name: str) -> tuple[Score, list[Outcome]]:
    outcomes = run(name)

    def count(split: str) -> tuple[int, int]:
        mine = [o for o in outcomes if o.case.split == split]
        return sum(o.right for o in mine), len(mine)

    return Score(name, count("fitted"), count("heldout")), outcomes


def principle(name: str) -> str:
    """The first paragraph of the signal's docstring: the principle it states."""
    doc = BY_NAME[name].principle.__doc__ or ""
    return " ".join(doc.strip().split("\n\n")[0].split())


__all__ = ["SIGNALS", "Case", "Outcome", "Score", "load_cases", "principle", "run", "score"]
