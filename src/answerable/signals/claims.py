"""Required claims of a question: what an answer must establish, one claim per part.

Rule-based and pure. A single-part question is one claim. A multi-part question is split on:
statements before the question ("X changed its name in 2004. What does ... stand for?"; not what the
asker says of themself: "I deleted our workspace by accident. Can it be recovered?" is one claim), coordinated
questions ("How do I rotate a key and how long does it take?", "..., and also ...", "What are webhooks,
how do I set them up, ...?"), alternatives and
comparisons ("Which of A and B ...", "..., A or B?", "A and B are what ...?", "What X do A and B have in
common?"), and relative bridges ("... three Prime Ministers, one of which was assassinated ..."). An LLM
decomposer can replace this behind the generator backends; the engine only needs
`Decomposer.decompose(question)`.

A later part says what its pronoun stands for when the part before names it ("How do I create an API key,
and where do I store it?" -> "where do I store an API key?"): each claim is retrieved and judged alone.
"""

from __future__ import annotations

import re
from typing import Protocol

from answerable.core.types import Claim
from answerable.text.sentences import fast_sentences
from answerable.text.words import STOPWORDS

# Longer than any question a person types: the rules below are regular expressions whose time grows with
# the input (20,000 characters took 0.4 s), and the models read 128 tokens. `Engine.ask` refuses more.

_WH = (
    r"(?:how|what|when|where|which|who|whom|whose|why|is|are|was|were|does|do|did|can|could|will|would|should|has|have)"
)
# A second question may open with a preposition before its question word, when a verb of its own follows
# ("..., and since which version of the app can it ...?", "and in what format is it sent?"); "and for how
# long?" asks more of the question before it.
_ASKING_PREPOSITION = r"(?:since|from|in|on|at|for|by|to|until|till|after|before|with|under|into|through|during)"
# A hedge may stand between "and" and the second question's "how" or "when" ("..., and roughly how many
# pages fit in it?"): the second question is asked all the same. Not before "what": "... and about what I'd
# expect?" is one question.
_HEDGE = r"(?:roughly|approximately|about|around|exactly|precisely|typically|usually|normally|generally)"
_SPLIT_QUESTIONS = re.compile(
    rf"\s*(?:,\s*)?(?:;|\band also\b|\bas well as\b|\band\b|\balso\b)\s+(?:{_HEDGE}\s+(?=(?:how|when)\b))?"
    rf"(?={_WH}\b|{_ASKING_PREPOSITION}\s+(?:what|which|whose|how|when|where|who|whom)\b(?:\s+[\w'-]+){{0,6}}?\s+"
    r"(?:is|are|was|were|does|do|did|can|could|will|would|should|has|have|may|must)\b)",
    re.I,
)
# A comma alone ends a question that is whole before it ("What are webhooks, how do I set them up, and ...?")
# before words that open another, never a relative clause ("..., which flows into the sea?"); not a clause
# that sets the scene ("When a commission reached no decision, what happened?").
_COMMA_QUESTION = re.compile(r",\s+(?=(?:how|what|why|can|could|do|does|did|is|are|will|should)\s+\w+\s+\w)", re.I)
# A sentence splits into questions there only when it opens asking (its last sentence before the split,
# where the sentence splitter kept "We use SSO. What role ...?" together): "The Rhine forms the border between
# Austria and what other country?" and "The Rhine and what other river drained the Alps?" are one question
# whose "what" stands in a list, and "I rotated my key and how long ...?" asks one thing in a situation.
_REQUEST = r"may|must|shall|tell|explain|show|list|describe|give|find"  # words a request opens with
_OPENS_ASKING = re.compile(rf"(?:{_WH}|{_REQUEST}|please)\b", re.I)
_WHICH_OF = re.compile(
    r"^(?P<wh>which|who|what)\s+of\s+(?:the\s+)?(?P<a>.+?)\s+(?:and|or)\s+(?P<b>.+?)\s+(?P<rest>(?:is|are|was|were|has|have|had|did|does|do|can|could|will)\b.*)$",
    re.I,
)
# "Which player was born first, A or B?" (also "..., A, B or C?"): a question that asks which, who or what,
# then the alternatives it chooses among. Not "Are ctenophores predators, vegetarian or parasitic?", whose
# list is the question, nor "..., then they must be older or younger than the fault?".
_TRAILING_ALTERNATIVES = re.compile(
    r"^(?P<head>(?:(?:in|on|at|for|from|of|by|to|with)\s+)?(?:which|who|whom|what)\b[^,]+?)(?P<more>(?:,[^,]+)*?),\s*(?P<a>[^,]+?)\s+or\s+(?P<b>[^,]+?)\s*$",
    re.I,
)
_BOTH = re.compile(
    r"^(?P<aux>are|were|is|was|do|did)\s+both\s+(?P<a>.+?)\s+and\s+(?P<b>.+?)\s+"
    r"(?P<rest>(?:from|in|of|the|a|an|born|located|based)\b.*)$",
    re.I,
)
# "A and B are ...": not a question that opens with its question word ("What do X.25 and Frame Relay both
# require" is no pair of statements "What do X.25 require" and "Frame Relay require").
_SUBJECT_PAIR = re.compile(
    rf"^(?!(?i:{_WH})\b)(?P<a>[A-Z][^,]*?)\s+and\s+(?P<b>[A-Z][^,]*?)\s+(?P<rest>(?:are|were|both)\b.*)$"
)
_IN_COMMON = re.compile(
    r"^(?P<wh>what|which)\s+(?P<thing>(?:\w+\s+){0,3}?)(?P<aux>do|does|did)\s+(?P<items>.+?)\s+"
    r"(?P<verb>have|has|had|share|shared)\s+in\s+common$",
    re.I,
)
_LIST_SEPARATOR = re.compile(r"\s*,\s*(?:and\s+)?|\s+and\s+", re.I)
_BRIDGE = re.compile(
    r"^(?P<head>.+?),?\s+(?P<rel>one of (?:which|whom|whose|them)|who|which|whose)\s+"
    r"(?P<tail>(?:was|were|is|are|has|had)\b.+)$",
    re.I,
)
# A bridge's head that states nothing: the frame of the question that follows ("Besides Alexandre Yersin,
# who was another scientist ...?", "After A and B, who was the third ...?"), or a determiner and a few
# words ("This Celtic ruler who was born in AD 43 ...").
_FRAME = re.compile(
    r"(?:besides|beside|after|before|except|apart from|aside from|other than|like|unlike|along with|"
    r"including|among|during|since|until)\b",
    re.I,
)
_DETERMINER = re.compile(r"(?:this|that|these|those|the|a|an)\b", re.I)


