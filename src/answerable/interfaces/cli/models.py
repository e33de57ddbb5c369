"""`answerable models compile|status`: the own models compiled for this machine's CPU (models/compiled.py)."""

from __future__ import annotations

from pathlib import Path

import click

from answerable.core.errors import InputError
from answerable.interfaces.cli.common import echo_json, reports_errors

# The models `ask` runs under the default profiles: the query embedder, the reranker's trained member, the
# verifier, and the second answerability model that confirms an answer and re-ranks its quotes.
SERVED = ("minilm", "answerability", "support", "answerability-mpnet")


def _folders(names: tuple[str, ...]) -> list[tuple[str, Path, bool]]:
    """(name, folder, whether it is an embedder) for each name: an own model, `minilm` (the packaged query
    embedder) or a folder holding either (model.json: an own model; modules.json: a sentence-transformers one)."""
    from answerable.backends.models.embed import DEFAULT_EMBEDDER, packaged_minilm_path
    from answerable.backends.models.own import ARTIFACTS

    shipped = sorted(p.name for p in ARTIFACTS.iterdir() if (p / "model.json").is_file())
    out = []
    for name in names or SERVED:
        if name == DEFAULT_EMBEDDER:
            out.append((name, Path(packaged_minilm_path()), True))
            continue
        folder = ARTIFACTS / name if name in shipped else Path(name)
        if (folder / "model.json").is_file():
            out.append((folder.name, folder, False))
        elif (folder / "modules.json").is_file():
            out.append((folder.name, folder, True))
        else:
            raise InputError(
                f"{name}: neither a shipped model ({', '.join(shipped)}, {DEFAULT_EMBEDDER}) nor a folder with "
                "model.json or a sentence-transformers model"
            )
    return out


@click.group("models")
def models_group() -> None:
    """The own evidence models, compiled ahead of time for this CPU."""


@models_group.command("compile")
@click.argument("names", nargs=-1)
@reports_errors
def compile_command(names: tuple[str, ...]) -> None:
    """Compile models for this machine (default: the four `ask` uses); ones already built are kept.

    NAMES are shipped models (answerability, support, answerability-mpnet, support-mpnet), `minilm` (the
    query embedder), folders of models trained with `answerable train`, or folders of sentence-transformers
    models (a transformer with mean pooling). Each takes 25-60 s once; afterwards the model loads from its
    package (0.1 s, the eager model never built) and scores about 1.5 times the pairs per second.
    """
    from answerable.backends.models.compiled import compile_folder
    from answerable.backends.models.embed import compile_embedder

    for name, folder, embedder in _folders(names):
        if embedder:
            compile_embedder(folder, name=name)
        else:
            compile_folder(folder)


@models_group.command("status")
@click.argument("names", nargs=-1)
@click.option("--json", "as_json", is_flag=True, help="Print a JSON list.")
@reports_errors
def status_command(names: tuple[str, ...], as_json: bool) -> None:
    """Say for each model whether this machine has its compiled package (default: the four `ask` uses)."""
    from answerable.backends.models.compiled import embedder_package_path, enabled, package_path
    from answerable.backends.models.own import load_spec

    rows = []
    for name, folder, embedder in _folders(names):
        path = embedder_package_path(folder) if embedder else package_path(folder, load_spec(folder))
        rows.append(
            {"model": name, "compiled": path.is_file(), "used": path.is_file() and enabled(), "path": str(path)}
        )
    if as_json:
        echo_json(rows)
        return
    for row in rows:
        state = "compiled" if row["compiled"] else "not compiled (runs eagerly)"
        if row["compiled"] and not row["used"]:
            state += ", not used: ANSWERABLE_COMPILED=0"
        click.echo(f"{row['model']}: {state}  {row['path']}")
