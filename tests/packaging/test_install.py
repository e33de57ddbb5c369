"""`pip install answerable` gives the gate, the store and the parsers, beside other versions of common packages;
the models come with an extra, and their absence is an error that names it."""

from __future__ import annotations

import subprocess
import sys
import venv
from pathlib import Path

import pytest

import answerable
from answerable.backends import builtins

ROOT = Path(__file__).resolve().parents[2]


def test_a_model_backend_without_the_models_extra_names_it(monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "torch" else real(name, *a))
    with pytest.raises(answerable.MissingExtraError, match=r"torch: pip install 'answerable\[models\]'"):
        builtins.needs_models()


@pytest.mark.slow
def test_installs_beside_an_older_numpy_and_click_and_asks_for_the_models_extra(tmp_path: Path) -> None:
    env = tmp_path / "venv"
    venv.create(env, with_pip=True)
    python = str(env / "bin" / "python")

    def pip(*args: str) -> None:
        subprocess.run([python, "-m", "pip", "install", "-q", "--disable-pip-version-check", *args], check=True)

    pip("numpy==1.26.4", "click==8.1.7")
    pip(str(ROOT))
    code = (
        "import sys, numpy, click, answerable\n"
        "assert numpy.__version__ == '1.26.4' and 'torch' not in sys.modules\n"
        "from answerable import decide, load_policy\n"
        "try:\n"
        "    answerable.check('How long is a permit valid?', [{'id': 'p#1', 'text': 'A permit lasts a year.'}])\n"
        "except answerable.MissingExtraError as e:\n"
        "    print(e)\n"
    )
    out = subprocess.run([python, "-c", code], capture_output=True, text=True, check=True)
    assert "pip install 'answerable[models]'" in out.stdout
    assert sys.version_info >= (3, 11)
