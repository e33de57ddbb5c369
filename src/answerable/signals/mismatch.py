"""Whether a sentence answers another question than the one asked. Pure and lexical.

"What is the lowest point of the Rhine basin called?" is not answered by "... the summit of
Finsteraarhorn, the highest point of the Rhine basin.", nor "AppleTalk was developed in 1995 for who?"
by "AppleTalk was ... developed by Apple Inc. in 1985 for Apple Macintosh computers.": the sentence is on
the topic, shares every other word, and the answerability models score it as an answer. It answers the
question with one word turned into its opposite, or with another year.

`opposed(question, sentence)` names the pair: a word of the question from the list below that the
sentence never uses, while it uses that word's opposite and the question does not. Only opposites that
leave no doubt are listed: directions, extremes, order in time, and the switches of documentation
("enable" / "disable", "public" / "private", "import" / "export", "required" / "optional"), and beginning
against stopping or ending ("When did the delta stop forming?" is not answered by "... the delta began
~8,000 years ago"). Words with other senses are left out ("left", "close", "least" in "at least", "new" in
"New York"); "end" is read only in the question, since in a sentence it is often a noun ("until the end of
the Pleistocene" answers "When did the last glacial start?"), and "end up" is no ending.

`negated(question, sentence)`: the question negates a word by its prefix ("uncommon", "non-dynasty") and
the sentence speaks of the plain word, not negated ("became common"), and never of the negated one.

`other_year(question, sentence)`: the question names a year (or a decade) and the sentence names only
other years. A span ("1623-25", "2003–04") names every year in it, a decade ("the 1950s") every year of
it. (`terms` already asks that some passage mention the year; this asks it of the answer's sentences.)

`other_member(question, sentence, context)`: `context` lists names side by side ("The B-tree, hash, GiST and
SP-GiST index methods all accept this parameter:"), the question names one of them and the sentence speaks of
another, never of the one asked ("B-trees use a default fillfactor of 90." for GiST's default).

`mismatch` is any of the first three, as the gate reads it, for a question that asks what, who, when, how, ...: a
yes-or-no question ("Is the API public?", "Was it released in 1995?") is answered by the opposite or by
another year ("The API is private.", "It was released in 1985."), so it is never judged by them.
"""

from __future__ import annotations

import re
from functools import cache

from answerable.text.words import STOPWORDS

