"""Store URLs as they may be shown: the password of `postgresql://user:PASS@host/db` never is.

`stats`, `log show` and every store error name the store by its URL; `redact_url` is the form they show,
and `scrub` takes a store URL's password out of any other text (a driver's error message quotes the URL,
or a token of it, as it was given).
"""

from __future__ import annotations

import re
from urllib.parse import unquote

MASK = "***"
# `password=` and `sslpassword=` in the query string (or a keyword/value string given by mistake).
_PASSWORD_PARAM = re.compile(r"(?i)(password=)([^&\s]*)")


def _authority(url: str) -> tuple[int, str]:
    """Where the part after `scheme://` starts, and that part (the whole text if it has no scheme)."""
    start = url.find("://")
    start = 0 if start < 0 else start + 3
    return start, url[start:]


def _userinfo(url: str) -> list[str]:
    """The possible `user:password` parts: the widest (up to the last `@` before the query) and libpq's own
    reading (up to the first `@`, unless a `/` comes first); they differ only for a password holding `@`."""
    _, rest = _authority(url)
    if rest.startswith("/"):  # no host part (`sqlite:///path`, a socket URL)
        return []
    found = []
    head = rest.partition("?")[0]
    if "@" in head:
        found.append(head.rpartition("@")[0])
    libpq = re.match(r"[^@/]*@", rest)
    if libpq:
        found.append(libpq.group()[:-1])
    return found


def secrets(url: str) -> list[str]:
    """The passwords a store URL holds, raw and percent-decoded, longest first."""
    raw = {userinfo.partition(":")[2] for userinfo in _userinfo(url) if ":" in userinfo}
    raw |= {m.group(2) for m in _PASSWORD_PARAM.finditer(url)}
    every = raw | {unquote(p) for p in raw}
    return sorted((p for p in every if p), key=lambda p: (-len(p), p))


def redact_url(url: str) -> str:
    """The URL with its password (userinfo, `password=` parameter) replaced by `***`; the rest as given."""
    start, rest = _authority(url)
    if not rest.startswith("/"):
        head = rest.partition("?")[0]
        at = head.rfind("@")
        colon = head.find(":", 0, at) if at >= 0 else -1
        if 0 <= colon < at - 1:
            rest = rest[: colon + 1] + MASK + rest[at:]
    return _PASSWORD_PARAM.sub(lambda m: m.group(1) + (MASK if m.group(2) else ""), url[:start] + rest)


def scrub(text: str, url: str) -> str:
    """`text` (an error message) with the URL's password taken out, wherever and however it appears.

    The whole URL becomes its redacted form; then each password (raw or percent-decoded) standing alone,
    not inside a longer word, becomes `***`. A password equal to the user name is left (the user name is
    not secret, and masking it would tell that the two are the same).
    """
    text = text.replace(url, redact_url(url))
    users = {unquote(u.partition(":")[0]) for u in _userinfo(url)} | {u.partition(":")[0] for u in _userinfo(url)}
    for secret in secrets(url):
        if secret in users:
            continue
        text = re.sub(rf"(?<!\w){re.escape(secret)}(?!\w)", MASK, text)
    return text


__all__ = ["MASK", "redact_url", "scrub", "secrets"]
