"""The value a sentence states for what a question asks: an amount of money, a span of time, a size, a
share, a count, a date, a time of day. Two pages that answer the same question with different values disagree, whatever
a model makes of them; the same value in other words ("two weeks" and "14 days", "$50" and "50 dollars")
is agreement.

Pure and deterministic. A question asks for a kind of value by its wording ("how much", "how long", "how
many", "what percentage", "how big", "when", "what time", "what is the limit"); a sentence's values of that kind are
read with their unit and what they are counted per ("75 dollars per day", "10 requests a second"), and
compared by amount in one unit per kind: durations in seconds (months and years apart, as their length
varies), sizes in bytes, money per currency. A value the question itself states is the asker's, not the
answer ("How much is the plan for 10 users?": "10 users" is no answer).
"""

from __future__ import annotations

import math
import re
from dataclasses import replace
from datetime import date
from enum import StrEnum
from functools import lru_cache

from answerable.core.types import NAME, Quantity
from answerable.text.words import CLOSED_CLASS, FUNCTION_WORDS, STOPWORDS, singular, stem, stems


class ValueKind(StrEnum):
    MONEY = "money"
    DURATION = "duration"
    SIZE = "size"
    PERCENT = "percent"
    COUNT = "count"
    DATE = "date"
    TIME = "time"
    NAME = "name"


_NUMBER_WORDS = {
    "zero": 0,
    "one": 1,
    "a single": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
    "seventeen": 17,
    "eighteen": 18,
    "nineteen": 19,
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fifty": 50,
    "sixty": 60,
    "seventy": 70,
    "eighty": 80,
    "ninety": 90,
    "hundred": 100,
    "a hundred": 100,
    "one hundred": 100,
    "a thousand": 1000,
    "a dozen": 12,
    "half a": 0.5,
    "half an": 0.5,
    # "a quarter of an hour" is 15 minutes, not an hour; "three quarters of an hour" 45.
    "a quarter of a": 0.25,
    "a quarter of an": 0.25,
    "quarter of an": 0.25,
    "three quarters of a": 0.75,
    "three quarters of an": 0.75,
    "an": 1,
    "a": 1,
}
_WORD_NUMBER = "|".join(sorted((re.escape(w) for w in _NUMBER_WORDS), key=len, reverse=True))
_DIGITS = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?"
_AMOUNT = rf"(?P<num>{_DIGITS})|(?P<word>\b(?:{_WORD_NUMBER}))"
_SCALE = {"k": 1e3, "thousand": 1e3, "million": 1e6, "m": 1e6, "billion": 1e9, "bn": 1e9}

# Seconds in each unit of a duration; months and years are counted in months (their length varies).
_SECONDS = {
    "second": 1,
    "sec": 1,
    "s": 1,
    "minute": 60,
    "min": 60,
    "hour": 3600,
    "hr": 3600,
    "h": 3600,
    "day": 86400,
    "night": 86400,
    "business day": 86400,
    "working day": 86400,
    "calendar day": 86400,
    "week": 604800,
    "fortnight": 1209600,
}
_MONTHS = {"month": 1, "year": 12, "yr": 12, "decade": 120}
_BYTES = {
    "b": 1,
    "byte": 1,
    "kb": 1e3,
    "kilobyte": 1e3,
    "mb": 1e6,
    "megabyte": 1e6,
    "gb": 1e9,
    "gigabyte": 1e9,
    "tb": 1e12,
    "terabyte": 1e12,
    "kib": 1024,
    "mib": 1024**2,
    "gib": 1024**3,
    "tib": 1024**4,
}
_CURRENCY_SIGNS = {"$": "USD", "€": "EUR", "£": "GBP", "¥": "JPY"}
_CURRENCY_WORDS = {
    "dollar": "USD",
    "usd": "USD",
    "euro": "EUR",
    "eur": "EUR",
    "pound": "GBP",
    "gbp": "GBP",
    "cent": "USD/100",
}

_TIME_UNIT = "|".join(sorted((re.escape(u) for u in (*_SECONDS, *_MONTHS)), key=len, reverse=True))
_SIZE_UNIT = "|".join(sorted((re.escape(u) for u in _BYTES), key=len, reverse=True))
_CURRENCY_WORD = "|".join(sorted(_CURRENCY_WORDS, key=len, reverse=True))
_PER = r"(?:\s*(?:\b(?:per|a|an|each|every)\s+|\s*/\s*)(?P<per>[a-z]+)\b)?"

