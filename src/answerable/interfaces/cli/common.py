"""Options and error handling shared by commands."""

from __future__ import annotations

import functools
import json
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import click

from answerable.core.errors import AnswerableError, InputError, PolicyError
from answerable.core.policy import Policy, load_policy
from answerable.core.settings import Settings
from answerable.text.printable import printable

F = TypeVar("F", bound=Callable[..., Any])

EXIT_USAGE = 2
EXIT_ERROR = 1

policy_option = click.option(
    "--policy",
    "policy_path",
    type=click.Path(dir_okay=False),
    default=None,
    help="Policy file (default: the shipped policy; env ANSWERABLE_POLICY).",
)


def settings(**options: str | None) -> Settings:
    """The command's settings: each option given on the command line, else the environment, else the default."""
    return Settings.resolve(os.environ, **options)


def load(policy_path: str | None) -> Policy:
    return load_policy(settings(policy=policy_path).policy)


def reports_errors(fn: F) -> F:
    """Turn our errors into one clear line on stderr and a non-zero exit (2 for bad input, 1 otherwise)."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except (PolicyError, InputError) as exc:
            click.echo(f"error: {_shown(exc)}", err=True)
            sys.exit(EXIT_USAGE)
        except AnswerableError as exc:
            click.echo(f"error: {_shown(exc)}", err=True)
            sys.exit(EXIT_ERROR)
        except BrokenPipeError:
            # The reader went away (`answerable log show | head -1`): it has what it wanted, so no error. Later
            # writes, and the flush at exit, go nowhere instead of failing again.
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            sys.exit(0)
        except OSError as exc:  # a file the command was told to read or write (e.g. an unwritable --json path)
            where = f"{exc.filename}: " if exc.filename else ""
            click.echo(f"error: {where}{exc.strerror or exc}", err=True)
            sys.exit(EXIT_ERROR)

    return wrapper  # type: ignore[return-value]


def _shown(exc: Exception) -> str:
    """An error's lines with their control characters escaped: messages quote file names, titles and
    questions, which may carry escape sequences."""
    return "\n".join(printable(line) for line in str(exc).split("\n"))


def require_text(value: str, what: str) -> str:
    """A positional text argument must say something."""
    if not value.strip():
        raise InputError(f"the {what} is empty")
    return value


def echo_json(value: Any) -> None:
    click.echo(json.dumps(value, indent=2, ensure_ascii=False))


def report_skipped(skipped: Sequence[str], where: object, show: int = 20) -> None:
    """Say on stderr which case lines were left out, so no metric is read as covering them."""
    if not skipped:
        return
    click.echo(f"skipped {len(skipped)} case(s) of {where}:", err=True)
    for note in skipped[:show]:
        click.echo(f"  {printable(note)}", err=True)
    if len(skipped) > show:
        click.echo(f"  ... and {len(skipped) - show} more", err=True)
