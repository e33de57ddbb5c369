"""A question that asks what holds when the asker sets nothing, read as documentation says it: "by default".

People ask about a default by describing it: "Which port does the server listen on when nothing is
configured?", "What is the cookie called if I don't change it?", "Which isolation level do transactions get
unless I say otherwise?", "Is sync on out of the box?". Documentation names it one way: "Defaults to 5432",
"The default is ...", "on by default". The models judge a passage against the question's words, and read
such a paraphrase as something other than the page's "default": a section that states the default scored
under the bar for the paraphrase and well over it for "by default" (docs/research/quality.md). So the clause
is read as "by default", and a clause that names what is left alone ("if I leave `work_mem` alone") as "with
`work_mem` at its default", which keeps the name the answer must be about.

Only a clause that says nothing is set: "if I don't set one", "unless I change it", "when none is given",
"without any configuration". "If I don't set a password, can others open the link?" names what is not set
and asks what follows from it, which no "default" states, and is read as written.
"""

from __future__ import annotations

import re

# Who sets (or does not set) something.
_WHO = r"(?:I|we|you|they|one|the user|users|someone)"
_NOT = r"(?:don['’]?t|do not|didn['’]?t|did not|doesn['’]?t|does not|never|haven['’]?t|have not|won['’]?t|will not)"
_SET = (
    r"(?:set|change|configure|specify|pass|give|provide|supply|choose|pick|select|touch|override|"
    r"customi[sz]e|define|enter|add|adjust|tweak|modify|say|tell it|tell)"
)
_SET_DONE = (
    r"(?:set|changed|configured|specified|passed|given|provided|supplied|chosen|picked|selected|overridden|"
    r"customi[sz]ed|defined|entered|adjusted|modified|stated|told)"
)
# What is (not) set, when it is no name: "it", "one", "anything", "a value", "otherwise".
_NOTHING_NAMED = r"(?:it|one|them|that|this|anything|any|a value|any value|something|so|otherwise|differently)"
# Where or how it would be set: "in conf.py", "on the command line", "myself", "explicitly".
_WHERE = (
    r"(?:\s+(?:myself|ourselves|yourself|explicitly|manually|else|otherwise))?"
    r"(?:\s+(?:in|on|at|for|from|via|through|with|when)\s+(?:[^,;?!.]|\.(?=\S))+?)?"
)
# Where the clause ends: a comma, a question mark, or a full stop that ends a sentence ("conf.py" goes on).
_END = r"(?=\s*(?:[,;?!]|\.(?!\S)|$))"

_CLAUSES = (
    # "if I don't set one in conf.py", "when we don't configure anything", "if you never change it"
    re.compile(rf"\b(?:if|when|as long as)\s+{_WHO}\s+{_NOT}\s+{_SET}\s+{_NOTHING_NAMED}{_WHERE}{_END}", re.I),
    # "unless I change it", "unless we say otherwise", "unless told otherwise", "unless otherwise specified",
    # "unless it is configured", "unless configured differently"
    re.compile(
        rf"\bunless\s+(?:{_WHO}\s+{_SET}\s+{_NOTHING_NAMED}(?:\s+otherwise)?|(?:it\s+is\s+|it['’]s\s+|they\s+are\s+)?"
        rf"{_SET_DONE}(?:\s+otherwise|\s+differently)?|otherwise\s+{_SET_DONE}){_WHERE}{_END}",
        re.I,
    ),
    # "when nothing is configured", "if none is given", "if no value is set"
    re.compile(
        rf"\b(?:if|when)\s+(?:nothing|none|no value|no option|no setting)\s+(?:is|was|has been|gets|got)\s+"
        rf"{_SET_DONE}{_WHERE}{_END}",
        re.I,
    ),
    # "if it isn't set", "when not configured", "if unset", "if left empty"
    re.compile(
        rf"\b(?:if|when)\s+(?:(?:it|they|that|this)(?:['’]s|['’]re|\s+is|\s+are)?\s+)?(?:(?:not|never|isn['’]t|aren['’]t)\s+"
        rf"{_SET_DONE}|unset|left\s+(?:unset|empty|blank|out|alone))(?:\s+(?:at\s+all|explicitly))?{_WHERE}{_END}",
        re.I,
    ),
    # "if I leave it alone", "if we leave everything as it is"
    re.compile(
        rf"\b(?:if|when)\s+{_WHO}\s+(?:just\s+)?(?:leave|keep)\s+"
        r"(?:it|them|that|this|everything|things|the settings?)\s+"
        rf"(?:alone|unset|untouched|unchanged|empty|blank|as (?:it|they) (?:is|are)|as is){_WHERE}{_END}",
        re.I,
    ),
    # "out of the box", "with no configuration", "without any configuration", "without changing anything"
    re.compile(r"\bout[ -]of[ -]the[ -]box\b", re.I),
    re.compile(r"\b(?:with|under)\s+(?:no|zero)\s+(?:configuration|config|settings|setup|customi[sz]ation)\b", re.I),
    re.compile(
        r"\bwithout\s+(?:any\s+)?(?:configuration|config|customi[sz]ation|(?:configuring|changing|setting|touching"
        r"|specifying|passing|providing|giving)\s+(?:anything|it|them|one|a thing|a value|any))\b",
        re.I,
    ),
)
# "if I leave work_mem alone", "when we leave `timeout` unset": the name stays ("with `timeout` at its default").
_LEFT_NAMED = re.compile(
    rf"\b(?:if|when)\s+{_WHO}\s+(?:just\s+)?(?:leave|keep)\s+(?P<name>`[^`]+`|[\w.-]*[_.][\w.-]+|the\s+\w+(?:\s+\w+)?"
    rf"(?:\s+(?:setting|option|parameter|value|flag|variable))?)\s+"
    rf"(?:alone|unset|untouched|unchanged|empty|blank|as (?:it|they) (?:is|are)|as is|at (?:its|the) default){_END}",
    re.I,
)