_MONEY_SIGN = re.compile(
    rf"(?P<sign>[$€£¥])\s?(?P<num>{_DIGITS})(?:\s?(?P<scale>k|m|bn|thousand|million|billion)\b)?{_PER}", re.I
)
_MONEY_WORD = re.compile(
    rf"(?:{_AMOUNT})(?:\s?(?P<scale>thousand|million|billion))?\s?(?P<cur>{_CURRENCY_WORD})s?\b{_PER}", re.I
)
# A price of nothing, said as a page says it: "is free", "for free", "free of charge", "at no extra cost", "no
# charge", "costs nothing"; and "free" closing what someone does to get in or along ("Children under 5 ride
# free.", "bikes travel on the ferry free", "Members park free on weekends"). "Free to" (liberty: "you are free
# to choose") and "free of" (ads) are no price, nor "free" before what it qualifies ("travel free zones").
_GOING = (
    r"ride|rides|riding|travel|travels|travell?ing|go|goes|park|parks|parking|enter|enters|visit|visits|borrow|"
    r"borrows|fly|flies|sail|sails|cross|crosses|attend|attends|join|joins|board|boards|get\s+in|gets\s+in"
)
_NO_PRICE = re.compile(
    rf"\b(?:{_GOING})\b(?:\s+(?!free\b)[\w'-]+){{0,3}}?\s+free\b"
    r"(?=\s*(?:$|[.,;:!?)|]|(?:on|in|at|with|when|if|until|during|after|before|and|but|or|all|every|any)\b))"
    r"|\b(?:is|are|be|stays?|remains?|comes?)\s+(?:completely\s+|always\s+|entirely\s+)?free\b(?!\s+(?:to|of)\b)"
    r"|\bfor\s+free\b|\bfree\s+of\s+(?:charge|cost)\b|\b(?:at|for)\s+no\s+(?:extra\s+|additional\s+)?(?:cost|charge)\b"
    r"|\bno\s+(?:extra\s+|additional\s+)?charge\b|\bcosts?\s+nothing\b",
    re.I,
)
# No limit to a count: "unlimited items", "an unlimited number of guests", "no limit on the number of loans".
_UNLIMITED = re.compile(
    r"\b(?:unlimited|limitless)\s+(?:number\s+of\s+)?(?P<noun>[a-z][a-z-]+)"
    r"|\bno\s+limit\s+(?:on|to)\s+(?:the\s+number\s+of\s+|how\s+many\s+)?(?P<noun2>[a-z][a-z-]+)",
    re.I,
)
# A span without end: "kept indefinitely", "valid forever", "never expires", "no expiry". ("Permanently" is
# none: "permanently deleted" ends a thing.)
_FOREVER = re.compile(
    r"\b(?:indefinitely|forever|never\s+expires?|(?:does|do)\s+not\s+expire|(?:doesn't|don't)\s+expire"
    r"|no\s+(?:expiry|expiration)(?:\s+date)?)\b",
    re.I,
)
# "an hour and a half", "one and a half days": the half counts ("90 minutes" says the same).
_DURATION = re.compile(
    rf"(?:{_AMOUNT})(?P<half1>\s+and\s+a\s+half)?(?:[\s-]+)(?P<unit>{_TIME_UNIT})s?\b(?P<half2>\s+and\s+a\s+half\b)?",
    re.I,
)
_SIZE = re.compile(rf"(?P<num>{_DIGITS})\s?(?P<unit>{_SIZE_UNIT})\b{_PER}", re.I)
_PERCENT = re.compile(rf"(?P<num>{_DIGITS})\s?(?:%|percent\b|per cent\b)", re.I)
# Half the price is half off: "half price", "half-price tickets", "half off" state a discount of 50%.
_HALF_PRICE = re.compile(r"\bhalf[\s-](?:price|off)\b", re.I)
_COUNT = re.compile(rf"(?:{_AMOUNT})\s+(?P<noun>[a-z][a-z-]+)", re.I)
# Values said in words alone, each always the same value: a price of nothing, a span without end, half off.
_SAID_IN_WORDS = (
    (_NO_PRICE, ValueKind.MONEY, 0.0, "none"),
    (_FOREVER, ValueKind.DURATION, math.inf, "s"),
    (_HALF_PRICE, ValueKind.PERCENT, 50.0, "%"),
)
# "once", "twice", "three times": a count of times ("You can renew twice." against "up to 3 times").
_TIMES_WORDS = {"once": 1, "twice": 2, "thrice": 3}
_TIMES = re.compile(r"\b(?:once|twice|thrice)\b(?!\s+(?:a|an|per|every|each)\b)", re.I)
_MONTH_NAMES = "january|february|march|april|may|june|july|august|september|october|november|december"
_DATE = re.compile(
    rf"\b(?P<iso>\d{{4}}-\d{{2}}-\d{{2}})\b|\b(?P<d1>\d{{1,2}})\s+(?P<m1>{_MONTH_NAMES})\s+(?P<y1>\d{{4}})\b"
    rf"|\b(?P<m2>{_MONTH_NAMES})\s+(?P<d2>\d{{1,2}}),?\s+(?P<y2>\d{{4}})\b",
    re.I,
)
# A day of a month without its year ("on March 14", "14 March", "the 3rd of June"): a yearly date, as help
# pages state a meeting or a deadline. The month is capitalised, as dates are written ("you may 3" is none).
_MONTH_TITLES = "|".join(m.title() for m in _MONTH_NAMES.split("|"))
_DAY_OF_MONTH = re.compile(
    rf"\b(?P<m3>{_MONTH_TITLES})\s+(?P<d3>[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)?\b(?!:|\.\d|,?\s+\d{{4}})"
    rf"|\b(?:the\s+)?(?P<d4>[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<m4>{_MONTH_TITLES})\b(?!,?\s+\d{{4}})"
)
# A time of day ("6 am", "6:30 p.m.", "18:00", "noon"), in minutes after midnight.
_CLOCK = re.compile(
    r"\b(?P<h>1[0-2]|0?[1-9])(?:[:.](?P<m>[0-5]\d))?\s?(?P<ap>[ap])(?:\.m\.|\.?m\b)"
    r"|\b(?P<h24>[01]?\d|2[0-3]):(?P<m24>[0-5]\d)\b"
    r"|\b(?P<named>noon|midday|midnight)\b",
    re.I,
)

