"""Which sentence of a passage answers a claim, and how it is read and quoted.

Pure rules over text and the scores a ranker gives: the extractive generator and the engine's conflict
check read passages through them (`candidates`, `pick`), so both quote the same sentence for a claim.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import lru_cache

from answerable.core.probability import logit
from answerable.core.types import Passage, embedding_text
from answerable.signals import kinds
from answerable.signals.acronyms import read_with
from answerable.signals.claims import asked_part
from answerable.signals.mismatch import asks_whether, can_turn, mismatch
from answerable.signals.terms import (
    Mentions,
    has_cross_reference,
    named_terms,
    points_elsewhere,
    without_cross_references,
)
from answerable.text.units import (
    UnitKind,
    entry_description,
    entry_names,
    is_entry,
    is_item,
    sentences_of,
    table_parts,
    units,
    without_marker,
)
from answerable.text.words import STOPWORDS, content_tokens, singular, stems


def split_sentences(text: str) -> list[str]:
    """Sentences of a passage. Line breaks are joined first: Markdown wraps sentences across lines."""
    return list(sentences_of(text))


Scorer = Callable[[str, Sequence[str]], list[float]]


# Log-odds added to a sentence's score per point of `kinds.fit`; chosen on the development sets by
# `bench/sentences.py --kind-weights`.
KIND_WEIGHT = 2.0
# How many of the first ranker's sentences the second re-ranks: on the development sets of
# `bench/sentences.py` as good as re-ranking all, at a fraction of the second model's time
# (docs/research/models.md).
RESCORE_TOP = 4


def lacks_kind(claim: str, text: str) -> bool:
    """Does the sentence an answer rests on lack the kind of answer `claim` asks for (`kinds.asked`)?

    Then it is quoted alone, for the gate to withhold: a neighbour that states a figure must not carry it
    past the kind check. "How big can an export be?" was answered with "If your export would be larger,
    narrow the date range ... A project can run one export at a time."
    """
    kind = kinds.asked(claim)
    return kind is not None and not kinds.states(kind, text, claim)


def pick(
    claim: str,
    sentences: Sequence[str],
    scores: Sequence[float],
    kind_weight: float = KIND_WEIGHT,
    rescore: Scorer | None = None,
    read: Sequence[str] | None = None,
    about: Sequence[str] | None = None,
    top_n: int = RESCORE_TOP,
    documented: Sequence[bool] | None = None,
) -> int:
    """The index of the sentence that answers `claim`, given the ranker's `scores` for `sentences`.

    The ranker scores a sentence's topic, so for "How many charts fit on one dashboard?" it put "Use them
    to compare one country across all charts." above "A dashboard holds up to 40 charts.". Each point of
    `kinds.fit` (states the kind asked; has its finer form: a count of charts, a span of time, a clock
    time, a price) adds `kind_weight` to the sentence's log-odds. `rescore`, when given, is a better and
    slower ranker (`quote_ranker_with`): it re-ranks the first `top_n` sentences of that order, as
    `read` gives them (each under its section heading, `under_heading`), when given.

    Neither changes whether an answer is given. When the claim asks for a kind the gate checks
    (`kinds.asked`) and the ranker's best sentence states none, that sentence is returned and the gate
    withholds the answer: reaching down the list for a sentence that has one answered unanswerable
    questions on every measured set (docs/research/quality.md). A sentence with the finer
    form of the kind asked (`kinds.fit` 2: a count of the very thing asked, "A chart shows up to 12
    periods." for "How many periods does a retention chart show?" below "Each row is a cohort and each
    column a period ..."; a span for "how long", "free for 14 days" for "How long does the free trial
    last?" below "No credit card is needed to start.") is the one exception, when it is about every word
    of the question that the best sentence is about (`about`: each sentence with its page title and
    section heading; the question without the asker's story, `claims.asked_part`, since the story is
    nothing the answer must say): "How many components do tentilla have?" is not answered by "Colloblasts ... have
    three main components" below a sentence on tentilla. Otherwise the
    choice is among the sentences that state it, and, of those with the most points of `kinds.fit`, among
    those that mention (with their page title and headings) every name the claim states, when any do.
    An entry that turns the claim over is no candidate while another entry remains (`without_counterparts`),
    and for a claim that asks which one of a kind of thing, a sentence that does not say what it names is none
    while one that does remains (`naming_the_thing`).
    All of it is among the entries the claim asks about, when any are (`entries_asked`; the names are then
    not required of each sentence), else among the sentences of the section that documents a thing the
    claim names as code (`documented`, flags per sentence: `documents`), else among the sentences that
    mention every identifier the claim names, when any do (`naming_identifiers`). The form of a sentence
    is read as it is quoted (`as_said`): the "3." of "3. Save your backup codes." is layout, no count of
    backup codes.
    """
    entries = spelled_entries_yield(claim, sentences, scores, entries_asked(claim, sentences), about)
    own = _about_the_thing(claim, sentences, [k for k, yes in enumerate(documented or ()) if yes])
    pool = entries or cells_asked(claim, sentences) or own or naming_identifiers(claim, about or sentences)
    pool = without_counterparts(claim, sentences, pool)
    pool = without_examples(claim, sentences, pool)
    said = [as_said(text) for text in sentences]
    # Where each sentence stands: its page title and headings, as `about` gives them before the sentence.
    where = [about[k][: about[k].rfind(text)] if about and text in about[k] else "" for k, text in enumerate(sentences)]
    pool = saying_the_side(claim, sentences, pool)
    pool = naming_the_thing(claim, said, where, pool)
    top = max(pool, key=lambda k: (scores[k], -k))
    if lacks_kind(claim, said[top]):
        frame = about or sentences
        counting = {k for k in pool if kinds.counts_asked(claim, kinds.read_under(where[k], said[k]))}
        finer = [
            k
            for k in pool
            if (k in counting or kinds.fit(claim, said[k]) == 2)
            and (
                (k in counting and _same_section(where, k, top))
                or kinds.about_as_much(asked_part(claim), frame[k], frame[top])
            )
        ]
        return max(finer, key=lambda k: (scores[k], -k)) if finer else top
    kind = kinds.asked(claim)
    bonus = [kind_weight * (kinds.fit(claim, text, where[k]) or 0) for k, text in enumerate(said)]
    stating = [k for k in pool if kind is None or kinds.states(kind, said[k], claim)]
    # Of the sentences with the best form of answer, those naming every name of the claim: "Business
    # workspaces keep audit events for 1 year." has the form asked as much as "Enterprise workspaces keep
    # them for 7 years." for "How long do Enterprise workspaces keep audit log events?".
    names = named_terms(claim)
    best = max((bonus[k] for k in stating), default=0.0)
    if names and best > 0 and not entries:
        frame = about or sentences
        naming = [k for k in stating if bonus[k] == best and not Mentions((frame[k],)).unmatched(names)]
        stating = naming or stating
    order = sorted(stating, key=lambda k: (-(logit(scores[k]) + bonus[k]), k))
    if rescore is None:
        return order[0]
    shortlist = order[:top_n]
    again = rescore(claim, [(read or sentences)[k] for k in shortlist])
    return shortlist[max(range(len(shortlist)), key=lambda j: (logit(again[j]) + bonus[shortlist[j]], -j))]


def _same_section(where: Sequence[str], k: int, top: int) -> bool:
    """Do sentences `k` and `top` stand under the same headings of a page (`where`)? A count of the very thing
    asked, in the best sentence's own section, is about what that section is about: under "`-W`,
    `--workers`", "Defaults to the number of CPUs in the system." answers "How many workers does Black use
    when it formats many files?" as much as "When Black formats multiple files, it may use a process pool."
    does. A bare paragraph (no heading) may speak of several things one after another, and does not count;
    nor does a span or another form, which must still say what the best sentence says of the question."""
    return bool(where[k].strip()) and "\n" in where[k].strip() and where[k] == where[top]


def as_said(text: str) -> str:
    """`text` as a quote says it: each list item without its marker (`without_marker`), whose number is
    layout, not a figure of the answer."""
    return "\n".join(without_marker(line) if is_item(line) else line for line in text.split("\n"))


_WORD = re.compile(r"[a-z0-9]+")
_CODE_SPAN = re.compile(r"`([^`]+)`")


# Short forms names are written in ("MAX_COOKIE_SIZE", "conn_timeout", "app_dir"), read as the words an asker
# writes ("the maximum cookie size").
_SHORT_FORMS = {
    "max": "maximum",
    "min": "minimum",
    "num": "number",
    "dir": "directory",
    "config": "configuration",
    "conf": "configuration",
    "conn": "connection",
    "db": "database",
    "env": "environment",
    "msg": "message",
    "addr": "address",
    "len": "length",
    "app": "application",
    "tmp": "temporary",
    "temp": "temporary",
    "param": "parameter",
    "arg": "argument",
}
_ARTICLES = frozenset(["the", "a", "an"])


def _as_said(word: str) -> str:
    """`word` as compared when a name is spelled: its long form (`_SHORT_FORMS`), singular."""
    word = singular(word)
    return _SHORT_FORMS.get(word, word)


def _spelled(parts: Sequence[str], words: Sequence[str]) -> bool:
    """Are the words of a name (`parts`) said in `words`, in order ("session cookie name"), or with the
    last put first as English does ("the name of the session cookie", "the size of a pool")? Short forms
    and plurals are read as the words said ("max cookie size": "the maximum cookie size")."""
    wanted = tuple(_as_said(p) for p in parts)
    said = [_as_said(w) for w in words]
    n = len(wanted)
    if any(tuple(said[i : i + n]) == wanted for i in range(len(said) - n + 1)):
        return True
    if n < 2:
        return False
    *rest, last = wanted
    for i, word in enumerate(said[:-2]):
        if word == last and said[i + 1] == "of":
            k = i + 2 + (said[i + 2] in _ARTICLES)
            if tuple(said[k : k + n - 1]) == tuple(rest):
                return True
    return False


@lru_cache(maxsize=1024)
def _as_asked(claim: str) -> tuple[tuple[str, ...], frozenset[str]]:
    """A claim's words, and the names it writes as code (in backticks, or identifiers), lower case."""
    code = {span.strip().lower() for span in _CODE_SPAN.findall(claim)}
    code |= {t.key.removeprefix("id:") for t in named_terms(claim) if t.key.startswith("id:")}
    return tuple(_WORD.findall(claim.lower())), frozenset(code)


def asks_entry(claim: str, unit: str, namespaces: frozenset[str] = frozenset()) -> bool:
    """Does `claim` ask about the entry `unit` defines (`entry_names`)? It does when it names one of the
    entry's names as code, or spells a name made of several words in its own words, in order: "shared
    buffers" asks about `shared_buffers`, "the number of jobs" about `-j number-of-jobs`, "the configuration
    directory" about the glossary's `configuration directory`, "reflog expire" about `gc.reflogExpire`
    (`_spellings`). A name of one plain word ("builder") is asked about only when written as code: as a
    word it is just a word. A dotted name spelled without its namespace is not asked about when the claim
    names another of the `namespaces` its neighbours live in: "How do I make git blame ignore whitespace?"
    does not ask about `apply.ignoreWhitespace` beside the `blame.*` entries."""
    names = entry_names(unit)
    if not names:
        return False
    if _named_as_code(claim, names):
        return True
    words, _ = _as_asked(claim)
    others = namespaces & set(words)
    for name in (*names, " ".join(names)):
        if any(_spelled(parts, words) for parts in _spellings(name, bool(others - {_namespace(name)}))):
            return True
    head = _WHICH_NOUN.match(claim)
    return head is not None and any(_names_the_asked(name, _as_said(head["noun"].lower()), words) for name in names)


# The noun a question asks "which" or "what" of: "theme" of "Which theme does Sphinx use ...?", "format" of
# "What image format does it render to?".
_WHICH_NOUN = re.compile(rf"^\W*(?:which|what)\s+{kinds.ASKED_NOUN}", re.I)


def _names_the_asked(name: str, noun: str, words: Sequence[str]) -> bool:
    """Is the entry `name` named for the thing a question asks which of (`noun`), qualified by words the
    question says elsewhere? "Which theme does Sphinx use for HTML output?" asks for `html_theme`'s value:
    its last word is the noun asked and its other word is said; `html_theme_options` (options) and
    `html_style` (another noun) are named for other things."""
    parts = [_as_said(p) for p in _WORD.findall(_PLACEHOLDER.sub("", _CAMEL.sub(" ", name)).lower())]
    if len(parts) < 2 or parts[-1] != noun:
        return False
    said = {_as_said(w) for w in words}
    return all(p in said for p in parts[:-1])


_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
_PLACEHOLDER = re.compile(r"<[^>]*>")


def _namespace(name: str) -> str:
    """The namespace a dotted name opens with, lower case ("gc" of `gc.reflogExpire`); "" for none."""
    bare = _PLACEHOLDER.sub("", name).strip(".")
    return bare.split(".", 1)[0].lower() if "." in bare else ""


def _spellings(name: str, namespaced: bool = False) -> list[tuple[str, ...]]:
    """The runs of words a name of several words is spelled in, lower case: its words ("shared buffers" for
    `shared_buffers`) and, for a name in camelCase, its words apart, with and (unless `namespaced`) without
    the namespace a dotted name opens with ("gc reflog expire" and "reflog expire" for `gc.reflogExpire`,
    "keep alive timeout" for `server.keepAliveTimeout`). A namespace is where the name lives, which the
    asker says elsewhere or not at all; placeholders (`gc.<pattern>.reflogExpire`) are no words of it."""
    bare = _PLACEHOLDER.sub("", name)
    out = [tuple(_WORD.findall(bare.lower()))]
    split = _CAMEL.sub(" ", bare)
    if split != bare:
        out.append(tuple(_WORD.findall(split.lower())))
        if not namespaced:
            key = bare.rstrip(".").split(".")[-1]
            out.append(tuple(_WORD.findall(_CAMEL.sub(" ", key).lower())))
    return [parts for parts in dict.fromkeys(out) if len(parts) >= 2]


def _named_as_code(claim: str, names: Sequence[str]) -> bool:
    """Does `claim` write one of an entry's `names` (or all of them as one) as code?"""
    _, code = _as_asked(claim)
    return any(name.lower().rstrip(".") in code for name in (*names, " ".join(names)))


def entries_asked(claim: str, sentences: Sequence[str]) -> list[int]:
    """The sentences that are entries `claim` asks about (`asks_entry`), when any are.

    A reference section is a run of entries, each defining one name, and a question about one of them is
    answered by its own entry: "How much memory does the server set aside for shared buffers by default?"
    by the entry of `shared_buffers`, not by the entry of `shared_memory_type` beside it, which mentions
    shared buffers too and which the ranker, reading topics, may score higher. The entry is then all the
    answer is drawn from: the other names of the question ("PostgreSQL") are its context, which an entry
    does not repeat.
    """
    namespaces = frozenset(_namespace(name) for text in sentences for name in entry_names(text)) - {""}
    return [k for k, text in enumerate(sentences) if asks_entry(claim, text, namespaces)]


def spelled_entries_yield(
    claim: str,
    sentences: Sequence[str],
    scores: Sequence[float],
    entries: list[int],
    about: Sequence[str] | None = None,
) -> list[int]:
    """`entries` (those `claim` asks about), or none when they are asked only in words and the ranker's best
    sentence is prose about more of the question than any of them.

    A parameter's name is often a plain phrase: "Can JavaScript in the browser read the session cookie?"
    spells `session_cookie`, but asks what "The session cookie is always set with the HttpOnly flag,
    preventing client-side JavaScript from accessing it." says, not the cookie's default name. An entry
    the claim names as code (`session_cookie`) is asked about whatever else it says; so is one the ranker
    puts first, or one about as much of the question as the best sentence (`kinds.about_as_much`, each
    with its page title and headings).
    """
    if not entries:
        return entries
    if any(_named_as_code(claim, entry_names(sentences[k])) for k in entries):
        return entries
    best = max(range(len(sentences)), key=lambda k: (scores[k], -k))
    if best in entries or entry_names(sentences[best]):
        return entries
    frame = about or sentences
    if any(kinds.about_as_much(claim, frame[k], frame[best]) for k in entries):
        return entries
    return []


def without_counterparts(claim: str, sentences: Sequence[str], pool: list[int]) -> list[int]:
    """`pool` without the entries that turn `claim` over (`mismatch`), when an entry that does not remains.

    A reference section defines counterparts side by side (`ssl_min_protocol_version` and
    `ssl_max_protocol_version`, `--enable-cache` and `--disable-cache`), which the ranker, reading topics,
    cannot tell apart: "What is the lowest TLS version the server accepts?" is answered by the entry of
    the minimum, and the entry of the maximum answers another question. Only entries stand in for each
    other so: a prose sentence that turns the question over stays, and the gate withholds it (reaching
    past it for another sentence answered questions whose documents state only the opposite).
    """
    entries = [k for k in pool if entry_names(sentences[k])]
    turned = {k for k in entries if mismatch(claim, sentences[k])}
    if not turned or len(turned) == len(entries):
        return pool
    return [k for k in pool if k not in turned]


def saying_the_side(claim: str, sentences: Sequence[str], pool: list[int]) -> list[int]:
    """`pool` without the sentences that turn `claim` over (`mismatch`) where another of it says the side
    asked, in its own word (`_says_side`).

    A page that states both sides ("Fail: `400 Bad Request`.", "Success: `201 Created`.") answers the side
    asked with the sentence that says it, which the ranker, reading topics, scores a little lower or higher
    at random: "What status code comes back from a successful POST /register?" was withheld over the
    failure's code. Where no sentence says the side asked, the opposite stays, for the gate to withhold
    (reaching past it to any other sentence answered questions whose pages state only the opposite); so it
    does for a yes-or-no question, whose opening clause's case is not what it asks, and for another year, as
    a sentence listing the year asked among others ("in 1603, 1625, and 1665") does not say what it did."""
    if asks_whether(claim) or not can_turn(claim):
        return pool
    turned = {k: m for k in pool if (m := mismatch(claim, sentences[k])) is not None}
    # Opposite words only: a sentence that lists the year asked among others does not say what that year did.
    asked = {m[0] for m in turned.values() if m[0].isalpha()}
    if not turned or not any(_says_side(word, sentences[k], claim) for k in pool for word in asked):
        return pool
    return [k for k in pool if k not in turned]


def _says_side(word: str, sentence: str, claim: str) -> bool:
    """Does `sentence` say the side `claim` asks for, by its word (`word`, in any form) and without turning
    the claim over itself?"""
    return bool(stems([word]) & stems(_WORD.findall(sentence.lower()))) and mismatch(claim, sentence) is None


def without_examples(claim: str, sentences: Sequence[str], pool: list[int]) -> list[int]:
    """`pool` without its code blocks and the examples a sentence introduces ("For example, to capture the
    context variables:" and its block: `kinds.only_an_example`), unless `claim` asks for what code can answer
    (`kinds.asks_for_code`: a way to do something, a command, syntax, an example, what to write or run) or
    nothing else remains.

    A page's example sits beside the sentence that answers and shares all its names, so the ranker, reading
    topics, scores it as high: "What response does the host check send when the Host header is wrong?"
    was answered with the example that installs the middleware, not with "... then a 400 response will be
    sent.". To a question that asks for no code the example is no answer.
    """
    if kinds.asks_for_code(claim):
        return pool
    return [k for k in pool if not kinds.only_an_example(sentences[k])] or pool


_HEADING_CODE = re.compile(r"`([^`]+)`")


def documents(claim: str, heading_path: Sequence[str]) -> bool:
    """Is a section under `heading_path` the one that documents a thing `claim` names as code: does its own
    heading name it as code, signature and all ("`setImmediate(callback[, ...args])`" for "What does
    setImmediate do?", "`child_process.exec(command[, options])`" for "... of child_process.exec")?

    API references give each function, method or property a section headed by its signature: what it does,
    what it returns and its options' defaults are there, while other sections only mention it in passing
    ("An `Immediate` object as returned by `setImmediate()`", in `clearImmediate`'s)."""
    if not heading_path:
        return False
    _, code = _as_asked(claim)
    if not code:
        return False
    for span in _HEADING_CODE.findall(heading_path[-1]):
        name = re.split(r"[(\[\s]", span.strip(), maxsplit=1)[0].rstrip(".").lower()
        if name and name in code:
            return True
    return False


def cells_asked(claim: str, sentences: Sequence[str]) -> list[int]:
    """The tables among `sentences` that hold the cell `claim` asks for: it calls a row by its label (the
    first cell, `_labels_row`) and a column by its header's last word. A table is looked up by its row
    and its column: "What are the default arguments for the fish shell?" is answered by the "| fish |
    `fish` | `["-i"]` |" row under "| Shell | Name | Arguments |", not by the sentence beside the table
    that says shells have default arguments, however the ranker, reading topics, puts that sentence first
    (`rows_asked` then quotes the header and that row)."""
    said = {singular(w) for w in content_tokens(claim)}
    found = []
    for k, text in enumerate(sentences):
        parts = table_parts(text)
        if parts is None:
            continue
        header, body = parts
        if not 0 < sum(_labels_row(said, row) for row in body) < len(body):
            continue
        columns = [content_tokens(re.sub(r"[*_`]", "", c)) for c in header.strip().strip("|").split("|")[1:]]
        if any(words and singular(words[-1]) in said for words in columns):
            found.append(k)
    return found


def _about_the_thing(claim: str, sentences: Sequence[str], own: list[int]) -> list[int]:
    """`own` (the sentences of the section that documents what `claim` names) without the entries of
    parameters the claim never mentions, when other sentences remain: "What does setImmediate do?" is
    answered by "Schedules the callback ...", not by the entry of its `callback` parameter, while "What is the
    default timeout of child_process.exec?" keeps the entry of `timeout`."""
    kept = [k for k in own if not entry_names(sentences[k]) or mentions_entry(claim, sentences[k])]
    return kept or own


def mentions_entry(claim: str, unit: str) -> bool:
    """Does `claim` mention a name the entry `unit` defines, in its words or as code ("the timeout" for the
    entry of `timeout`)? Looser than `asks_entry`: a name mentioned is not yet a name asked about."""
    words, code = _as_asked(claim)
    said = set(words) | code
    return any(set(_WORD.findall(name.lower())) <= said for name in entry_names(unit))


def naming_the_thing(claim: str, said: Sequence[str], where: Sequence[str], pool: list[int]) -> list[int]:
    """Of `pool`, the sentences that name one of the kind of thing `claim` asks which one of by saying what it is
    (`kinds.names_thing` without a bare name; each read under `where` it stands), when any do; else `pool`. The
    gate takes no other answer to it: "The regex source is used by default." answers "Which version source
    does it use by default?", however the ranker puts "The default pattern looks for a variable named
    `__version__` ..." above it."""
    thing = kinds.thing_asked(claim)
    if thing is None:
        return pool
    # Named in so many words, not by a name alone: a name may be of another kind ("the `HttpOnly` flag" for
    # "Which hash algorithm ...?"), and the ranker's choice stands against it.
    naming = [k for k in pool if kinds.names_thing(claim, thing, said[k], where[k], by_name=False)]
    # Nor in another form than the one asked: "Which engine does it use by default?" wants the default named.
    form = kinds.required_form(claim)
    if form is not None:
        naming = [k for k in naming if form[1](said[k])]
    return naming or pool


def naming_identifiers(claim: str, frame: Sequence[str]) -> list[int]:
    """The sentences that may answer `claim` by the identifiers it names: where the claim names settings,
    options or modules as code (`max_connections`, `--jobs`, `sphinx.ext.autodoc`) and some sentences,
    each read with its page title and headings (`frame`), mention every one of them, only those; else all.

    An identifier names one thing exactly, and a reference page lists its neighbours one after another: the
    entry of `work_mem` beside the entry of `maintenance_work_mem` states a default too, but not the one
    asked for. A sentence that mentions the identifier asked (its own entry, or prose about it) is about
    it; the ranker, which reads topics, cannot tell two entries of one section apart. Where no code answers
    the claim (`kinds.code_may_answer`), a code block's use of an identifier is no mention of it.
    """
    wanted = [t for t in named_terms(claim) if t.key.startswith("id:")]
    everything = list(range(len(frame)))
    if not wanted:
        return everything
    # To a claim no code answers, an example that uses the identifier says nothing of it: its words do.
    read = (lambda text: text) if kinds.code_may_answer(claim) else kinds.prose_of
    naming = [k for k in everything if not Mentions((read(frame[k]),)).unmatched(wanted)]
    return naming or everything


# A sentence that opens by pointing back: a pronoun, a demonstrative ("the latter"), a connective of
# consequence, or an opening clause that stands on what was said ("If it doesn't, ...", "If so, ...",
# "When this happens, ...", "In that case, ..."), or a reply to the question before it ("Yes, with a link.").
_REFERS_BACK = re.compile(
    r"^(?:this|these|that|those|it|its|they|them|their|he|she|his|her|such|the latter|the former|"
    r"as a result|the result|therefore|thus|hence|consequently|however|otherwise|instead|"
    r"(?:if|when|whenever|once|unless|until|while|after|before|because|although|though)\s+"
    r"(?:it|its|they|their|this|that|these|those|he|she|so|not)|"
    r"in (?:that|this|either|both|which|such a) cases?|after that|because of (?:this|that)|"
    # a clause without its subject: "If specified, the length must ...", "When enabled, the server ..."
    r"(?:if|when|whenever|once|unless|where)\s+(?:specified|given|set|omitted|provided|present|supplied|passed|"
    r"enabled|disabled|absent|missing|used|empty|unset|true|false|zero)(?=\s*,)|"
    r"(?:yes|no)(?=[,.;!]))\b",
    re.I,
)


def asks(sentence: str) -> bool:
    """Is `sentence` itself a question ("Is there a dark mode?")?"""
    return sentence.rstrip(" \"')]*_").endswith("?")


def rows_asked(claim: str, unit: str) -> str:
    """A table quoted for `claim`: its header and the rows that mention a name or figure the claim states
    (every one of them, where some rows do), when some rows do and others do not ("| Plan | Version
    history |" and "| Business | 180 days |" for
    "How long is version history kept on the Business plan?", not every plan's row); any other unit as it
    is. The answer check takes such an excerpt as quoted (`cite.table_excerpt`).

    Where the claim names no row so, a row is the one asked when the claim says what its first cell
    labels it as, in any case: "When is baby storytime?" asks for the "| Baby Storytime | ... |" row, not
    the toddlers' one (`_labels_row`)."""
    parts = table_parts(unit)
    if parts is None:
        return unit
    header, body = parts
    names = named_terms(claim)
    # The rows that mention every name the claim states, where some do ("Christmas Day": its row, not every
    # "... Day" and "Christmas Eve"), else those that mention one.
    every = [row for row in body if all(Mentions((row,)).mentions(t) for t in names)] if names else []
    one = [row for row in body if any(Mentions((row,)).mentions(t) for t in names)] if names else []
    said = {singular(w) for w in content_tokens(claim)}
    labelled = [row for row in body if _labels_row(said, row)]
    # A row the claim calls by its label is the row asked, before one that only mentions a name the claim
    # states elsewhere in it: "What does the beta segment give for version 1.0.0?" asks for the row labelled
    # "`b` / `beta`", and the "1.0.0" it names is in the release row and in every other row's figure.
    for rows in ([r for r in labelled if r in every], [r for r in labelled if r in one], labelled, every, one):
        if 0 < len(rows) < len(body):
            return "\n".join([header, *rows])
    return unit


# A row label's alternatives ("Colour printing or copying") and its aside ("Storytime (Spanish and English)").
_ALTERNATIVES = re.compile(r"\s+(?:or|and|&)\s+|\s*[,/;]\s*", re.I)
_ASIDE = re.compile(r"\([^)]*\)")


def _labels_row(said: set[str], row: str) -> bool:
    """Does a claim whose content words are `said` name the label of `row`: every content word of one of
    the first cell's alternatives ("Colour printing or copying": "colour printing", or "copying"; "Lost or
    damaged items": "lost items", or "damaged items")?"""
    first_cell = row.strip().strip("|").split("|")[0]
    label = _ASIDE.sub(" ", re.sub(r"[*_`]", "", first_cell))
    alternatives = [a for a in _ALTERNATIVES.split(label.strip()) if a.strip()]
    shared = alternatives[-1].split() if alternatives else []
    for k, alternative in enumerate(alternatives):
        if k < len(alternatives) - 1 and len(alternative.split()) == 1 and len(shared) > 1:
            # "Lost or damaged items": a one-word alternative before the last shares its noun ("lost items").
            alternative = f"{alternative} {shared[-1]}"
        words = {singular(w) for w in content_tokens(alternative)}
        if words and words <= said:
            return True
    return False


# A list item that is nothing but a name: "- `doctest`", "2. sphinx.ext.todo".
_BARE_ITEM = re.compile(r"^\s*(?:[-*+•]|\d+[.)])\s+(?:`[^`\n]+`|[\w.:/-]+)[.,;]?\s*$")
# An entry that is nothing but its name: "`attrs.validators.disabled`:", an API entry whose description the
# page leaves to the code.
_BARE_ENTRY = re.compile(r"^\s*`[^`\n]+`(?:,\s*`[^`\n]+`)*\s*:\s*$")


def says_nothing(sentence: str) -> bool:
    """Is `sentence` an entry that is nothing but its name ("`attrs.validators.disabled`:")? It is quoted
    when it is the entry asked about, but answers nothing: the gate reads its claim as unanswered
    (`annotate.annotate_draft`), rather than the picker passing to a neighbouring entry's default."""
    return _BARE_ENTRY.match(sentence) is not None


def quotable(sentence: str) -> bool:
    """Can `sentence` be an answer? A question (a forum post's, a FAQ's heading) is never the answer to one,
    nor is a pointer to another page (`terms.points_elsewhere`): "For what happens to your files after
    cancelling, see the [FAQ](...)." was quoted for "What happens to our files after we cancel?". Nor is a
    list item that is nothing but a name ("- `doctest`"): alone it states nothing; the sentence that
    introduces its list is quoted with it (`introduced`)."""
    return not asks(sentence) and not points_elsewhere(sentence) and _BARE_ITEM.match(sentence) is None


def refers_back(sentence: str) -> bool:
    """Does `sentence` open by referring to what the sentence before it said, or name what it speaks of by a
    demonstrative and a noun ("The `--fast` flag turns off this check.": which check, only the sentence
    before says)? "This page", "this section" and the like point at the document, "this example:" at what
    follows, and "this" before a function word ("do this by ...") is a pronoun, read only at the opening."""
    if _REFERS_BACK.match(sentence.lstrip(" \"'(")) is not None:
        return True
    return any(
        m["noun"].lower() not in STOPWORDS and m["noun"].lower() not in _THE_DOCUMENT and not m["colon"]
        for m in _DEMONSTRATIVE.finditer(sentence)
    )


# A demonstrative and the word after it, anywhere in a sentence: "turns off this check".
_DEMONSTRATIVE = re.compile(r"\b(?:this|these|those)\s+(?P<noun>[A-Za-z][\w-]*)(?P<colon>\s*:)?", re.I)
# What a demonstrative points at when it points at the document itself.
_DOCUMENT_WORDS = """page pages section sections guide guides document documents documentation chapter chapters
    article articles tutorial tutorials manual site example examples"""
_THE_DOCUMENT = frozenset(_DOCUMENT_WORDS.split())


_POINTS_BACK = re.compile(r"\b(?:it|its|they|them|their|these|those)\b", re.I)


def with_referent(text: str, sentence: str) -> str:
    """`sentence` as it speaks of something: with the sentence before it in `text` when it names what it
    speaks of by a pronoun. "Enterprise workspaces keep them for 7 years." speaks of audit events, which
    only the sentence before it ("Business workspaces keep audit events for 1 year.") names."""
    if not _POINTS_BACK.search(sentence):
        return sentence
    sentences = split_sentences(text)
    i = next((k for k, s in enumerate(sentences) if s.strip() == sentence.strip()), None)
    return f"{sentences[i - 1]} {sentence}" if i else sentence


def under_heading(passage: Passage, text: str) -> str:
    """`text` of `passage` as the rankers read it: after its section's heading, when it has one below the
    page's top heading (which names the page, like its title: a forum page's "Is there a dark mode for
    dashboards?" would make the question post read as its answer). "N-day is the default." says what it
    is the default of only under "N-day and unbounded retention" (for "Which retention type is the
    default?": 0.24 alone, 0.68 under it, against 0.65 and 0.62 for a list that mentions "any event by
    default"). Only the sentence is quoted, and only the sentence is read for the kind of answer (`kinds`).

    A page whose headings do not open with its own name (a manual page's "OPTIONS", a reference page's
    "Usage > Variables": the name is in the page's title only) is read under its title too, as a page that
    opens with its name is read below it: "`-w`: Ignore whitespace when comparing ..." answers "How do I make
    git blame ignore whitespace?" only as part of "git-blame(1)". A title or top heading that asks a question
    is not read: it is the question a post asks.
    """
    path = passage.heading_path
    named = bool(path) and (_names_the_page(path[0], passage.title) or path[0].rstrip().endswith("?"))
    heading = path[-1] if path and not (named and len(path) == 1) else ""
    text = f"{heading}. {text}" if heading and heading != passage.title else text
    title = passage.title.strip()
    if path and not named and title and not title.endswith("?"):
        return f"{title}. {text}"
    return text


def entry_under_page(passage: Passage, entry: str) -> str:
    """A definition or parameter `entry` of `passage` as the rankers read it: under its section's heading
    (`under_heading`) and under its page's title too. An entry's name means something only as a name of
    what its page documents: "`-f, --force`: Force overwriting of any existing generated files." is a flag
    of sphinx-apidoc, "`timeout`: ..." a parameter of one function, "`max_connections (integer)`: ..." a
    setting of the server; read under "Options" alone, nothing says which. A title that asks a question is
    not read (`under_heading`)."""
    text = under_heading(passage, entry)
    title = passage.title.strip()
    if not title or title.endswith("?") or text.startswith(f"{title}. "):
        return text
    return f"{title}. {text}"


def entries_ranked(passage: Passage, claim: str) -> list[str]:
    """The entries of `passage` each read on its own (`entry_under_page`) when it holds more than one unit:
    a chunk of several entries answers a question when one of them does, and read as one passage the
    others drown it ("`-f, --force`: Force overwriting ..." among ten other options of one page). Its
    tables are cut to the rows `claim` names before (`as_judged`); a passage that is one entry is read
    as it is. An entry described in fewer than `_TELLING` words ("`toctree`: Entries", a label the page
    sets in bold above the paragraphs it heads; "`cookie_path`: Cookie path.") says little beyond its
    name: read alone, it would answer any question that names its words, so it is read with its passage
    only."""
    found = units(as_judged(passage, claim))
    if len(found) < 2:
        return []
    return [entry_under_page(passage, u.text) for u in found if u.kind is UnitKind.ENTRY and _tells(u.text)]


_TELLING = 3


def _tells(entry: str) -> bool:
    """Does `entry` describe its name in at least `_TELLING` words?"""
    return len(_WORD.findall(entry_description(entry).lower())) >= _TELLING


def _names_the_page(heading: str, title: str) -> bool:
    """Is `heading` the page's own top heading: the same words as its `title`, one holding all the other's
    ("Pricing exceptions" of "Pricing exceptions (staff only)", "20.6. Replication" of its title)?"""
    mine, theirs = set(_WORD.findall(heading.lower())), set(_WORD.findall(title.lower()))
    return bool(mine) and bool(theirs) and (mine <= theirs or theirs <= mine)


@lru_cache(maxsize=4096)
def without_pointers(text: str) -> str:
    """`text` without its sentences that only point to another page (`terms.points_elsewhere`), as the
    models read a passage to judge whether it answers: "For what happens to your files after cancelling,
    see the [FAQ](...)." made a page on how to cancel read as the answer to "What happens to our files
    after we cancel the subscription?" (0.98 against the FAQ's 0.95, which says). Text with no pointer is
    returned as it is; a passage that is nothing but pointers too."""
    if not has_cross_reference(text):
        return text
    sentences = sentences_of(text)
    kept = [s for s in sentences if not (points_elsewhere(s) and re.search(r"\w", without_cross_references(s)))]
    return "\n".join(kept) if kept and len(kept) < len(sentences) else text


@lru_cache(maxsize=4096)
def tables_asked(claim: str, text: str) -> str:
    """`text` with each of its tables cut to the header and the rows `claim` names (`rows_asked`), as the
    models read a passage to judge whether it answers: a table of eight error codes scored 0.40 for "What
    does error E309 mean?" and its header with the E309 row 0.73, above a page that only mentions E309
    (0.44). An answer quotes such a table so. Text with no table is returned as it is."""
    if "\n|" not in text and not text.startswith("|"):
        return text
    units = sentences_of(text)
    cut = [rows_asked(claim, unit) for unit in units]
    return "\n".join(cut) if cut != list(units) else text


def as_judged(passage: Passage, claim: str) -> str:
    """What the models read of `passage`'s text to judge whether it answers `claim`: without its pointers,
    its tables cut to the rows the claim names, with the acronyms the question uses after their long forms
    (`acronyms.read_with`). The second model reads it so (under its heading it
    confirmed worse, docs/research/quality.md)."""
    return read_with(tables_asked(claim, without_pointers(passage.text)), passage.acronyms)


def as_confirmed(passage: Passage, claim: str) -> str:
    """`passage` as the second answerability model reads it to confirm that it answers `claim`: `as_judged`,
    after its section's heading when that heading asks the claim's own question (an FAQ entry,
    `asked_as_headed`), else without it. An FAQ's answer is written as the reply to its question and means
    nothing without it ("Not much! Other than the plugin system, everything uses Python's established
    standards by default." under "What is the risk of lock-in?"). Another question's heading stays unread:
    "How much is a penalty fare?" read over its answer made it the answer to "How much is a day ticket?";
    and so does a heading that names a topic, as the model was trained to read passages."""
    text = as_judged(passage, claim)
    path = passage.heading_path
    if len(path) > 1 and asks(path[-1]) and asked_as_headed(claim, path[-1]):
        return f"{path[-1]} {text}"
    return text


def asked_as_headed(claim: str, heading: str) -> bool:
    """Does `claim` ask the question `heading` asks: every content word of the heading (by its stem), and at
    most one more (the product's name, "with Hatch")?"""
    mine, theirs = (stems([w for w in content_tokens(text) if len(w) > 1]) for text in (claim, heading))
    return bool(theirs) and theirs <= mine and len(mine - theirs) <= 1


def as_ranked(passage: Passage, claim: str) -> str:
    """`passage` as the reranker reads it to judge whether it answers `claim`: `as_judged`, under its
    section heading, after its page's opening sentence when that names what the claim asks about and the
    section does not (`with_lead`)."""
    return with_lead(passage, claim, under_heading(passage, as_judged(passage, claim)))


def with_lead(passage: Passage, claim: str, text: str) -> str:
    """`text` (read from `passage`) after the page's opening sentence, when `lead_needed`, with the acronyms
    the question uses after their long forms (`acronyms.read_with`)."""
    text = read_with(text, passage.acronyms)
    lead = passage.lead
    if lead and lead_needed(lead, claim, f"{passage.title} {text}", passage.title):
        return f"{lead} {text}"
    return text


def lead_needed(lead: str, claim: str, text: str, title: str) -> bool:
    """Does `claim` ask about the page's subject by what its opening sentence `lead` calls it, in words
    that `text` (a section, with its headings and the page's title) does not have?

    A page names its subject once and then uses the name: "TapCard is Redline's reloadable smart card."
    opens the page whose "Getting a card" section says "A standard TapCard costs $3."; read alone, that
    section says nothing about "the smart card" a question asks the price of. The opening counts only when
    it opens with the page's subject (a word of its `title` among its first two words: it says what the
    subject is, where "Unlike the HTML builders, the `latex` builder ..." says what something else is
    not), and only for a claim that does not name that subject itself: "Is there a maximum number of team
    folders per workspace?" names the team folders, and the opening's "belong to the workspace" would make
    every section of their page read as an answer. Words are compared by their first four letters."""
    subject = _stems(title) & stems(content_tokens(lead)[:2])
    asked = _stems(claim)
    if not subject or asked & subject:
        return False
    return bool(asked & _stems(lead) - _stems(text))


@lru_cache(maxsize=4096)
def _stems(text: str) -> frozenset[str]:
    """The stems of `text`'s content words; remembered, as the candidates of one claim share a page's
    title and opening sentence."""
    return stems(content_tokens(text))


# A reply word or phrase, and a sentence of nothing else ("Yes.", "Not much!", "Yes, mostly!", "No, never."):
# those that say yes or no, and those that say how much or how often.
_YES_OR_NO = (
    r"(?:yes|no|yep|nope|sure|correct|not yet|of course|not really|not necessarily|not at all|absolutely"
    r"|definitely|certainly|indeed)"
)
_REPLY_WORD = (
    rf"(?:{_YES_OR_NO}|not much|mostly|partly|partially|never|always|usually|often|sometimes|rarely|it depends)"
)
_BARE_REPLY = re.compile(rf"^\W*{_REPLY_WORD}(?:\W+{_REPLY_WORD})*\W*$", re.I)
_BARE_YES_OR_NO = re.compile(rf"^\W*{_YES_OR_NO}(?:\W+{_YES_OR_NO})*\W*$", re.I)


def bare_reply(sentence: str) -> bool:
    """Is `sentence` only a reply ("Yes.", "No.", "Not much!", "Yes, mostly!")? It answers a question, and
    only with what the sentence after it says: "Yes." quoted alone for "Can I use my own router?" drops how,
    "Not much!" for "What is the risk of lock-in?" drops why."""
    return _BARE_REPLY.match(sentence) is not None


def bare_yes_or_no(sentence: str) -> bool:
    """Is `sentence` only a yes or a no ("Yes.", "No, not yet.")? It answers only a yes-or-no question; a
    reply of how much or how often ("Not much!", "Rarely.") answers "What is the risk ...?" too."""
    return _BARE_YES_OR_NO.match(sentence) is not None


def introduced(sentences: Sequence[str], i: int, claim: str = "") -> list[int]:
    """The list items that sentence `i` introduces with a colon ("To place a hold:", then "1. Open ...",
    "2. Select ..."), or the sentence after a bare reply ("Yes.", then "Set it up in bridge mode ..."):
    quoted with it, for alone it says nothing. For a `claim`, only the items it asks about, where it names
    some of them and not others (`items_asked`)."""
    if bare_reply(sentences[i]):
        return [i + 1] if i + 1 < len(sentences) and quotable(sentences[i + 1]) else []
    if not sentences[i].endswith(":"):
        return []
    items: list[int] = []
    for k in range(i + 1, len(sentences)):
        if not is_item(sentences[k]):
            break
        items.append(k)
    return items_asked(claim, sentences, items) if claim else items


# An item's label: what it opens with before a colon ("- **sidebarwidth** (CSS length): Width ...").
_ITEM_LABEL = re.compile(r"^([^:\n]{1,60}?)\s*:\s")


def _item_label(item: str) -> str:
    """The label a list item opens with, before its colon, without its markup; "" when it has none."""
    found = _ITEM_LABEL.match(without_marker(item).strip())
    return re.sub(r"[*_`]", "", found.group(1)).strip() if found else ""


def items_asked(claim: str, sentences: Sequence[str], items: list[int]) -> list[int]:
    """Of a list's `items`, those whose label (what an item says before its colon: "sidebarwidth (CSS
    length): ...", "For SQLite: ...") the claim says, where it says some and not others; else all of them.
    A list is cut as a table is cut to the row its label asks for (`rows_asked`, `_labels_row`): "What is the
    default sidebarwidth of the agogo theme?" is answered by the intro and that item of the theme's twelve
    options, not all twelve; "Which options does it support?" names none of them, and gets the list. A name
    merely mentioned in an item ("the default value given in `config`") does not ask for it."""
    if len(items) < 2:
        return items
    # The items whose label (before the colon) the claim says, as a row is asked by its label (`_labels_row`).
    said = {singular(w) for w in content_tokens(claim)}
    labelled = [k for k in items if (label := _item_label(sentences[k])) and _labels_row(said, f"| {label} |")]
    return labelled if 0 < len(labelled) < len(items) else items


def dangling(sentences: Sequence[str], i: int) -> bool:
    """Is sentence `i` prose that introduces what follows with a colon, with nothing quoted with it? "Return
    a dependency callable ..., passing the following parameters:" says nothing alone, and the parameters'
    entries it introduces are units of their own, which an answer quotes. An introduction of list items is
    quoted with them (`introduced`), one of a code block is one unit with it, and an entry that ends by
    introducing the next ("`-M buildername`: ... The following build pipelines are available:") states
    what its name does."""
    text = sentences[i].rstrip()
    return text.endswith(":") and not is_entry(text) and not introduced(sentences, i)


def in_context(sentences: Sequence[str], i: int, claim: str = "") -> str:
    """Sentence `i` as it is read, and quoted: after the sentence before it when it opens by referring back,
    and with the list it introduces (`introduced`).

    "It includes up to 1 million events per month" says which plan only after "The Free plan costs $0.":
    scored alone, the Growth plan's "It includes up to 10 million events per month" scored as high for
    "How many events a month can I send on the Free plan?".
    """
    k = antecedent(sentences, i)
    text = f"{sentences[k]} {sentences[i]}" if k is not None else sentences[i]
    return (" " if bare_reply(text) else "\n").join([text, *(sentences[k] for k in introduced(sentences, i, claim))])


# A note on when something came or changed ("New in version 0.6.", "Changed in version 2.1: ..."): it closes the
# entry it stands under.
_VERSION_NOTE = re.compile(r"^\W*(?:(?:new|added|changed) in version|deprecated since version)\b", re.I)


def antecedent(sentences: Sequence[str], i: int) -> int | None:
    """The sentence that sentence `i` refers back to (`refers_back`), if it does: the one before it, or the one
    before that where the one between only points to another page ("Read more about our preview style.",
    which names nothing "this flag" could mean). An entry opens with the name of what it documents, and its
    "this" is that: it does not refer back to another entry, nor to the version note that closes one
    ("`USE_X_SENDFILE`: ... Some web servers recognize this ..." is not read after the entry above it); what
    introduces it ("The B-tree, hash and GiST index methods all accept this parameter:"), its own earlier
    sentences and its example stay its context."""
    if i == 0 or not refers_back(sentences[i]):
        return None
    if is_entry(sentences[i]) and (
        (is_entry(sentences[i - 1]) and entry_names(sentences[i - 1]) != entry_names(sentences[i]))
        or _VERSION_NOTE.match(sentences[i - 1]) is not None
    ):
        return None
    if i > 1 and points_elsewhere(sentences[i - 1]):
        return i - 2
    return i - 1


Candidates = tuple[list[tuple[Passage, Sequence[str], int]], list[str], list[str], list[str]]


def candidates(claim: str, pool: Sequence[tuple[Passage, Sequence[str]]], quoting: bool = False) -> Candidates:
    """The sentences of `pool` (passages with their sentences) an answer to `claim` may quote (`quotable`, unless none
    is; when `quoting` an answer, none then: a pool that holds only a pointer to another page ("See Refunds and
    delay credits.") or a question has nothing to quote, and the claim is left without a sentence for the gate
    to withhold), each as (passage, its sentences, index), with its text as quoted (`in_context`), as the
    rankers read it (`under_heading`; a table as the rows the claim names, `rows_asked`, as it would be quoted)
    and what it is about (its page title and headings with it, as the index embeds a chunk); both with the
    acronyms the question uses after their long forms (`acronyms.read_with`). The generator and the conflict
    check (`Engine.best_sentence`) read sentences so."""
    flat = [(p, sents, i) for p, sents in pool for i in range(len(sents))]
    # A bare "Yes." or "No." answers only a yes-or-no question; to "How do I reboot the router?" it is none
    # (the sentence after it stays a candidate of its own).
    whether = asks_whether(claim)
    said = [
        (p, sents, i)
        for p, sents, i in flat
        if quotable(sents[i]) and not dangling(sents, i) and (whether or not bare_yes_or_no(sents[i]))
    ]
    flat = said if said or quoting else flat
    texts = [in_context(sents, i, claim) for _, sents, i in flat]
    read = [
        with_lead(p, claim, entry_under_page(p, text) if is_entry(text) else under_heading(p, rows_asked(claim, text)))
        for (p, _, _), text in zip(flat, texts, strict=True)
    ]
    about = [
        read_with(embedding_text(p.title, p.heading_path, text), p.acronyms)
        for (p, _, _), text in zip(flat, texts, strict=True)
    ]
    return flat, texts, read, about