def _states_something(head: str) -> bool:
    words = len(head.split())
    return words >= 3 and not _FRAME.match(head) and not (words <= 4 and _DETERMINER.match(head))


class Decomposer(Protocol):
    """Turns a question into the claims an answer must establish (at least one)."""

    name: str

    def decompose(self, question: str) -> tuple[Claim, ...]: ...


def _clean(text: str) -> str:
    return " ".join(text.strip(" ,;").split())


def question_sentences(question: str) -> list[str]:
    """The sentences of a question (`text.sentences.fast_sentences`), each without edge commas and extra spaces."""
    return [p for p in (_clean(p) for p in fast_sentences(question)) if p]


def _is_name(text: str) -> bool:
    """Capitalised at both ends and short: "Alan Dean Foster", "ISS A/S (Integrated Service Solutions)".

    Not "the Free" or "Teams integrations", which share a head noun ("the Free and Growth plans").
    """
    words = re.findall(r"[^\W\d_][\w'/-]*", text)
    return 0 < len(words) <= 6 and words[0][0].isupper() and words[-1][0].isupper()


_SINGULAR = {"are": "is", "were": "was", "have": "has", "do": "does"}
_THE_SAME = re.compile(r"^(?P<pre>.*?)\bthe same\s+(?P<noun>\w+)\s*(?P<post>.*)$", re.I)


def _singular_verb(text: str) -> str:
    """ "are best known for" -> "is best known for": the verb said of one of the pair."""
    first, _, rest = text.partition(" ")
    one = _SINGULAR.get(first.lower())
    if one is None:
        return text
    return f"{one.capitalize() if first[0].isupper() else one} {rest}".strip()


def _said_of(name: str, aux: str, rest: str, mark: str) -> str:
    """One of "Are both A and B from the same country?": "What country is A from?" ("Is A from ...?")."""
    verb = _singular_verb(aux)
    same = _THE_SAME.match(rest)
    if same:
        return _clean(f"What {same['noun']} {verb.lower()} {name} {same['pre']} {same['post']}") + "?"
    return f"{verb} {name} {rest}{mark}"


def _words(text: str) -> frozenset[str]:
    """A set of words written as one string."""
    return frozenset(text.split())


_AUX_WORDS = _words("is are was were does do did can could will would should has have may must")
_AUX = rf"(?:{'|'.join(sorted(_AUX_WORDS, key=lambda w: (-len(w), w)))})"
# "can they ...", "how much does it ...": a part whose subject is a pronoun; not "is it possible to ...".
_PRONOUN_SUBJECT = re.compile(
    rf"^(?P<pre>(?:(?:(?:what|which)(?:\s+(?!{_AUX}\b)[\w'-]+){{0,2}}|(?:how|when|where|who|why)"
    rf"(?:\s+(?:much|many|long|often|far))?)\s+)?{_AUX})\s+"
    r"(?P<pro>they|it|he|she)\b(?!\s+(?:possible|necessary|ok|okay|true|safe|allowed|required|mandatory|worth|"
    r"hard|easy|better|advisable|recommended|likely)\b)(?P<post>.*)$",
    re.I,
)
# "... what happens when I exceed it?": an "it" that is the object of a verb, not a subject ("is it
# possible ...", "it is ...").
_PRONOUN_OBJECT = re.compile(
    r"^(?P<pre>(?:.*?\b(?P<w0>[\w'-]+)\s+)?(?P<w1>[a-z]+))\s+(?P<pro>it|them)\b(?P<post>(?!\s+(?:is|was|has)\b).*)$",
)
# Auxiliaries that are also verbs of their own, after a subject: "which plans have it", "how do I do it".
_MAIN_VERBS = _words("has have had do does did")
# "What is the Pro plan", and "How much is a week pass": the part names the thing it asks about (or the price,
# the length of), which a later "it" or "one" stands for. Not "how many are there".
_WHAT_IS = re.compile(
    r"^(?:what|who|how\s+(?:much|long|big|old|far|often))\s+(?:is|are|was|were)\s+(?!there\b)(?P<named>.+)$", re.I
)
_WHO_ASKS = re.compile(r"^who\s+(?P<rest>(?!(?:do|does|did)\b).+)$", re.I)  # not "Who did Obama marry"
# "What file does the CLI write": the thing asked for is what the subject acts on, and an "it" after it
# ("where is it stored?", "what permissions does it give the folder?") may stand for either ("they" is
# told apart by its number).
_ASKS_OBJECT = re.compile(rf"^(?:what|which)\s+(?:(?!{_AUX}\b)[a-z]+\s+){{1,3}}(?:do|does|did)\b", re.I)
# "What plan includes SSO": the thing asked for, then the verb it is the subject of. Not "Which signal file
# does pg_basebackup create": a second noun before an auxiliary is the thing's own name, and its subject
# comes after the auxiliary.
_WHAT_THING_ASKS = re.compile(
    rf"^(?:what|which)\s+(?P<thing>(?!{_AUX}\b)[a-z]+)\s+(?P<rest>(?!{_AUX}\b)[a-z]+\b(?!\s+{_AUX}\b).*)$", re.I
)


