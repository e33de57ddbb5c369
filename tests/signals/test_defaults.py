"""A clause saying the asker sets nothing is read as "by default"; phrasings of no evaluation set."""

import pytest

from answerable.signals.defaults import read_default, states_default
from answerable.signals.spelling import read_as


@pytest.mark.parametrize(
    ("question", "read"),
    [
        (
            "Which port does the proxy bind to if I don't set one in the YAML file?",
            "Which port does the proxy bind to by default?",
        ),
        ("Which theme does the site use if I don't set one in conf.py?", "Which theme does the site use by default?"),
        ("How long are uploads kept unless we change it?", "How long are uploads kept by default?"),
        (
            "What log level does the agent use when nothing is configured?",
            "What log level does the agent use by default?",
        ),
        ("Is compression turned on out of the box?", "Is compression turned on by default?"),
        ("If I don't configure anything, where does the cache live?", "By default, where does the cache live?"),
        ("What timeout does the client use if you never change it?", "What timeout does the client use by default?"),
        ("How many retries happen unless told otherwise?", "How many retries happen by default?"),
        ("What encoding is assumed unless otherwise specified?", "What encoding is assumed by default?"),
        ("Which theme is used if none is given?", "Which theme is used by default?"),
        ("Which fields are exported without any configuration?", "Which fields are exported by default?"),
        ("What does the exporter do if we leave it alone?", "What does the exporter do by default?"),
        ("What timeout is used if it isn't set?", "What timeout is used by default?"),
        ("Which port does it use when not configured?", "Which port does it use by default?"),
        ("What does the field hold if left empty?", "What does the field hold by default?"),
        ("Which region is used without specifying one?", "Which region is used by default?"),
        # typed on a phone or a Mac: a curly apostrophe
        ("Which port does the proxy use if I don’t set one?", "Which port does the proxy use by default?"),
        ("What timeout is used if it isn’t set?", "What timeout is used by default?"),
    ],
)
def test_a_clause_that_sets_nothing_reads_as_by_default(question: str, read: str) -> None:
    assert read_default(question) == read


def test_a_name_left_alone_stays_in_the_question() -> None:
    assert read_default("How big can a batch be if I leave batch_size alone?") == (
        "How big can a batch be with batch_size at its default?"
    )
    left = "What happens if I leave `max_workers` unset?"
    assert read_default(left) == "What happens with `max_workers` at its default?"


@pytest.mark.parametrize(
    "question",
    [
        "If I don't set a password, can others open the link?",  # what follows from leaving a named thing out
        "What does the worker do when I don't give it a queue name?",
        "When we don't pay the invoice, what happens?",
        "What is the default port?",
        "How do I change it?",
        "Unless I'm mistaken, the limit is 10 GB?",
    ],
)
def test_other_questions_are_read_as_written(question: str) -> None:
    assert read_default(question) == question


def test_the_reading_is_part_of_reading_a_question() -> None:
    # `read_as` is how the engine reads a question before ranking (and what a decision records as `read_as`)
    assert read_as("Which port is used if I don't set one?", ["The port is 8080 by default."]) == (
        "Which port is used by default?"
    )


@pytest.mark.parametrize(
    ("sentence", "said"),
    [
        ("If the flag is not given on the command line, the level is 1.", True),
        ("When no region is specified, eu-west-1 is used.", True),
        ("If omitted, the current working directory is searched.", True),
        ("When `retries` is not set, a request is tried once.", True),
        ("If not provided, the function's name is used.", True),
        # a case named, a thing set, or a thing that is simply not there: no default
        ("If the flag is given twice, the level is 2.", False),
        ("If you set `retries=3`, a request is tried up to three times.", False),
        ("If the file is missing, an error is raised.", False),
        ("The level is 1.", False),
    ],
)
def test_documentation_states_a_default_by_saying_what_holds_when_nothing_is_set(sentence: str, said: bool) -> None:
    """As an asker describes a default ("when it is not passed"), so does documentation: "If the flag is not
    given, the level is 1." states the default as much as "The level defaults to 1." does."""
    assert states_default(sentence) is said
