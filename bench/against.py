"""Timing a bench script's figure with another checkout's source, in a fresh process (`--against`)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def figure_with(script: str, src: Path, runs: int) -> float:
    """The one figure `script` prints with `--only`, run for `runs` runs with `src` (another checkout's `src`
    folder) first on the path."""
    env = {**os.environ, "PYTHONPATH": str(src.resolve())}
    cmd = [sys.executable, script, "--runs", str(runs), "--only"]
    return float(subprocess.run(cmd, env=env, check=True, capture_output=True, text=True).stdout)