def read_default(question: str) -> str:
    """`question` with each clause that says the asker sets nothing read as "by default" (see the module):
    "What is the session cookie called if I don't change it?" as "What is the session cookie called by
    default?". A clause naming what is left alone keeps the name ("... if I leave work_mem alone?" as "...
    with work_mem at its default?"). A question with no such clause comes back as it is."""
    out = _LEFT_NAMED.sub(lambda m: f"with {m.group('name')} at its default", question)
    for clause in _CLAUSES:
        out = clause.sub("by default", out)
    if out == question:
        return question
    # A clause that opened the question leaves "by default" at its start ("By default, which theme ...").
    out = re.sub(r"^(\W*)by default", lambda m: f"{m.group(1)}By default", out)
    out = re.sub(r"\bby default(?:,?\s+by default)+\b", "by default", out, flags=re.I)
    return re.sub(r"[ \t]{2,}", " ", out)


# Documentation says what holds by default the same ways, of the thing it documents: "If the option is not
# passed on the command line, then the count is 0.", "When no encoding is given, UTF-8 is used.", "If
# omitted, the current directory is searched."
_STATED_UNSET = re.compile(
    rf"\b(?:if|when|where)\s+(?:(?:the|a|an|this|that|its|your)\s+)?(?:`[^`]+`|[\w.-]+)(?:\s+(?:`[^`]+`|[\w.-]+)){{0,2}}"
    rf"\s+(?:is|are|was|were|has\s+not\s+been|have\s+not\s+been)\s+(?:not\s+|never\s+)?"
    rf"(?:{_SET_DONE}|omitted|absent|unset|left\s+(?:out|unset|empty|blank))\b"
    rf"|\b(?:if|when)\s+(?:no|none of the)\s+(?:`[^`]+`|[\w.-]+)(?:\s+[\w.-]+)?\s+(?:is|are)\s+{_SET_DONE}\b"
    rf"|\b(?:if|when)\s+(?:omitted|not\s+{_SET_DONE}|unset|absent)\b",
    re.I,
)


def states_default(sentence: str) -> bool:
    """Does `sentence` say what holds when nothing is set, in the words of a clause ("If the option is not
    passed ..., then the count is 0.") rather than the word "default"? Such a clause that only names a case
    ("If the option is passed twice, ...") or sets something ("If you set `count=True`, ...") is none: it must
    say the thing is not set, omitted or absent."""
    m = _STATED_UNSET.search(sentence)
    if m is None:
        return False
    # "is not passed" is no default where "not" is missing: "If the option is passed, ..." names a case.
    said = m.group(0).lower()
    return bool(re.search(r"\b(?:not|never|no|none|omitted|absent|unset|left)\b", said))