# "What company was started as a Utopian group and was run by Pierrepont Noyes?": a part that opens with
# its verb says a second thing of what the part before it asks for, which opens the part (the question
# word and up to four words before that part's own auxiliary or past-tense verb).
# A verb and nothing but a name after it ("... and were Huguenots?") says the name of that subject too; a
# name with more after it is a subject of its own ("... and is Lumen free?"). "Do", "does" and "did" before
# a subject and its verb open a question of their own ("..., and do guests need photo ID?"); before an object
# and a preposition they are a second verb ("... and does business in Ohio?").
_PREDICATE_ONLY = re.compile(
    r"^(?!(?i:do|does|did)\s+[a-z][\w'-]*\s+(?!(?:in|on|at|with|for|to|from|by|of|as|the|a|an|well|so|not|more|"
    r"less|it|this|that|and|or)\b)[a-z])"
    rf"(?i:{_AUX})\s+(?:(?!(?:it|they|he|she|there|this|that|these|those|the|a|an|we|you|my|our|your|their|"
    r"its|his|her|any|some|all|each|every|both)\b)[a-z]|(?:[A-Z][\w'-]*\s*){1,3}\??$)"
)
# Past tenses that do not end in -ed ("Which team won the cup and was Brazilian?").
_IRREGULAR_PAST = (
    "ate|became|began|bought|brought|built|came|caught|chose|drew|drove|fell|felt|fought|found|flew|gave|got|"
    "grew|had|heard|held|kept|knew|led|left|lost|made|meant|met|paid|ran|rose|said|sang|sank|sat|saw|sent|"
    "shot|sold|spoke|spent|stood|stole|struck|swam|taught|thought|threw|told|took|understood|went|won|wore|"
    "wrote"
)
_WH_SUBJECT = re.compile(
    rf"^(?P<subject>(?:what|which|who)(?:\s+(?!{_AUX}\b)[\w'-]+){{0,4}}?)\s+"
    rf"(?={_AUX}\b|[a-z]+ed\b|(?:{_IRREGULAR_PAST})\b)",
    re.I,
)


def _referent_in(later: str, before: str) -> str:
    """`later` with its pronoun or missing subject named by the part before it, when that part asks for it.

    A part that opens with its verb ("..., and was run by Pierrepont Noyes?") takes the question word and
    subject of the part before it (`_WH_SUBJECT`).

    "Who can invite members, and can they export data?" asks whether those who can invite members can
    export data: split into "can they export data?", the claim would not say who. "What plan includes SSO,
    and how much does it cost?" asks the price of the plan that includes SSO, "What is the Pro plan, and
    how much does it cost?" that of the Pro plan. Otherwise "it" or "they" stands for what the part before
    it is about, when that is one thing of the pronoun's number (`_antecedent`): "How do I create an API
    key, and where do I store it?" -> "where do I store an API key?". Any other pronoun is left as it is
    ("Who did Obama marry and where was she born?").
    """
    before = re.split(r"(?<=[.!?])\s+", before.strip())[-1]  # its question, not a statement before it
    subject = _WH_SUBJECT.match(before)
    if subject and _PREDICATE_ONLY.match(later.strip()):
        return f"{subject['subject']} {later.strip()}"
    return _pronoun_named(later, before)


# A later question's opening that leaves its pronoun where it is: "If so, is it billable?".
_OPENER = re.compile(r"^(?P<opener>(?:if so|if not|and|also|then|otherwise|in that case)\s*,?\s+)(?=\S)", re.I)


def _pronoun_named(later: str, before: str) -> str:
    """`later` with its pronoun named by `before` (see `_referent_in`), or as it is."""
    later = later.strip()
    opened = _OPENER.match(later)
    opener = opened["opener"] if opened else ""
    later = later[len(opener) :]
    m = _PRONOUN_SUBJECT.match(later)
    named, who, what = _WHAT_IS.match(before), _WHO_ASKS.match(before), _WHAT_THING_ASKS.match(before)
    if m is None:
        return opener + _object_named(later, named, what, before)
    pronoun = m["pro"].lower()
    referent: str | None
    if named:
        referent = named["named"]
    elif who and pronoun != "it":
        referent = f"{'those' if pronoun == 'they' else 'the one'} who {who['rest']}"
    elif what and pronoun in ("it", "they"):
        referent = f"the {what['thing']} that {what['rest']}"
    elif pronoun == "it" and _ASKS_OBJECT.match(before):
        referent = None  # the thing asked for or the subject that acts on it: either may be meant
    else:
        referent = _antecedent(before, pronoun, later)
    return f"{opener}{m['pre']} {referent}{m['post']}" if referent else opener + later


