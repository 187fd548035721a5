"""``python -m lama_desktop.layoutcheck [--only NAME] [--size WxH] [--scale S] [--lang L] [--full]``: where every
text of every screen lands, checked.

Each moment (the menus, the network screens, every table in the middle of a round with its log, a toast and the prompt
showing, a round summary, the results) is drawn headless with ``app/textprobe.py`` installed; a moment fails when one of
its texts leaves the window (or is cut by its panel), overlaps another text, is partly painted over, is drawn
under 12 px at 1280x720, or was shortened to fit (cut with "…", or wrapped with lines dropped); only a player's
name may be shortened, and only where the tooltip under it names the player in full. ``--full`` runs every moment at
every size, scale and language (slow); by default the same sample as ``tests/test_layout.py``: every moment × size × UI
scale × language appears, the seat counts and moments of a table rotate through the combinations (see ``plan``).
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

from lama_desktop.app.shots import Moment

SIZES = ((1280, 720), (1920, 1080))
SCALES = (0.85, 1.0, 1.15, 1.3)


def languages() -> tuple[str, ...]:
    from lama_desktop.core import i18n

    return tuple(i18n.LANGUAGES)


def moments() -> list[Moment]:
    """Every screen the checks look at."""
    from lama_desktop.app.shots import SHOTS
    from lama_desktop.app.staging import load_shots
    from lama_desktop.app.table import layout_moments

    out = []
    load_shots()
    for name, builder, frames in SHOTS:
        if name.startswith(("title-", "setup-", "settings-", "rules-", "statistics-", "message-", "privacy-",
                            "pause-", "results-final")):
            out.append(Moment(name, builder, frames, name.split("-")[0]))
        elif name.startswith("net-"):  # each network screen its own group: every size x scale x language
            out.append(Moment(name, builder, frames, name))
    out.extend(layout_moments.all_moments())
    return out


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


class Checker:
    """One app per window size, the probe on; ``check(moment, scale, lang)`` returns the problems found."""

    def __init__(self) -> None:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        from lama_desktop.app import textprobe

        textprobe.install()
        self.apps: dict = {}
        self.tmp = tempfile.TemporaryDirectory(prefix="lama-layout-")

    def app(self, size):
        from lama_desktop.app import textprobe
        from lama_desktop.app.staging import make_app

        app = self.apps.get(size)
        if app is None:
            app = make_app(size, os.path.join(self.tmp.name, f"{size[0]}x{size[1]}"))
            app.running = True
            self.apps[size] = app
        if not isinstance(app.screen, textprobe.RecordingSurface) or app.screen.get_size() != tuple(size):
            app.screen = textprobe.RecordingSurface(tuple(size))
        return app

    def frame_texts(self, moment: Moment, size, scale: float, lang: str):
        """The texts of the moment's last frame, and the UI texts that were rendered but never reached the
        screen's recording (drawn a way the probe cannot see)."""
        from lama_desktop.app import textprobe
        from lama_desktop.app.staging import stage

        app = self.app(size)
        if app.settings.language != lang or abs(app.settings.ui_scale - scale) > 1e-9:
            app.update_settings(language=lang, ui_scale=scale)
        since = textprobe.mark()
        stage(app, moment.builder, moment.frames)
        if abs(app.settings.ui_scale - scale) > 1e-9:  # a builder that sets its own scale keeps it
            scale = app.settings.ui_scale
        textprobe.reset(app.screen)
        app.stack.draw(app.screen)
        return textprobe.texts(app.screen), textprobe.lost(since)

    def switched_texts(self, moment: Moment, size, old: str, new: str):
        """The texts of the moment drawn in ``old``, then a frame after the language changed to ``new``."""
        from lama_desktop.app import textprobe
        from lama_desktop.app.staging import stage

        app = self.app(size)
        if app.settings.language != old:
            app.update_settings(language=old)
        stage(app, moment.builder, moment.frames)
        app.update_settings(language=new)
        for _ in range(2):
            app.step(dt=1 / 60)
        textprobe.reset(app.screen)
        app.stack.draw(app.screen)
        return textprobe.texts(app.screen)

    def check(self, moment: Moment, size, scale: float, lang: str) -> list[str]:
        from lama_desktop.app import textprobe

        records, lost = self.frame_texts(moment, size, scale, lang)
        found = textprobe.problems(records, size, shortened_ok=self.names_in_tooltips(size, records))
        found += [f"drawn a way the probe does not follow: {r.describe()}" for r in lost]
        if not records:
            found.append("no text at all was seen on this screen")
        return found

    def names_in_tooltips(self, size, records) -> set[int]:
        """The shortened texts (uids) that are a player's name whose tooltip, asked at the middle of the name
        as the pointer would, holds the name in full: those may be shortened."""
        scene = self.app(size).stack.scenes[-1] if self.app(size).stack.scenes else None
        tip_at, name_of = getattr(scene, "_tooltip_at", None), getattr(scene, "_name", None)
        if tip_at is None or name_of is None:
            return set()
        names = {name_of(seat) for seat in range(getattr(scene, "n", 0))}
        ok = set()
        for record in records:
            full = record.full.split(" · ")[0]  # a seat's name and its bot level ("Anna · medium")
            if record.full and full in names:
                tip = tip_at(record.visible.center)
                if tip is not None and full in tip.text.split("\n"):
                    ok.add(record.uid)
        return ok

    def close(self) -> None:
        from lama_desktop.app import textprobe

        while self.apps:
            _size, app = self.apps.popitem()
            while app.stack.scenes:
                app.stack._pop_now()
            app.shutdown()
        textprobe.uninstall()
        self.tmp.cleanup()


def save(checker: Checker, moment: Moment, size, scale: float, lang: str, found: list[str], folder: Path) -> Path:
    """The screen as checked, every text boxed: green fine, red named in a problem."""
    import pygame

    from lama_desktop.app import textprobe

    app = checker.app(size)
    picture = pygame.surface.Surface(size)
    picture.blit(app.screen, (0, 0))
    for record in textprobe.texts(app.screen):
        bad = any(record.describe() in line for line in found)
        pygame.draw.rect(picture, (230, 30, 30) if bad else (60, 200, 90), record.rect, 1)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{moment.name}-{size[0]}x{size[1]}-{round(scale * 100)}-{lang}.png"
    pygame.image.save(picture, str(path))
    return path


def main(argv=None) -> int:
    """The tool; a bad argument is one line on stderr and status 2 (``lama_desktop.cli``)."""
    from lama_desktop.cli import run

    return run(_main, argv, prog="python -m lama_desktop.layoutcheck")


def _main(argv=None) -> int:
    from lama_desktop.cli import ArgumentParser, UsageError, float_in, path_arg, window_size

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
