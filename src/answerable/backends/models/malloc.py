"""glibc's allocator, set for CPU inference: keep freed memory for the next batch instead of unmapping it.

Every layer of a forward pass allocates activations of a few hundred KB to a few MB. With glibc's
defaults, blocks that large are mapped fresh from the kernel and unmapped when freed, so each batch pays
page faults on memory it just gave back; for the int8 layers (int8.py), which make several passes over
each activation, that costs more than the matrix products. Serving blocks up to 32 MB from the heap and
trimming the heap only above 256 MB removes it, and the models score more pairs a second and more
steadily (bench/models.py; docs/research/models.md, Speed). The price is that the process keeps up to
256 MB it freed instead of handing it back at once.

Applied once per process, by the `answerable` command (`ANSWERABLE_MALLOC=default` leaves it off); the
library never applies it on its own. Nothing happens where the C library is not glibc.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import functools

M_TRIM_THRESHOLD = -1
M_MMAP_THRESHOLD = -3
MMAP_THRESHOLD = 32 * 1024 * 1024  # glibc's ceiling for this setting on 64-bit
TRIM_THRESHOLD = 256 * 1024 * 1024


@functools.cache
def tune_for_inference() -> bool:
    """Set the two thresholds (once per process); True when they are in effect."""
    return _mallopt()


def _mallopt() -> bool:
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        mallopt = libc.mallopt
    except (OSError, AttributeError):  # not glibc: leave the allocator alone
        return False
    mallopt.argtypes = [ctypes.c_int, ctypes.c_int]
    mallopt.restype = ctypes.c_int
    return bool(mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD) == 1 and mallopt(M_TRIM_THRESHOLD, TRIM_THRESHOLD) == 1)