# A question for an age: "How old ...?", "What age ...?", "the minimum age", "old enough".
_AGE_WORDS = (
    r"\bhow old\b|\bwhat age\b|\b(?:minimum|maximum|min|max) age\b|\bage (?:limit|requirement)s?\b|\bold enough\b"
)
_AGE_ASKED = re.compile(_AGE_WORDS, re.I)
# The longest or shortest that something can be done ("What is the longest my dog can stay?", "the shortest a
# link can last") or the longest time, is a span; "the longest file name" is a length.
_EXTREME_SPAN = (
    r"\bthe (?:longest|shortest) (?:(?:time|period|stay|notice|wait|delay)\b"
    r"|(?:(?:a|an|the|my|your|our|their|his|her|its)\s+[\w-]+(?:\s+[\w-]+)?|i|you|we|they|he|she|it|one)"
    r"\s+(?:can|could|may|might|will|would|should|must|is|are|am)\b)"
)
# An age as help pages write it, a bare number of years: "at least 18", "must be 16", "aged 12", "from the age
# of 8", "65 and over", "18+", "16 or older".
_BARE_AGE = re.compile(
    r"\b(?:at least|aged?|ages|age of|over|under|older than|younger than|be|from)\s+(?P<num>\d{1,3})\b"
    r"(?!\s*(?:%|[^\W\d_]))"
    r"|\b(?P<num2>\d{1,3})(?:\+|\s+(?:or|and)\s+(?:older|over|above|up)\b)",
    re.I,
)

_ASKS = (
    (
        ValueKind.PERCENT,
        # A discount is a share off ("25% off") as often as an amount (`ValueKind.MONEY`, read next).
        re.compile(r"\bwhat (?:percentage|percent|share|proportion)\b|\bhow much of\b|\bdiscounts?\b", re.I),
    ),
    (
        ValueKind.DURATION,
        re.compile(
            r"\bhow (?:long|soon|quickly|often|late|early)\b|\bhow far (?:back|ahead|in advance)\b"
            r"|\bhow many (?:\w+ )?(?:seconds|minutes|hours|days|nights|weeks|months|years)\b"
            # Notice is a span ahead ("3 days' notice"), and a deadline asked "by when" is given as one ("within
            # 14 days").
            r"|\bhow much (?:notice|time|warning)\b|\bby when\b"
            r"|\b(?:period|window|retention|timeout|lifetime|expire|expiry)\b"
            # An age is a span of time ("8 weeks", "7 years"), and an extreme of a span ("What is the longest my
            # dog can stay?") asks for one.
            rf"|{_AGE_WORDS}|{_EXTREME_SPAN}",
            re.I,
        ),
    ),
    (
        ValueKind.MONEY,
        re.compile(
            r"\bhow much (?:is|are|does|do|did|will|would|money|it|they|we|i)\b"
            r"|\b(?:cost|price|fee|fine|charge|pay|paid|reimburse\w*|refund|money|balance|discounts?)\b",
            re.I,
        ),
    ),
    (ValueKind.SIZE, re.compile(r"\bhow (?:big|large)\b|\b(?:size|storage|quota|gb|mb|tb)\b", re.I)),
    (
        ValueKind.DATE,
        re.compile(r"\b(?:what|which) (?:date|day|year)\b|\bwhen (?:was|were|did|does|do|will|is)\b", re.I),
    ),
    (
        ValueKind.TIME,
        re.compile(
            r"\bwhat time\b|\bhow (?:late|early)\b|\b(?:opening|closing) (?:hours?|times?)\b"
            # "What are customer service hours?": the hours of something are times of day.
            r"|\b(?:what|when) (?:are|is) (?:[\w'-]+ ){0,3}(?<!of )(?<!many )hours\b"
            r"|\bwhen (?:was|were|did|does|do|will|is|are|can)\b",
            re.I,
        ),
    ),
    (
        ValueKind.COUNT,
        re.compile(r"\bhow many\b|\b(?:maximum|minimum|max|min|limit|most|least|up to)\b|\bnumber of\b", re.I),
    ),
)


