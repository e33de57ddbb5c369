"""The `answerable` command: a thin adapter over the library. Each command group lives in its own module."""

from __future__ import annotations

import click

from answerable.core.version import __version__
from answerable.interfaces.cli.ask import ask_command
from answerable.interfaces.cli.calibrate import calibrate_command
from answerable.interfaces.cli.common import settings
from answerable.interfaces.cli.decide import decide_command
from answerable.interfaces.cli.delete import delete_command
from answerable.interfaces.cli.eval import eval_command
from answerable.interfaces.cli.gaps import gaps_command
from answerable.interfaces.cli.ingest import ingest_command
from answerable.interfaces.cli.keys import keys_group
from answerable.interfaces.cli.log import log_group
from answerable.interfaces.cli.models import models_group
from answerable.interfaces.cli.policy import policy_group
from answerable.interfaces.cli.process import prepare
from answerable.interfaces.cli.score import score_group
from answerable.interfaces.cli.search import search_command
from answerable.interfaces.cli.serve import serve_command
from answerable.interfaces.cli.signals import signals_command
from answerable.interfaces.cli.stats import stats_command
from answerable.interfaces.cli.tickets import tickets_group
from answerable.interfaces.cli.train import train_group


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="answerable")
def main() -> None:
    """Answer questions from documentation only when the allowed evidence authorizes it."""
    prepare(settings())


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
main.add_command(signals_command)
main.add_command(serve_command)
main.add_command(keys_group)
main.add_command(tickets_group)
