"""Named terms: the names and numbers a question states, and whether a set of passages mentions them.

A passage can score as answering "Who gave their name to Normandy in the 1000's?" while it speaks of
the 10th century, or answer one hop of a two-hop question while the other hop's subject appears in no
passage. A name or number the question states and no evidence mentions is a part of the question the
evidence does not cover, however strong the support for the rest looks.

Pure and lexical. A term is a capitalised word not at the start of a sentence, an acronym, or a token
with a digit. A passage mentions it when one of its words (or its title's) matches after folding case,
accents, possessives and a plural "s"; a word of five letters or more also matches at one edit (a typo
in the question), and an acronym matches the initials of consecutive capitalised words ("WW" in
"World War").
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from answerable.core.types import Term
from answerable.signals.claims import question_sentences, situation
from answerable.text.words import fold_accents, one_edit, singular

# A word, with its apostrophes and hyphens; a number with its decimal point, thousands commas and a slash
# between figures ("24/7", "2023/24").
_TOKEN = re.compile(r"[^\W_](?:[^\W_]|['’\-]|[.,](?=\d)|(?<=\d)/(?=\d))*")
# A version number written in words: "version 2", "release 1.4", "version 3.0.1".
_VERSION_IN_WORDS = re.compile(r"\b(?:version|release)\s+(\d+(?:\.\d+)*)\b")
_WHOLE_DECIMAL = re.compile(r"^(\d+)\.0+$")  # "99.0" is 99: "below 99.0%" mentions the 99% asked about
_POSSESSIVE = re.compile(r"'s?$")
# Words that are capitalised mid-sentence without naming anything.
_PLAIN_WORDS = (
    "i i'm i've i'd i'll a an the and or of in on at to for from by with is are was were be do does did "
    "can could will would should may might must has have had what who whom whose when where which why how "
    "if my our your their his her its it this that these those there here ok please"
)
_PLAIN = frozenset(_PLAIN_WORDS.split())
_NUMBERS = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
    "seventeen eighteen nineteen twenty"
)
_NUMBER_WORDS = {w: str(n) for n, w in enumerate(_NUMBERS.split())}
# A sentence written in title case ("How Do I Rotate An API Key") capitalises its function words too;
# only its numbers and acronyms are terms then; in one written in capitals, only its numbers.
_TITLE_CASE_FUNCTION_WORDS = 2
_SHOUTED_SHARE = 0.7
_FUZZY_MIN = 5
_ACRONYM_MAX = 6
# A pointer to another page ("For workspaces, see Delete a workspace.", "(see Rate limits)"): after a
# clause break or at a sentence's start, "see" or "refer to" and a capitalised title, up to the clause's end.
# The title may be a Markdown link ("see the [FAQ](../troubleshooting/faq.md)"), read whole, or a name written
# as code ("See the `gc.aggressiveDepth` setting below."), read whole too.
_LINK = r"\[[^\]\n]*\]\([^)\s]*\)"
_CODE = r"`[^`\n]*`"
_CROSS_REFERENCE = re.compile(
    r"(?:^|(?<=[,;(:.!?]))\s*(?:(?:[Ss]ee(?: also)?|[Rr]efer to)\s+(?:the\s+)?(?=[A-Z\"“'\[`])"
    # "Read more about our preview style.": a pointer whose link the page's text no longer shows
    r"|(?:[Rr]ead|[Ll]earn|[Ff]ind out) more\b(?:\s+(?:about|on|in|at))?)"
    rf"(?:{_LINK}|{_CODE}|[^.;)\n])*(?:\n(?!\n)(?:{_LINK}|{_CODE}|[^.;)\n])*)*",
    re.M,
)
# What is left of a sentence that only points elsewhere: nothing, or the purpose it points for ("For what
# happens to your files after cancelling, see the [FAQ](...).").
_POINTER_LEFT = re.compile(r"^\W*(?:(?:for|to|on|about|in|if)\b[^,;]*,)?\W*$", re.I)


# A list item's marker at the start of a line: the item opens a sentence of its own ("- Downgrades take
# effect ..." names nothing), and its number is no figure.
_LIST_ITEM = re.compile(r"(?m)^[ \t]*(?:[-*+•]|\d+[.)])[ \t]+")


def _plain(text: str) -> str:
    """Lower case without accents; curly apostrophes straightened."""
    return fold_accents(text).lower().replace("’", "'")


def _key(word: str) -> str:
    return _WHOLE_DECIMAL.sub(r"\1", _POSSESSIVE.sub("", word.replace(",", "")).strip("-'."))


def fold(text: str) -> str:
    """Lower case without accents or possessive: "Möngke's" -> "mongke"."""
    return _key(_plain(text))


def _is_title_case(words: list[str]) -> bool:
    """Title case ("How Do I Rotate An API Key"): function words are capitalised too."""
    capitalised = [w for w in words[1:] if w[0].isupper() and not w.isupper() and w.lower() in _PLAIN]
    return len(capitalised) >= _TITLE_CASE_FUNCTION_WORDS


def _is_shouted(words: list[str]) -> bool:
    """All capitals ("HOW DO I RESET MY PASSWORD"): no word is an acronym by its case."""
    alpha = [w for w in words if w.isalpha() and len(w) > 1]
    return len(alpha) >= 3 and sum(w.isupper() for w in alpha) >= _SHOUTED_SHARE * len(alpha)


# An identifier written as code: a snake_case, dotted or camelCase name ("max_connections",
# "sphinx.ext.autodoc", "path.resolve", "maxBuffer"), or a command-line option ("--write-recovery-conf", and
# "--preview": no word of prose opens with two dashes). It names one setting, option or module exactly: a page
# that documents `autosummary_imported_members` does not document `autosummary_filename_map`. camelCase needs
# two lower-case letters first: "iPhone" and "eBay" are brands.
# A dotted name of two parts is a module's member ("path.resolve", "json.dumps"), not a file ("conf.py", which a
# page about an extension need not name) or a domain ("outlook.com" of "Can I sign up with an outlook.com
# address?", which a page that takes any address need not name).
_FILE_TYPES = (
    r"(?:py|pyc|js|mjs|cjs|ts|tsx|jsx|json|ya?ml|toml|ini|cfg|conf|md|rst|txt|csv|tsv|html?|xml|pdf|docx?|xlsx?|"
    r"sh|bat|ps1|sql|log|lock|zip|gz|tgz|tar|png|jpe?g|gif|svg|exe|dll|so|dylib|whl|env|pem|key|crt|"
    r"com|org|net|io|co|edu|gov|example|uk|de|fr|eu|us|ca|au|ai)"
)
_IDENTIFIER = re.compile(
    r"(?<![\w.-])(?:--[a-z][a-z0-9]*(?:-[a-z0-9]+)*|-[a-z][a-z0-9]*(?:-[a-z0-9]+)+|[A-Za-z][A-Za-z0-9]*(?:[_.][A-Za-z0-9]+)*_[A-Za-z0-9_.]*[A-Za-z0-9]|[a-z][a-z0-9]*(?:\.[a-z_][a-z0-9_]*){2,}"
    rf"|[a-z]{{2,}}[a-z0-9]*(?:[A-Z][a-z0-9]+)+|[a-z_][a-z0-9_]+\.(?!{_FILE_TYPES}\b)[a-z_][a-zA-Z0-9_]+)(?![\w-])"
)


def _identifier_key(text: str) -> str:
    return "id:" + text.lower().rstrip(".")


@lru_cache(maxsize=4096)
def named_terms(text: str) -> tuple[Term, ...]:
    """The names and numbers `text` states, in order, each once; identifiers written as code among them
    ("max_connections", "--write-recovery-conf"), matched whole."""
    terms: dict[str, Term] = {}
    for m in _IDENTIFIER.finditer(text.replace("`", " ")):
        terms.setdefault(_identifier_key(m.group(0)), Term(m.group(0), _identifier_key(m.group(0))))
    for item in _LIST_ITEM.split(text):
        for sentence in question_sentences(item):
            _add_terms(_TOKEN.findall(sentence), terms)
    return tuple(terms.values())


# A quoted name that an example marker introduces: the asker's own instance of what they ask about. A name
# introduced as what something is called ("the option called 'Turbo mode'") is the documentation's to name.
_EXAMPLE = re.compile(
    r"\b(?:like|such as|e\.g\.,?|for example,?|for instance,?)\s+[\"'\u2018\u201c]"
    r"(?P<name>[^\"\u2019\u201d\n]{1,60}?)[\"'\u2019\u201d](?=\W|$)",
    re.I,
)


@lru_cache(maxsize=4096)
def required_terms(text: str) -> tuple[Term, ...]:
    """The names and numbers of a claim that evidence must mention (`require_named_terms`): all it states,
    but a figure or a day of the situation the asker tells before or after asking ("A customer's restore job
    has shown no progress for about 7 hours. Which PagerDuty service do I page?", "I'm away until Friday."):
    that is the asker's own measure and calendar, which the documentation, stating its own limits ("after 6
    hours"), never repeats. Nor a name the asker quotes as an example of their own ("I end folder names
    with a dot, like 'Draft.'", "a report such as "Q3 sales""): that is their data, not the documentation's
    (`_EXAMPLE`), unless the question names it outside the quotes too."""
    terms = named_terms(text)
    quoted = {fold(w) for m in _EXAMPLE.finditer(text) for w in _TOKEN.findall(m.group("name"))}
    if quoted:
        rest = {t.key for t in named_terms(_EXAMPLE.sub(" ", text))}
        terms = tuple(t for t in terms if t.key not in quoted or t.key in rest)
    told = situation(text)
    if not told:
        return terms
    said = {t.key for sentence in told for t in named_terms(sentence) if _is_figure(t) or _is_time_name(t)}
    elsewhere = {t.key for s in question_sentences(text) if s not in told for t in named_terms(s)}
    return tuple(t for t in terms if t.key not in said or t.key in elsewhere)


def _add_terms(words: list[str], terms: dict[str, Term]) -> None:
    """The names and numbers of one sentence's `words`, added to `terms` (first wording kept)."""
    shouted = _is_shouted(words)
    title_case = shouted or _is_title_case(words)
    for i, word in enumerate(words):
        for j, part in enumerate(word.split("-")):
            key = fold(part)
            if (len(key) < 2 and not key.isdigit()) or key in _PLAIN:
                continue
            acronym = not shouted and part.isalpha() and part.isupper()
            number = any(ch.isdigit() for ch in part)
            name = not title_case and (i > 0 or j > 0) and part[0].isupper()
            if (acronym or number or name) and key not in terms:
                terms[key] = Term(part, key, acronym, _joined(words, i) if name and len(word.split("-")) == 1 else ())


def _joined(words: list[str], i: int) -> tuple[str, ...]:
    """Word `i` of a name run together with the capitalised word before or after it: a name of two words is
    written as one in identifiers and products ("TeX Live" as `texlive-latex-recommended`, "Web Socket" as
    WebSocket, "Git Hub" as GitHub)."""
    out = []
    if i > 1 and words[i - 1][:1].isupper() and words[i - 1].isalpha():  # not a sentence's first word
        out.append(fold(words[i - 1] + words[i]))
    if i + 1 < len(words) and words[i + 1][:1].isupper() and words[i + 1].isalpha():
        out.append(fold(words[i] + words[i + 1]))
    return tuple(out)


@lru_cache(maxsize=4096)
def without_cross_references(text: str) -> str:
    """`text` without its pointers to other pages: what it says itself.

    "To delete the data of one end user, see GDPR and data deletion." names GDPR without saying anything
    about it; a page with that sentence does not cover a question about GDPR deletions.
    """
    return _CROSS_REFERENCE.sub("", text)


def has_cross_reference(text: str) -> bool:
    """Does `text` point to another page anywhere ("see the [FAQ](...)", "Refer to Exports")?"""
    return _CROSS_REFERENCE.search(text) is not None


def points_elsewhere(sentence: str) -> bool:
    """Does `sentence` only point to another page ("See [Team folders and sharing](...) for link
    options.", "For what happens to your files after cancelling, see the [FAQ](...).")? It answers
    nothing itself."""
    said = without_cross_references(sentence)
    return said != sentence and _POINTER_LEFT.match(said) is not None


def _is_figure(term: Term) -> bool:
    return any(ch.isdigit() for ch in term.key)


# The names of days and months: a time of the asker's calendar when their situation says them.
_TIME_NAMES = frozenset(
    re.findall(
        r"\w+",
        "monday tuesday wednesday thursday friday saturday sunday january february march april may june july "
        "august september october november december christmas easter",
    )
)


def _is_time_name(term: Term) -> bool:
    return term.key in _TIME_NAMES


def states_otherwise(answer: str, other: str, asked: str) -> bool | None:
    """Whether `other` gives a different name or figure than `answer` does for the question `asked`.

    The names and figures of the answer that the question does not state are its values ("1" and "GB" in
    "An export is limited to 1 GB." for "What is the maximum size of a data export?"). False when `other`
    mentions every one of them (it states the same answer: "Only the workspace Owner can change the plan."
    for an answer "The workspace Owner can change the billing contact ..."), or when it states no other
    value of the kind it leaves out (a figure for a figure, a name for a name); True when it does ("Exports
    can be up to 5 GB."). None when the answer has no value to compare (a yes or no, a negation): only a
    reading of both can tell. Pointers to other pages (`without_cross_references`) state nothing.
    """
    given = {t.key for t in named_terms(asked)}
    values = [t for t in named_terms(answer) if t.key not in given]
    if not values:
        return None
    said = without_cross_references(other)
    missing = Mentions((said,)).unmatched(values)
    if not missing:
        return False
    wanted = {_is_figure(t) for t in values if t.text in missing}  # a figure, a name, or both
    known = given | {t.key for t in values}
    return any(_is_figure(t) in wanted for t in named_terms(said) if t.key not in known)


# Names of one operating system that askers and documentation use for each other: an asker "on my Mac" is on
# the macOS a page gives a path for.
_ONE_PLATFORM = (frozenset({"mac", "macos", "osx"}),)


class Mentions:
    """What a set of texts mentions, for matching terms against it."""

    def __init__(self, texts: Iterable[str]) -> None:
        self.texts = tuple(texts)
        self.words: set[str] = set()
        plain = _plain("\n".join(self.texts))
        for token in set(_TOKEN.findall(plain)):
            for part in {token, *token.split("-"), *token.split("/")}:
                key = _key(part)
                self.words.update((key, singular(key), _NUMBER_WORDS.get(key, key)))
        # A version is mentioned in words as by its label: "version 1 stopped accepting requests" mentions the
        # "v1" of "our integration still calls api v1", and "release 2.1" the "v2.1" of another question.
        if "version" in plain or "release" in plain:
            self.words.update("v" + _key(m.group(1)) for m in _VERSION_IN_WORDS.finditer(plain))
        for names in _ONE_PLATFORM:  # "macOS" mentions the "Mac" an asker is on, and the other way round
            if self.words & names:
                self.words.update(names)
        self._initials: set[str] | None = None
        # A qualified name mentions the name it qualifies: `websocket.send_denial_response()` and
        # `Response.set_cookie` mention send_denial_response and set_cookie (not the other way round).
        self.identifiers = {
            _identifier_key(".".join(parts[k:]))
            for m in _IDENTIFIER.finditer("\n".join(self.texts).replace("`", " "))
            for parts in [m.group(0).rstrip(".").split(".")]
            for k in range(len(parts))
        }

    @property
    def initials(self) -> set[str]:
        """Runs of 2-6 initials of consecutive capitalised words ("ww" and "wwi" in "World War II")."""
        if self._initials is None:
            self._initials = set()
            for text in self.texts:
                parts = [part for token in _TOKEN.findall(text) for part in token.split("-") if part]
                for run in "".join(p[0].lower() if p[0].isupper() else " " for p in parts).split():
                    for start in range(len(run)):
                        for end in range(start + 2, min(len(run), start + _ACRONYM_MAX) + 1):
                            self._initials.add(run[start:end])
        return self._initials

    def mentions(self, term: Term) -> bool:
        key = term.key
        if key.startswith("id:"):  # an identifier: written whole, in any case
            return key in self.identifiers
        if key.startswith("stem:"):  # a word matched by its first letters (`kinds.whether_terms`)
            return any(w.startswith(key[5:]) for w in self.words)
        if "/" in key:  # "24/7", "9/11": each figure, whether written so or apart
            return all(part in self.words for part in key.split("/"))
        if key in self.words or singular(key) in self.words:
            return True
        if any(joined in self.words for joined in term.joined):
            return True
        if term.acronym and key in self.initials:
            return True
        if len(key) >= _FUZZY_MIN and not any(ch.isdigit() for ch in key):
            return any(one_edit(key, w) for w in self.words if abs(len(w) - len(key)) <= 1)
        return False

    def unmatched(self, terms: Iterable[Term]) -> tuple[str, ...]:
        """The terms (as written) that no text mentions."""
        return tuple(t.text for t in terms if not self.mentions(t))


@lru_cache(maxsize=64)
def mentions_in(texts: tuple[str, ...]) -> Mentions:
    """`Mentions` of these texts, remembered: calibration replays one case's evidence under many profiles."""
    return Mentions(texts)


__all__ = [
    "Mentions",
    "Term",
    "fold",
    "mentions_in",
    "named_terms",
    "points_elsewhere",
    "states_otherwise",
    "without_cross_references",
]