# Verbs: any of one's forms (-s, -ed, -ing) is the opposite of any of the other's.
_VERBS = (
    "increase decrease",
    "enable disable",
    "include exclude",
    "import export",
    "upload download",
    "encrypt decrypt",
    "lock unlock",
    "accept reject",
    "allow deny",
    "grant revoke",
    "upgrade downgrade",
    "show hide",
    "add remove",
    "gain lose",
    "win lose",
)
# Other words, as written.
_WORDS = (
    "first last",
    "earliest latest",
    "earlier later",
    "before after",
    "larger smaller",
    "higher lower",
    "longest shortest",
    "longer shorter",
    "strongest weakest",
    "oldest youngest",
    "oldest newest",
    "older younger",
    "best worst",
    "better worse",
    "upper lower",
    "inner outer",
    "east west",
    "eastern western",
    "north south",
    "northern southern",
    "northernmost southernmost",
    "easternmost westernmost",
    "ancient modern",
    "public private",
    "internal external",
    "inbound outbound",
    "incoming outgoing",
    "input output",
    "entrance exit",
    "above below",
    "inside outside",
    "legal illegal",
    "positive negative",
    "true false",
    "always never",
    "urban rural",
    "domestic foreign",
    "direct indirect",
    "official unofficial",
    "won lost",
    "began ended",
    "started ended",
    "opened closed",
    "allowed denied",
    "shown hidden",
    "visible hidden",
    "online offline",
    "required optional",
    "mandatory optional",
    "manual automatic",
    "manually automatically",
    "ascending descending",
    "uppercase lowercase",
    "inclusive exclusive",
    "summer winter",
    "spring autumn",
)
# The two directions of an extreme, each a family of words that name it: "What is the lowest TLS version
# the server accepts?" is answered by a minimum ("Sets the minimum SSL/TLS protocol version") and turned
# over by a maximum, whichever of its words either one uses.
_EXTREMES = ("highest largest biggest maximum", "lowest smallest minimum fewest")
# Success against failure, each a family of its words whatever their part of speech: "What status code
# comes back from a successful POST?" is turned over by "Fail: 400 Bad Request", as by "unsuccessful".
_OUTCOMES = (
    "success successes successful successfully succeed succeeds succeeded succeeding",
    "failure failures fail fails failed failing unsuccessful unsuccessfully",
)
_BEGIN = "begin begins began begun beginning start starts started starting"
_STOP = "stop stops stopped stopping cease ceases ceased ceasing finish finishes finished finishing"
_END = "end ends ended ending"
_END_UP = re.compile(r"\b(?:end|ends|ended|ending) up\b", re.I)  # "the treaties that ended up forming the EU"
_TOKEN = re.compile(r"[a-z]+")
_YEAR = r"(?:1\d{3}|20\d{2})"
# A year named as the start or end of a stretch of time: "after 1973", "since the 1990s", "prior to 2001".
_ANCHORED = re.compile(
    r"\b(?:after|since|before|until|till|by|from|following|prior to|up to|through)\s+"
    rf"(?:(?:the|its|their|his|her|our)\s+)?(?:(?:early|mid|late)[-\s])?{_YEAR}s?\b",
    re.I,
)
# It may open with a clause that sets the scene: "After a successful reset, are the old tokens revoked?",
# "If I cancel now, do I get a refund?".
_SCENE_CLAUSE = (
    r"(?:after|before|if|when|whenever|once|while|during|in|on|with|without|for|since|until|by|unless)\b"
    r"(?:(?!\b(?:which|what|who|whom|whose|where|how)\b)[^,?]){1,80},\s*"
)
_SCENE = re.compile(rf"^\W*{_SCENE_CLAUSE}", re.I)
_YES_NO = re.compile(
    rf"^\W*(?:{_SCENE_CLAUSE})?"
    r"(?:(?:and|also|but|so)\s+)?(?:is|are|was|were|am|do|does|did|can|could|will|would|should|shall|has|"
    r"have|had|may|might|must|isn't|aren't|wasn't|weren't|don't|doesn't|didn't|can't|won't)\b",
    re.I,
)
# A year, a span of years ("1623-25", "1939 to 1945" is two years), or a decade ("1950s").
_YEARS = re.compile(rf"(?<![\w.,$£€])(?P<y>{_YEAR})(?:(?P<s>s)|\s*[-–]\s*(?P<to>\d{{2}}|{_YEAR}))?(?![\w%]|[.,]\d)")


def _verb_forms(word: str) -> tuple[str, ...]:
    stem = word[:-1] if word.endswith("e") else word
    return word, word + "s", stem + "ed", stem + "ing"


@cache
def _tables() -> tuple[dict[str, frozenset[str]], dict[str, frozenset[str]]]:
    """Each listed word's opposites, and its family: the forms of the same verb ("enabled" for "enable")."""
    pairs: list[tuple[tuple[str, ...], tuple[str, ...]]] = [((a,), (b,)) for a, b in map(str.split, _WORDS)]
    pairs += [(_verb_forms(a), _verb_forms(b)) for a, b in map(str.split, _VERBS)]
    opposites: dict[str, set[str]] = {}
    family: dict[str, set[str]] = {}
    for one, other in pairs:
        for forms, against in ((one, other), (other, one)):
            for w in forms:
                opposites.setdefault(w, set()).update(against)
                family.setdefault(w, set()).update(forms)
    for families in (_EXTREMES, _OUTCOMES):
        high, low = (frozenset(words.split()) for words in families)
        for side, counter in ((high, low), (low, high)):
            for w in side:
                opposites.setdefault(w, set()).update(counter)
                family.setdefault(w, set()).update(side)
    # Beginning against stopping, each with its synonyms as one family ("When did the war start?" is
    # answered by "It began in 1939 and ended in 1945"). "end" is judged only in the question: in a
    # sentence, "the end of the Pleistocene" is a noun that answers "When did the last glacial start?".
    begin, stop, end = (frozenset(words.split()) for words in (_BEGIN, _STOP, _END))
    for w in begin:
        opposites.setdefault(w, set()).update(stop | {"ended"})
        family.setdefault(w, set()).update(begin)
    for w in stop | end:
        opposites.setdefault(w, set()).update(begin)
        family.setdefault(w, set()).update(stop | end)
    return {w: frozenset(o) for w, o in opposites.items()}, {w: frozenset(f) for w, f in family.items()}


