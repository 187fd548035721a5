"""The one door every file the app reads goes through: read → parse → validate → build.

``read_guarded(path, build)`` returns ``build(data)`` for a sound file. Whatever else the file is — missing is the
only quiet case (``FileNotFoundError``) — becomes one exception, ``Damage(problem, detail)``:

- an odd file kind (a folder, a FIFO, a device, a symbolic link), a file that cannot be read, one far too large;
- bytes that are not UTF-8 text, not JSON, cut off, nested too deeply (``RecursionError``, or deeper than
  ``MAX_DEPTH``), numbers beyond reason (a 5,001-digit integer, ``1e400``, ``NaN``/``Infinity``);
- anything ``build`` raises: it validates the data against its schema (types, ranges, known values, possible
  states) with the small checkers below (``need``, ``as_int``, ``as_str``, ``one_of`` …), then builds the app's
  objects. Any exception from ``build`` means "this file is damaged", never a crash.

A YAML file a tool is given (``catalogs import-yaml``) comes through ``read_yaml_guarded``: the same checks, its
nesting and aliases refused on the parser's events before anything is built.

``problem`` is a stable code (``PROBLEMS``) the app words in the player's language; ``detail`` is English for the
log. ``set_aside(path)`` renames a damaged file to ``<name>.damaged-<time>`` (never over an earlier one) and
returns the new path, or ``None`` when it cannot be moved (the caller then leaves it untouched and never writes
over it: see ``storage.Storage``).

Text that reaches drawing (player names) is cleaned here once: ``clean_name`` keeps printable characters only and
bounds the length, so no file can make the renderer choke. Nothing here imports pygame.
"""

from __future__ import annotations

import contextvars
import json
import math
import os
import stat
import time
import unicodedata
from pathlib import Path
from typing import Any, Callable, Iterable

import yaml

#: the damage codes (the app has a sentence for each in every language: ``common.damage.problem.<code>``)
PROBLEMS = ("odd_kind", "unreadable", "too_big", "empty", "not_text", "not_json", "too_deep", "huge_number",
            "other_version", "bad_values", "impossible", "corrupt")
#: bytes read at most from one file (a long Llama Land save is well under 1 MiB)
MAX_BYTES = 16 * 1024 * 1024
#: containers nested deeper than this are damage (our files nest 6 levels at most)
MAX_DEPTH = 48
#: digits an integer may have (our ids and seeds fit in 20)
MAX_DIGITS = 40
#: a player's name: printable characters, at most this many
NAME_MAX = 24


class Damage(Exception):
    """A file that cannot be used: ``problem`` is one of ``PROBLEMS``, ``detail`` says why (English, for logs).
    ``reason``: for a game position the rules could never reach (``impossible``), the engine's ``Refusal`` (code,
    params) the app words in the player's language; else None."""

    def __init__(self, problem: str, detail: str, reason: Any = None):
        super().__init__(f"{problem}: {detail}")
        self.problem = problem if problem in PROBLEMS else "bad_values"
        self.detail = detail
        self.reason = reason


class _HugeNumber(ValueError):
    pass


# --- reading ---------------------------------------------------------------------------------------------------
def _kind_of(mode: int) -> str:
    if stat.S_ISLNK(mode):
        return "a symbolic link"
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a regular file"


def read_bytes(path: Path, max_bytes: int = MAX_BYTES) -> bytes:
    """The bytes of a regular file. ``FileNotFoundError`` if there is none; ``Damage`` for every other problem.

    Never follows a symbolic link and never blocks on a FIFO (it is refused before it is opened, and opened
    non-blocking in case it was swapped in between)."""
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        raise
    except OSError as error:
        raise Damage("unreadable", f"cannot look at the file ({error.strerror or error})") from None
    if not stat.S_ISREG(info.st_mode):
        raise Damage("odd_kind", f"it is {_kind_of(info.st_mode)}")
    if info.st_size > max_bytes:
        raise Damage("too_big", f"{info.st_size} bytes (at most {max_bytes} are read)")
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise
    except OSError as error:
        raise Damage("unreadable", f"cannot open it ({error.strerror or error})") from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise Damage("odd_kind", "it changed into something that is not a regular file")
        chunks, total = [], 0
        while True:
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > max_bytes:
                raise Damage("too_big", f"more than {max_bytes} bytes")
        return b"".join(chunks)
    except OSError as error:
        raise Damage("unreadable", f"cannot read it ({error.strerror or error})") from None
    finally:
        os.close(fd)


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise _HugeNumber(f"an integer of {len(text)} digits")
    return int(text)


