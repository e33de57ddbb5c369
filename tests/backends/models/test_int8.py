"""Row-wise int8 linear layers: close to fp32, and a row's output depends on that row alone."""

from __future__ import annotations

import pytest
import torch

from answerable.backends.models.int8 import RowwiseInt8Linear, quantize_rowwise


def test_matches_the_float_layer_within_quantization_error() -> None:
    torch.manual_seed(0)
    linear = torch.nn.Linear(384, 96)
    x = torch.randn(3, 17, 384)
    q = RowwiseInt8Linear(linear)
    with torch.inference_mode():
        expected, got = linear(x), q(x)
    assert got.shape == expected.shape
    rel = (got - expected).norm() / expected.norm()
    assert rel < 0.02, rel


def test_a_row_is_scaled_on_its_own() -> None:
    # Per-tensor scaling (torch's dynamic quantization) would coarsen every row once one row is large.
    torch.manual_seed(1)
    q = RowwiseInt8Linear(torch.nn.Linear(64, 32))
    x = torch.randn(4, 64)
    loud = x.clone()
    loud[0] *= 1000.0
    with torch.inference_mode():
        assert torch.equal(q(x)[1:], q(loud)[1:])


def test_quantize_rowwise_keeps_the_head_in_float() -> None:
    model = torch.nn.Module()
    model.encoder = torch.nn.Sequential(torch.nn.Linear(8, 8), torch.nn.ReLU(), torch.nn.Linear(8, 8))
    model.classifier = torch.nn.Linear(8, 2)
    quantize_rowwise(model)
    assert [type(m).__name__ for m in model.encoder] == ["RowwiseInt8Linear", "ReLU", "RowwiseInt8Linear"]
    assert type(model.classifier) is torch.nn.Linear


def test_the_served_reranker_stays_close_to_fp32() -> None:
    from answerable.backends.models.own import ARTIFACTS
    from answerable.backends.models.own_backend import _Own

    pairs = [
        ("When did the 1973 oil crisis begin?", "The 1973 oil crisis began in October 1973 with an embargo."),
        ("When did the 1973 oil crisis begin?", "The Amazon rainforest covers much of the Amazon basin."),
        ("Who wrote Pride and Prejudice?", "Pride and Prejudice is an 1813 novel of manners by Jane Austen. " * 5),
        ("Who wrote Pride and Prejudice?", "The Eiffel Tower is a wrought-iron lattice tower in Paris, France."),
    ]
    int8 = _Own(ARTIFACTS / "answerability").logits(pairs)
    fp32 = _Own(ARTIFACTS / "answerability", quantize=False).logits(pairs)
    for a, b in zip(int8, fp32, strict=True):
        assert a[0] == pytest.approx(b[0], abs=0.15)  # dynamic quantization: off by up to 1.0 here