# A question that asks which one of a kind of thing ("Which plan includes single sign-on?", "What format are
# exported reports in?", "What kind of encryption ...?") is answered by a name: "the Enterprise plan", "CSV",
# "AES-256". Asked only when no figure is (`asked_kinds`): "What time ...", "which day" and "what version" ask
# for figures of their own kinds, read above.
_NAME_ASKED = re.compile(
    r"\b(?:what|which)\s+(?:(?:kinds?|types?|sorts?)\s+of\s+)?(?P<noun>[a-z][\w.+-]*\w)(?:\s+(?P<next>[a-z][\w.+-]*\w))?",
    re.I,
)
# Words after "what" or "which" that name no kind of thing ("What is ...", "Which of ...").
_NOT_A_CLASS_WORDS = """is are was were be been does do did can could should shall will would may might must has
    have had happens happened if about to of the a an my your our their his her its i you we they he she it one
    this that these those else exactly"""
_NOT_A_CLASS = frozenset(_NOT_A_CLASS_WORDS.split())
# Kinds of thing whose answer is a figure of a kind read above, where either of the first two words says one
# ("What time ...", "Which MyST-Parser version ...", "Which port number ..."); a port is a number ("Which TCP
# port ...?" is answered by 5432, and "IP addresses" beside it is no second answer).
_FIGURE_CLASS_WORDS = (
    "time times date dates day days year years month months hour hours version versions percentage percent size "
    "price cost fee age number numbers port ports"
)
_FIGURE_CLASS = frozenset(_FIGURE_CLASS_WORDS.split())


def _name_asked(question: str) -> str | None:
    """The kind of thing `question` asks a name of ("plan" of "Which plan includes SSO?"), or None."""
    for m in _NAME_ASKED.finditer(question):
        noun, after = m.group("noun").lower(), (m.group("next") or "").lower()
        if noun in _NOT_A_CLASS:
            continue
        if noun in _FIGURE_CLASS or after in _FIGURE_CLASS:
            return None
        return noun
    return "where" if _WHERE_ASKED.search(question) else None


# "Where is my data stored?" is answered by the name of a place ("Dublin") or of a part of the product.
_WHERE_ASKED = re.compile(r"\bwhere (?:is|are|was|were|does|do|did|can|should|will)\b", re.I)


# A name as a sentence writes one: a capitalised word, an acronym or a word with a figure in it ("XLSX",
# "AES-256", "bcrypt-12"); capitalised words in a row are one name ("European Union").
_NAME_WORD = re.compile(r"[A-Z][\w+#.-]*[\w+#]")
_TOKEN = re.compile(r"`[^`\n]+`|[\w+#.-]*[\w+#]|[^\w\s]")
_ACRONYM = re.compile(r"(?=[A-Z0-9+#.-]*[A-Z])[A-Z0-9][A-Z0-9+#.-]*[A-Z0-9+#]$|[A-Za-z][\w.-]*\d[\w.-]*$")
# After these a capitalised word may only open a clause, a label or an item ("`numfig_format`: A dictionary",
# "Admin console > Billing").
_OPENS_AFTER = frozenset(":;.!?|([{\"'>*-\u2013\u2014\u2022")
# Where a place is said: "stored in Frankfurt", "at Central Station", "under Billing".
_PLACE_BEFORE = frozenset(["in", "at", "from", "to", "under", "on", "near", "via"])
_DATE_WORDS = """monday tuesday wednesday thursday friday saturday sunday january february march april may june july
    august september october november december"""
_NOT_NAMES = STOPWORDS | frozenset(_DATE_WORDS.split())


