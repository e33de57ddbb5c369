"""Real documentation from a Debian package, for an evaluation folder that names one in `source.toml`.

    package = "sphinx-doc"          # a Debian package ...
    version = "5.3.0-4"             # ... at this exact version
    root = "usr/share/doc/sphinx-doc/html/_sources"   # the folder inside the package the pages are under
    pages = "pages.txt"             # the pages to ingest, one path under `root` a line (optional: all)
    format = "rst"                  # the format they are in: markdown (md), rst or html
    base_url = "https://www.sphinx-doc.org/en/v5.3.0/"   # where they are published

The package is fetched once into `<cache>/debian/<package>_<version>/` with `apt-get download` (no root
needed) and `dpkg -x`, built in a temporary folder and renamed when complete, so an interrupted fetch is
never taken for the package. `apt-get download` needs apt's package lists: when apt does not know the
version, `apt-get update` is run if this process is root, else the error names the command to run. The
pages named are then hard-linked (copied across file systems) into a folder of their own under
`<cache>/debian/pages/`, keyed by package, version, root and page list, which is what ingest reads: a
page's id is its path under `root` without its suffix, and its URL `base_url` plus its published path.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import tempfile
import tomllib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from answerable.core.errors import FetchError, InputError
from answerable.ingest.loaders import file_format
from answerable.ingest.sections import Format

__all__ = ["DebianSource", "Runner", "corpus_folder", "fetch", "pages_folder", "read_source"]

SOURCE_FILE = "source.toml"
_FORMATS = {"md": Format.MARKDOWN, "markdown": Format.MARKDOWN, "rst": Format.RST, "html": Format.HTML}

# Runs a command in a folder; returns (exit status, what it wrote to stdout and stderr). Tests pass a fake.
Runner = Callable[[Sequence[str], Path], tuple[int, str]]


@dataclass(frozen=True)
class DebianSource:
    """What `source.toml` names: a package at a version, the pages under a folder in it, and their URL."""

    package: str
    version: str
    root: str
    pages: tuple[str, ...] | None  # paths under `root`; None: every page ingest reads
    format: Format
    base_url: str | None
    where: str  # the source.toml it was read from, for messages

    @property
    def name(self) -> str:
        return f"{self.package}_{self.version}"


def _relative(value: str, where: str, what: str) -> str:
    path = PurePosixPath(value.strip())
    if not value.strip() or path.is_absolute() or ".." in path.parts:
        raise InputError(f"{where}: {what}: expected a path inside the package, got {value!r}")
    return path.as_posix()


def read_source(path: Path) -> DebianSource:
    """The source a `source.toml` names, its page list read and checked (pure but for reading files)."""
    where = str(path)
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"{where}: cannot read: {exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise InputError(f"{where}: not valid TOML ({exc})") from None
    for key in ("package", "version", "root"):
        if not isinstance(raw.get(key), str) or not raw[key].strip():
            raise InputError(f"{where}: {key}: expected a non-empty string")
    package, version = raw["package"].strip(), raw["version"].strip()
    if not all(ch.isalnum() or ch in ".+-~:" for ch in package + version) or package.startswith("-"):
        raise InputError(f"{where}: package and version: not a Debian package name and version")
    fmt = raw.get("format", "html")
    if fmt not in _FORMATS:
        raise InputError(f"{where}: format: expected one of {', '.join(sorted(_FORMATS))}, got {fmt!r}")
    base_url = raw.get("base_url")
    if base_url is not None and (not isinstance(base_url, str) or not base_url.startswith(("http://", "https://"))):
        raise InputError(f"{where}: base_url: expected an http(s) URL, got {base_url!r}")
    pages: tuple[str, ...] | None = None
    if raw.get("pages") is not None:
        if not isinstance(raw["pages"], str):
            raise InputError(f"{where}: pages: expected the name of a file listing the pages")
        pages_file = path.parent / _relative(raw["pages"], where, "pages")
        try:
            lines = pages_file.read_text(encoding="utf-8").splitlines()
        except OSError as exc:
            raise InputError(f"{where}: pages: cannot read {pages_file}: {exc.strerror or exc}") from None
        listed = [line.strip() for line in lines if line.strip() and not line.lstrip().startswith("#")]
        pages = tuple(dict.fromkeys(_relative(p, f"{pages_file}", "page") for p in listed))
        if not pages:
            raise InputError(f"{where}: pages: {pages_file} lists no page")
        wrong = [p for p in pages if file_format(p) is not _FORMATS[fmt]]
        if wrong:
            raise InputError(f"{where}: {wrong[0]} is not a {fmt} page (format = {fmt!r})")
    return DebianSource(package, version, _relative(raw["root"], where, "root"), pages, _FORMATS[fmt], base_url, where)


def _run(cmd: Sequence[str], cwd: Path) -> tuple[int, str]:
    try:
        done = subprocess.run(list(cmd), cwd=cwd, capture_output=True, text=True, check=False)
    except FileNotFoundError:
        return 127, f"{cmd[0]}: command not found"
    return done.returncode, (done.stdout + done.stderr).strip()


def _versions(package: str, run: Runner, work: Path) -> list[str]:
    """The versions of `package` apt's package lists offer (`apt-cache madison`), newest first."""
    listed = run(["apt-cache", "madison", package], work)[1]
    return [line.split("|")[1].strip() for line in listed.splitlines() if line.count("|") >= 2]