def _parse_float(text: str) -> float:
    if len(text) > 64:
        raise _HugeNumber(f"a number written with {len(text)} characters")
    value = float(text)
    if not math.isfinite(value):
        raise _HugeNumber(f"{text[:20]} is beyond any float")
    return value


def _parse_constant(text: str):
    raise _HugeNumber(f"{text} is not a number JSON allows")


def _text(raw: bytes) -> str:
    """A file's bytes as text, or ``Damage``: empty (or only blanks), not UTF-8."""
    if not raw.strip():
        raise Damage("empty", "the file is empty")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise Damage("not_text", f"not UTF-8 text (byte {error.start})") from None


def parse_json(raw: bytes) -> Any:
    """JSON from bytes, or ``Damage``: empty, not text, not JSON / cut off, too deep, numbers beyond reason."""
    text = _text(raw)
    if text.startswith("\ufeff"):
        text = text[1:]
    try:
        data = json.loads(text, parse_int=_parse_int, parse_float=_parse_float, parse_constant=_parse_constant)
    except RecursionError:
        raise Damage("too_deep", "nested too deeply to read") from None
    except _HugeNumber as error:
        raise Damage("huge_number", str(error)) from None
    except json.JSONDecodeError as error:
        doc = error.doc.strip()
        if error.pos >= len(doc) or (doc[:1] in "{[" and doc[-1:] not in "}]"):
            raise Damage("not_json", "it ends in the middle (truncated)") from None
        raise Damage("not_json", f"not valid JSON ({error.msg}, at character {error.pos})") from None
    except ValueError as error:  # a digit limit or anything else the decoder refuses
        raise Damage("huge_number", str(error)) from None
    except MemoryError:
        raise Damage("too_big", "too large to read") from None
    check_depth(data)
    return data


def check_depth(data: Any, limit: int = MAX_DEPTH) -> None:
    """``Damage("too_deep")`` if containers nest deeper than ``limit`` (iterative: no recursion here)."""
    stack = [(data, 1)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, dict):
            children: Iterable = node.values()
        elif isinstance(node, list):
            children = node
        else:
            continue
        if depth > limit:
            raise Damage("too_deep", f"containers nested deeper than {limit} levels")
        stack.extend((child, depth + 1) for child in children if isinstance(child, (dict, list)))


def read_guarded(path: Path, build: Callable[[Any], Any], max_bytes: int = MAX_BYTES) -> Any:
    """``build(parsed JSON)`` of the file at ``path``: ``FileNotFoundError`` if there is none, ``Damage`` for
    anything else that goes wrong, including any exception ``build`` raises (its validation failing)."""
    return read_guarded_noting(path, build, max_bytes)[0]


def read_guarded_noting(path: Path, build: Callable[[Any], Any],
                        max_bytes: int = MAX_BYTES) -> tuple[Any, bytes, list[str]]:
    """``read_guarded``, also returning the file's bytes and the names ``clean_name`` had to change while
    ``build`` ran (a name with characters no font draws, or far too long): the caller keeps a copy of the
    original before anything writes the cleaned data over it."""
    raw = read_bytes(path, max_bytes)
    value, cleaned = build_guarded_noting(raw, build)
    return value, raw, cleaned


