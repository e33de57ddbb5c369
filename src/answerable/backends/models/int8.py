"""Int8 linear layers for CPU inference, scaled per token and per output channel.

torch's dynamic quantization (`torch.ao.quantization.quantize_dynamic`, deprecated since torch 2.10)
scales activations once per forward pass, over every token of every pair in the batch, padding
included. Two consequences: its logits are far from the fp32 model's, and a pair's score depends on
the pairs scored beside it, so an unrelated candidate can move a borderline decision.

Here each token's activations get their own scale and each output channel of the weight its own, so a
token's output depends on that token alone: scores no longer depend on batch companions, and they stay
close to fp32 at about the speed of dynamic quantization (`torch._int_mm`, an int8 x int8 -> int32 matrix
product, does the work). The measurements are in docs/research/models.md (Speed).
"""

from __future__ import annotations

from typing import Any

import torch

_QMAX = 127.0


class RowwiseInt8Linear(torch.nn.Module):
    """A `torch.nn.Linear` with int8 weights (one scale per output channel) that quantizes each input row
    (token) with its own scale before an int8 matrix product, and rescales the int32 result to float.
    """

    weight_q: torch.Tensor
    weight_scale: torch.Tensor
    bias: torch.Tensor

    def __init__(self, linear: torch.nn.Linear) -> None:
        super().__init__()
        weight = linear.weight.detach().float()
        scale = weight.abs().amax(dim=1).clamp(min=1e-12) / _QMAX
        self.in_features = linear.in_features
        self.out_features = linear.out_features
        # (in, out) int8, contiguous: the layout `_int_mm` takes as its second operand
        self.register_buffer("weight_q", torch.round(weight / scale[:, None]).to(torch.int8).t().contiguous())
        self.register_buffer("weight_scale", scale)
        bias = linear.bias.detach().float() if linear.bias is not None else torch.zeros(self.out_features)
        self.register_buffer("bias", bias)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        shape = x.shape
        rows = x.reshape(-1, shape[-1]).float()
        scale = rows.abs().amax(dim=1, keepdim=True).clamp(min=1e-12) / _QMAX
        q = torch.round(rows / scale).to(torch.int8)
        out = torch._int_mm(q, self.weight_q).float().mul_(scale).mul_(self.weight_scale).add_(self.bias)
        return out.reshape(*shape[:-1], self.out_features)

    def extra_repr(self) -> str:
        return f"in_features={self.in_features}, out_features={self.out_features}"


def quantize_rowwise(model: Any, skip: tuple[str, ...] = ("classifier",)) -> Any:
    """Replace every `nn.Linear` of `model` (in place) by a `RowwiseInt8Linear`, except modules whose
    qualified name starts with one of `skip` (the classification head is tiny and stays fp32).
    """
    for parent_name, parent in list(model.named_modules()):
        for name, child in list(parent.named_children()):
            qualified = f"{parent_name}.{name}" if parent_name else name
            if isinstance(child, torch.nn.Linear) and not qualified.startswith(skip):
                setattr(parent, name, RowwiseInt8Linear(child))
    return model
