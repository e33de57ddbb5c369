"""What kind of answer a question asks for, and whether a sentence states one. Pure.

"How many charts fit on one dashboard?" is answered by a number and "When was the park established?" by
a time. A sentence on the topic that states neither ("The Cerro Blanco caldera is wide.", "Pontresina has
a population (as of ) of .") does not answer, however well a model scores it: the answerability models
score the sentence's shape and topic, and a page whose figures were lost in extraction still has both.

Only two kinds are recognised, and only from wordings that leave no doubt. A documentation "when" in the
present tense ("When does Lumen email me?") is usually answered by a condition ("when the export is
ready"), so only the past tense ("When was ...", "When did ...") and "what year" ask for a time.

`fit` goes finer, for ranking sentences only (the gate never judges by it): a count of the thing asked
about ("40 charts"), a span of time or length for "how long", a clock time, a price, a version number, a
command, an instruction for "how do I ...", the default for "what is the default ...".
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Sequence
from enum import StrEnum
from functools import lru_cache

from answerable.core.types import Quantity, Term
from answerable.signals.defaults import states_default
from answerable.signals.mismatch import asks_whether
from answerable.signals.values import HOW_MANY, ValueKind, asking_words, counted_noun, names_in, values_in
from answerable.text.units import entry_names, table_parts
from answerable.text.words import CLOSED_CLASS, FUNCTION_WORDS, content_tokens, singular, stem, stems


class Kind(StrEnum):
    QUANTITY = "quantity"  # how many, how much, how long, how often, a population, a percentage
    TIME = "time"  # when (past tense), what year, what date, which century

    @property
    def noun(self) -> str:
        """What a sentence must state, in words for a reader."""
        return "figure" if self is Kind.QUANTITY else "date or time"


# A share of a whole is asked ("What percentage of Venice's residents died ...?"); a count or a year is
# no answer to it ("Plague occurred in Venice 22 times between 1361 and 1528.").
_PROPORTION = (
    r"\bwhat (?:is|was|are|were) the (?:\w+ )?(?:percentage|proportion|fraction)\b"
    r"|\bwhat (?:percentage|percent|proportion|fraction)\b"
)
_PROPORTION_ASKED = re.compile(_PROPORTION, re.I)
# A noun that names a figure asks for one when the question asks which one it is: "What timeout does the
# client use?", "Which port does it listen on?", "What is the default status code?". An exit or HTTP status
# code is a number; an error code is left out, as it is often a name ("E309", "ENOENT"). Followed by a word
# that makes the phrase a name ("What timeout setting ...?"), it asks for the name, not the figure.
_FIGURE_NOUN = r"(?:time-?outs?|(?:status|exit|return|response|http) codes?|ports?(?: numbers?)?)"
# The words after such a noun that make the phrase the name of a thing ("timeout setting", "port option").
_NAMING_NOUNS = (
    r"settings?|options?|parameters?|variables?|arguments?|flags?|fields?|keys?|names?|errors?|exceptions?|"
    r"class(?:es)?|headers?|modes?"
)
_FIGURE_NOUN_ASKED = (
    r"(?:\b(?:what|which)|\bwhat(?:'s|\s+(?:is|was|are|were))\s+the)\s+(?:[\w-]+\s+){0,2}?"
    rf"{_FIGURE_NOUN}\b(?!\s+(?:{_NAMING_NOUNS}|expire[sd]?|expiring|runs?|passes?|happens?)\b)"
)
_QUANTITY_ASKED = re.compile(
    r"\bhow (?:many|much|long|large|big|wide|tall|high|deep|far|old|heavy|fast|often|frequently)\b(?!-)"
    rf"|\bwhat (?:is|was|are|were) the (?:\w+ )?population\b|\bwhat number of\b|{_PROPORTION}"
    # "What is the maximum number of standby names ...?", "What is the highest value max_connections can take?":
    # an extreme of a measure asks its figure ("What is the largest city?" asks a name).
    r"|\bwhat(?:'s|\s+(?:is|was|are|were))\s+the\s+(?:maximum|minimum|max|min|highest|lowest|largest|smallest|"
    r"longest|shortest)\s+(?:[\w-]+\s+){0,2}?(?:number|value|length|size|amount|count|limit|duration|"
    r"timeout|period|age|width|height)s?\b"
    rf"|{_FIGURE_NOUN_ASKED}",
    re.I,
)
# "What date format ...?", "Which date field ...?": a time word before a noun that heads the phrase only says
# which format, field or setting is asked, as "What timeout setting ...?" does (`_FIGURE_NOUN_ASKED`).
_TIME_MODIFIES = (
    r"(?![\w-]*\s+(?:formats?|fields?|columns?|types?|strings?|pickers?|filters?|settings?|options?|"
    r"parameters?|variables?|arguments?|flags?|keys?|names?|functions?|methods?|class(?:es)?|headers?|modes?)\b)"
)
_TIME_ASKED = re.compile(
    r"^\W*(?:and |also |but )?when (?:was|were|did|had)\b"
    rf"|\b(?:what|which) (?:years?|dates?|decades?|century|centuries)\b{_TIME_MODIFIES}"
    r"|\bon what day\b",
    re.I,
)

_NUMBER_WORDS = (
    r"one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|"
    r"seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundreds?|"
    r"thousands?|millions?|billions?|trillions?|dozens?|half|halves|percent|once|twice|single|double|triple|none|"
    r"(?:a|one|two|three|four) (?:thirds?|quarters?|fifths?|tenths?)"  # "a third", not "third-gender"
)
_NUMBER_WORD = re.compile(rf"\b(?:{_NUMBER_WORDS})\b", re.I)
_NOT_A_COUNT_OF = frozenset(["once", "twice", "none", "percent", "half", "halves"])
# "May" is left out: as a verb it is in every other sentence, and as a month it comes with a day or year.
_MONTHS = r"january|february|march|april|june|july|august|september|october|november|december"
# "one" that counts nothing: "one or more team folders", "one of the owners", "one by one", "no one".
_NO_NUMBER_ONE = re.compile(r"\b(?:one (?:or more|of|another|by one)|no one|any one)\b", re.I)
# A number or a figure in words, or a span in words ("a few days").
_QUANTITY_STATED = re.compile(
    rf"\d|\b(?:{_NUMBER_WORDS}|(?:a|an|a few|several) "
    r"(?:seconds?|minutes?|hours?|days?|weeks?|months?|years?|decades?))\b",
    re.I,
)
# Words that state a quantity without a number, each only for the form of question it answers: "free" is a
# price ("How much does a replacement card cost?"), not a span ("How long is the free trial?" is not answered
# by "The trial is free."); "every" and "daily" are a frequency, not a count ("How many owners does a
# workspace need?" is not answered by "Every workspace needs an owner."); "forever" and "immediately" a span.
_WORDED = (
    (re.compile(r"\bhow much\b|\b(?:cost|price|fee|charge|pay)\b", re.I), r"free|no charge|no cost"),
    (
        re.compile(r"\bhow (?:often|frequently)\b", re.I),
        r"every|hourly|daily|weekly|monthly|yearly|annually|continuously|constantly",
    ),
    (
        re.compile(r"\bhow (?:long|soon|quickly|fast)\b", re.I),
        r"forever|indefinitely|permanently|as long as|immediately|instantly|at once|right away|overnight|"
        r"unlimited|no limit",
    ),
    (re.compile(r"\bhow (?:many|much)\b|\b(?:limit|maximum|most)\b", re.I), r"unlimited|infinite|no limit|any number"),
    # "What timeout does the client use?" is answered by "It waits forever." or "Timeouts are disabled."
    (re.compile(r"\btime-?outs?\b", re.I), r"never|forever|indefinitely|disabled|unlimited|no limit|no timeout"),
)


def _worded(question: str) -> re.Pattern[str] | None:
    """The words that state a quantity for this form of question without a number; None when it has none."""
    words = [w for asked, w in _WORDED if not question or asked.search(question)]  # no question: any form
    return re.compile(rf"\b(?:{'|'.join(words)})\b", re.I) if words else None


_FRACTIONS = r"halves|thirds?|quarters?|fifths?|sixths?|sevenths?|eighths?|ninths?|tenths?"
_PROPORTION_STATED = re.compile(
    rf"(?:\d|\b(?:{_NUMBER_WORDS}))[- ]?(?:%|per ?cent\b)|\bhalf\b"
    rf"|\b(?:a|one|two|three|four|five|six|seven|eight|nine)[- ](?:{_FRACTIONS})\b"
    r"|\b(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten) (?:in|out of) (?:every )?"
    r"(?:\d+|two|three|four|five|six|seven|eight|nine|ten|a hundred|a thousand)\b",
    re.I,
)
_TIME_STATED = re.compile(
    rf"\d|\b(?:{_MONTHS}|centur(?:y|ies)|decades?|millenni(?:um|a)|bce?|ad|"
    rf"today|yesterday|ago|spring|summer|autumn|winter|(?:a|the) (?:year|decade) (?:later|earlier|before|after))\b",
    re.I,
)


def asked(question: str) -> Kind | None:
    """The kind of answer `question` asks for, when its wording says so plainly; else None. A question that
    asks for a way to find something out (`_WAY_TO_FIND`) asks for no kind."""
    if _WAY_TO_FIND.search(question):
        return None
    if _QUANTITY_ASKED.search(question):
        return Kind.QUANTITY
    if _TIME_ASKED.search(question):
        return Kind.TIME
    return None


_FIGURE = re.compile(r"\d(?:[\d,.]*\d)?")
_YEAR = re.compile(r"(?:1\d|20)\d\d")
_COUNT_ASKED = re.compile(r"\bhow (?:many|much)\b", re.I)
_LATEST_YEAR = 2100  # a bare number above it is a code, a count or an amount, not a year...
_ERA_AFTER = re.compile(r"\W{0,3}(?:years?|yrs?|bp|bce?|ce|ad|million|billion)\b", re.I)  # ...unless dated so
_TIME_UNITS = r"seconds?|minutes?|hours?|days?|nights?|weeks?|months?|years?|decades?|centur(?:y|ies)|millenni(?:um|a)"
# What makes a number of one or two digits a time: an ordinal or a decade ("5th", "the 90s"), a clock
# ("9:30", "5 pm"), an era ("AD"), or a unit of time ("14 days after").
_SMALL_TIME_AFTER = re.compile(
    rf"(?:st|nd|rd|th|s)\b|:\d|\s*(?:[ap]\.?m\b|o'clock|bce?\b|ce\b|ad\b|bp\b|(?:{_TIME_UNITS})\b)",
    re.I,
)
_CURRENCY = "$€£¥"  # a sign before a figure makes it a price (`_MONEY` reads the same signs)
_PERCENT_AFTER = re.compile(r"\s?(?:%|percent\b|per cent\b)", re.I)


def states(kind: Kind, text: str, question: str = "") -> bool:
    """Does `text` state an answer of this kind (a figure for a quantity, a time for a time)?

    A figure `question` already states, in digits or in words, is not the answer ("How many people lived
    in Oslo in 1654?" is not answered by "The plague ravaged Oslo in 1654.", nor "How many tasks can a
    single response run?" by "Adds a single task to a response."), a year is no count ("How many schools
    does the university have?" is not answered by "Elliot (born 1962) is a professor there."), a
    number no year, day or hour could be is no time ("When was the vault created?" is not answered by
    "Unseal it with --code 7781.", nor by "about 25,000 visitors"), nor is a percentage or a price
    ("killed 30-60% of Europe's population", "$1500"), nor a number of one or two digits unless it reads
    as a day, an hour, a decade or a span ("between 24 and 80 comb rows" is no answer to "When did the
    first tentacles form?"; "14 days after", "the 90s", "9 am" are), and digits that follow a letter are
    part of a name ("`POST /v2/webhooks`" states no count of webhooks, "error E309" no time), as are digits in
    parentheses written against a name ("exec(3)", a manual section; "setuid(2)"). A share of a
    whole ("What percentage of Venice's residents died ...?") is stated only as a percentage, a fraction or
    "one in three", not as a count ("Plague occurred in Venice 22 times"). A "one" that counts nothing ("one or
    more team folders", "one of the owners") states no quantity. A fenced code block states none either,
    unless the question asks for code (`_as_stated`).
    """
    text = _as_stated(question, text)
    given = set(_FIGURE.findall(question))
    counting = kind is Kind.QUANTITY and _COUNT_ASKED.search(question) is not None
    timing = kind is Kind.TIME

    def figure(m: re.Match[str]) -> str:
        f, before = m.group(0), m.string[m.start() - 1 : m.start()]
        called = before == "(" and m.string[max(m.start() - 2, 0) : m.start() - 1].isalnum()
        if f in given or (counting and before != "=" and _YEAR.fullmatch(f)) or before.isalpha() or called:
            # a figure the question gives, a year for a count (not a value given to a name: `max_files=1000`),
            # a name's digits ("v2", "E309"), or a manual section or a call's argument written against a name
            # ("exec(3)", "setuid(2)")
            return " "
        if not timing:
            return f
        if (before and before in _CURRENCY) or _PERCENT_AFTER.match(m.string, m.end()):
            return " "  # an amount, not a year
        if "," in f or (f.isdigit() and int(f) > _LATEST_YEAR):
            return f if _ERA_AFTER.match(m.string, m.end()) else " "  # "74,000 (BP", "25,000 years"
        if f.isdigit() and len(f) <= 2 and not _SMALL_TIME_AFTER.match(m.string, m.end()):
            return " "  # "between 24 and 80 comb rows": a small number is a time only as a day, hour or span
        return f

    read = _FIGURE.sub(figure, text)
    if kind is Kind.QUANTITY:
        read = _NO_NUMBER_ONE.sub(" ", read)
        # a number in words the question states of a thing is given as a figure is ("How many tasks can a
        # single response run?" is not answered by "Used to add a single task to a response."); "once",
        # "half" and the like are no count of a thing ("Once it is verified, how long ...?")
        said = {w.lower() for w in _NUMBER_WORD.findall(question)} - _NOT_A_COUNT_OF
        if said:
            read = _NUMBER_WORD.sub(lambda m: " " if m.group(0).lower() in said else m.group(0), read)
    if kind is Kind.QUANTITY and _PROPORTION_ASKED.search(question):
        return _PROPORTION_STATED.search(read) is not None
    if kind is Kind.QUANTITY:
        worded = _worded(question)
        if counting and _EQUAL_COUNT.search(read) is not None:
            return True
        return _QUANTITY_STATED.search(read) is not None or (worded is not None and worded.search(read) is not None)
    return _TIME_STATED.search(read) is not None


# A length is also a text's: "How long can the reference be?" is answered by "up to 64 characters".
_LENGTH_UNITS = (
    r"(?:milli|centi|kilo)?met(?:er|re)s?|mm|cm|km|miles?|feet|foot|ft|inch(?:es)?|yards?|light-years?"
    r"|characters?|chars|letters?|digits?|words?|lines?"
)
_AMOUNT = rf"(?:\d[\d,.]*[- ]?|(?:{_NUMBER_WORDS}|a few|several|many|a couple of|an?)[- ])"
_QUALIFIER = r"(?:(?:more|full|whole|extra|business|calendar|working)[- ])?"
# "24 hours", "within 30 business days", "2.5 km"; not a frequency ("once a year", "per day", "every week")
# nor a rate ("90 days per download").
_SPAN = re.compile(
    rf"(?<!once )(?<!twice )(?<!per )(?<!every )(?<!each )\b{_AMOUNT}{_QUALIFIER}(?:{_TIME_UNITS}|{_LENGTH_UNITS})\b"
    r"(?! (?:per|each|every|an?)\b)"
    r"|\b(?:as long as|indefinitely|forever|permanently|immediately|instantly|overnight)\b",
    re.I,
)
_CLOCK = re.compile(
    r"\b\d{1,2}:\d\d\b|\b\d{1,2} ?[ap]\.?m\b|\b(?:noon|midday|midnight|dawn|dusk|sunrise|sunset|"
    r"morning|afternoon|evening|night)\b",
    re.I,
)
_MONEY = re.compile(rf"[{_CURRENCY}] ?\d|\d(?:[\d,.]*\d)? ?(?:dollars|euros|pounds|cents|usd|eur|gbp)\b", re.I)
# "How far back does history go?" asks how far into the past: a span too.
_SPAN_ASKED = re.compile(r"\bhow (?:long|soon|quickly|far back)\b", re.I)
# A timeout is a length of time: "What timeout does the client use by default?" is answered by a span ("30
# seconds", a number whose setting names its unit) or by there being none ("no timeout", "waits forever"), not
# by another figure of the page ("from version 0.10.0 onwards", "up to 3 retries"). A timeout named as a
# setting ("Which timeout option ...?") asks for the setting's name.
_TIMEOUT_ASKED = re.compile(
    rf"^\W*(?:what|which)\b[^?]*\btime-?outs?\b(?![\w-])(?!\s+(?:{_NAMING_NOUNS})\b)",
    re.I,
)
_TIMEOUT_WORD = re.compile(r"time-?outs?", re.I)
_NO_TIMEOUT = re.compile(
    r"\bno (?:time-?out|time limit)\b|\bnever times? out\b|\bwaits? (?:indefinitely|forever)\b"
    r"|\b(?:disables?|turns? off) the time-?out\b|\btime-?out\b[^.;]{0,30}\b(?:is|to|of|:)\s*`?(?:None|0|null)`?",
    re.I,
)
_CLOCK_ASKED = re.compile(r"\b(?:what|which) time\b", re.I)
_MONEY_ASKED = re.compile(r"\bhow much (?:is|are|was|were|does|do|did|will|would|money|it)\b", re.I)
# "What SAML version does Lumen use?": a version number ("SAML 2.0", "v3", "version 15", "iOS 15"), not a
# sentence on the topic ("create a SAML app with the ACS URL ...").
# A release is asked and named as a version is: "Which TeX Live release does the image contain?" is answered
# by "TeX Live 2022" or "release 5.3", not by a sentence on what the image is for.
# "Version" or "release" naming what a thing is for is no version asked: "Which version source does Hatch use by
# default?" asks for a source ("The regex source is used by default."), as "release notes" ask for notes.
_VERSION_ASKED = re.compile(
    r"\b(?:what|which) (?:[\w.-]+ ){0,2}(?:versions?|releases?)\b"
    r"(?!\s+(?:notes?|dates?|schedules?|cycles?|process|channels?|sources?|schemes?|control|files?|patterns?|"
    r"fields?|keys?|tables?|settings?|options?|flags?|plugins?|hooks?|managers?)\b)",
    re.I,
)
_VERSION = re.compile(
    r"\b\d+(?:\.\d+)+\b|\b[vV]\d|\b[vV]ersions? \d|\b[rR]eleases? \d"
    # "iOS 15", "Node.js 20"
    r"|\b(?!(?:In|On|At|By|For|From|Since|Until|Up|To|About|Around|After|Before)\b)[a-z]*[A-Z]\w*(?:\.[a-z]+)?\s\d+\b"
)
# "What range of values can a smallint hold?": two figures as the ends of a range ("-32768 to +32767",
# "between 1 and 100", "0-255"), not a sentence about the type.
_RANGE_ASKED = re.compile(r"\b(?:what|which) (?:\w+ )?range\b", re.I)
_RANGE = re.compile(
    r"[-+−]?\d[\d,.]*\s*(?:to|through|[-–])\s*[-+−]?\d|\bbetween\s+[-+−]?\d[\d,.]*\S*\s+and\s+[-+−]?\d", re.I
)
# "What is the default conversion window?": a sentence that says what the default is ("The default is 7
# days"), not the definition before it ("The conversion window is the time a user has ...").
_DEFAULT_ASKED = re.compile(r"\bdefault\b", re.I)
_DEFAULT = re.compile(r"\bdefault(?:s|ed)?\b", re.I)
# "What command restores a deleted workspace?": a command, in a code span or after a shell prompt.
_COMMAND_ASKED = re.compile(r"\b(?:what|which) (?:\w+ )?commands?\b", re.I)
_COMMAND = re.compile(r"`[^`\n]+`|(?:^|\n)\s*\$ \S")
# "How do I see which version I'm running?" asks for a way to find something out, not for the thing: its
# answer is where to look ("Open Help > About"), and a version, count or date it does not need to state. The
# question word inside it ("which version", "how many", "when") names what the way finds. "How do I find out if
# my files are encrypted?" asks whether they are.
_WAY_TO_FIND = re.compile(
    r"^\W*(?:how|where) (?:do|can|should|would|could) (?:i|we|you|one|users?|admins?|customers?)\s+"
    r"(?:[a-z]+\s+)?(?:(?:see|check|find|view|look up|look at|confirm|verify)\s+"
    r"(?:which|what|how|when|where|whether|if|who)|(?:find out|tell|work out|figure out)\s+"
    r"(?:which|what|how|when|where|who))\b",
    re.I,
)
# "How do I rotate an API key?": the steps, in a sentence that instructs ("To rotate a key, open
# Settings > API keys ...", "Run `lumenctl ...`"), not one about the task ("The restore takes 5 minutes").
_STEPS_ASKED = re.compile(
    r"^\W*(?:how (?:do|can|should|would|could) (?:i|we|you|one|users?|admins?|customers?)|how to|"
    r"what are the steps to)\b(?! (?:know|tell|find out)\b)",
    re.I,
)
# What a code block answers: a way to do something ("How do I ...?", "How to ..."), a command, the syntax or
# an example of something, or what to write, type, run or install. To any other question ("What status do
# oversized requests get?", "Which compression level is the default?") a page's example is no answer.
_CODE_ASKED = re.compile(
    r"(?<!status )(?<!error )(?<!exit )(?<!return )(?<!response )(?<!country )(?<!zip )\bcode\b|"
    r"\b(?:commands?|syntax|examples?|snippets?|invoke|invocation|usage|write|put|add|type|enter|run|"
    r"install|call|import|declare|define|configure|set up|spell|format)\b",
    re.I,
)


# A question that asks for a reason: "Why does calling my command from Python exit?", "How come ...?".
_WHY_ASKED = re.compile(r"^\W*(?:why|how come)\b", re.I)


def asks_for_code(question: str) -> bool:
    """Does `question` ask for something a code block can be the answer to (`_CODE_ASKED`, a way to do or
    find something: `_STEPS_ASKED`, `_WAY_TO_FIND`)? Never one that asks why: code shows how something is
    written, not the reason for what it does ("Why does calling my click command from Python exit?" is not
    answered by an example that calls one, whatever words of code the question uses)."""
    if _WHY_ASKED.match(question):
        return False
    return any(p.search(question) for p in (_CODE_ASKED, _STEPS_ASKED, _WAY_TO_FIND))


# What code names: "Which argument of JWTStrategy takes the public key?" is answered by the example that passes
# `public_key=...` as well as by a sentence.
_CODE_NAME_ASKED = re.compile(
    r"\b(?:which|what)\s+(?:[\w-]+\s+)?(?:arguments?|parameters?|params?|options?|flags?|functions?|methods?|"
    r"class(?:es)?|attributes?|fields?|properties|property|variables?|keys?|settings?|modules?|decorators?|"
    r"keywords?|headers?|hooks?|entry points?|imports?|packages?)\b",
    re.I,
)


def code_may_answer(question: str) -> bool:
    """May a code block alone answer `question`: does it ask for code (`asks_for_code`) or for the name of
    something code names (an argument, option, function, class, setting: `_CODE_NAME_ASKED`)? "What response
    does an unverified user get?" is not answered by the route that checks it."""
    return asks_for_code(question) or _CODE_NAME_ASKED.search(question) is not None


def prose_of(text: str) -> str:
    """`text` without its fenced code blocks: what it says in words."""
    return _FENCED.sub(" ", text) if ("```" in text or "~~~" in text) else text


# What only introduces an example: "For example, to capture the context variables:", "Here's an example:".
_EXAMPLE_INTRO = re.compile(
    r"^\W*(?:for (?:example|instance)|e\.g\.|here(?:'s| is| are) (?:an? |some )?(?:\w+ )?examples?|"
    r"an? (?:\w+ )?example|examples?)\b[^.:!?]*:\s*$",
    re.I,
)


# A sentence that ends by introducing what follows: "... For example, one could write", "... as follows:".
_INTRODUCES = re.compile(
    r"(?::|\b(?:for example|for instance|e\.g\.|such as|like this|like so|as follows)\b[^.!?]*)\s*$", re.I
)


def introduces_example(sentence: str) -> bool:
    """Does `sentence` end by introducing what follows it ("... For example, one could write", "... like
    this:")? The example after it completes it."""
    return _INTRODUCES.search(prose_of(sentence)) is not None


def only_an_example(text: str) -> bool:
    """Is `text` (a drafted unit) code, or nothing in words but what introduces an example ("For example, to
    capture the context variables:", with or without its block)? It shows how something is written; it says
    nothing of whether or what. A sentence before a block that tells what to do ("Define an entry point
    called `themes` in your package:") says something of its own."""
    words = prose_of(text).strip()
    return not words or _EXAMPLE_INTRO.match(words) is not None


# "Who can invite members?": the one who does it, named before the verb ("Owners and Admins invite
# people ..."), not a sentence where the asker does it ("The number of members you can invite ...").
# The verb is written in lower case: "Who was Constance de Rabastens?" asks who she was, not what she did.
_ACTOR_ASKED = re.compile(
    r"^\W*who\s+(?:(?:can|could|will|would|should|may|must|is|are|was|were|has|have|had)\s+)?"
    # "Who is allowed to change ...": the verb asked about is "change".
    r"(?:(?:allowed|able|permitted|authori[sz]ed|(?:the\s+)?(?:permission|right|rights))\s+to\s+)?"
    r"(?P<verb>(?-i:[a-z]{3,}))\b",
    re.I,
)
_PRONOUNS = frozenset(["i", "you", "we", "they", "it", "he", "she", "one", "someone", "anyone", "nobody"])
_MODALS = r"(?:(?:can|could|will|would|should|may|must|also|only|cannot|can't|not|is|are|was|were|has|have|had)\s+)*"


def _names_actor(verb: str, text: str) -> bool:
    """Does `text` say who does `verb`: a word other than a pronoun or function word right before it?"""
    stem = re.escape(verb[: max(4, len(verb) - 2)].lower())
    for m in re.finditer(rf"\b(?P<actor>[\w-]+)\s+{_MODALS}{stem}\w*\b", text, re.I):
        actor = m["actor"].lower()
        if actor not in _PRONOUNS and actor not in _FUNCTION_WORDS:
            return True
    return False


_IMPERATIVE = (
    "open|run|click|go|select|choose|enter|type|set|use|create|add|turn|press|call|send|pass|navigate|install|"
    "enable|disable|contact|ask|email|visit|sign|log|copy|paste|remove|delete|invite|upload|download|"
    "configure|follow|give|generate|tap|drag|write|include|change|update|find|check|restart|save"
)
# An instruction: an imperative, a command or a menu path, or what to do said after its purpose ("To claim
# a credit, the workspace Owner contacts support within 30 days.").
_INSTRUCTION = re.compile(
    rf"^\W*(?:(?:to|in|on|from|if|when|once|before|after|first|then|next|finally)\b[^,]*,\s*)?(?:{_IMPERATIVE})\b"
    r"|^\W*to [a-z]+\b[^,.;:]*, \w"
    r"|`[^`\n]+`|\w \u203a \w|\w > \w",
    re.I,
)


def _instructs(text: str) -> bool:
    """Does `text` instruct (`_INSTRUCTION`): the steps of "how do I ...", the way of "how do I see which ..."?"""
    return _INSTRUCTION.search(text) is not None


# Words that are not the thing counted ("how many of the ...") and that part a count from its noun.
_FUNCTION_WORDS = FUNCTION_WORDS
_COUNT = re.compile(rf"\d[\d,.]*|{_NUMBER_WORDS}", re.I)


# A count of what was named before: "10 of them", "three of these".
_COUNT_OF_THEM = re.compile(rf"\b(?:\d[\d,.]*|{_NUMBER_WORDS}) of (?:them|these|those)\b", re.I)


# A number given to a name in code: `max_files=1000`, `workers = 4`.
_ASSIGNED = re.compile(r"\b(?P<name>[A-Za-z_]\w*)\s*=\s*\d")


# A count stated by what it equals, a number the reader knows: "Defaults to the number of CPUs in the system.",
# "is set to the number of cores", "one per CPU core", "as many as there are cores". Not "the number of parallel
# workers Black should use", which says what a setting is, not its value.
_EQUAL_COUNT = re.compile(
    r"\b(?:defaults?\s+to|(?:is|are)\s+set\s+to|equals?|equal\s+to|matches|same\s+as)\s+(?:the\s+)?"
    r"(?:number|count)\s+of\s+\w+"
    r"|\bone\s+(?:per|for\s+each|for\s+every)\s+(?:\w+\s+)?(?:cpus?|cores?|processors?|threads?|nodes?|hosts?|"
    r"machines?|servers?|workers?|users?|requests?|connections?|files?|databases?|tables?)\b"
    r"|\bas\s+many\s+as\s+there\s+are\b",
    re.I,
)


def read_under(place: str, text: str) -> str:
    """`text` after `place` (its page title and headings) where it counts what it names only by a pronoun or
    by what the count equals: under "## Backup codes", "Stowly generates 10 of them." counts backup codes, and
    under "`-W`, `--workers`", "Defaults to the number of CPUs in the system." counts workers (`_counts`). Any
    other text is read alone: a heading says what a section is about, not what each of its sentences states."""
    if place and (_COUNT_OF_THEM.search(text) or _EQUAL_COUNT.search(text)):
        return f"{place}. {text}"
    return text


def _counts(noun: str, text: str) -> bool:
    """Does `text` give a count of `noun` ("40 charts", "up to 10 active API keys")?

    The count stands before the noun with at most two words between, none of them a function word: "one
    country across all charts" counts countries, not charts. A count of "them" ("10 of them") counts the
    noun where the words before it name the noun (`read_under`: "Backup codes. Stowly generates 10 of
    them."), and a number given to a parameter named for the noun counts it (`max_files=1000`).
    """
    for m in (*_COUNT_OF_THEM.finditer(text), *_EQUAL_COUNT.finditer(text)):
        if singular(noun) in {singular(w.lower()) for w in re.findall(r"\w+", text[: m.start()])}:
            return True
    # A parameter named for the thing, given a number, counts it: `request.form(max_files=1000)`.
    for m in _ASSIGNED.finditer(text):
        if singular(noun) in {singular(part) for part in m["name"].lower().split("_")}:
            return True
    words = [w.strip(".,") for w in re.findall(r"[\w,.]+", text)]
    target = singular(noun)
    for i, word in enumerate(words):
        if singular(word) != target:
            continue
        for before in reversed(words[max(0, i - 3) : i]):
            if _COUNT.fullmatch(before):
                return True
            if before.lower() in _FUNCTION_WORDS:
                break
    return False


def counts_asked(question: str, text: str) -> bool:
    """Does `text` give a count of the very thing `question` asks how many of ("A chart shows up to 12
    periods." for "How many periods does a retention chart show?")?"""
    noun = counted_noun(question)
    return noun is not None and _counts(noun, _as_stated(question, text))


_WORD = re.compile(r"[^\W_][\w'-]*")
_NOT_CONTENT = _FUNCTION_WORDS | CLOSED_CLASS | frozenset(["how", "many", "much"])


def _words(text: str) -> set[str]:
    """The content words of `text`, lower case, without a plural "s"; a number in words is a figure, not
    a word of the topic ("one" of "How many charts fit on one dashboard?")."""
    return {
        w.removesuffix("s")
        for w in map(str.lower, _WORD.findall(text.replace("\u2019", "'")))
        if w not in _NOT_CONTENT and _NUMBER_WORD.fullmatch(w) is None
    }


def whether_terms(part: str) -> tuple[Term, ...]:
    """The words evidence must mention to answer `part`, one yes-or-no part of a question of several parts:
    each of its content words, matched by its first four letters ("instalments" by "instalment", "booking"
    by "book"; key "stem:...", `terms.Mentions`). Asked beside another part ("What Android version does the
    app need, and does it work on a smartwatch?"), such a part is put to the passages found for the whole
    question, and a sentence of the first part's page about something near it ("Older versions can't be
    updated, but you can still use the mobile website.") reads as answering it: a page that never says
    "smartwatch" says nothing of whether the app works on one. Empty for a part that asks something else."""
    if not asks_whether(part):
        return ()
    return tuple(Term(word, f"stem:{stem(word)}") for word in sorted(_words(part)))


def about_as_much(question: str, text: str, other: str) -> bool:
    """Does `text` mention every content word of `question` that `other` mentions?"""
    return _words(question) & _words(other) <= _words(text)


def speaks_of(question: str, page: str, answer: str, said: frozenset[str] = frozenset()) -> bool:
    """Does `page` speak of all that `answer` answers `question` about: every content word of the question
    the answer says, each by its first four letters ("Cancellations" says "cancel"), but a light verb
    ("get", "have": it names no topic) and the words the page's own value says (`said`, from
    `said_by_values`)? "Students save 20% on day passes." speaks of what "Students get 25% off." answers
    "What discount do students get?" about; "Your files are kept forever." does not speak of what "Backups
    are kept for 2 years." answers "How long are backups kept?" about."""
    asked = {w for w in _words(question) if w not in _LIGHT_VERBS and w not in said}
    return stems(asked) & stems(_words(answer)) <= stems(_words(page))


# The thing one part of a question asks which or what of: "permissions" of "what file permissions does it give
# postgresql.auto.conf?", "format" of "and which format does it write?".
# After "which" or "what": a word perhaps, the noun asked, and the verb of the question ("theme does", "image
# format does"); `quoting._WHICH_NOUN` reads a whole question's by it.
_NOUN_AND_VERB = r"(?P<noun>[a-z][\w-]*)\s+(?:does|do|did|is|are|was|were|will|would|should|can|could|has|have)\b"
ASKED_NOUN = rf"(?:[\w-]+\s+)?{_NOUN_AND_VERB}"
# How a part that asks which or what one opens: "Which ...", "and what ...".
_WHICH_OPENS = r"^\W*(?:(?:and|also|but)\s+)?(?:which|what)\s+"
_PART_NOUN = re.compile(rf"{_WHICH_OPENS}(?:(?:kinds?|types?|sorts?)\s+of\s+)?{ASKED_NOUN}", re.I)


def part_noun(part: str) -> str | None:
    """The noun one part of a question asks which or what of (`_PART_NOUN`), as written; None for none."""
    m = _PART_NOUN.match(part)
    if m is None or m["noun"].lower().removesuffix("s") in _NOT_CONTENT:
        return None
    return m["noun"].lower()


def names_noun(noun: str, text: str) -> bool:
    """Does `text`, quoted as the answer to another part of the question as well, name the thing a part asks
    which or what of (`noun`, from `part_noun`)? A sentence answers two parts only by saying both: "`-R`:
    Creates a `standby.signal` file and appends connection settings to the `postgresql.auto.conf` file"
    answers "Which signal file does pg_basebackup -R create?" and says nothing of "what file permissions does
    it give postgresql.auto.conf?". The noun is matched by its first four letters, in the sentence or where it
    stands (its page title and headings, given in `text`), and in the words of a name written as code
    ("`latex_engine`" and "`container-engine`" name an engine)."""
    return stem(noun.removesuffix("s")) in stems(_words(text) | _words(_IDENTIFIER_PARTS.sub(" ", text)))


# Where a name written as code parts into words: "latex_engine", "keepAliveTimeout", "gc.reflogExpire",
# "container-engine".
_IDENTIFIER_PARTS = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=\w)[_.-](?=\w)")
# Nouns that name no kind of thing of their own: "Which way should the front wheel point?" asks a direction,
# and before "type", "kind" or "sort" the word before it names the thing ("Which retention type is the
# default?" asks for a kind of retention).
_GENERIC_NOUNS = frozenset(["way", "kind", "type", "sort", "thing", "one", "part", "else"])
_THING_ASKED = re.compile(rf"{_WHICH_OPENS}(?:(?P<before>[\w-]+)\s+)?{_NOUN_AND_VERB}", re.I)
# Things whose value is a figure: a sentence names one by stating a number ("`HTTP 400`: If the input contains a
# syntax error." for "What HTTP status does blackd return ...?", "Defaults to `9`." for "Which compression level
# does GZipMiddleware use by default?").
_MEASURE_WORDS = """status level length size number port limit count rate width height depth threshold interval delay
    period duration timeout age year date time discount fee price cost charge amount percentage share speed capacity
    quota"""
_MEASURE_NOUNS = frozenset(_MEASURE_WORDS.split())
# The forms whose test names the thing itself (a version is the version asked), as `required_form` names them.
_FORMS_OF_THE_THING = frozenset(["version", "file name", "price", "length of time", "limit", "count", "way to find it"])
_CODE_SPAN = re.compile(r"`[^`\n]+`|```|~~~")


@lru_cache(maxsize=1024)
def thing_asked(part: str) -> str | None:
    """The kind of thing one part of a question asks which one of, as `part_noun` reads it ("algorithm" of
    "Which hash algorithm does SessionMiddleware use?"), or the word before a noun that names no kind of its
    own (`_GENERIC_NOUNS`: "retention" of "Which retention type is the default?"); None for none, and for a
    part whose answer is a figure, a version, a file, a price, a length of time, a limit or a count, which the
    kind and form checks read (`asked`, `required_form`; a default names no thing, so "Which scopes does the
    router request by default?" is asked which scopes)."""
    m = _THING_ASKED.match(part)
    form = required_form(part) if m is not None else None
    if m is None or asked(part) is not None or (form is not None and form[0] in _FORMS_OF_THE_THING):
        return None
    noun = m["noun"].lower()
    if noun.removesuffix("s") in _GENERIC_NOUNS:
        noun = (m["before"] or "").lower()
    if not noun or noun.removesuffix("s") in _NOT_CONTENT or noun.removesuffix("s") in _GENERIC_NOUNS:
        return None
    return noun


def names_thing(part: str, noun: str, text: str, place: str = "", by_name: bool = True) -> bool:
    """Does `text` (a sentence quoted for `part`, under `place`: its page title and headings, and for an entry
    the paragraph that introduces its list) name one of the kind of thing `part` asks which one of (`noun`,
    from `thing_asked`)? It does when it says the noun (`names_noun`, here or in `place`), when it names
    something by a name the question does not write (`values.names_in`: "Lumen works in Chrome, Firefox and
    Safari." names browsers; an acronym alone, "HTTP", is the topic's vocabulary more often than an answer),
    or when it states what such a thing is written as: a number for a measure ("status", "level", "port":
    `_MEASURE_NOUNS`), a number or code for "value", code for a thing code names or a part that asks what
    to install, write or run ("Which option ...?", "Which driver do I need to install?": `code_may_answer`,
    the words after the noun read for what to do). "Backups are sealed before they leave the host." names no
    cipher for "Which cipher does the vault use to seal its backups?": a sentence on the topic that names
    nothing of the kind asked is no answer to which one it is. Without `by_name`, a name alone does not do:
    it may be of another kind ("the `HttpOnly` flag" for a hash algorithm), so a sentence that says what it
    names is preferred."""
    if names_noun(noun, f"{place}\n{text}"):
        return True
    if by_name and any(_ACRONYM_ONLY.fullmatch(name) is None for name in names_in(part, prose_of(text))):
        return True
    if noun in _MEASURE_NOUNS or noun.removesuffix("s") in _MEASURE_NOUNS:
        return _FIGURE.search(text) is not None
    if noun.removesuffix("s") == "value":  # any value: a figure, or one written as code ("`None`")
        return _FIGURE.search(text) is not None or _CODE_SPAN.search(text) is not None
    if _CODE_SPAN.search(text) is None:
        return False
    # Asked of the words after the noun: "What image format does it render to?" asks for no code by "format".
    m = _THING_ASKED.match(part)
    return _CODE_NAME_ASKED.search(part) is not None or asks_for_code(part[m.end("noun") :] if m else part)


# An acronym with no figure in it ("HTTP", "JSON", "APIs"): a name, but seldom the one asked for.
_ACRONYM_ONLY = re.compile(r"[A-Z]{2,6}s?")


def said_by_values(question: str, values: Sequence[Quantity]) -> frozenset[str]:
    """The words of `question` that `values`, stated by a sentence, say by being values of their kind: the
    words that ask for a value of that kind ("cost" of "How much does a towel cost?" is said by "Towels are
    free", "long" of "how long" by any span), the thing a count counts ("times" of "How many times can I
    renew?" by "twice") and the rate ("day" of "per day" by "$50 per day"). A page that states such a value
    need not repeat them to speak of what was asked."""
    words: set[str] = set()
    for kind in {v.kind for v in values}:
        words |= _words(asking_words(question, kind))
    for v in values:
        if v.kind == ValueKind.COUNT:
            words |= _words(v.unit)
        if v.per:
            words |= _words(v.per)
    return frozenset(words)


def _modified(text: str) -> list[tuple[str, str]]:
    """(modifier, noun) for each two content words in a row of `text`, as `_words` reads them; a possessive
    ("this year's") modifies nothing here."""
    tokens = [w.lower() for w in _WORD.findall(text.replace("\u2019", "'"))]
    out = []
    for a, b in itertools.pairwise(tokens):
        if "'" in a or a in _NOT_CONTENT or b in _NOT_CONTENT or _NUMBER_WORD.fullmatch(a) or _NUMBER_WORD.fullmatch(b):
            continue
        out.append((a.removesuffix("s"), b.removesuffix("s")))
    return out


def names_the_entry(question: str, answer: str, sentence: str, page: str) -> bool:
    """Do `answer` and `sentence` (of a section whose text is `page`) speak of one named thing, where either
    is a definition or parameter entry, as an answer to `question`? A value an entry states is the value of
    what it names: "`deadlock_timeout (integer)`: ... The default is one second." gives how long a session
    waits before it looks for a deadlock, and a page that says a lock may be waited for "indefinitely"
    without naming `deadlock_timeout` gives another wait. So the other sentence, or its section, must name
    an entry the answer defines, and the answer or the question must name an entry the sentence defines;
    two sentences that define none speak of whatever their words say (`about_as_much`)."""
    mine, theirs = entry_names(answer), entry_names(sentence)
    if mine and not any(_names(name, sentence) or _names(name, page) for name in mine):
        return False
    return not theirs or any(_names(name, answer) or _names(name, question) for name in theirs)


def _names(name: str, text: str) -> bool:
    """Does `text` say `name` as a whole name (not inside a longer one: "timeout" is not said by
    "statement_timeout")?"""
    return re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text) is not None


def shares_the_point(question: str, answer: str, sentence: str, context: str = "") -> bool:
    """Does `sentence` (under its page's title and headings, `context`) say some content word of `question`
    that `answer` says too, by its first four letters ("booking" for "book", "cancellations" for "cancel")?
    A value that shares none of the words the answer answers by is a value of something else on the same
    page topic: "You can book a class up to 7 days in advance." is no other answer than "Arrive ten minutes
    early." to "How early should I arrive for a class?"."""
    point = stems(_words(question)) & stems(_words(answer))
    if not point:
        return True  # nothing to share: the answer says none of the question's words
    return bool(point & stems(_words(sentence) | _words(context)))


_WEEK = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
# A day's name, or its short form as hours tables write it ("Mon", "Tue.", "Thurs"; capitalised, as "sun" and
# "sat" are words too), or a word for several days: the working week, the weekend.
_DAY = (
    r"(?i:monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekday|weekend)s?"
    r"|(?:Mon|Tues?|Wed|Thu(?:rs?)?|Fri|Sat|Sun)\.?(?![\w])"
)
_DAY_WORD = re.compile(rf"\b(?P<day>{_DAY})")
# Days from one to another: "Monday to Friday", "Mon-Fri", "Tuesday through Thursday".
_DAY_RANGE = re.compile(rf"\b(?P<first>{_DAY})\s*(?:-|\u2013|\u2014|(?i:to|through|thru|until))\s*(?P<last>{_DAY})")


def _days_of(word: str) -> frozenset[str]:
    """The days one day word names: "Saturdays" Saturday, "Tue." Tuesday, "weekdays" Monday to Friday."""
    w = word.lower().rstrip(".")
    if w.startswith("weekday"):
        return frozenset(_WEEK[:5])
    if w.startswith("weekend"):
        return frozenset(_WEEK[5:])
    return frozenset(day for day in _WEEK if day.startswith(w[:3]))


def days_named(text: str) -> frozenset[str]:
    """The days of the week `text` names ("Saturdays"; "on weekdays": Monday to Friday; "the weekend"; "Mon-Fri"
    and "Monday to Thursday": every day between)."""
    days: set[str] = set()
    for m in _DAY_RANGE.finditer(text):
        first, last = _days_of(m["first"]), _days_of(m["last"])
        if len(first) == len(last) == 1:  # from one day to another, not "weekdays to weekends"
            i, j = _WEEK.index(min(first)), _WEEK.index(min(last))
            days.update(_WEEK[k % 7] for k in range(i, j + 1 if j >= i else j + 8))
    for m in _DAY_WORD.finditer(text):
        days |= _days_of(m["day"])
    return frozenset(days)


def for_other_days(question: str, text: str) -> bool:
    """Does `text` speak only of other days of the week than `question` asks about? A value a page gives
    for weekdays ("Call us on weekdays from 8:30 am. The clinic opens at 8:30 am.") is no value for
    Saturdays, however near its topic; a page that names no day, or names the day asked among others, may
    speak of it."""
    asked = days_named(question)
    said = days_named(text)
    return bool(asked) and bool(said) and not asked & said


def of_another_kind(question: str, sentence: str, context: str = "") -> bool:
    """Does `sentence` speak of another kind of what `question` asks about: the question puts a word before a
    noun ("a standard membership"), the sentence another word the question never says before the same noun
    ("A frozen membership costs $5 per month."), and the sentence never says the question's word? Its value
    is then no answer to the question, whatever a model reads: the price of a frozen membership is not the
    price of a standard one. "The student discount" does not speak of another kind than "What percentage
    discount do students get?" ("student" is the question's word too). `context` (the page's title and
    headings) counts as said, and puts no word before the sentence's nouns."""
    asked = _words(question)
    said = _words(sentence) | _words(context)
    theirs: dict[str, set[str]] = {}
    for modifier, noun in _modified(sentence):
        theirs.setdefault(noun, set()).add(modifier)
    return any(
        modifier not in said and any(m not in asked for m in theirs.get(noun, ()))
        for modifier, noun in _modified(question)
    )


def _finer(question: str) -> Callable[[str], bool] | None:
    """The finer form a question asks for, as a test of a sentence; None when it asks for none."""
    if _WAY_TO_FIND.search(question):
        return _instructs
    if _SPAN_ASKED.search(question):
        return _states_span
    if _CLOCK_ASKED.search(question):
        return lambda text: _CLOCK.search(text) is not None
    if _MONEY_ASKED.search(question):
        return lambda text: _MONEY.search(text) is not None
    if _VERSION_ASKED.search(question):
        return lambda text: _VERSION.search(text) is not None
    if _RANGE_ASKED.search(question):
        return lambda text: _RANGE.search(text) is not None
    if _limit_wanted(question):
        bounds = _bounds_a_value if _VALUE_LIMIT_ASKED.search(question) else _states_limit
        return lambda text: bounds(question, text)
    if _COMMAND_ASKED.search(question):
        return lambda text: _COMMAND.search(text) is not None
    if _STEPS_ASKED.search(question):
        return _instructs
    actor = _ACTOR_ASKED.search(question)
    if actor is not None and actor["verb"].lower() not in _FUNCTION_WORDS:
        verb = actor["verb"]
        return lambda text: _names_actor(verb, text)
    noun = counted_noun(question)
    if noun is not None:
        return lambda text: _counts(noun, text)
    if _DEFAULT_ASKED.search(question):
        return lambda text: _states_default(question, text)
    return None


# A price is also stated as none ("Library cards are free.").
_PRICE = re.compile(rf"{_MONEY.pattern}|\b(?:free|no (?:charge|cost|fee))\b", re.I)


# A setting that names its unit ("`lifetime_seconds`", "`timeoutMs`", "`ttl_minutes`") or says it ("in
# seconds", "in milliseconds") states a length of time by a bare number: "`reset_password_token_lifetime_seconds`:
# Lifetime of reset password token. Defaults to 3600." says 3600 seconds.
_UNIT_NAMED = re.compile(
    r"`[^`\n]*?(?:_|(?<=[a-z]))(?:seconds|secs|sec|ms|millis|milliseconds|minutes|mins|hours|days|Seconds|Secs|Ms|"
    r"Millis|Milliseconds|Minutes|Mins|Hours|Days)\b[^`\n]*`"
    r"|\bin (?:seconds|milliseconds|minutes|hours|days)\b",
)
_BARE_NUMBER = re.compile(r"(?<![\w.])\d[\d,]*(?:\.\d+)?(?![\w.]*[A-Za-z%$])")


# How long something lasts is also said by what ends it rather than by a figure: it stays until an event
# ("Data is kept until you delete the workspace.", "The link stays valid until it is revoked."), it lasts
# the browser session ("`None` by default, which means it's a session cookie."), or it never ends ("Tokens
# do not expire."). "Refunds are issued once the order ships" says when, not how long, and a bare "until"
# without what lasts ("Wait until the sync completes") says neither.
_LIFETIME_END = re.compile(
    r"\b(?:last|lasts|lasted|valid|kept|keep|keeps|stay|stays|remain|remains|retained|stored|available|active|"
    r"open|alive|live|lives|persist|persists)\b[^.;:]{0,40}?\buntil\b"
    r"|(?:\bnever|\bnot|n't)\s+(?:\w+\s+)?expires?\b"
    r"|\bsession cookies?\b|\b(?:for|until the end of|last) the (?:browser |current )?session\b",
    re.I,
)


def _states_span(text: str) -> bool:
    """Does `text` state a length of time: a span in words ("14 days", "as long as ..."), what ends it
    (`_LIFETIME_END`), or a bare number where the setting it documents names or says its unit
    (`_UNIT_NAMED`)?"""
    said = text.replace("`", "")
    if _SPAN.search(said) is not None or _LIFETIME_END.search(said) is not None:
        return True
    unit = _UNIT_NAMED.search(text)
    return unit is not None and _BARE_NUMBER.search(_UNIT_NAMED.sub(" ", text)) is not None


def _states_timeout(text: str) -> bool:
    """Does `text` state a timeout: a span (`_states_span`), there being none (`_NO_TIMEOUT`), or a bare number
    given where the text names a timeout ("`timeout`: Defaults to `30`."), whose unit is the setting's?"""
    if _states_span(text) or _NO_TIMEOUT.search(text) is not None:
        return True
    return _TIMEOUT_WORD.search(text) is not None and _BARE_NUMBER.search(text.replace("`", "")) is not None


# "How many index entries fit in the pending list?" asks for a count: a number of things, not a measure of
# something else ("four megabytes (4MB)", "30 seconds", "$5", "10%"), which says how big, long, dear or large a
# share, not how many. A measure in the unit the question counts ("How many days ...?": "14 days"), or of the same
# measure ("How many years ...?": "three decades"), is its count.
_MEASURE = re.compile(
    rf"(?:\d[\d,.]*|\b(?:{_NUMBER_WORDS}))\s?-?\s?(?P<unit>[kKMGTPE]i?B\b|bytes?\b|(?:kilo|mega|giga|tera|peta)bytes?\b"
    rf"|%|per ?cent\b|(?:{_TIME_UNITS}|{_LENGTH_UNITS})\b)|[{_CURRENCY}]\s?\d[\d,.]*",
    re.I,
)
# A count asked in a unit of measure ("How many bytes ...", "How many MB ...") is a measure's figure.
_MEASURE_COUNTED = re.compile(
    r"\bhow many\s+(?:[a-z]+\s+)?(?:[kKMGTP]i?B|bytes?|(?:kilo|mega|giga|tera)bytes?)\b", re.I
)


def _states_count(question: str, text: str) -> bool:
    """Does `text` state a count for "how many ..." (`_MEASURE`): a figure or number word that is no measure
    in another unit than the question counts in, nor the number of a section (`_NUMBERED_REFERENCE`); or that
    there is no limit?"""
    counted = HOW_MANY.search(question)
    nouns = {singular(w.lower()) for w in counted.group(1).split()} if counted else set()
    said = _as_stated(question, text).replace("`", "")

    def drop(m: re.Match[str]) -> str:
        unit = m["unit"]
        if unit is None:
            return " "
        # "How many years ...?" counts time, in decades as in years.
        same = any(
            re.fullmatch(units, unit, re.I) and any(re.fullmatch(units, n, re.I) for n in nouns)
            for units in (_TIME_UNITS, _LENGTH_UNITS)
        )
        return m.group(0) if same or singular(unit.lower()) in nouns else " "

    if _NO_LIMIT.search(said) is not None or _EQUAL_COUNT.search(said) is not None:
        return True  # "How many can I make?": "There is no limit."; "Defaults to the number of CPUs."
    rest = _MEASURE.sub(drop, _NUMBERED_REFERENCE.sub(" ", said))
    return _FIGURE.search(rest) is not None or _NUMBER_WORD.search(rest) is not None


# A number that names a part of a text or a release ("See Section 70.4.1", "Chapter 3", "RFC 7231", "PEP 8",
# "version 0.10") points somewhere; it counts nothing.
_NUMBERED_REFERENCE = re.compile(
    r"\b(?:sections?|chapters?|figures?|tables?|appendix|appendices|steps?|parts?|pages?|versions?|releases?|"
    r"rfcs?|peps?|issues?|examples?|equations?|§)\s*#?\d[\d.]*(?:\s+and\s+(?:sections?|chapters?)?\s*\d[\d.]*)?",
    re.I,
)


def required_form(question: str) -> tuple[str, Callable[[str], bool]] | None:
    """The form an answer to `question` must have beyond its kind, as (its noun, a test of a sentence): a price for
    "how much does it cost" (not any figure: "W-2 forms are filed by January 31" states no price), a length of time
    for "how long" (not a date or a count), a default for "what is the default ...", a version for "which version(s)
    ..." or "which release" ("Python 3.9", "v2", "version 15", "TeX Live 2022"; "sphinx-intl is a useful tool" names
    none), a limit for "what is the maximum / largest / lowest ..." (`_LIMIT_WANTED`) or "is there a limit ..."
    (`_LIMIT_ASKED_WHETHER`; a count, or no limit, where it asks a limit on "how many ..."), a file named for "what
    file ..." (`_FILE_WANTED`). None for any other question, and a
    way to find it for a question that asks for one ("How can I check which version I run?": a menu path, a command
    or an instruction, not the version or a sentence about the app)."""
    if _WAY_TO_FIND.search(question):
        return "way to find it", _instructs
    if _VERSION_ASKED.search(question):
        return "version", lambda text: _VERSION.search(text) is not None
    if _MONEY_ASKED.search(question):
        return "price", lambda text: _PRICE.search(text) is not None
    if _SPAN_ASKED.search(question):
        # A figure written as code is read as said: "(`2678400` seconds)" is a span.
        return "length of time", _states_span
    if _TIMEOUT_ASKED.search(question):
        if _DEFAULT_WANTED.search(question):
            return "default", lambda text: _states_timeout(text) and _states_default(question, text)
        return "length of time", _states_timeout
    if _FILE_WANTED.search(question):
        return "file name", lambda text: _FILE_NAMED.search(_without_given(question, text)) is not None
    if _DEFAULT_WANTED.search(question):
        return "default", lambda text: _states_default(question, text)
    if _limit_wanted(question):
        bounds = _bounds_a_value if _VALUE_LIMIT_ASKED.search(question) else _states_limit
        return "limit", lambda text: bounds(question, text)
    counted = HOW_MANY.search(question) is not None and _MEASURE_COUNTED.search(question) is None
    if _LIMIT_ASKED_WHETHER.search(question):
        if counted:
            # "Is there a cap on how many tokens I can make?" asks a bound on a count: "up to 20 tokens" or "no
            # limit" says it; "Tokens expire after at most 1 year." bounds another thing.
            return "limit", lambda text: _states_count(question, text)
        return "limit", lambda text: _LIMIT.search(text) is not None or _states_a_figure_for(question, text)
    if counted:
        return "count", lambda text: _states_count(question, text)
    return None


# "What is the maximum length of a line in the config file?" asks for a limit: a sentence about lines
# ("The file is a set of records, one per line.") that names none does not say it. A limit is said by its
# own word, either way round (the mismatch check tells maximum from minimum), by a bound ("up to 5 GB",
# "at least 8 characters", "no more than 3"), or by a range, which states both ends ("from 30 days to 7
# years", "between 8 and 64 characters", "1-100").
_LIMIT_WANTED = re.compile(
    r"^\W*(?:what|which)\b[^?]*\b(?:highest|largest|biggest|greatest|maximum|lowest|smallest|minimum|fewest|"
    r"longest|shortest)\b"
    # "What's the most money I can have on my card?", "What is the least I can top up?": "the most" of an
    # amount one can have or do, not of a quality ("the most popular plan").
    r"|^\W*(?:what|which)\b[^?]*\bthe (?:most|least)\b(?:\s+[\w-]+)?\s+(?:i|you|we|they|one|a|an|can|could|that)\b",
    re.I,
)
# "What special string reads the minimum version ...": the thing asked acts by a verb of its own, and the limit
# word is in what it acts on.
_LIMIT_ACTED_ON = re.compile(
    r"^\W*(?:what|which)\s+(?:[\w-]+\s+){1,3}?(?P<verb>[a-z]+(?:s|ed))\s+(?:the\s+|a\s+|an\s+|its\s+|their\s+)?"
    r"(?:highest|largest|biggest|greatest|maximum|lowest|smallest|minimum|fewest|longest|shortest)\b",
    re.I,
)
# Verbs that say what the thing asked is or has ("Which plan has the highest limit?"), not what it acts on.
_BEING = frozenset(["is", "was", "has", "does", "needs", "allows", "supports", "accepts", "takes", "uses", "gets"])


def _limit_wanted(question: str) -> bool:
    """Does `question` ask for a limit (`_LIMIT_WANTED`)? Not where the thing it asks which one of acts on the
    limit by a verb of its own: "What special string reads the minimum version from the build-system
    requirements?" asks for a string, and "What setting controls the maximum upload size?" for a setting;
    "Which plan has the highest limit?" and "What is the maximum ...?" still ask for a limit."""
    if not _LIMIT_WANTED.search(question):
        return False
    acted = _LIMIT_ACTED_ON.match(question)
    return acted is None or acted["verb"].lower() in _BEING


# Whether a limit exists ("Is there a maximum file size?", "Are there any limits on API calls?", "Is the API
# still limited to 100 requests a minute?") is answered by a bound, by its absence ("unlimited", "as many as
# you like") or by the figure itself ("The API allows 300 requests a minute."; not a figure the question
# gives), not by a sentence about the thing that says none of these.
_LIMIT_ASKED_WHETHER = re.compile(
    r"^\W*(?:is|are)\s+there\s+(?:an?|any)\s+(?:[\w-]+\s+){0,2}?(?:limits?|maximum|minimum|max|min|caps?|"
    r"ceiling|upper bound|lower bound)\b"
    r"|^\W*(?:is|are)\b[^?]*\b(?:limited|capped)\b",
    re.I,
)
_FROM_TO = re.compile(r"\bfrom\s+(?:\S+\s+){0,3}?\S*\d\S*(?:\s+\S+){0,2}?\s+to\s+\S*\d", re.I)
# The words of an extreme, as a sentence states a limit by them.
_EXTREMES = r"highest|largest|biggest|greatest|maximum|max|lowest|smallest|minimum|min|fewest|longest|shortest"
_LIMIT = re.compile(
    rf"\b(?:{_EXTREMES}|"
    r"at most|at least|limit|limits|limited|cap|capped|up to|"
    # "most" and "least" bound as "at most 5", "the most you can send" or "most 5"; "the most popular" and
    # "most users" bound nothing.
    r"(?:the\s+)?(?:most|least)(?=\s+(?:\d|(?:that|which)\b|(?:you|i|we|they|one|it|users?|people|anyone)\s+"
    r"(?:can|could|may|will|are|is)\b))|"
    r"(?:no|not|never|cannot be|can't be|must not be) (?:more|less|fewer|greater|longer|shorter|lower|higher) than|"
    r"or more|or less|or fewer|exceed|exceeds|exceeding|unlimited|"
    r"as (?:many|much)(?:\s+[\w-]+){0,3}?\s+as)\b",
    re.I,
)


def _states_limit(question: str, text: str) -> bool:
    """Does `text` state a limit: its own word or a bound (`_LIMIT`), or a range's two ends? An extreme
    that names what it is of (`_EXTREME`) states a limit of that thing only: "with a maximum depth of two"
    bounds no number of entries for "What is the maximum number of entries a toctree may list?"."""
    if _RANGE.search(text) is not None or _FROM_TO.search(text) is not None:
        return True
    for m in _LIMIT.finditer(text):
        after = _NAMED_AFTER.match(text, m.end()) if _EXTREME.fullmatch(m.group(0)) else None
        # "top-up" is said as "top up".
        named = _words(after.group(0).replace("-", " ")) if after is not None else set()
        if not named or named & _words(question.replace("-", " ")):
            return True
    return False


# An extreme, and the words that say what it is of ("maximum depth", "largest file you can upload"): at most
# three, past a measure word ("number of", "amount of", "size of") and the article, up to a figure or a verb
# that states it.
_EXTREME = re.compile(_EXTREMES, re.I)
_NAMED_AFTER = re.compile(
    r"\s+(?:(?:number|amount|count|size|value|length)\s+of\s+)?(?:(?:the|a|an)\s+)?"
    r"(?!(?:of|is|are|was|were|be|allowed|possible|permitted|supported|value|for|in|on|at|to|by|per|and|or)\b)"
    r"[A-Za-z][\w-]*(?:\s+(?!\d)[A-Za-z][\w-]*){0,2}"
)


# "What is the highest value max_connections can be set to?", "What is the largest line length Black
# accepts?" ask how far a setting's value can go. Its default ("The default is typically 100 connections.")
# is one value it takes, not the most it can; and a setting described by a limit word ("Determines the
# maximum number of concurrent connections") says what the setting bounds, not a bound on it. Such a limit
# is said where a sentence bounds a figure: the limit and a figure that is no default in one sentence
# ("It can be set to at most 262143.", "Values range from 1 to 100."), or no limit at all ("unlimited").
_VALUE_LIMIT_ASKED = re.compile(
    r"\b(?:highest|largest|biggest|greatest|maximum|max|lowest|smallest|minimum|min)\s+"
    r"(?:(?:possible|allowed|permitted|valid|accepted|supported)\s+)?values?\b"
    r"|\b(?:can|could|may)\s+(?:\w+\s+)?(?:be\s+)?(?:set|configured|raised|increased|lowered|reduced)\s+to\b"
    r"|\b(?:can|could|may)\s+(?:\w+\s+)?(?:take|hold|accept)\b|\baccepts?\b",
    re.I,
)
# A default said in words, with the figure it gives: "The default is typically 100 connections",
# "defaults to 88", "(default: 50)", "Default 50".
_DEFAULT_FIGURE = re.compile(
    r"\bdefault(?:s|ed)?\b(?:\s+(?:value|setting))?(?:\s+(?:is|was|of|to|are|=|:))?"
    r"(?:\s+(?:typically|usually|normally|currently|set\s+to))?\s*:?\s*`?[-+]?\d[\d,.]*`?(?:\s*[A-Za-z%]+)?",
    re.I,
)
_NO_LIMIT = re.compile(r"\b(?:unlimited|no (?:upper |lower )?limit|not limited|any number)\b", re.I)
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z`(\"'])")


def _bounds_a_value(question: str, text: str) -> bool:
    """Does a sentence of `text` bound a figure that is no default (`_VALUE_LIMIT_ASKED`), or say there is
    no limit?"""
    for sentence in _SENTENCE_END.split(text):
        bare = _DEFAULT_FIGURE.sub(" ", sentence)
        if _NO_LIMIT.search(bare) is not None:
            return True
        if _states_limit(question, bare) and (
            _FIGURE.search(bare) is not None or _NUMBER_WORD.search(bare) is not None
        ):
            return True
    return False


# "What file does the installer write its log to?" asks for a file: a sentence that names one (in code, as a
# path, by a name with an extension, or a conventional name such as "Makefile") says it, one about the
# installer's log that names none ("It keeps a detailed log.") does not. Only the singular asks for a name:
# "Which files are synced?" is answered by a kind of file ("Files in the Stowly folder"), and "file formats",
# "file size" and the like are not a file.
_FILE_WANTED = re.compile(
    r"^\W*(?:what|which)\s+(?:[\w-]+\s+){0,2}?(?:file|file ?name)\b(?!s\b|-)"
    r"(?!\s+(?:formats?|types?|sizes?|limits?|permissions?|storage|system|sharing|uploads?|versions?|history|"
    r"extensions?|names?)\b)",
    re.I,
)
# A file is named by a code span of one word ("`conf.py`", "`Makefile`"; "`GitHub Pages`" is an entry's
# label), a path, a name with an extension, a dotfile or a conventional name.
_FILE_NAMED = re.compile(
    r"`[^`\s]+`|(?:^|[\s(\"'])(?:[\w.~-]*/)+[\w.-]+|\b[\w-]+\.[A-Za-z]\w{0,9}\b|(?:^|[\s(\"'])\.[A-Za-z][\w.-]*"
    r"|\b(?:README|LICEN[CS]E|CHANGELOG|[A-Z][a-z]*file)\b"
)


_SINGLE = re.compile(r"\b(?:a\s+)?single\b", re.I)


def _without_given(question: str, text: str) -> str:
    """`text` without the code spans and dotted names `question` itself gives: what the question names is
    what it asks about, not the answer. "`sphinx.ext.githubpages` generates helper files." names no file for
    "What file does sphinx.ext.githubpages create?"."""
    asked = question.lower()

    def given(m: re.Match[str]) -> str:
        return " " if m.group(0).strip("`").lower() in asked else m.group(0)

    return _GIVEN_NAME.sub(given, text)


# A code span, or a name with a dot inside it ("conf.py", "sphinx.ext.autodoc").
_GIVEN_NAME = re.compile(r"`[^`\n]+`|\b[\w-]+(?:\.[\w-]+)+\b")


def _states_a_figure_for(question: str, text: str) -> bool:
    """Does `text` state a figure of what `question` asks about: where the question gives a figure ("still
    limited to 2 GB"), another of the same measure ("10 GB", not "about a minute"); else any figure but "a
    single", which describes ("folders that belong to the workspace instead of a single person") more often
    than it bounds."""
    given = values_in(question)
    if not given:
        return states(Kind.QUANTITY, _SINGLE.sub(" ", text), question)
    return any(v.comparable(g) and not v.same(g) for v in values_in(text) for g in given)


# "What is the default value of archive_timeout?" asks what the default is: a sentence about the setting that
# names no default ("settings of a minute or so are usually reasonable") does not say it.
_DEFAULT_WANTED = re.compile(r"^\W*(?:what|which)\b[^?]*\bdefaults?\b", re.I)
# A signature states its parameters' defaults: `close(code=1000, reason=None)` says the default close code,
# `set_cookie(key, value, samesite="lax")` the default samesite; within parentheses, in code.
_SIGNATURE_DEFAULT = re.compile(r"[(,]\s*\*{0,2}(?P<name>[A-Za-z_]\w*)\s*(?::\s*[^=,()]+?)?\s*=\s*(?!=)[^\s,)]")
_CODE = re.compile(r"`[^`\n]+`|```.*?```", re.S)


# An entry that gives a value in parentheses after its name ("`cookie_name (fastapiusersauth)`: Name of the
# cookie.", as parameter lists write "`name` (`value`): ...") states its default; a type there ("`max_age
# (Optional[int])`", "(int)", "(number)") states none.
_ENTRY_VALUE = re.compile(r"^\s*`[^`(]+\((?P<value>[^()`]+)\)`\s*:")
_TYPE_NAME = re.compile(
    r"^(?:Optional|Union|List|Dict|Tuple|Set|Sequence|Mapping|Iterable|Callable|Type|Any|list|dict|tuple|set|"
    r"int|str|bool|float|bytes|type|object|number|string|boolean|integer|array|function|New in version|"
    r"Changed in version|Deprecated)\b"
)


def _states_default(question: str, text: str) -> bool:
    """Does `text` say a default: in words ("defaults to", "the default is", or a clause saying the thing is
    not set: "If the option is not passed, the count is 0.", `defaults.states_default`), in a signature in code that
    gives the parameter the question names one (`_signature_default`), or as an entry's value in
    parentheses (`_ENTRY_VALUE`)?"""
    text = _without_other_parameters(question, text)
    entry = _ENTRY_VALUE.match(text)
    return (
        _DEFAULT.search(text) is not None
        or states_default(text)
        or _signature_default(question, text)
        or (entry is not None and _TYPE_NAME.match(entry.group("value").strip()) is None)
    )


def _without_other_parameters(question: str, text: str) -> str:
    """`text` without the rows of a table that document another parameter than the question names: a row
    labelled by a name in code (`` `disable_host_mount` ``) says that parameter's default ("By default,
    cibuildwheel will mount the root of the host filesystem ..."), no default of the container engine
    "Which container engine is the default?" asks for. A row whose name the question says, in its words or
    as written, stays; any other text is returned as it is."""
    parts = table_parts(text)
    if parts is None:
        return text
    header, body = parts
    words = set(re.findall(r"[a-z0-9]+", question.lower()))
    kept = [row for row in body if (name := _row_parameter(row)) is None or name <= words]
    return "\n".join([header, *kept]) if len(kept) < len(body) else text


# A table row labelled by a name in code: "| `disable_host_mount` | By default, ... |".
_CODE_LABEL = re.compile(r"^\|\s*`(?P<name>[^`|]+)`\s*\|")


def _row_parameter(row: str) -> frozenset[str] | None:
    """The words of the code name that labels `row`, if one does."""
    m = _CODE_LABEL.match(row.strip())
    return frozenset(re.findall(r"[a-z0-9]+", m["name"].lower())) if m else None


# A definition's line in a fenced example: its parameters' defaults are defaults.
_DEFINITION = re.compile(r"^\s*(?:async\s+def|def|function|fn|func)\s+\w+\s*\(.*$", re.M)


def _signature_default(question: str, text: str) -> bool:
    """Does `text` give, in a signature in code, a default to a parameter whose name the question says (in
    words or as the name: "close code" for `code=1000`, "max_age" for `max_age=600`)? A signature is inline
    code, or a definition's line in a fenced block: an example's call in a fenced block
    (`AuthenticationBackend(name="jwt", ...)`) passes an argument, which is no default of `name`."""
    words = set(re.findall(r"[a-z0-9]+", question.lower()))
    head = _default_head(question)
    spans = [
        line
        for span in _CODE.findall(text)
        for line in (_DEFINITION.findall(span) if span.startswith("```") else [span])
    ]
    names = [m.group("name").lower() for span in spans for m in _SIGNATURE_DEFAULT.finditer(span)]
    return any(
        (set(name.split("_")) <= words or name in question.lower())
        and (head is None or head in {name, *map(singular, name.split("_"))})
        for name in names
    )


# "the default proxy port": what a default is asked of, up to three words after "default" and before a verb,
# a preposition or the end of the question.
_DEFAULT_PHRASE = re.compile(
    r"\bdefault\s+(?P<phrase>[a-z_]+(?:\s+[a-z_]+){0,2}?)\s*"
    r"(?:\?|$|\b(?:is|are|of|for|in|on|when|if|that|does|do|used|set)\b)",
    re.I,
)
# Heads that only say a default is asked of what follows ("the default value of archive_timeout"), or that a
# string parameter holds ("the default session cookie name" is `session_cookie="session"`).
_LIGHT_HEADS = frozenset(["value", "setting", "option", "number", "amount", "one", "name"])


def _default_head(question: str) -> str | None:
    """The noun a question asks the default of, when it names one after "default" ("What is the default proxy
    port?" asks a port, which `proxy=None` does not give: it gives the proxy); None when the phrase's head only
    says a value is asked ("the default value of ...") or no phrase follows ("by default")."""
    m = _DEFAULT_PHRASE.search(question)
    if m is None:
        return None
    head = singular(m.group("phrase").split()[-1].lower())
    return None if head in _LIGHT_HEADS or head in _NOT_CONTENT else head


def fit(question: str, text: str, place: str = "") -> int | None:
    """How closely `text` has the form of an answer to `question`; None when its wording asks for none.

    One point for stating the kind asked (`states`), one for the finer form: a span of time or length for
    "how long" ("24 hours", not "once a year"), a count of the thing asked about for "how many charts"
    ("40 charts"), a clock time for "what time", a price for "how much is", a command (a code span) for
    "what command", a version number for "what version", the two ends of a range for "what range", a bound
    for "what is the most ..." ("can hold at most $300", not "costs $3"), an
    instruction ("open ...", "To rotate a key, click ...") for "how do I" (and a point more for one given
    for the task asked, `_serves`, where `place` is the sentence's page title and headings), the
    doer named before the verb for "who can invite ..." ("Owners and Admins invite ..."), the default for
    "what is the default ...".
    Ranks sentences: a model that scores a sentence's topic cannot tell "A dashboard holds up to 40
    charts." from "Use them to compare one country across all charts.".
    """
    kind = asked(question)
    finer = _finer(question)
    if kind is None and finer is None:
        return None
    said = _as_stated(question, text)
    points = int(kind is not None and states(kind, text, question)) + int(
        finer is not None and finer(read_under(place, said))
    )
    if kind is None and finer is _instructs and points and _serves(question, said, place):
        points += 1
    return points


# A purpose said with an instruction: "Pass `--no-resume` to start over", "To rotate a key, open ...".
_PURPOSE = re.compile(r"\bto (?P<verb>[a-z]{3,})\b", re.I)
# Verbs that say nothing of the task on their own ("How do I make fetchr start ...": the task is "start").
_LIGHT_VERBS = frozenset(["make", "get", "have", "let", "use", "do", "be", "try", "want", "need", "able"])


def _serves(question: str, text: str, place: str = "") -> bool:
    """Is the instruction `text` given for the task "how do I ..." asks about? It is when it says its purpose
    with the verb that opens the task ("To cancel a booking, open ..." for "How can I cancel my booking?";
    "Attempts to insert data ..." is no way to build an index "without locking out inserts"), or with any
    word of the task after a light verb ("Pass `--no-resume` to start over instead." for "How do I make
    fetchr start a download over instead of resuming?"); or when `place` (the page title and section
    headings it stands under) names the verb that opens the task: "Each request carries a
    `Parcelly-Signature` header ..." under "Verifying signatures" for "How do I verify that a webhook came
    from Parcelly?" (a sentence that only mentions the verb, "... all registered variables", is not given
    for registering). An instruction for the task is the answer; one beside it on the same topic ("Add
    endpoints in the dashboard under Developers > Webhooks.", "If a download is interrupted, run the same
    command again.") is not, however alike the ranker reads them."""
    task = _task(question)
    if task is None:
        return False
    purposes, verb = task
    if any(stem(v) in purposes for v in (p["verb"].lower() for p in _PURPOSE.finditer(text)) if v not in _LIGHT_VERBS):
        return True
    return verb is not None and bool(place) and verb in _place_stems(place)


@lru_cache(maxsize=1024)
def _place_stems(place: str) -> frozenset[str]:
    """The stems of a page title's and headings' words; the sentences of one section share them."""
    return stems(content_tokens(place))


@lru_cache(maxsize=1024)
def _task(question: str) -> tuple[frozenset[str], str | None] | None:
    """The task "how do I ..." asks about, as (the stems a purpose may say it by, the stem of the verb that
    opens it, None after a light verb); None for any other question. The task's verb opens it ("cancel my
    booking"); after a light verb ("make fetchr start a download over"), any word of it may be the purpose.
    "How do I see which version ..." asks a way to find something: seeing is how, not what, the answer
    tells."""
    m = _STEPS_ASKED.search(question)
    if m is None or _WAY_TO_FIND.search(question):
        return None
    words = content_tokens(question[m.end() :])
    if not words:
        return None
    if words[0] in _LIGHT_VERBS:
        return stems(w for w in words if w not in _LIGHT_VERBS), None
    return stems(words[:1]), stem(words[0])


_FENCED = re.compile(r"^[ \t]*(```|~~~)[^\n]*\n.*?(?:^[ \t]*\1[^\n]*$|\Z)", re.S | re.M)


def _as_stated(question: str, text: str) -> str:
    """`text` without its fenced code blocks, unless `question` asks for what code can answer
    (`asks_for_code`). A block is what to type and what a program prints: its digits ("Starting gunicorn
    20.1.0", "pid 6847") state no figure of what is asked ("How many workers does Gunicorn start by
    default?" is not answered by the example that runs it with gevent)."""
    return text if not question or asks_for_code(question) else prose_of(text)
