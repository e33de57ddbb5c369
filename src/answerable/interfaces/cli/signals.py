"""`answerable signals`: each language signal's accuracy on the cases that motivated it and on held-out ones."""

from __future__ import annotations

import click

from answerable.interfaces.cli.common import echo_json, reports_errors
from answerable.signals.report import SIGNALS, Score, principle, score


def _rate(pair: tuple[int, int]) -> str:
    rate = Score.rate(pair)
    return f"{pair[0]:3}/{pair[1]:<3} {rate:6.1%}" if rate is not None else "  -        "


@click.command("signals")
@click.argument("names", nargs=-1)
@click.option("--json", "as_json", is_flag=True, help="Print a JSON object: each signal's figures and every case.")
@click.option("--wrong", is_flag=True, help="List the cases each signal gets wrong.")
@reports_errors
def signals_command(names: tuple[str, ...], as_json: bool, wrong: bool) -> None:
    """Print each signal's accuracy on its fitted cases (those that motivated it) and its held-out cases
    (written from its principle before its output was seen). NAMES picks signals; default: all."""
    chosen = names or tuple(s.name for s in SIGNALS)
    results = {name: score(name) for name in chosen}
    if as_json:
        echo_json(
            {
                name: {
                    "principle": principle(name),
                    "fitted": list(s.fitted),
                    "heldout": list(s.heldout),
                    "cases": [
                        {"input": o.case.input, "expected": o.case.expected, "got": o.got, "split": o.case.split}
                        for o in outcomes
                    ],
                }
                for name, (s, outcomes) in results.items()
            }
        )
        return
    click.echo(f"{'signal':20} {'fitted':>13}  {'held out':>13}")
    for name, (s, outcomes) in results.items():
        click.echo(f"{name:20} {_rate(s.fitted)}  {_rate(s.heldout)}")
        if wrong:
            for o in outcomes:
                if not o.right:
                    click.echo(f"    [{o.case.split}] {o.case.input!r}: expected {o.case.expected!r}, got {o.got!r}")