def names_in(question: str, sentence: str, known: frozenset[str] = frozenset()) -> list[str]:
    """The names `sentence` states that `question` does not (`_NAME_ASKED`'s answers), in order.

    A capitalised word where a clause, a label or an item opens (the sentence's first word, a word after a
    colon or a bracket) is a name only when it is an acronym or opens a list of names ("Business and
    Enterprise plans include SSO."): "Admins can turn SSO on." names no plan, and "`numfig_format`: A
    dictionary ..." names nothing; but a word of `known` (the words of the headings the sentence stands under,
    lower case) is a name there too: under "## Team", "Team costs $8 per user." names the plan. A word the
    question says in any form (its first four letters) names what
    was asked about, not the answer. Code is no name here: a reference page's code spans are its examples and
    the entries it documents, and two pages' examples differ without disagreeing. Nor are function words,
    days and months (dates are read as dates) names."""
    asked = _stems_of(question)
    where = _name_asked(question) == "where"
    tokens = _TOKEN.findall(sentence.replace("**", "").replace("__", ""))
    out: list[str] = []
    run: list[str] = []
    for k, tok in enumerate(tokens):
        acronym = _ACRONYM.match(tok) is not None
        name = (acronym or _NAME_WORD.fullmatch(tok) is not None) and tok.lower() not in _NOT_NAMES
        name = name and stem(tok.lower()) not in asked
        if name and not acronym and not run and (k == 0 or tokens[k - 1] in _OPENS_AFTER) and tok.lower() not in known:
            after = tokens[k + 1 : k + 3]
            name = len(after) == 2 and after[0] in (",", "and", "or") and _NAME_WORD.fullmatch(after[1]) is not None
        if name and where and not run and (k == 0 or tokens[k - 1].lower() not in _PLACE_BEFORE):
            name = bool(out) and tokens[k - 1] in (",", "and", "or")  # "in Dublin, Ireland"
        if name:
            run.append(tok)
        elif run:
            out.append(" ".join(run))
            run.clear()
    if run:
        out.append(" ".join(run))
    return list(dict.fromkeys(out))


Value = Quantity


def canonical(value: Quantity) -> str:
    """The value in one form for every wording: "money 50 USD/day", "duration 1209600 s", "date 2026-03-01",
    a date without its year "date --03-14" (ISO 8601's form), "time 18:30"."""
    if value.kind == ValueKind.DATE:
        if value.unit == _YEARLY:
            return f"date --{int(value.amount) // 100:02d}-{int(value.amount) % 100:02d}"
        return f"date {date.fromordinal(int(value.amount)).isoformat()}"
    if value.kind == ValueKind.TIME:
        return f"time {int(value.amount) // 60:02d}:{int(value.amount) % 60:02d}"
    if value.kind == ValueKind.NAME:
        return f"name {value.text.casefold()}"
    per = f"/{value.per}" if value.per else ""
    return f"{value.kind} {value.amount:.15g} {value.unit}{per}"


# The units of dates: a day (its ordinal, `date.toordinal`), or a day of a month in any year (month x 100 + day).
# The two are not compared: "March 14" may be the same day as "14 March 2026".
_DAY = "day"
_YEARLY = "day of a year"


def _amount(match: re.Match[str]) -> float | None:
    num = match.groupdict().get("num")
    if num:
        return float(num.replace(",", ""))
    word = match.groupdict().get("word")
    return float(_NUMBER_WORDS[word.lower()]) if word else None


def _minutes(match: re.Match[str]) -> int:
    """Minutes after midnight of a `_CLOCK` match."""
    named = (match.group("named") or "").lower()
    if named:
        return 0 if named == "midnight" else 12 * 60
    if match.group("h24") is not None:
        return int(match.group("h24")) * 60 + int(match.group("m24"))
    hour = int(match.group("h")) % 12 + (12 if match.group("ap").lower() == "p" else 0)
    return hour * 60 + int(match.group("m") or 0)


def _per(match: re.Match[str]) -> str | None:
    per = match.groupdict().get("per")
    if not per:
        return None
    first = singular(per.split()[0])
    return None if first in ("the", "your", "our", "their", "its", "this", "that") else first


