"""Every exception answerable raises on purpose, as one tree.

AnswerableError
├── PolicyError          a policy file is missing, malformed or invalid (names file and key)
├── InputError           caller input cannot be used (names what and why)
│   ├── DraftRequiredError  an authorized answer needs a draft before it can be decided
│   └── MissingExtraError   an optional extra's package is not installed (names the pip command)
├── StoreError           the store failed: an error, never an abstention
├── FetchError           documents to evaluate on could not be fetched (names the command that would fix it)
└── ModelError           a model backend failed: an error, never an abstention
    └── UnknownModelError  a model spec names no backend (also an InputError)
"""

from __future__ import annotations


class AnswerableError(Exception):
    """Base of every error answerable raises on purpose."""


class PolicyError(AnswerableError):
    """A policy file that cannot be used; the message names the file, the key and what was expected."""

    def __init__(self, path: str, key: str | None, problem: str) -> None:
        self.path = path
        self.key = key
        self.problem = problem
        where = f"{path}: {key}" if key else path
        super().__init__(f"{where}: {problem}")


class InputError(AnswerableError):
    """Input that cannot be used as given."""


class DraftRequiredError(InputError):
    """`decide` was asked to authorize an answer but the evidence carries no draft to answer with."""


class MissingExtraError(InputError, ImportError):
    """An optional extra's package is not installed; the message names the command that installs it.

    Also an ImportError, so `try: import ... except ImportError` around an adapter keeps working.
    """


class StoreError(AnswerableError):
    """The store failed. Reported as an error (exit code != 0, HTTP 5xx), never as an abstention."""


class FetchError(AnswerableError):
    """Documents an evaluation names (a Debian package) could not be fetched; says why and, where one
    would help, which command to run."""


class ModelError(AnswerableError):
    """A model backend failed. Reported as an error, never as an abstention."""


class UnknownModelError(ModelError, InputError):
    """A model spec that names no backend (`--reranker nosuch`): bad input, so exit 2 on the command line."""