# What a part before is about, for a pronoun after it (`_antecedent`): words that end a noun phrase, words
# a noun phrase never opens with or holds, and the particles of a phrasal verb ("set up SSO").
_PREPOSITIONS = _words(
    "about above across after against along among around at before behind below between beyond by "
    "during except for from in inside into near of off on onto out outside over per since than "
    "through to toward towards under until upon via with within without"
)
_PARTICLES = _words("up off out on down back over away in")
_NO_PHRASE = _words(
    "i we you they it he she me us them him her there this that these those not no be been being is "
    "are was were am do does did has have had can could may might must shall should will would how "
    "what when where which who whom whose why and or but if"
)
_DETERMINERS = _words("a an the my our your their its his her some any each every all")
_BE_OR_HAVE = _words("is are was were has have had")
_PARTICIPLE = re.compile(rf"^(?:[a-z]+(?:ed|en|wn)|{_IRREGULAR_PAST}|set|put|cut|shut|spread|hit|let|read)$")
_OPENING = re.compile(
    rf"^(?:(?:how|when|where|why|what|which)(?:\s+(?!{_AUX}\b)[\w'-]+){{0,2}}\s+)?(?P<aux>{_AUX})\s+(?P<rest>.+)$",
    re.I,
)
_WHO_DOES = re.compile(
    rf"^who\s+(?:(?:can|could|may|must|should|will|would|does|did)\s+)?(?P<rest>(?!{_AUX}\b)[a-z].*)$", re.I
)


def _phrase(words: list[str]) -> str | None:
    """`words` as a noun phrase of at most five words that names something, or None."""
    lower = [w.lower() for w in words]
    if not words or len(words) > 5 or any(w in _NO_PHRASE or w in _PREPOSITIONS for w in lower):
        return None
    return " ".join(words) if any(w not in _DETERMINERS for w in lower) else None


def _acted_on(words: list[str]) -> str | None:
    """The object of "create an API key", "set up SSO", "add a member to a team" (`words` open with the verb)."""
    i = 2 if len(words) > 2 and words[1].lower() in _PARTICLES else 1
    rest = words[i:]
    end = next((k for k, w in enumerate(rest) if w.lower() in _PREPOSITIONS), len(rest))
    if end > 1 and rest[end - 1].lower() in _PARTICLES:  # "set webhooks up"
        end -= 1
    return _phrase(rest[:end]) if re.fullmatch(r"[a-z]+", words[0]) else None


def _bare_verb(word: str, aux: str) -> bool:
    """Is `word` the verb `aux` takes: a participle after "is" or "has" ("stored"), a bare verb after "does"
    or "can" ("cost"), not a noun in the plural ("events")?"""
    if not re.fullmatch(r"[a-z]+", word):
        return False
    if aux.lower() in _BE_OR_HAVE:
        return _PARTICIPLE.match(word) is not None
    return word not in _NO_PHRASE and not word.endswith("ed") and (not word.endswith("s") or word.endswith("ss"))


def _subject(aux: str, words: list[str]) -> str | None:
    """The subject of "(where) are backups stored (in ...)", "(how much) does add-on storage cost": the words
    before a verb that ends the part or opens its last prepositional phrase."""
    for k in range(1, min(5, len(words) - 1) + 1):
        rest = words[k + 1 :]
        if rest and rest[0].lower() not in _PREPOSITIONS:
            continue
        found = _phrase(words[:k])
        if found and _bare_verb(words[k], aux):
            return found
    return None


def _named_subject(aux: str, words: list[str]) -> list[str]:
    """A name and what it acts on ("(how long) does Lumen keep raw events"): both, for the pronoun's number
    to choose between."""
    j = 1 if words and words[0].lower() == "the" else 0
    start = j
    while j < len(words) and words[j][:1].isupper():
        j += 1
    if j == start or j >= len(words) - 1 or not _bare_verb(words[j], aux):
        return []
    acted = _acted_on(words[j:])
    return [" ".join(words[:j]), acted] if acted else []


def _plural(phrase: str) -> bool:
    last = phrase.split()[-1]
    return last.endswith("s") and not last.endswith("ss") and len(last) > 2


# A later part about doing what the part before asks how to do, not about the thing done: "How do I rotate
# a key and how long does it take?", "How do I delete a project and can I undo it?".
_OF_THE_DOING = re.compile(
    r"\b(?:take|takes|took|taking|undo|undone|reverse|reversed|revert|reverted|redo|repeat|retry|automate|"
    r"schedule|happen|happens|happened)\b",
    re.I,
)


# Verbs of one syllable that double their last letter before "-ing" ("set up" -> "setting up").
_DOUBLING = _words(
    "set get put cut stop log run plan ship drop tag pin shut hit let "
    "swap map zip scan skip trim wrap chat sit dim grab chop shop"
)


def _gerund(verb: str) -> str:
    """ "rotate" -> "rotating", "set" -> "setting", "see" -> "seeing", "export" -> "exporting"."""
    v = verb.lower()
    if v in _DOUBLING:
        return v + v[-1] + "ing"
    if v.endswith("ie"):
        return v[:-2] + "ying"
    if v.endswith("e") and not v.endswith(("ee", "ye", "oe")) and len(v) > 2:
        return v[:-1] + "ing"
    return v + "ing"


