"""Evaluation: run labelled cases through the real engine and measure both sides of the boundary."""