def build_guarded_noting(raw: bytes, build: Callable[[Any], Any]) -> tuple[Any, list[str]]:
    """``build(parsed JSON)`` of ``raw`` (a file's bytes, or a document the database keeps), ``Damage`` for
    anything wrong, and the names ``clean_name`` had to change on the way."""
    data = parse_json(raw)
    cleaned: list[str] = []
    token = _CLEANED.set(cleaned)
    try:
        return _built(build, data), cleaned
    finally:
        _CLEANED.reset(token)


def _built(build: Callable[[Any], Any], data: Any) -> Any:
    """``build(data)``, any exception it raises turned into ``Damage`` (the schema's verdict)."""
    try:
        return build(data)
    except Damage:
        raise
    except RecursionError:
        raise Damage("too_deep", "nested too deeply to use") from None
    except MemoryError:
        raise Damage("too_big", "too large to use") from None
    except Exception as error:  # noqa: BLE001 - the schema's verdict, whatever the builder tripped on
        detail = str(error) if type(error) is ValueError else f"{type(error).__name__}: {error}"
        raise Damage("bad_values", detail[:300]) from None


#: bytes read at most from one YAML file a tool is given (the old string tables were 11 KB at most)
YAML_MAX_BYTES = 1024 * 1024


def parse_yaml(raw: bytes) -> Any:
    """Plain YAML data (``yaml.safe_load``) from bytes, or ``Damage``: empty, not text, not YAML (code
    ``not_json``: not the data format expected), nested deeper than ``MAX_DEPTH``, or using an alias (one anchor
    repeated can stand for billions of nodes). The nesting and aliases are checked on the parser's events first
    (the parser is iterative), so a ``[`` repeated 100,000 times is refused before anything recurses."""
    text = _text(raw)
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    depth = 0
    try:
        for event in yaml.parse(text, Loader=loader):
            if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
                depth += 1
                if depth > MAX_DEPTH:
                    raise Damage("too_deep", f"containers nested deeper than {MAX_DEPTH} levels")
            elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
                depth -= 1
            elif isinstance(event, yaml.AliasEvent):
                raise Damage("bad_values", "it repeats a part by an alias (*name), which is not read")
        return yaml.load(text, Loader=loader)
    except yaml.YAMLError as error:
        said = " ".join(str(error).split())
        if "nesting depth" in said:  # libyaml's own limit (1,000 levels), met before the events reach ours
            raise Damage("too_deep", f"nested too deeply to read ({said[:120]})") from None
        raise Damage("not_json", "not valid YAML: " + said[:200]) from None
    except RecursionError:
        raise Damage("too_deep", "nested too deeply to read") from None
    except ValueError as error:  # an integer beyond Python's digit limit
        raise Damage("huge_number", str(error)[:200]) from None
    except MemoryError:
        raise Damage("too_big", "too large to read") from None


def read_yaml_guarded(path: Path, build: Callable[[Any], Any], max_bytes: int = YAML_MAX_BYTES) -> Any:
    """``read_guarded`` for a YAML file: ``build(parse_yaml(bytes))``; ``FileNotFoundError`` if there is none,
    ``Damage`` for anything else, including any exception ``build`` raises."""
    data = parse_yaml(read_bytes(path, max_bytes))
    return _built(build, data)


# --- moving aside ----------------------------------------------------------------------------------------------
def set_aside(path: Path, label: str = "damaged") -> Path | None:
    """Rename ``path`` (a file, folder, link or FIFO) to ``<name>.<label>-<time>`` without overwriting anything;
    the new path, or ``None`` if it cannot be moved (then it must be left as it is)."""
    path = Path(path)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for counter in range(1, 1000):
        suffix = f".{label}-{stamp}" if counter == 1 else f".{label}-{stamp}-{counter}"
        target = path.with_name(path.name + suffix)
        if os.path.lexists(target):
            continue
        try:
            os.rename(path, target)  # the name was checked free just now; rename never copies or truncates
        except FileExistsError:
            continue
        except OSError:
            return None
        return target
    return None