def _doing(before: str) -> str | None:
    """What the asker (or "who") asks how to do, as a gerund, for an "it" that means the doing: "How do I
    restore a deleted file" -> "restoring a deleted file" ("How long does it take?")."""
    words = _action(before.strip().rstrip("?.!").strip())
    if not words or len(words) < 2 or not re.fullmatch(r"[a-z]+", words[0]) or words[0] in _NO_PHRASE:
        return None
    return " ".join([_gerund(words[0]), *words[1:]])


def _action(body: str) -> list[str] | None:
    """The words of what the asker (or "who") does, from its verb ("How do I create an API key" ->
    create an API key); None when the part asks nothing of the kind."""
    who = _WHO_DOES.match(body)
    if who:
        return who["rest"].replace(",", " ").split()
    opening = _OPENING.match(body)
    if opening:
        rest = opening["rest"].replace(",", " ").split()
        if rest[0].lower() in ("i", "we", "you"):
            return rest[1:]
    return None


def _antecedent(before: str, pronoun: str, later: str = "") -> str | None:
    """What "it" or "they" in a later part stands for: the one thing of its number the part before is about.

    What the asker (or whoever asks "who") acts on ("How do I create an API key" -> "an API key", "Who can
    delete a workspace" -> "a workspace"), else the subject of a part with no object ("Where are backups
    stored" -> "backups", "What does error E309 mean" -> "error E309"), else whichever of a name and what it
    acts on has the pronoun's number ("How long does Lumen keep raw events", "them" -> "raw events"). None
    when none is or both are: "Does the desktop app support Linux, and how do I install it?" is left as it is;
    an "it" that `later` asks about as a doing (`_OF_THE_DOING`: "how long does it take?", "can I undo it?")
    is the doing the part before asks how to do (`_doing`: "restoring a deleted file"), or left as it is.
    """
    if pronoun == "it" and _OF_THE_DOING.search(later):
        return _doing(before)
    if pronoun not in ("it", "they", "them"):
        return None
    body = before.strip().rstrip("?.!").strip()
    candidates: list[str] = []
    action = _action(body)
    opening = _OPENING.match(body)
    if action is not None:
        found = _acted_on(action) if action else None
        candidates = [found] if found else []
    elif opening:
        aux, rest = opening["aux"], opening["rest"].replace(",", " ").split()
        found = _subject(aux, rest)
        candidates = [found] if found else _named_subject(aux, rest)
    counted = _PLURAL_SUBJECT.match(body)
    if not candidates and counted and counted["counted"]:  # "How many seats can I add" -> "seats"
        candidates = [counted["counted"]]
    agreeing = [c for c in candidates if _plural(c) == (pronoun != "it")]
    return agreeing[0] if len(agreeing) == 1 else None


# "... and what is the longest lifetime I can give one?": "one" as the object of a verb, at the end.
_ONE_OBJECT = re.compile(
    rf"^(?P<pre>.*\b(?!{_AUX}\b|(?:each|every|any|no|the|this|that|which|only|another|just|than)\b)[a-z]+)"
    r"\s+one\s*$"
)
# "When do personal access tokens expire ...": a plural subject after the part's auxiliary.
_PLURAL_SUBJECT = re.compile(
    r"^(?:(?:when|how|where|why|how (?:long|often|much|many))\s+)?(?:do|are|were|did|can|will|should|must)\s+"
    r"(?P<np>(?!(?:i|we|you|they|it|there|these|those|some|all|any|my|our|your|their)\b)[\w-]+(?:\s+[\w-]+){0,3}?"
    r"[^\Ws]s)\s+[a-z]+\b"
    # "Can I use webhooks", "How many projects can I have": the plural object the asker acts on.
    r"|^(?:can|could|do|should|may)\s+(?:i|we)\s+[a-z]+\s+(?P<object>[\w-]+(?:\s+[\w-]+){0,3}?[^\Ws]s)\s*$"
    r"|^how many\s+(?P<counted>[\w-]+(?:\s+[\w-]+){0,2}?[^\Ws]s)\s+(?:can|could|do|does|should|may|will)\b",
    re.I,
)


def _a(noun_phrase: str) -> str:
    return f"{'an' if noun_phrase[:1].lower() in 'aeiou' else 'a'} {noun_phrase}"


def _one_of(before: str, named: re.Match[str] | None, what: re.Match[str] | None) -> str | None:
    """What "one" in a later part stands for: one of what the part before it asks about ("What are share
    links" -> "a share link", "What plan includes SSO" -> "a plan that includes SSO"), or one of its plural
    subject ("When do personal access tokens expire" -> "a personal access token") or of the plural the
    asker acts on or counts ("Can I use webhooks", "How many projects can I have"); None when unsaid."""
    if named is not None:
        phrase = named["named"].strip()
        if re.match(r"(?:a|an|the)\s", phrase, re.I) or not re.search(r"[^\Ws]s$", phrase):
            return phrase
        return _a(phrase[:-1])
    if what is not None:
        return _a(f"{what['thing']} that {what['rest']}")
    plural = _PLURAL_SUBJECT.match(before)
    return _a((plural["np"] or plural["object"] or plural["counted"])[:-1]) if plural else None