def _words(text: str) -> set[str]:
    return set(_TOKEN.findall(text.lower()))


# A maximum or a minimum stated in other words: "Uploads can be up to 5 GB; the minimum is 1 MB." states the
# maximum asked by "What is the maximum upload size?" as well as a minimum, so it answers the question.
_SAYS_MAXIMUM = re.compile(r"\b(?:up to|at most|no more than|not more than|a maximum of|limited to|capped at)\b", re.I)
_SAYS_MINIMUM = re.compile(r"\b(?:at least|no fewer than|no less than|not less than|a minimum of)\b", re.I)


def _extremes(sentence: str) -> str:
    """`sentence` with the phrases that state a maximum or a minimum read as those words."""
    return _SAYS_MINIMUM.sub(" minimum ", _SAYS_MAXIMUM.sub(" maximum ", sentence))


def opposed(question: str, sentence: str) -> tuple[str, str] | None:
    """(the question's word, its opposite in `sentence`) when the sentence turns it over, else None.

    A form of the word asked for ("enabled" for "enable") in the sentence means it speaks of that too.
    """
    asked, stated = _words(_END_UP.sub(" ", question)), _words(_extremes(_END_UP.sub(" ", sentence)))
    opposites, family = _tables()
    for word in sorted(asked):
        if word not in opposites or family[word] & stated:
            continue
        for other in sorted(opposites[word] & stated):
            if not family[other] & asked:
                return word, other
    return None


# A word negated by its prefix ("uncommon", "non-dynasty", "nonviolent"): the rest is a word of 4 letters
# or more. "unless" is no negation of "less".
_NEGATED = re.compile(r"\b(?:un|non-?)(?P<plain>[a-z]{4,})\b")
_NOT_NEGATED = frozenset(["less"])
_HYPHENATED = re.compile(r"[a-z]+(?:-[a-z]+)*")
_NEGATORS = frozenset(["not", "no", "never", "without"])


def negated(question: str, sentence: str) -> tuple[str, str] | None:
    """(the question's negated word, the plain word in `sentence`) when the question asks about what is not
    something and the sentence speaks only of what is: "What kind of interethnic marriage became uncommon in
    the Jin dynasty?" is not answered by "Interethnic marriage between Han and Jurchen became common at this
    time.", nor "What non-dynasty came before the Yuan?" by "The Yuan dynasty was ...". A plain word the
    sentence negates itself ("non-native Chinese" for "non-Chinese") or the question also uses is no
    mismatch."""
    asked = _HYPHENATED.findall(question.lower())
    stated = _HYPHENATED.findall(sentence.lower())
    for word in asked:
        m = _NEGATED.fullmatch(word)
        if m is None or m["plain"] in _NOT_NEGATED or m["plain"] in asked or word in stated:
            continue
        for i, token in enumerate(stated):
            before = stated[i - 1] if i else ""
            if token == m["plain"] and before not in _NEGATORS and not _NEGATED.fullmatch(before):
                return word, token
    return None


def years(text: str) -> set[int]:
    """The years `text` names, spans and decades spelled out."""
    out: set[int] = set()
    for m in _YEARS.finditer(text):
        y = int(m["y"])
        if m["s"]:
            out.update(range(y - y % 10, y - y % 10 + 10))
        elif m["to"]:
            end = int(m["to"]) if len(m["to"]) == 4 else y - y % 100 + int(m["to"])
            out.update(range(y, end + 1) if y <= end <= y + 100 else (y,))
        else:
            out.add(y)
    return out


