"""The allocator setting for inference: applied once on glibc by the command, never by the library on its own."""

from __future__ import annotations

import os
import platform
import subprocess
import sys

import pytest

CODE = "from answerable.backends.models.malloc import tune_for_inference as t; print(t(), t())"


def _run(env: dict[str, str]) -> str:
    out = subprocess.run([sys.executable, "-c", CODE], capture_output=True, text=True, check=True, env=env)
    return out.stdout.strip()


@pytest.mark.skipif(platform.libc_ver()[0] != "glibc", reason="the setting exists in glibc only")
def test_applied_on_glibc_and_off_on_request() -> None:
    env = {k: v for k, v in os.environ.items() if k != "ANSWERABLE_MALLOC"}
    assert _run(env) == "True True"


PREPARE = (
    "import os; from answerable.core.settings import Settings; from answerable.interfaces.cli.process import prepare; "
    "from answerable.backends.models import malloc; prepare(Settings.resolve(os.environ)); "
    "print(malloc.tune_for_inference.cache_info().currsize)"
)
LIBRARY = (
    "from answerable.backends.models import malloc; from answerable.backends.registry import load_reranker; "
    "load_reranker('answerable'); print(malloc.tune_for_inference.cache_info().currsize)"
)


def _call(code: str, env: dict[str, str]) -> str:
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env
    ).stdout.strip()


def test_the_command_tunes_the_allocator_unless_told_not_to_and_the_library_never_does() -> None:
    env = {k: v for k, v in os.environ.items() if k != "ANSWERABLE_MALLOC"}
    assert _call(PREPARE, env) == "1"
    assert _call(PREPARE, {**env, "ANSWERABLE_MALLOC": "default"}) == "0"
    assert _call(LIBRARY, env) == "0"  # loading a model leaves the host process's allocator alone