def _object_named(later: str, named: re.Match[str] | None, what: re.Match[str] | None, before: str) -> str:
    """`later` with its one object "it" or "them" named by the part before it, when that part asks what
    something is or which thing does something: "What is the REST API rate limit, and what happens when I
    exceed it?" -> "what happens when I exceed the REST API rate limit?"; else by what that part is about
    (`_antecedent`): "What does error E309 mean and how do I fix it?" -> "how do I fix error E309?". An
    object "one" at the end stands for one of what that part asks about or of its plural subject: "When do
    personal access tokens expire by default, and what is the longest lifetime I can give one?" -> "... I
    can give a personal access token?"."""
    one = _ONE_OBJECT.match(later.strip())
    if one is not None:
        referent = _one_of(before, named, what)
        return f"{one['pre']} {referent}" if referent else later
    m = _PRONOUN_OBJECT.match(later.strip())
    if m is None or len(re.findall(r"\b(?:it|they|them)\b", later, re.I)) != 1:
        return later
    w0, w1 = m["w0"], m["w1"]
    if w1.lower() in _AUX_WORDS and not (w1.lower() in _MAIN_VERBS and w0 and w0.lower() not in _NO_PHRASE):
        return later  # "is it ...", "can it ...": a subject, not an object; but "which plans have it"
    if named is not None:
        referent = named["named"]
    elif what is not None:
        referent = f"the {what['thing']} that {what['rest']}"
    else:
        referent = _antecedent(before, m["pro"].lower(), later)
    return f"{m['pre']} {referent}{m['post']}" if referent else later


# A question whole on its own: it opens with its auxiliary, or with its question word and the auxiliary
# ("What are webhooks", "Where is data stored", "What role do members get", "How many seats can I add");
# not "When imperialism does not impact ..., what is it called?", whose "when" opens a clause.
_INVERTED = re.compile(
    rf"^(?:(?:(?:what|which|whose)(?:\s+(?!{_AUX}\b)[\w'-]+){{0,2}}|how(?:\s+(?:much|many|long|often|far|old|big)"
    rf"(?:\s+(?!{_AUX}\b)[\w'-]+){{0,2}})?|when|where|who|why)\s+)?{_AUX}\s+\w",
    re.I,
)


def _comma_questions(piece: str) -> list[str]:
    """`piece` split at commas that end a whole question before another (`_COMMA_QUESTION`)."""
    parts = _COMMA_QUESTION.split(piece)
    return parts if all(_INVERTED.match(p.strip()) for p in parts[:-1]) else [piece]


def _split_part(part: str) -> list[str]:
    body = part.rstrip("?").strip()
    mark = "?" if part.endswith("?") else ""
    m = _WHICH_OF.match(body)
    if m:
        return [f"{m['wh']} of {m['a']} {m['rest']}{mark}", f"{m['wh']} of {m['b']} {m['rest']}{mark}"]
    m = _TRAILING_ALTERNATIVES.match(body)
    alternatives = [*(i.strip() for i in m["more"].split(",") if i.strip()), m["a"], m["b"]] if m else []
    if m and len(alternatives) <= 4 and all(len(a.split()) <= 6 for a in alternatives):
        return [f"{m['head']}: {a}{mark}" for a in alternatives]
    m = _IN_COMMON.match(body)
    items = [i for i in _LIST_SEPARATOR.split(m["items"]) if i.strip()] if m else []
    if m and 2 <= len(items) <= 4 and all(_is_name(i) for i in items):
        # "What X do A and B have in common?": an answer must know what X each of them has, asked of each.
        aux = {"do": "does", "Do": "Does"}.get(m["aux"], m["aux"])  # said of each one alone
        thing = f" {m['thing'].strip()}" if m["thing"].strip() else ""
        return [f"{m['wh']}{thing} {aux} {i} have{mark}" for i in items]
    m = _BOTH.match(body)
    if m and _is_name(m["a"]) and _is_name(m["b"]):
        return [_said_of(name, m["aux"], m["rest"], mark) for name in (m["a"], m["b"])]
    m = _SUBJECT_PAIR.match(body)
    if m and len(m["a"].split()) <= 5 and len(m["b"].split()) <= 5:
        rest = _singular_verb(re.sub(r"\bboth\s+", "", m["rest"], count=1, flags=re.I))
        return [f"{m['a']} {rest}{mark}", f"{m['b']} {rest}{mark}"]
    pieces = [q for p in _SPLIT_QUESTIONS.split(body) if p and p.strip() for q in _comma_questions(p)]
    if pieces and not _OPENS_ASKING.match(re.split(r"(?<=[.!?])\s+", pieces[0].strip())[-1]):
        pieces = []
    if len(pieces) > 1:
        named = [pieces[0]]
        for later in pieces[1:]:  # each part read after the one before it, its own pronoun named
            named.append(_referent_in(later, named[-1]))
        # A part that is still only a verb phrase ("..., and have occurred throughout Earth's history?", after
        # "Which theory states that slow processes are still occurring today") says more of something
        # inside the part before it: no claim on its own, so the question stays whole. (A part whose pronoun
        # was named is no verb phrase: "can they export data?" -> "can new members export data?".)
        if not any(_PREDICATE_ONLY.match(p.strip()) and p == n for p, n in zip(pieces[1:], named[1:], strict=True)):
            return [_clean(p) + mark for p in named]
    m = _BRIDGE.match(body)
    starts_as_question = re.match(rf"{_WH}\b", body, re.I) is not None
    if m and not starts_as_question and _states_something(m["head"]) and len(m["tail"].split()) >= 3:
        return [_clean(m["head"]), f"{m['rel']} {m['tail']}{mark}"]
    return [part]