def values_in(text: str) -> list[Quantity]:
    """Every value `text` states, in order of kind (money, durations, sizes, shares, dates, times of day,
    counts)."""
    out: list[Quantity] = []
    taken: list[tuple[int, int]] = []

    def free(m: re.Match[str]) -> bool:
        return not any(m.start() < e and s < m.end() for s, e in taken)

    for m in [*_MONEY_SIGN.finditer(text), *_MONEY_WORD.finditer(text)]:
        amount = _amount(m)
        if amount is None or not free(m):
            continue
        amount *= _SCALE.get((m.group("scale") or "").lower(), 1.0)
        sign = m.groupdict().get("sign")
        unit = _CURRENCY_SIGNS[sign] if sign else _CURRENCY_WORDS[m.group("cur").lower()]
        if unit == "USD/100":
            unit, amount = "USD", amount / 100
        out.append(Quantity(ValueKind.MONEY, amount, unit, _per(m), m.group(0)))
        taken.append(m.span())
    for pattern, kind, amount, unit in _SAID_IN_WORDS:
        for m in pattern.finditer(text):
            if free(m):
                out.append(Quantity(kind, amount, unit, None, m.group(0)))
                taken.append(m.span())
    for m in _DURATION.finditer(text):
        amount = _amount(m)
        if amount is None or not free(m):
            continue
        amount += 0.5 if m.group("half1") or m.group("half2") else 0.0
        unit = m.group("unit").lower()
        if unit in _MONTHS:
            out.append(Quantity(ValueKind.DURATION, amount * _MONTHS[unit], "month", None, m.group(0)))
        else:
            out.append(Quantity(ValueKind.DURATION, amount * _SECONDS[unit], "s", None, m.group(0)))
        taken.append(m.span())
    for m in _SIZE.finditer(text):
        if not free(m):
            continue
        amount = float(m.group("num").replace(",", "")) * _BYTES[m.group("unit").lower()]
        out.append(Quantity(ValueKind.SIZE, amount, "B", _per(m), m.group(0)))
        taken.append(m.span())
    for m in _PERCENT.finditer(text):
        if free(m):
            out.append(Quantity(ValueKind.PERCENT, float(m.group("num").replace(",", "")), "%", None, m.group(0)))
            taken.append(m.span())
    for m in _DATE.finditer(text):
        if not free(m):
            continue
        iso = m.group("iso")
        if iso is None:
            day, month, year = (
                (m.group("d1"), m.group("m1"), m.group("y1"))
                if m.group("d1")
                else (m.group("d2"), m.group("m2"), m.group("y2"))
            )
            number = _MONTH_NAMES.split("|").index(month.lower()) + 1
            iso = f"{int(year):04d}-{number:02d}-{int(day):02d}"
        try:
            day_number = date.fromisoformat(iso).toordinal()
        except ValueError:  # "2026-02-30" names no day
            continue
        out.append(Quantity(ValueKind.DATE, float(day_number), _DAY, None, m.group(0)))
        taken.append(m.span())
    for m in _DAY_OF_MONTH.finditer(text):
        if not free(m):
            continue
        month, day = (m.group("m3"), m.group("d3")) if m.group("m3") else (m.group("m4"), m.group("d4"))
        number = _MONTH_NAMES.split("|").index(month.lower()) + 1
        out.append(Quantity(ValueKind.DATE, float(number * 100 + int(day)), _YEARLY, None, m.group(0)))
        taken.append(m.span())
    for m in _CLOCK.finditer(text):
        if not free(m):
            continue
        out.append(Quantity(ValueKind.TIME, float(_minutes(m)), "minute of the day", None, m.group(0)))
        taken.append(m.span())
    for m in _TIMES.finditer(text):
        if free(m):
            out.append(Quantity(ValueKind.COUNT, float(_TIMES_WORDS[m.group(0).lower()]), "time", None, m.group(0)))
            taken.append(m.span())
    for m in _UNLIMITED.finditer(text):
        noun = singular(m.group("noun") or m.group("noun2"))
        if free(m) and noun not in _SECONDS and noun not in _MONTHS and noun not in _BYTES:
            out.append(Quantity(ValueKind.COUNT, math.inf, noun, None, m.group(0)))
            taken.append(m.span())
    for m in _COUNT.finditer(text):
        amount = _amount(m)
        if amount is None or not free(m) or (m.group("word") and m.group("word").lower() in ("a", "an")):
            continue
        noun = singular(m.group("noun"))
        if noun in _SECONDS or noun in _MONTHS or noun in _BYTES or noun in ("percent", "per"):
            continue
        out.append(Quantity(ValueKind.COUNT, amount, noun, None, m.group(0)))
        taken.append(m.span())
    return out


@lru_cache(maxsize=4096)
def asked_kinds(question: str) -> tuple[ValueKind, ...]:
    """The kinds of value `question` asks for, most specific first; empty when its wording asks for none. A
    name (`ValueKind.NAME`) only when no figure is asked: "Which plan includes SSO?"."""
    kinds = tuple(kind for kind, pattern in _ASKS if pattern.search(question))
    return kinds or ((ValueKind.NAME,) if _name_asked(question) else ())


def says_what_is_named(question: str, sentence: str, place: str = "") -> bool:
    """Does `sentence` (under `place`, its page title and headings) say the kind of thing `question` asks a
    name of, in any form (its first four letters), where it asks one? A name answers "Which hash algorithm
    ...?" only from a sentence about hash algorithms: "Needs Python 3.14+." names a requirement, not one.
    Any sentence for a question that asks no name, or asks where."""
    noun = _name_asked(question) if asks_name(question) else None
    return noun is None or noun == "where" or stem(noun) in _stems_of(f"{place} {sentence}")


def _stems_of(text: str) -> frozenset[str]:
    """The stems (`words.stem`) of the words of `text`, lower case."""
    return stems(w.lower() for w in re.findall(r"[A-Za-z][\w-]*", text))


def asks_name(question: str) -> bool:
    """Does `question` ask for a name (`ValueKind.NAME`): which one of a kind of thing, or where?"""
    return ValueKind.NAME in asked_kinds(question)


def asks_figure(question: str) -> bool:
    """Does `question` ask for a figure (an amount, a span, a size, a share, a count, a date or a time)?"""
    return any(kind != ValueKind.NAME for kind in asked_kinds(question))