def copy_aside(path: Path, raw: bytes, label: str = "damaged") -> Path | None:
    """Write ``raw`` (the file's original bytes) to a new ``<name>.<label>-<time>`` beside it, never over an
    existing file; the copy's path, or None if it cannot be written."""
    path = Path(path)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for counter in range(1, 1000):
        suffix = f".{label}-{stamp}" if counter == 1 else f".{label}-{stamp}-{counter}"
        target = path.with_name(path.name + suffix)
        try:
            fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o644)
        except FileExistsError:
            continue
        except OSError:
            return None
        try:
            view = memoryview(raw)
            while view:
                view = view[os.write(fd, view):]
            os.fsync(fd)
        except OSError:
            os.close(fd)
            try:
                os.unlink(target)
            except OSError:
                pass
            return None
        os.close(fd)
        return target
    return None


# --- schema checkers (each raises ValueError with a reason) --------------------------------------------------
def need(condition: bool, reason: str) -> None:
    if not condition:
        raise ValueError(reason)


def as_dict(value: Any, what: str) -> dict:
    need(isinstance(value, dict), f"{what} must be an object")
    return value


def as_list(value: Any, what: str, max_len: int = 10_000) -> list:
    need(isinstance(value, list), f"{what} must be a list")
    need(len(value) <= max_len, f"{what} has more than {max_len} entries")
    return value


def as_int(value: Any, what: str, lo: int, hi: int) -> int:
    need(isinstance(value, int) and not isinstance(value, bool), f"{what} must be a whole number")
    need(lo <= value <= hi, f"{what} must be between {lo} and {hi}")
    return value


def as_float(value: Any, what: str, lo: float, hi: float) -> float:
    need(isinstance(value, (int, float)) and not isinstance(value, bool), f"{what} must be a number")
    need(math.isfinite(value) and lo <= value <= hi, f"{what} must be between {lo} and {hi}")
    return float(value)


def as_bool(value: Any, what: str) -> bool:
    need(isinstance(value, bool), f"{what} must be true or false")
    return value


def as_str(value: Any, what: str, max_len: int = 200) -> str:
    need(isinstance(value, str), f"{what} must be text")
    need(len(value) <= max_len, f"{what} is longer than {max_len} characters")
    need(value == clean_text(value, max_len), f"{what} holds characters that are not printable")
    return value


def one_of(value: Any, what: str, allowed: Iterable) -> Any:
    allowed = tuple(allowed)
    need(isinstance(value, (str, int, float)) and not isinstance(value, bool) and value in allowed,
         f"{what} must be one of {', '.join(map(str, allowed))}")
    return value


def clean_text(value: Any, max_len: int) -> str:
    """Printable characters only (no controls, formats, surrogates, private or unassigned code points), every
    run of spaces one space, trimmed, at most ``max_len`` characters; ``""`` for anything that is not text."""
    if not isinstance(value, str):
        return ""
    out = []
    for ch in value[: max_len * 4]:
        if ch.isspace():
            out.append(" ")
            continue
        category = unicodedata.category(ch)
        if category[0] != "C":  # controls, formats (zero-width, bidi), surrogates, private use, unassigned
            out.append(" " if category[0] == "Z" else ch)
    return " ".join("".join(out).split())[:max_len].strip()


#: the names ``clean_name`` changed while a file was being read (``read_guarded_noting``), else None
_CLEANED: contextvars.ContextVar[list | None] = contextvars.ContextVar("cleaned_names", default=None)


def clean_name(value: Any, fallback: str = "?", max_len: int = NAME_MAX) -> str:
    """A player's name as it may reach drawing: ``clean_text``; ``fallback`` when nothing printable is left."""
    name = clean_text(value, max_len) or fallback
    noted = _CLEANED.get()
    if noted is not None and isinstance(value, str) and name != " ".join(value[: max_len * 4 + 1].split()):
        noted.append(name)
    return name