# "I deleted our workspace by accident yesterday. Can it be recovered?": what the asker says of themself
# is the situation the question is asked in, not a fact the documentation must establish.
_ASKER_SAYS = re.compile(r"^(?:I|I'm|I've|I'd|I'll|We|We're|We've|We'd|My|Our)\b")
# So is what the asker tells of someone in their workplace ("A colleague left a file locked ...", "An
# Owner lost their phone ...", "A customer's restore job has shown no progress ...", "Someone uploaded
# ..."); not "A member of the band ..." (a role of something named), which states a fact.
# A role alone opens a situation in the plural ("Users can't log in.") or as a possessive ("Customer's admin
# purged ..."); "Owner is the highest role." defines a role.
_ROLE = (
    r"(?:new\s+)?(?:colleague|co-?worker|teammate|customer|client|user|member|employee|contractor|guest|owner|"
    r"admin|administrator|manager|person|intern|developer|engineer|hire)"
)
_SOMEONE_DID = re.compile(
    rf"^(?:someone|somebody|(?:a|an|one of (?:our|my)|our|my)\s+{_ROLE}s?(?:'s)?|{_ROLE}(?:s|'s|s')|people)\b"
    r"(?!\s+of\b)",
    re.I,
)
# The asker speaking in the question after a statement: "Malware messed up a whole project folder. Which
# plans let me rewind a folder ...?" tells what happened to them.
_ASKER_IN = re.compile(r"\b(?:I|me|my|we|us|our)\b", re.I)
# A statement that speaks of the asker anywhere in it ("Support asked me to send the logs.", "The new policy
# makes us rotate keys.", "Yesterday my laptop was stolen.") tells their situation too: a fact the
# documentation must establish is not said in the first person. Case-sensitive where a capital is a name:
# "US" is a country.
_ASKER_MENTIONED = re.compile(
    r"\b(?:I|I'm|I've|I'd|I'll|[Mm]e|[Mm]y|[Mm]ine|[Mm]yself|[Ww]e|[Ww]e're|[Ww]e've|[Ww]e'd|[Ww]e'll|us|[Oo]ur|"
    r"[Oo]urs|[Oo]urselves)\b"
)


def _tells_situation(sentence: str, after: str) -> bool:
    """Is `sentence`, a statement before the question `after`, the asker's situation rather than a fact
    the documentation must establish? Said of themself (opening with them or speaking of them anywhere:
    "Support asked me to send the logs."), or of someone in their workplace, or of a thing of
    theirs with no name in it ("Malware messed up a whole project folder.") when the question speaks as the
    asker; "VIVA Media AG changed its name in 2004. What does their new acronym stand for?" states a fact."""
    text = sentence.replace("’", "'")
    if _ASKER_SAYS.match(text) or _SOMEONE_DID.match(text):
        return True
    if _ASKER_MENTIONED.search(text) and not _OPENS_ASKING.match(text):  # not a request: "Tell me how ..."
        return True
    unnamed = not re.search(r"\s[A-Z]|\d", text)  # no name, acronym or figure after its first word
    return unnamed and _ASKER_IN.search(after) is not None


# A support message's courtesies: a greeting or thanks alone is no part of the question ("Hi team!",
# "Thanks in advance."), and a greeting before it is no part of the sentence ("Hi, we're on Growth ...").
_GREETING = r"(?:hi|hello|hey|hiya|greetings|good (?:morning|afternoon|evening|day))"
_COURTESY = (
    rf"(?:{_GREETING}|thanks|thank you|many thanks|cheers|regards|best regards|kind regards|best)"
    r"(?:\s+(?:there|team|all|everyone|folks|guys|so much|a lot|in advance|again|for (?:your|the|any) help))*"
)
_COURTESY_ALONE = re.compile(rf"^{_COURTESY}\W*$", re.I)
_GREETING_BEFORE = re.compile(rf"^{_GREETING}(?:\s+(?:there|team|all|everyone))?\s*[,!.]\s+(?=\S)", re.I)


def situation(text: str) -> tuple[str, ...]:
    """The sentences of a question or claim that tell the asker's situation (`_tells_situation`), before or
    after what it asks; none when it asks nothing."""
    sentences = question_sentences(text)
    asked = [s for s in sentences if s.endswith("?")]
    if not asked:
        return ()
    return tuple(
        s
        for k, s in enumerate(sentences)
        if not s.endswith("?")
        and _tells_situation(s, next((a for a in sentences[k + 1 :] if a.endswith("?")), asked[-1]))
    )


def asked_part(text: str) -> str:
    """`text` without the sentences that tell the asker's situation (`situation`): what an answer must be
    about. "I need to stop Stowly syncing during a big presentation. How long can I pause it for?" asks
    how long sync can be paused; an answer need not say "Stowly" or "presentation". The whole text when
    it tells nothing, or when nothing would be left."""
    told = set(situation(text))
    if not told:
        return text
    kept = [s for s in question_sentences(text) if s not in told]
    return " ".join(kept) if kept else text


# A preface before a colon frames the question that follows it ("Thinking about a trial first: how many
# people can we have, and ...?", "Two things about retention: ..."): the asker's framing, never a fact to
# establish, it is read as their situation, and what follows is split as a question of its own.
_PREFACE = re.compile(r"^(?P<pre>[^:?]{3,120}):\s+(?P<rest>\S.*)$")