def _last_lines(output: str, n: int = 3) -> str:
    return " / ".join(line.strip() for line in output.splitlines()[-n:] if line.strip())


def fetch(
    package: str,
    version: str,
    cache: Path,
    *,
    run: Runner = _run,
    is_root: bool | None = None,
) -> Path:
    """The folder holding the files of `package` at `version`, downloaded and unpacked on first use.

    FetchError when apt cannot give that version (with the command that would fix it, where one would).
    """
    target = cache / "debian" / f"{package}_{version}"
    if target.is_dir():
        return target
    target.parent.mkdir(parents=True, exist_ok=True)
    root = os.geteuid() == 0 if is_root is None else is_root
    with tempfile.TemporaryDirectory(dir=target.parent, prefix=f".{target.name}.") as tmp:
        work = Path(tmp)
        spec = f"{package}={version}"
        status, output = run(["apt-get", "download", spec], work)
        if status == 127:
            raise FetchError(f"cannot fetch {spec}: apt-get is not here (a Debian system is needed)")
        if status != 0 and version not in _versions(package, run, work):
            # apt does not know that version: its package lists are missing or older than the version.
            # (`apt-cache show PACKAGE=VERSION` exits 0 for a version it does not know: not a test of it.)
            if not root:
                raise FetchError(
                    f"cannot fetch {spec}: apt does not know this version (its package lists are missing or "
                    f"out of date); run `sudo apt-get update` and try again"
                )
            update, update_output = run(["apt-get", "update"], work)
            if update != 0:
                raise FetchError(f"cannot fetch {spec}: `apt-get update` failed: {_last_lines(update_output)}")
            status, output = run(["apt-get", "download", spec], work)
        debs = sorted(work.glob("*.deb"))
        if status != 0 or len(debs) != 1:
            versions = ", ".join(_versions(package, run, work))
            hint = f" (apt knows: {versions})" if versions else ""
            raise FetchError(f"cannot fetch {spec}: `apt-get download` failed: {_last_lines(output)}{hint}")
        unpacked = work / "files"
        status, output = run(["dpkg", "-x", str(debs[0]), str(unpacked)], work)
        if status != 0 or not unpacked.is_dir():
            raise FetchError(f"cannot unpack {debs[0].name}: `dpkg -x` failed: {_last_lines(output)}")
        try:
            os.replace(unpacked, target)
        except OSError:
            if not target.is_dir():  # another process finished the same fetch first: theirs is as good
                raise
    return target


def _fingerprint(source: DebianSource) -> str:
    h = hashlib.sha256("\0".join((source.name, source.root, *(source.pages or ("*",)))).encode())
    return h.hexdigest()[:16]


def pages_folder(source: DebianSource, unpacked: Path, cache: Path) -> Path:
    """A folder holding only the pages `source` names, at their paths under its root (linked, not copied).

    InputError naming the first page the package does not hold.
    """
    base = unpacked / source.root
    if not base.is_dir():
        raise InputError(f"{source.where}: root: {source.package} {source.version} has no folder {source.root}")
    if source.pages is None:
        return base
    missing = [p for p in source.pages if not (base / p).is_file()]
    if missing:
        raise InputError(
            f"{source.where}: {source.package} {source.version} has no page {missing[0]} under {source.root}"
        )
    target = cache / "debian" / "pages" / f"{source.name}-{_fingerprint(source)}"
    if target.is_dir():
        return target
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=target.parent, prefix=f".{target.name}.") as tmp:
        building = Path(tmp) / "pages"
        for page in source.pages:
            dest = building / page
            dest.parent.mkdir(parents=True, exist_ok=True)
            try:
                os.link(base / page, dest)
            except OSError:  # another file system, or links not allowed
                shutil.copyfile(base / page, dest)
        try:
            os.replace(building, target)
        except OSError:
            if not target.is_dir():
                raise
    return target


def corpus_folder(source: DebianSource, cache: Path, *, run: Runner = _run, is_root: bool | None = None) -> Path:
    """The folder ingest reads for `source`: its package fetched if need be, then its pages."""
    return pages_folder(source, fetch(source.package, source.version, cache, run=run, is_root=is_root), cache)
