"""``python -m lama_desktop.layoutcheck [--only NAME] [--size WxH] [--scale S] [--lang L] [--full]``: where every
text of every screen lands, checked.

Each moment (the menus, the network screens, every table in the middle of a round with its log, a toast and the
prompt showing, a round summary, the results) is drawn headless with ``app/textprobe.py`` installed
(``app/layoutprobe.py``); a moment fails when one of its texts leaves the window (or is cut by its panel), overlaps
another text, is partly painted over, is drawn under 12 px at 1280x720, or was shortened to fit (cut with "…", or
wrapped with lines dropped); only a player's name may be shortened, and only where the tooltip under it names the
player in full. ``--full`` runs every moment at every size, scale and language (slow); by default the same sample as
``tests/test_layout.py``: every moment × size × UI scale × language appears, the seat counts and
moments of a table rotate through the combinations (see ``plan``).
"""

from __future__ import annotations

import os
import sys

from lama_desktop.app.shots import Moment
from lama_desktop.cli import ArgumentParser, UsageError, float_in, path_arg, run, window_size
from lama_desktop.core import i18n

SIZES = ((1280, 720), (1920, 1080))
SCALES = (0.85, 1.0, 1.15, 1.3)


def languages() -> tuple[str, ...]:
    return tuple(i18n.LANGUAGES)


def moments() -> list[Moment]:
    """Every screen the checks look at (``app/layoutprobe.py``)."""
    # lazy: the app, its scenes and pygame load when something is checked (--help, --list and argument errors
    # answer without them)
    from lama_desktop.app import layoutprobe

    return layoutprobe.moments()


def plan(full: bool = False, only: str | None = None, sizes=SIZES, scales=SCALES, langs=None):
    """``(moment, size, scale, language)`` combinations. Sampled: each group (a table, or a menu screen) meets
    every size × scale × language once, its moments (and so its seat counts) taking turns; with ``full`` the
    whole product."""
    langs = tuple(langs or languages())
    chosen = [m for m in moments() if not only or only in m.name]
    combos = [(size, scale, lang) for size in sizes for scale in scales for lang in langs]
    if full:
        return [(m, *c) for m in chosen for c in combos]
    groups: dict[str, list[Moment]] = {}
    for m in chosen:
        groups.setdefault(m.group, []).append(m)
    out = []
    for members in groups.values():
        n = max(len(members), len(combos))
        for i in range(n):
            # each member meets a size x scale x language of its own; co-prime steps spread the pairs
            out.append((members[i % len(members)], *combos[(i * 7) % len(combos)]))
    return out


def main(argv=None) -> int:
    """The tool; a bad argument is one line on stderr and status 2 (``lama_desktop.cli``)."""
    return run(_main, argv, prog="python -m lama_desktop.layoutcheck")


def _main(argv=None) -> int:
    parser = ArgumentParser(prog="python -m lama_desktop.layoutcheck", description=__doc__.split("\n")[0])
    parser.add_argument("--only", default=None, help="only moments whose name contains this text")
    parser.add_argument("--size", action="append", default=None, type=window_size, help="WxH (repeatable)")
    parser.add_argument("--scale", action="append", type=float_in(0.5, 2.0), default=None, help="UI scale, e.g. 1.3")
    parser.add_argument("--lang", action="append", default=None, help="language (repeatable)")
    parser.add_argument("--full", action="store_true", help="every combination, not the sample")
    parser.add_argument("--list", action="store_true", help="print the combinations and stop")
    parser.add_argument("--save", type=path_arg, default=None,
                        help="write each failing screen as PNG to this folder, its texts boxed (red: a problem)")
    args = parser.parse_args(argv)
    unknown = [lang for lang in args.lang or () if lang not in languages()]
    if unknown:
        raise UsageError(f"--lang {unknown[0]!r:.40} is not a language of the game (languages: "
                         f"{', '.join(languages())})")
    if args.save is not None and os.path.lexists(args.save) and not args.save.is_dir():
        raise UsageError(f"--save {str(args.save)!r:.80} is not a folder")
    sizes = list(args.size) if args.size else SIZES
    combos = plan(args.full, args.only, sizes, tuple(args.scale or SCALES), args.lang)
    if not combos:
        raise UsageError(f"nothing to check: no moment matches {args.only!r:.40}" if args.only else "nothing to check")
    if args.list:
        for moment, size, scale, lang in combos:
            print(f"{moment.name} {size[0]}x{size[1]} {round(scale * 100)}% {lang}")
        return 0
    # lazy: see moments()
    from lama_desktop.app.layoutprobe import Checker, save

    checker = Checker()
    failed = 0
    try:
        for moment, size, scale, lang in combos:
            try:
                found = checker.check(moment, size, scale, lang)
            except Exception as error:  # noqa: BLE001 - reported below; one broken moment must not hide the others
                found = [f"the moment could not be built: {type(error).__name__}: {error}"]
            where = f"{moment.name} {size[0]}x{size[1]} {round(scale * 100)}% {lang}"
            if found and args.save is not None:
                save(checker, moment, size, scale, lang, found, args.save)
            if found:
                failed += 1
                print(f"FAIL {where}")
                for line in found:
                    print(f"    {line}")
            else:
                print(f"ok   {where}")
            sys.stdout.flush()
    finally:
        checker.close()
    print(f"{len(combos) - failed} of {len(combos)} screens fine")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