def _same_pronoun(later: str, first: str) -> bool:
    """Is `later` a part whose subject is the pronoun that is also the subject of the `first` part ("how far
    back do they go?" after "Where are they stored")?"""
    mine, theirs = _ASKED_OF_PRONOUN.search(later), _ASKED_OF_PRONOUN.search(first)
    return mine is not None and theirs is not None and mine["pro"].lower() == theirs["pro"].lower()


# An auxiliary and the pronoun that is its subject, anywhere in a question ("how far back do they go").
_ASKED_OF_PRONOUN = re.compile(rf"\b{_AUX}\s+(?P<pro>they|it|he|she)\b", re.I)


def _in_context(sentences: list[str]) -> list[list[str]]:
    """Each sentence's parts; what the asker says of themself opens the first part of what follows it, or
    closes the last part asked when nothing follows it."""
    out: list[list[str]] = []
    said = ""
    asked = ""  # the last part of the question before, for a pronoun that opens the next one
    for k, sentence in enumerate(sentences):
        if _COURTESY_ALONE.match(sentence):
            continue
        greeted = _GREETING_BEFORE.match(sentence)
        if greeted:
            rest = sentence[greeted.end() :]
            sentence = rest[:1].upper() + rest[1:]
        prefaced = _PREFACE.match(sentence)
        if prefaced and not _OPENS_ASKING.match(prefaced["pre"]) and _OPENS_ASKING.match(prefaced["rest"]):
            said = f"{said} {prefaced['pre']}:".strip()
            sentence = prefaced["rest"][:1].upper() + prefaced["rest"][1:]
        after = next((s for s in sentences[k + 1 :] if s.endswith("?")), "")
        if not sentence.endswith("?") and _tells_situation(sentence, after):
            said = f"{said} {sentence}".strip()
            continue
        pieces = _split_part(sentence)
        if said:
            # A later part that still says "they" where the first part does ("Where are they stored, and how
            # far back do they go?") speaks of what the situation named ("send the app logs"): it is read in
            # that situation too, or "they" would be anything.
            pieces = [
                pieces[0],
                *(f"{said} {p[:1].upper()}{p[1:]}" if _same_pronoun(p, pieces[0]) else p for p in pieces[1:]),
            ]
            pieces[0], said = f"{said} {pieces[0]}", ""
        elif asked:  # "Does the API have a rate limit? What happens when I exceed it?"
            pieces[0] = _pronoun_named(pieces[0], asked.rstrip("?"))
        asked = pieces[-1] if sentence.endswith("?") else ""
        out.append(pieces)
    if said and out:  # said after the question ("How do I reset my password? I use SSO."): its situation too
        out[-1][-1] = f"{out[-1][-1]} {said}"
    elif said:  # nothing asked at all: the statement is the question ("I cannot log in.")
        out.append([said])
    return out


# The words a question or a request opens with; a query of a few words opening with none of them and
# asking nothing ("billing", "api keys") is a search, not a question.
_ASKS = re.compile(rf"(?:{_WH}|{_REQUEST}|i|i'm|my|we|our)", re.I)
KEYWORDS_MAX_WORDS = 3


def is_keywords(question: str) -> bool:
    """A few words that ask nothing: "billing", "api keys", "reset password" (not "SSO?", not "how to export")."""
    words = question.replace("’", "'").strip().rstrip(".!").split()
    return 0 < len(words) <= KEYWORDS_MAX_WORDS and "?" not in question and not _ASKS.fullmatch(words[0])


# A later question that cannot be judged alone is read with the question before it: one that names nothing
# of its own ("how often?", "why not?") or points back with a bare "that" or "this" ("What happens to the
# webhook after that?", "Where would I switch that on?"), whose referent only the question before it says.
# Not "that" before what it names ("that plan") or opening a clause ("files that are deleted").
_BARE_DEMONSTRATIVE = re.compile(
    r"\b(?:that|this)(?=\s*(?:[?.!,;]|$)|\s+(?:on|off|up|out|again|too|also|first|now|anymore|still|later|back|"
    r"away|instead|yet)\b)",
    re.I,
)
_ASKING_WORDS = _words(
    "how what when where which who whom whose why is are was were does do did can could will would should has "
    "have may must i we you it they he she me us them my our your their not no yes so then also about often "
    "long much many far soon"
)


def _leans_back(part: str) -> bool:
    """Can this later part of a question not be judged alone (`_BARE_DEMONSTRATIVE`)?"""
    own = [w for w in re.findall(r"[a-z0-9]{2,}", part.lower()) if w not in _ASKING_WORDS and w not in STOPWORDS]
    return not own or _BARE_DEMONSTRATIVE.search(part) is not None


def decompose(question: str) -> tuple[Claim, ...]:
    """The required claims of `question`, ids c1, c2, ...; a blank question has none. A later part that
    cannot be judged alone (`_leans_back`) stays with the part before it."""
    parts: list[str] = []
    for pieces in _in_context(question_sentences(question)):
        for piece in pieces:
            piece = _clean(piece)
            if parts and parts[-1].endswith("?") and _leans_back(piece):
                parts[-1] = f"{parts[-1]} {piece[:1].upper()}{piece[1:]}"
                continue
            if len(piece.split()) >= 2 and piece.lower() not in (p.lower() for p in parts):
                parts.append(piece)
    if not parts and question.strip():
        parts = [_clean(question)]
    return tuple(Claim(f"c{i}", text) for i, text in enumerate(parts, start=1))


class RuleDecomposer:
    """The default decomposer: `decompose` above."""

    name = "rules"

    def decompose(self, question: str) -> tuple[Claim, ...]:
        return decompose(question)
