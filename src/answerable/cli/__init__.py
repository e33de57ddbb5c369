"""The `answerable` command: a thin adapter over the library. Each command group lives in its own module."""

from __future__ import annotations

import click

from answerable import __version__
from answerable.cli.ask import ask_command
from answerable.cli.calibrate import calibrate_command
from answerable.cli.decide import decide_command
from answerable.cli.delete import delete_command
from answerable.cli.eval import eval_command
from answerable.cli.gaps import gaps_command
from answerable.cli.ingest import ingest_command
from answerable.cli.log import log_group
from answerable.cli.models import models_group
from answerable.cli.policy import policy_group
from answerable.cli.score import score_group
from answerable.cli.search import search_command
from answerable.cli.stats import stats_command
from answerable.cli.train import train_group


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="answerable")
def main() -> None:
    """Answer questions from documentation only when the allowed evidence authorizes it."""


main.add_command(policy_group)
main.add_command(decide_command)
main.add_command(ingest_command)
main.add_command(delete_command)
main.add_command(search_command)
main.add_command(stats_command)
main.add_command(ask_command)
main.add_command(log_group)
main.add_command(gaps_command)
main.add_command(eval_command)
main.add_command(calibrate_command)
main.add_command(score_group)
main.add_command(train_group)
main.add_command(models_group)