def other_year(question: str, sentence: str) -> tuple[str, str] | None:
    """(a year the question names, a year `sentence` names) when the sentence names none of the question's.

    A year the question counts from or to ("after 1973", "since 2020", "by 1990") is not the time it asks
    about: "What happened to prices after 1973?" is answered by "By 1980 they had doubled.".
    """
    asked, stated = years(_ANCHORED.sub(" ", question)), years(sentence)
    if not asked or not stated or asked & stated:
        return None
    return str(min(asked)), str(min(stated))


def can_turn(question: str) -> bool:
    """Does `question` hold a word a sentence could turn over in words: one with an opposite (`opposed`) or
    one negated by its prefix (`negated`)? Without one, only another year can answer another question."""
    opposites, _ = _tables()
    if _words(_END_UP.sub(" ", question)) & opposites.keys():
        return True
    return any(
        (m := _NEGATED.fullmatch(w)) is not None and m["plain"] not in _NOT_NEGATED
        for w in _HYPHENATED.findall(question.lower())
    )


def asks_whether(question: str) -> bool:
    """Is `question` a yes-or-no question ("Does it work on a smartwatch?", "and is there a student discount?")?"""
    return _YES_NO.match(question) is not None


def mismatch(question: str, sentence: str) -> tuple[str, str] | None:
    """(what the question asks, what `sentence` speaks of instead): an opposite word or another year.

    None for a yes-or-no question, which the opposite answers; but the scene its opening clause sets is no
    part of what it asks: "After a successful reset, are the old tokens revoked?" is not answered by a
    sentence about a failed reset.
    """
    if asks_whether(question):
        scene = _SCENE.match(question)
        return None if scene is None else (opposed(scene.group(0), sentence) or other_year(scene.group(0), sentence))
    return opposed(question, sentence) or negated(question, sentence) or other_year(question, sentence)


# A list of names in a sentence: "A, B, C and D", "A, B or C" (each a word, hyphens and dots kept).
_LIST = re.compile(r"(?<![\w-])[\w.+-]+(?:,\s+[\w.+-]+)+,?\s+(?:and|or)\s+[\w.+-]+")
_ITEM = re.compile(r"[\w.+-]+")


def other_member(question: str, sentence: str, context: str) -> tuple[str, str] | None:
    """(the member asked, the one `sentence` speaks of instead), where `context` lists both side by side and
    the sentence never names the member the question names.

    A reference lists the things a statement holds for ("The B-tree, hash, GiST and SP-GiST index methods all
    accept this parameter:") and then gives a figure of one of them ("B-trees use a default fillfactor of
    90."): that figure answers a question about B-trees, not "What is the default fillfactor of a GiST
    index?", though the answer quotes the list before it. Only lists of three names or more count, and only
    where the question names exactly one of them; a member is named in any case, singular or plural, and not
    as part of a longer name ("SP-GiST" does not name GiST), nor by the list itself."""
    asked_words = _words_of(question)
    # A member named inside a list of them ("The B-tree, hash, GiST and SP-GiST index methods accept it:", an
    # answer's introduction) is named with all the others: what the rest of the answer says is of one.
    said = _words_of(_LIST.sub(" ", sentence))
    for m in _LIST.finditer(context):
        items = [i.strip(".").lower() for i in _ITEM.findall(m.group(0)) if i.lower() not in ("and", "or")]
        # Names, not words that join a clause on ("Homebrew, MacPorts, or as part of a distribution").
        if len(items) < 3 or any(i in STOPWORDS or i.isdigit() for i in items):
            continue
        asked = [i for i in items if i in asked_words]
        if len(asked) != 1:
            continue
        if asked[0] in said:
            continue
        other = next((i for i in items if i != asked[0] and i in said), None)
        if other is not None:
            return asked[0], other
    return None


def _words_of(text: str) -> set[str]:
    """The words of `text`, lower case, hyphens and dots kept, each also without a plural "s"."""
    words = {w.strip(".").lower() for w in re.findall(r"(?<![\w-])[\w.+-]+", text)}
    return words | {w[:-1] for w in words if w.endswith("s") and len(w) > 3}
