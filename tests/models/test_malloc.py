"""The allocator setting for inference: applied once on glibc, and off when asked."""

from __future__ import annotations

import os
import platform
import subprocess
import sys

import pytest

CODE = "from answerable.models.malloc import tune_for_inference as t; print(t(), t())"


def _run(env: dict[str, str]) -> str:
    out = subprocess.run([sys.executable, "-c", CODE], capture_output=True, text=True, check=True, env=env)
    return out.stdout.strip()


@pytest.mark.skipif(platform.libc_ver()[0] != "glibc", reason="the setting exists in glibc only")
def test_applied_on_glibc_and_off_on_request() -> None:
    env = {k: v for k, v in os.environ.items() if k != "ANSWERABLE_MALLOC"}
    assert _run(env) == "True True"
    assert _run({**env, "ANSWERABLE_MALLOC": "default"}) == "False False"