def asking_words(question: str, kind: str) -> str:
    """The words of `question` that ask for a value of `kind` ("how long", "cost", "how many", "which plan"),
    joined."""
    if kind == ValueKind.NAME:
        noun = _name_asked(question)
        return f"which {noun}" if noun else ""
    return " ".join(m.group(0) for k, pattern in _ASKS if k == kind for m in pattern.finditer(question))


def _in_question(value: Quantity, question: str) -> bool:
    return any(v.same(value) for v in _question_values(question))


@lru_cache(maxsize=1024)
def _question_values(question: str) -> tuple[Quantity, ...]:
    """The values `question` states itself, read once per question rather than once per value compared."""
    return tuple(values_in(question))


def _rate_asked(per: str) -> re.Pattern[str]:
    """A question's wording of a rate per `per`: "per day", "each user", "every week", "/month"."""
    return re.compile(rf"\b(?:per|each|every)\s+{re.escape(per)}s?\b|/\s*{re.escape(per)}\b", re.I)


def _bare_ages(sentence: str) -> list[Quantity]:
    """The ages `sentence` states as bare numbers of years (`_BARE_AGE`), as spans."""
    return [
        Quantity(ValueKind.DURATION, 12.0 * int(m.group("num") or m.group("num2")), "month", None, m.group(0))
        for m in _BARE_AGE.finditer(sentence)
    ]


# A row of a Markdown table, and a cell that states a bare number (with a rate at most: "8 per month").
_TABLE_ROW = re.compile(r"^\s*\|(?P<cells>.*)\|\s*$")
_BARE_CELL = re.compile(rf"^\s*(?:{_DIGITS})(?=\s*(?:$|(?:per|a|an|each|every)\b|/))", re.I)


def cells_named(text: str) -> str:
    """`text` with each table cell that states a bare number followed by its column's header: a figure in a
    table counts what the header names. Under "Day passes", the Flex row's "8 per month" reads "8 Day
    passes per month"; under "Seats", "12" reads "12 Seats"; under "Minutes", "30" reads "30 Minutes". Text
    that holds no table comes back as it is."""
    if "|" not in text:
        return text
    out: list[str] = []
    header: list[str] | None = None
    for line in text.split("\n"):
        row = _TABLE_ROW.match(line)
        if row is None:
            header = None
            out.append(line)
            continue
        cells = row["cells"].split("|")
        if header is None:
            header = [c.strip() for c in cells]
        elif not all(set(c.strip()) <= set("-: ") for c in cells):
            named = []
            for k, cell in enumerate(cells):
                bare = _BARE_CELL.match(cell)
                title = header[k] if k < len(header) else ""
                if bare is not None and re.match(r"[^\W\d_]", title):
                    cell = f"{cell[: bare.end()]} {title}{cell[bare.end() :]}"
                named.append(cell)
            line = "|" + "|".join(named) + "|"
        out.append(line)
    return "\n".join(out)


# "How many day passes ...": a unit of time that names a kind of thing counted, not a span.
_COUNTED_COMPOUND = re.compile(rf"\bhow many (?P<unit>{_TIME_UNIT}) (?P<noun>[a-z]{{3,}})\b", re.I)


@lru_cache(maxsize=1024)
def _compound_pattern(question: str) -> re.Pattern[str] | None:
    """How a sentence states a count of what `question` counts by a name that opens with a unit of time
    ("10 day passes"), compiled once per question; None when it counts no such thing."""
    asked = _COUNTED_COMPOUND.search(question)
    if asked is None or asked["noun"].lower() in _SECONDS or asked["noun"].lower() in _MONTHS:
        return None
    unit, noun = re.escape(asked["unit"]), re.escape(singular(asked["noun"])[:4])
    return re.compile(rf"(?:{_AMOUNT})[\s-]+{unit}s?[\s-]+(?P<noun>{noun}[a-z]*)\b", re.I)


def _compound_counts(question: str, sentence: str) -> list[Quantity]:
    """The counts `sentence` states of a thing `question` counts by a name that opens with a unit of time:
    "10 day passes" for "How many day passes come with the plan?" is a count of passes, not a span of 10
    days; "2 night stays" for "How many night stays ...?" a count of stays."""
    pattern = _compound_pattern(question)
    if pattern is None:
        return []
    out = []
    for m in pattern.finditer(sentence):
        amount = _amount(m)
        if amount is not None:
            out.append(Quantity(ValueKind.COUNT, amount, singular(m["noun"]), None, m.group(0)))
    return out


# "How many Makerspace sessions ...", "the maximum number of attributes ...": the noun phrase counted.
HOW_MANY = re.compile(r"\bhow many\s+((?:[\w'-]+\s+){0,2}[\w'-]+)", re.I)
_NUMBER_OF = re.compile(r"\bnumbers? of\s+((?:[\w'-]+\s+){0,2}[\w'-]+)", re.I)
# Words that end the counted noun phrase: function words, modal verbs and quantifiers ("... can I book").
_ENDS_PHRASE = FUNCTION_WORDS | CLOSED_CLASS


