"""`answerable train answerability|support`: fine-tune the project's own cross-encoders on the CPU."""

from __future__ import annotations

from pathlib import Path

import click

from answerable.backends.models.bases import BASES, DEFAULT_BASE, MPNET
from answerable.interfaces.cli.common import echo_json, reports_errors

DEFAULT_DATA = "../shared/data"


def _options(fn: click.decorators.FC) -> click.decorators.FC:
    options = [
        click.option(
            "--data",
            "data",
            default=DEFAULT_DATA,
            show_default=True,
            type=click.Path(file_okay=False, exists=True),
            help="The labelled sets (with train/ when present).",
        ),
        click.option(
            "--out",
            "out",
            required=True,
            type=click.Path(file_okay=False),
            help="Folder for the artifact, checkpoints and logs; a rerun resumes.",
        ),
        click.option(
            "--seed", default=13, show_default=True, help="Seed for data sampling, head initialisation and order."
        ),
        click.option(
            "--scale",
            default=1.0,
            type=click.FloatRange(0.0, 1.0, min_open=True),
            show_default=True,
            help="Share of each training source to use (CI uses a tiny one).",
        ),
        click.option(
            "--epochs",
            default=2.0,
            type=click.FloatRange(0.0, min_open=True),
            show_default=True,
            help="Passes over the training pairs.",
        ),
        click.option(
            "--max-steps", default=None, type=click.IntRange(min=1), help="Stop after this many optimizer steps."
        ),
        click.option("--batch-size", default=16, type=click.IntRange(min=1), show_default=True),
        click.option("--lr", default=8e-4, type=click.FloatRange(0.0, min_open=True), show_default=True),
        click.option(
            "--max-len",
            default=128,
            type=click.IntRange(16, 512),
            show_default=True,
            help="Tokens per pair while training.",
        ),
        click.option(
            "--layers",
            default=None,
            type=click.IntRange(min=1),
            help="Keep only the first N transformer layers of the base (faster to serve; default: all).",
        ),
        click.option(
            "--base",
            default=DEFAULT_BASE,
            show_default=True,
            type=click.Choice(sorted(BASES)),
            help=f"Base model to fine-tune; {MPNET} is about 5x slower and must be fetched first (make mpnet).",
        ),
        click.option(
            "--threads", default=1, type=click.IntRange(min=1), show_default=True, help="CPU threads for torch."
        ),
        click.option(
            "--docs",
            "docs",
            multiple=True,
            type=click.Path(file_okay=False, exists=True, path_type=Path),
            help="A documentation folder whose FAQ and settings pages add answerability pairs (repeatable).",
        ),
        click.option(
            "--init",
            "init",
            default=None,
            type=click.Path(file_okay=False, exists=True, path_type=Path),
            help="Start from a trained artifact's weights (same base, rank, targets) instead of a fresh adapter.",
        ),
        click.option("--no-eval", is_flag=True, help="Skip the held-out evaluation at the end."),
        click.option(
            "--calibrate-only", is_flag=True, help="Only refit OUT/calibration.json of a model trained into OUT."
        ),
        click.option("--json", "as_json", is_flag=True, help="Print the metrics as JSON."),
    ]
    for option in reversed(options):
        fn = option(fn)
    return fn


def _run(
    task: str, data: str, out: str, threads: int, no_eval: bool, as_json: bool, calibrate_only: bool, **kw: object
) -> None:
    import os

    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    import torch

    from answerable.backends.models.training.trainer import recalibrate, train

    torch.set_num_threads(threads)
    log = lambda m: click.echo(m, err=True)  # noqa: E731
    if calibrate_only:
        metrics = recalibrate(
            task,
            Path(data),
            Path(out),
            seed=int(kw["seed"]),  # type: ignore[call-overload]
            evaluate=not no_eval,
            docs=tuple(kw.get("docs") or ()),  # type: ignore[arg-type]
            log=log,
        )
    else:
        metrics = train(task, Path(data), Path(out), evaluate=not no_eval, log=log, **kw)  # type: ignore[arg-type]
    if as_json:
        echo_json(metrics)
    else:
        click.echo(f"wrote {out}")


@click.group("train")
def train_group() -> None:
    """Fine-tune an evidence model from a packaged base, all-MiniLM-L6-v2 by default (LoRA, CPU, fixed seeds).

    Training pairs come from the dev sets in --data, split by article, query or claim, and from
    --data/train when present. Dev metrics on the held-out split are logged and written to OUT/metrics.json.
    """


@train_group.command("answerability")
@_options
@reports_errors
def train_answerability(**kw: object) -> None:
    """Train the answerability reranker (question, passage -> holds the answer)."""
    _run("answerability", **kw)  # type: ignore[arg-type]


@train_group.command("support")
@_options
@reports_errors
def train_support(**kw: object) -> None:
    """Train the support verifier (claim, passage -> supported / refuted / insufficient)."""
    _run("support", **kw)  # type: ignore[arg-type]
