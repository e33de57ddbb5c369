"""Model work off the event loop, with a bounded queue that answers "busy" at once instead of piling up.

The models are CPU-bound and a process runs one model request at a time (each already uses the cores
torch gives it). `ModelRunner.run` admits a request only while fewer than `capacity` are running or
waiting; beyond that it raises `Overloaded` with how long to wait, which the service answers as 503 with
`Retry-After`. A request whose caller went away before its turn is dropped from the queue.
"""

from __future__ import annotations

import asyncio
import functools
import math
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, TypeVar

T = TypeVar("T")


class Overloaded(Exception):
    """The queue is full; `retry_after` is the seconds after which a place is likely free."""

    def __init__(self, retry_after: int) -> None:
        super().__init__(f"busy: retry after {retry_after} s")
        self.retry_after = retry_after


class ModelRunner:
    """One model thread and a queue of at most `capacity` requests (running or waiting)."""

    def __init__(self, capacity: int, on_depth: Callable[[int], None] | None = None) -> None:
        if capacity < 1:
            raise ValueError(f"capacity: expected at least 1, got {capacity}")
        self.capacity = capacity
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="answerable-model")
        self._held = 0
        self._lock = threading.Lock()
        self._mean_s = 1.0  # a running mean of a request's model time, for Retry-After
        self._on_depth = on_depth or (lambda _: None)

    @property
    def depth(self) -> int:
        """Requests running or waiting now."""
        return self._held

    def retry_after(self) -> int:
        return max(1, math.ceil(self._mean_s * self._held))

    def _admit(self) -> None:
        with self._lock:
            if self._held >= self.capacity:
                raise Overloaded(self.retry_after())
            self._held += 1
            self._on_depth(self._held)

    def _release(self, _: Future[Any]) -> None:
        with self._lock:
            self._held -= 1
            self._on_depth(self._held)

    def _timed(self, fn: Callable[[], T]) -> T:
        start = time.perf_counter()
        try:
            return fn()
        finally:
            self._mean_s = 0.8 * self._mean_s + 0.2 * (time.perf_counter() - start)

    async def run(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """`fn(*args, **kwargs)` on the model thread; Overloaded at once when the queue is full."""
        self._admit()
        try:
            future = self._executor.submit(self._timed, functools.partial(fn, *args, **kwargs))
        except BaseException:
            self._release(Future())
            raise
        # Released when the work ends, not when the caller stops waiting: a cancelled wait must not let
        # more work in than the thread can hold.
        future.add_done_callback(self._release)
        return await asyncio.wrap_future(future)

    def shutdown(self) -> None:
        self._executor.shutdown(wait=True, cancel_futures=True)


__all__ = ["ModelRunner", "Overloaded"]