def counted_noun(question: str, numbered: bool = False) -> str | None:
    """What `question` counts, if it asks "how many ..." (or, with `numbered`, "the number of ..."): the head
    of the noun phrase, which in English is its last noun and, counted, a plural ("sessions" in "How many
    Makerspace sessions can I book?", "keys" in "How many active API keys ...?", "tries" in "How many wrong PIN
    tries ..."). The phrase ends at the first function word (up to three words); an irregular plural ("people",
    "children") leaves no word in -s, and then its first word is the noun ("periods" in "How many periods does
    a chart show?")."""
    counted = HOW_MANY.search(question) or (_NUMBER_OF.search(question) if numbered else None)
    if counted is None:
        return None
    phrase: list[str] = []
    for word in counted.group(1).split():
        if word.lower() in _ENDS_PHRASE:
            break
        phrase.append(word)
    plural = [w for w in phrase if singular(w) != w.lower()]
    return plural[-1] if plural else next(iter(phrase), None)


def of_what_is_counted(question: str, sentence: str, found: tuple[Quantity, ...]) -> tuple[Quantity, ...]:
    """`found` (values of `sentence`) without the counts of other things than the one `question` counts
    (`counted_noun`), for comparing pages: "One way" and "two ways" are no numbers of attributes, and two pages
    that count ways do not disagree on how many attributes a class can have. The thing may stand up to two
    words after the count ("20 active webhooks"), and the count is then of it, comparable with "50 webhooks".
    Whether a sentence states a figure at all is not judged by this: "A pass admits 2 adults." answers "How
    many people ...?" in other words."""
    noun = counted_noun(question, numbered=True)
    if noun is None:
        return found
    asked = singular(noun)
    kept: list[Quantity] = []
    for v in found:
        if v.kind != ValueKind.COUNT:
            kept.append(v)
            continue
        at = sentence.find(v.text)
        after = re.findall(r"[A-Za-z][\w-]*", sentence[at + len(v.text) :])[:2] if at >= 0 else []
        if any(stem(singular(w)) == stem(asked) for w in [v.unit, *after]):
            kept.append(replace(v, unit=asked))
    return tuple(kept)


def compared_values(question: str, sentence: str) -> tuple[Quantity, ...]:
    """The values `sentence` states for `question` (`stated_values`) as pages are compared for a conflict:
    counts only of what the question counts (`of_what_is_counted`)."""
    return of_what_is_counted(question, sentence, stated_values(question, sentence))


def stated_values(question: str, sentence: str, known: frozenset[str] = frozenset()) -> tuple[Quantity, ...]:
    """The values of `sentence` of the first kind `question` asks for that the sentence states, less those
    the question states itself. For a question asking an age, a bare number of years ("You must be at
    least 18.", "65 and over") is an age, where the sentence states no span with its unit. A table cell's
    bare figure counts what its column header names (`cells_named`), and a thing the question counts by a
    name that opens with a unit of time ("day passes") is counted, not read as a span (`_compound_counts`). For a
    question asking a name, the names the sentence states (`names_in`, with the heading words `known`)."""
    sentence = cells_named(sentence)
    if asked_kinds(question) == (ValueKind.NAME,):
        return tuple(Quantity(NAME, 0.0, "", None, name) for name in names_in(question, sentence, known))
    found = [v for v in values_in(sentence) if not _in_question(v, question)]
    compound = _compound_counts(question, sentence)
    if compound:
        found = [v for v in found if not any(v.text in c.text for c in compound)] + compound
    if _AGE_ASKED.search(question) and not any(v.kind == ValueKind.DURATION for v in found):
        found += [v for v in _bare_ages(sentence) if not _in_question(v, question)]
    # A rate per the thing the question asks about is that thing's value: "$25 per tool" is the fee for "a
    # tool" the question names, as "$20" is. A rate the question asks for ("How much is it per day?") stays.
    if any(v.per is not None for v in found):
        asked_of = {singular(w) for w in re.findall(r"[a-z]+", question.lower())}
        found = [
            replace(v, per=None)
            if v.per is not None and v.per in asked_of and not _rate_asked(v.per).search(question)
            else v
            for v in found
        ]
    for kind in asked_kinds(question):
        mine = tuple(v for v in found if v.kind == kind)
        if mine:
            return mine
    return ()


def stated_value(question: str, sentence: str) -> Quantity | None:
    """The first value `sentence` states for what `question` asks (`stated_values`), or None."""
    found = stated_values(question, sentence)
    return found[0] if found else None


__all__ = [
    "HOW_MANY",
    "Value",
    "ValueKind",
    "asked_kinds",
    "asks_figure",
    "asks_name",
    "canonical",
    "compared_values",
    "counted_noun",
    "names_in",
    "of_what_is_counted",
    "says_what_is_named",
    "stated_value",
    "stated_values",
    "values_in",
]
