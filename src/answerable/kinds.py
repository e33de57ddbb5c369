"""What kind of answer a question asks for, and whether a sentence states one. Pure.

"How many charts fit on one dashboard?" is answered by a number and "When was the park established?" by
a time. A sentence on the topic that states neither ("The Cerro Blanco caldera is wide.", "Pontresina has
a population (as of ) of .") does not answer, however well a model scores it: the answerability models
score the sentence's shape and topic, and a page whose figures were lost in extraction still has both.

Only two kinds are recognised, and only from wordings that leave no doubt. A documentation "when" in the
present tense ("When does Lumen email me?") is usually answered by a condition ("when the export is
ready"), so only the past tense ("When was ...", "When did ...") and "what year" ask for a time.
"""

from __future__ import annotations

import re
from enum import StrEnum


class Kind(StrEnum):
    QUANTITY = "quantity"  # how many, how much, how long, how often, a population, a percentage
    TIME = "time"  # when (past tense), what year, what date, which century

    @property
    def noun(self) -> str:
        """What a sentence must state, in words for a reader."""
        return "figure" if self is Kind.QUANTITY else "date or time"


_QUANTITY_ASKED = re.compile(
    r"\bhow (?:many|much|long|large|big|wide|tall|high|deep|far|old|heavy|fast|often|frequently)\b(?!-)"
    r"|\bwhat (?:is|was|are|were) the (?:\w+ )?(?:population|percentage|proportion)\b"
    r"|\bwhat (?:percentage|proportion|fraction|number) of\b",
    re.I,
)
_TIME_ASKED = re.compile(
    r"^\W*(?:and |also |but )?when (?:was|were|did|had)\b"
    r"|\b(?:what|which) (?:years?|dates?|decades?|century|centuries)\b"
    r"|\bon what day\b",
    re.I,
)

_NUMBER_WORDS = (
    r"one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|"
    r"seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundreds?|"
    r"thousands?|millions?|billions?|trillions?|dozens?|half|halves|percent|once|twice|single|double|triple|none|"
    r"(?:a|one|two|three|four) (?:thirds?|quarters?|fifths?|tenths?)"  # "a third", not "third-gender"
)
# "May" is left out: as a verb it is in every other sentence, and as a month it comes with a day or year.
_MONTHS = r"january|february|march|april|june|july|august|september|october|november|december"
# A number or a figure in words; also the answers that are a quantity without being a number.
_QUANTITY_STATED = re.compile(
    rf"\d|\b(?:{_NUMBER_WORDS}|unlimited|infinite|indefinitely|forever|permanently|free|hourly|daily|"
    rf"weekly|monthly|yearly|annually|every|as long as|no limit|immediately|instantly|at once|right away|"
    rf"overnight|(?:a|an|a few|several) (?:seconds?|minutes?|hours?|days?|weeks?|months?|years?|decades?))\b",
    re.I,
)
_TIME_STATED = re.compile(
    rf"\d|\b(?:{_MONTHS}|centur(?:y|ies)|decades?|millenni(?:um|a)|bce?|ad|"
    rf"today|yesterday|ago|spring|summer|autumn|winter|(?:a|the) (?:year|decade) (?:later|earlier|before|after))\b",
    re.I,
)


def asked(question: str) -> Kind | None:
    """The kind of answer `question` asks for, when its wording says so plainly; else None."""
    if _QUANTITY_ASKED.search(question):
        return Kind.QUANTITY
    if _TIME_ASKED.search(question):
        return Kind.TIME
    return None


_FIGURE = re.compile(r"\d(?:[\d,.]*\d)?")
_YEAR = re.compile(r"(?:1\d|20)\d\d")
_COUNT_ASKED = re.compile(r"\bhow (?:many|much)\b", re.I)


def states(kind: Kind, text: str, question: str = "") -> bool:
    """Does `text` state an answer of this kind (a figure for a quantity, a time for a time)?

    A figure `question` already states is not the answer ("How many people lived in Oslo in 1654?" is
    not answered by "The plague ravaged Oslo in 1654."), and a year is no count ("How many schools
    does the university have?" is not answered by "Elliot (born 1962) is a professor there.").
    """
    given = set(_FIGURE.findall(question))
    counting = kind is Kind.QUANTITY and _COUNT_ASKED.search(question) is not None

    def figure(m: re.Match[str]) -> str:
        f = m.group(0)
        return " " if f in given or (counting and _YEAR.fullmatch(f)) else f

    pattern = _QUANTITY_STATED if kind is Kind.QUANTITY else _TIME_STATED
    return pattern.search(_FIGURE.sub(figure, text)) is not None
