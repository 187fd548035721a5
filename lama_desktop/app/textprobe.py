"""Where every text lands on screen: the probe behind the layout checks (``tests/test_layout.py``,
``python -m lama_desktop.layoutcheck``).

``install()`` turns the drawing into a recording one, without any help from the scenes:

* every text is rendered by ``art.text.Font.render`` (the only font class the app makes); with the probe on, it
  returns a ``RecordingSurface`` that knows it holds one text (string, font pixel size, ink rectangle, the
  language it was rendered in, and whether it is UI text or a numeral painted on a card or token);
* ``pygame.Surface`` is replaced by ``RecordingSurface``, whose ``blit`` / ``blits`` / ``fblits`` / ``fill`` /
  ``copy`` / ``convert*`` / ``subsurface`` carry the texts of a source into the target (moved, clipped, and
  hidden or marked "covered" when a later opaque drawing lands on them); ``pygame.transform`` scalings and
  rotations and ``pygame.image`` loads carry them too;
* the test draws a frame into a ``RecordingSurface`` standing in for the window, and reads ``texts(screen)``;
* the text fitters (``UI.text_fit``, ``UI.wrap`` with ``max_lines``, ``art.text.ellipsize``) tell it through
  ``art.text.note_cut`` of every text they shortened, and its record keeps the text in ``full``: ``problems``
  reports a shortened text (or a wrapped one whose lines were dropped) like a text out of the window.

It cannot be fooled by drawing text another way: a text that never reached a recording surface through one of
those paths (e.g. blitted onto a surface the probe does not know) is listed by ``lost()``, and the layout test
fails on it. Only for tests and tools: the app never installs it.
"""

from __future__ import annotations

import math
import sys
from dataclasses import dataclass, replace

import pygame

from lama_desktop.app.art import text as _text
from lama_desktop.app import art
from lama_desktop.core import i18n

BaseSurface = pygame.surface.Surface  # the real class, whatever ``pygame.Surface`` is bound to
_BLIT = BaseSurface.blit
_FILL = BaseSurface.fill

#: modules whose texts are numerals painted on the art (cards, tokens, dice, the logo): not UI text
ART_MODULES = ("lama_desktop.app.art.",)
#: how much of a text a later opaque drawing may hide before it counts as covered (antialiased edges)
COVER_TOLERANCE = 0.04


@dataclass(frozen=True)
class TextRecord:
    text: str
    rect: pygame.Rect  # the ink, in the surface's coordinates (possibly outside it)
    visible: pygame.Rect  # the part of ``rect`` left after clipping
    px: float  # font pixel size as drawn (after any scaling)
    kind: str  # "ui" or "art"
    lang: str
    uid: int
    origin: str  # the module that rendered it
    clipped: bool = False
    covered: bool = False
    backdrop: bool = False  # under an overlay's dimming: the scene below, checked on its own
    scrolled: bool = False  # cut by a scrolling view (a blit of part of a taller or wider picture): fine
    faded: bool = False  # drawn at low opacity to give way (e.g. a legend under the tile in hand): not read
    rotated: bool = False
    full: str = ""  # the text before a fitter shortened it to what is shown ("" when shown whole)

    def describe(self) -> str:
        r = self.rect
        return f"{self.text!r} ({r.x},{r.y} {r.w}x{r.h}, {self.px:.1f}px, {self.origin})"


class _State:
    def __init__(self) -> None:
        self.next_uid = 1
        self.rendered: dict[int, TextRecord] = {}
        self.seen: set[int] = set()
        self.cut: dict[str, str] = {}  # a shortened text as shown -> the text in full (``art.text.note_cut``)


def _note_cut(shown: str, full: str) -> None:
    if _state is not None:
        _state.cut[str(shown)] = str(full)


_state: _State | None = None
_saved: dict = {}


def _texts(surface) -> list[TextRecord]:
    return getattr(surface, "_probe_texts", None) or []


def _set_texts(surface, records) -> None:
    try:
        surface._probe_texts = list(records)
    except AttributeError:  # a plain pygame surface: it cannot carry texts (lost() will tell)
        pass


def _language() -> str:
    return i18n.language()


_PASS_THROUGH = {(__name__, None), (_text.__name__, None), ("lama_desktop.app.widgets.scale", "text"),
                 ("lama_desktop.app.widgets.scale", "text_fit"),
                 ("lama_desktop.app.widgets.scale", "text_alpha")}


def _origin() -> str:
    """The module that asked for the text (past the font, ``UI.text`` and ``outlined``)."""
    frame = sys._getframe(1)
    while frame is not None:
        name = frame.f_globals.get("__name__", "")
        if (name, None) not in _PASS_THROUGH and (name, frame.f_code.co_name) not in _PASS_THROUGH:
            return name
        frame = frame.f_back
    return "?"


def to_recording(surface):
    """The same pixels in a ``RecordingSurface`` (texts carried over), or ``surface`` if it already is one."""
    if isinstance(surface, RecordingSurface):
        return surface
    alpha = bool(surface.get_flags() & pygame.SRCALPHA)
    out = RecordingSurface(surface.get_size(), pygame.SRCALPHA if alpha else 0, 32)
    if alpha:
        _FILL(out, (0, 0, 0, 0))
        _BLIT(out, surface, (0, 0), None, pygame.BLEND_RGBA_MAX)  # an exact copy of every channel
    else:
        _BLIT(out, surface, (0, 0))
        if surface.get_colorkey() is not None:
            out.set_colorkey(surface.get_colorkey())
    if surface.get_alpha() is not None and not alpha:
        out.set_alpha(surface.get_alpha())
    _set_texts(out, _texts(surface))
    return out


def probe_render(surface, text, font) -> "RecordingSurface":
    """``Font.render`` with the probe on: the text as a recording surface that holds one text."""
    state = _state
    out = to_recording(surface)
    if state is None or not str(text).strip():
        return out
    ink = surface.get_bounding_rect()
    origin = _origin()
    kind = "art" if origin.startswith(ART_MODULES) else "ui"
    record = TextRecord(str(text), ink, ink, float(getattr(font, "px", font.get_height())), kind, _language(),
                        state.next_uid, origin, full=state.cut.get(str(text), ""))
    state.next_uid += 1
    state.rendered[record.uid] = record
    out._probe_text = True
    _set_texts(out, [record])
    return out


def _dest_xy(dest) -> tuple[int, int]:
    try:
        return int(dest[0]), int(dest[1])
    except (TypeError, IndexError):
        r = pygame.Rect(dest)
        return r.x, r.y


def _coverage(source, src_rect: pygame.Rect, flags: int) -> float | None:
    """How much of ``src_rect`` (in the source's coordinates) the source paints opaquely: 1.0 for an opaque
    surface, the share of pixels with alpha ≥ 200 for a translucent one, None when it cannot hide anything."""
    if flags:
        return None  # BLEND_* modes tint; they do not paint over
    if getattr(source, "_probe_text", False):
        return None  # text on text is the overlap check's business
    alpha = source.get_alpha()
    if alpha is not None and alpha < 200:
        return None
    if not source.get_flags() & pygame.SRCALPHA and source.get_colorkey() is None:
        return 1.0
    area = src_rect.clip(source.get_rect())
    if not area.w or not area.h:
        return 0.0
    mask = pygame.mask.from_surface(source.subsurface(area), 200)
    return mask.count() / (src_rect.w * src_rect.h)


def _hide(target, region: pygame.Rect, share) -> None:
    """A drawing covered ``region`` of ``target``: texts under it disappear or are marked covered.
    ``share(rect)`` says which share of ``rect`` (target coordinates) is painted opaquely."""
    kept = []
    for record in _texts(target):
        inter = record.visible.clip(region)
        if not inter.w or not inter.h or record.backdrop:
            kept.append(record)
            continue
        hidden = share(inter)
        if hidden is None:
            kept.append(record)
            continue
        part = hidden * inter.w * inter.h / max(1, record.visible.w * record.visible.h)
        if part >= 1 - COVER_TOLERANCE:
            continue  # painted over entirely: not drawn
        kept.append(replace(record, covered=True) if part > COVER_TOLERANCE else record)
    _set_texts(target, kept)


def _after_blit(target, source, dest, area, flags) -> None:
    state = _state
    sx, sy = _dest_xy(dest)
    src_area = pygame.Rect(area) if area is not None else source.get_rect()
    src_vis = src_area.clip(source.get_rect())
    off = (sx - src_area.x, sy - src_area.y)
    dst = src_vis.move(off).clip(target.get_clip())
    w, h = source.get_size()
    view = src_vis.move(off) if area is not None and (src_vis.w < w or src_vis.h < h) else None
    _land(target, source, off, dst, flags, state, view)


def _land(target, source, off, dst: pygame.Rect, flags, state, view: pygame.Rect | None = None) -> None:
    """``source``'s texts land on ``target`` moved by ``off``, clipped to ``dst``; ``view`` is the part of a
    larger picture a scrolling view shows (texts it cuts are scrolled, not cut off)."""
    incoming = _texts(source)
    if _texts(target) and dst.w and dst.h:
        def share(rect, _s=source, _o=off):
            return _coverage(_s, rect.move(-_o[0], -_o[1]), flags)
        _hide(target, dst, share)
    if incoming:
        added = []
        for record in incoming:
            rect = record.rect.move(off)
            visible = record.visible.move(off).clip(dst)
            if state is not None:
                state.seen.add(record.uid)
            if not visible.w or not visible.h:
                if view is not None and not record.visible.move(off).colliderect(view):
                    continue  # scrolled out of the view
                if not record.backdrop:
                    added.append(replace(record, rect=rect, visible=pygame.Rect(rect.topleft, (0, 0)), clipped=True))
                continue
            faded = record.faded or (source.get_alpha() is not None and source.get_alpha() < 128)
            cut = visible != record.visible.move(off)
            scrolled = view is not None and cut and visible == record.visible.move(off).clip(view)
            added.append(replace(record, rect=rect, visible=visible, clipped=record.clipped or (cut and not scrolled),
                                 scrolled=record.scrolled or scrolled, faded=faded))
        _set_texts(target, _texts(target) + [r for r in added if r.visible.w or not r.backdrop])
    parent = getattr(target, "_probe_parent", None)
    if parent is not None:
        surf, (px, py) = parent
        _land(surf, source, (off[0] + px, off[1] + py), dst.move(px, py), flags, None)


class RecordingSurface(BaseSurface):
    """A pygame surface that carries the texts drawn onto it (see the module docs)."""

    def blit(self, source, dest=(0, 0), area=None, special_flags=0):
        changed = _BLIT(self, source, dest, area, special_flags)
        _after_blit(self, source, dest, area, special_flags)
        return changed

    def blits(self, blit_sequence, doreturn=True):
        out = [self.blit(*item) for item in blit_sequence]
        return out if doreturn else None

    def fblits(self, blit_sequence, special_flags=0):
        for source, dest in blit_sequence:
            self.blit(source, dest, None, special_flags)

    def fill(self, color, rect=None, special_flags=0):
        changed = _FILL(self, color, rect, special_flags)
        region = (pygame.Rect(rect) if rect is not None else self.get_rect()).clip(self.get_clip())
        if special_flags:
            if region == self.get_rect():  # an overlay dims the whole scene: what was drawn is its backdrop
                _set_texts(self, [replace(r, backdrop=True) for r in _texts(self)])
        elif _texts(self):
            _hide(self, region, lambda rect: 1.0)
        parent = getattr(self, "_probe_parent", None)
        if parent is not None and not special_flags:
            surf, (px, py) = parent
            _hide(surf, region.move(px, py), lambda rect: 1.0)
        return changed

    def _carry(self, out):
        _set_texts(out, _texts(self))
        out._probe_text = getattr(self, "_probe_text", False)
        return out

    def copy(self):
        return self._carry(BaseSurface.copy(self))

    def convert(self, *args):
        return self._carry(BaseSurface.convert(self, *args))

    def convert_alpha(self, *args):
        return self._carry(BaseSurface.convert_alpha(self, *args))

    def premul_alpha(self):
        return self._carry(BaseSurface.premul_alpha(self))

    def subsurface(self, *args):
        out = BaseSurface.subsurface(self, *args)
        x, y = out.get_offset()
        box = pygame.Rect(x, y, *out.get_size())
        records = []
        for r in _texts(self):
            visible = r.visible.clip(box)
            if visible.w and visible.h:
                records.append(replace(r, rect=r.rect.move(-x, -y), visible=visible.move(-x, -y),
                                       clipped=r.clipped or visible != r.visible))
        _set_texts(out, records)
        out._probe_parent = (self, (x, y))
        out._probe_text = getattr(self, "_probe_text", False)
        return out


def _scaled(fn):
    def wrapper(surface, *args, **kwargs):
        out = to_recording(fn(surface, *args, **kwargs))
        records = _texts(surface)
        if not records:
            return out
        sx = out.get_width() / max(1, surface.get_width())
        sy = out.get_height() / max(1, surface.get_height())

        def move(r: pygame.Rect) -> pygame.Rect:
            return pygame.Rect(round(r.x * sx), round(r.y * sy), round(r.w * sx), round(r.h * sy))
        _set_texts(out, [replace(r, rect=move(r.rect), visible=move(r.visible), px=r.px * sy) for r in records])
        out._probe_text = getattr(surface, "_probe_text", False)
        if _state is not None:
            _state.seen.update(r.uid for r in records)
        return out
    return wrapper


def _turned(fn, zoom_arg: bool):
    def wrapper(surface, angle, *args, **kwargs):
        out = to_recording(fn(surface, angle, *args, **kwargs))
        records = _texts(surface)
        if not records:
            return out
        zoom = float(args[0]) if zoom_arg and args else float(kwargs.get("scale", 1.0)) if zoom_arg else 1.0
        turned = abs(float(angle)) % 360 > 0.5
        # the turned picture is centred on the original's centre: a text's box turns about it

        a = math.radians(-float(angle))
        cx, cy = surface.get_width() / 2, surface.get_height() / 2
        ox, oy = out.get_width() / 2, out.get_height() / 2

        def move(r: pygame.Rect) -> pygame.Rect:
            pts = []
            for px, py in (r.topleft, r.topright, r.bottomleft, r.bottomright):
                dx, dy = (px - cx) * zoom, (py - cy) * zoom
                pts.append((ox + dx * math.cos(a) - dy * math.sin(a), oy + dx * math.sin(a) + dy * math.cos(a)))
            xs, ys = [p[0] for p in pts], [p[1] for p in pts]
            return pygame.Rect(round(min(xs)), round(min(ys)), round(max(xs) - min(xs)), round(max(ys) - min(ys)))
        _set_texts(out, [replace(r, rect=move(r.rect), visible=move(r.visible), px=r.px * zoom,
                                 rotated=r.rotated or turned) for r in records])
        if _state is not None:
            _state.seen.update(r.uid for r in records)
        return out
    return wrapper


def _flipped(fn):
    def wrapper(surface, flip_x, flip_y, *args, **kwargs):
        out = to_recording(fn(surface, flip_x, flip_y, *args, **kwargs))
        records = _texts(surface)
        if not records:
            return out
        w, h = surface.get_size()

        def move(r: pygame.Rect) -> pygame.Rect:
            x = w - r.right if flip_x else r.x
            y = h - r.bottom if flip_y else r.y
            return pygame.Rect(x, y, r.w, r.h)
        _set_texts(out, [replace(r, rect=move(r.rect), visible=move(r.visible), rotated=True) for r in records])
        if _state is not None:
            _state.seen.update(r.uid for r in records)
        return out
    return wrapper


def _loaded(fn):
    def wrapper(*args, **kwargs):
        return to_recording(fn(*args, **kwargs))
    return wrapper


def _filtered(fn):
    """A ``pygame.transform`` filter that keeps the picture's geometry (blur, grayscale, ...): texts carried."""
    def wrapper(surface, *args, **kwargs):
        out = fn(surface, *args, **kwargs)
        if not isinstance(out, BaseSurface):
            return out
        records = _texts(surface)
        out = to_recording(out)
        if records:
            if out.get_size() == surface.get_size():
                _set_texts(out, records)
                if _state is not None:
                    _state.seen.update(r.uid for r in records)
            # another geometry: the texts are not carried, so lost() names them
        return out
    return wrapper


GEOMETRY = ("scale", "smoothscale", "scale_by", "smoothscale_by", "rotozoom", "rotate", "flip")


def _clear_caches() -> None:
    """Drop every cached picture made before the probe was on (it would hold untracked text)."""
    art.clear_caches()  # every store of pictures: ``surface_cache`` functions and ``art.cache.picture_store()``s
    _text._font.cache_clear()
    _text._outline_font.cache_clear()


def install() -> None:
    """Turn the probe on (idempotent); ``uninstall()`` restores pygame."""
    global _state
    if _state is not None:
        return
    _state = _State()
    t = pygame.transform
    _saved.update(Surface=pygame.Surface, probe=_text.PROBE, note_cut=_text.NOTE_CUT,
                  transform={n: getattr(t, n) for n in dir(t) if not n.startswith("_") and callable(getattr(t, n))},
                  image={n: getattr(pygame.image, n) for n in ("load", "frombuffer", "frombytes", "fromstring")
                         if hasattr(pygame.image, n)})
    pygame.Surface = RecordingSurface
    _text.PROBE = probe_render
    _text.NOTE_CUT = _note_cut
    for name, fn in _saved["transform"].items():
        if name not in GEOMETRY:
            setattr(t, name, _filtered(fn))
    for name in ("scale", "smoothscale", "scale_by", "smoothscale_by"):
        setattr(t, name, _scaled(_saved["transform"][name]))
    t.rotozoom = _turned(_saved["transform"]["rotozoom"], True)
    t.rotate = _turned(_saved["transform"]["rotate"], False)
    t.flip = _flipped(_saved["transform"]["flip"])
    for name, fn in _saved["image"].items():
        setattr(pygame.image, name, _loaded(fn))
    _clear_caches()


def uninstall() -> None:
    global _state
    if _state is None:
        return
    pygame.Surface = _saved["Surface"]
    _text.PROBE = _saved["probe"]
    _text.NOTE_CUT = _saved["note_cut"]
    for name, fn in _saved["transform"].items():
        setattr(pygame.transform, name, fn)
    for name, fn in _saved["image"].items():
        setattr(pygame.image, name, fn)
    _state = None
    _clear_caches()


def installed() -> bool:
    return _state is not None


def texts(surface) -> list[TextRecord]:
    """The texts a recording surface shows (not the dimmed scene under an overlay)."""
    return [r for r in _texts(surface) if not r.backdrop]


def reset(surface) -> None:
    _set_texts(surface, [])


def mark() -> int:
    """A point in time: ``lost(since=mark())`` looks only at texts rendered after it."""
    return _state.next_uid if _state is not None else 0


def lost(since: int = 0) -> list[TextRecord]:
    """UI texts rendered (after ``since``) that never reached a recording surface: drawn some way the probe does
    not follow (or rendered and thrown away, which a scene should not do either: measure with ``font.size``)."""
    if _state is None:
        return []
    return [r for uid, r in _state.rendered.items() if uid >= since and uid not in _state.seen and r.kind == "ui"]


# --- the checks -----------------------------------------------------------------------------------------------------
MIN_PX = 12  # the smallest UI text at 1280x720
SMALL_WINDOW = (1280, 720)


def _same_text_pair(a: TextRecord, b: TextRecord) -> bool:
    """A text and its own shadow or outline (the same words drawn twice, a few pixels apart)."""
    if a.text != b.text:
        return False
    slack = max(3, round(0.35 * max(a.rect.h, b.rect.h)))
    return abs(a.rect.x - b.rect.x) <= slack and abs(a.rect.y - b.rect.y) <= slack


def cut_list(text: str) -> bool:
    """True for a list whose rest was dropped, however it was shortened (a fitter that never told ``note_cut``):
    a text that is an ellipsis, or ends in one after a number or a list separator ("11 10 9 …", "corn, cacao,
    ...") or after a space in a list of items ("corn, cacao …"). "Anna is thinking…" and German's "Anna
    überlegt …" end a sentence, not a list."""
    text = text.rstrip()
    for tail in ("…", "..."):
        if text.endswith(tail):
            head = text[:-len(tail)]
            word = head.rstrip()
            if not word or word[-1].isdigit() or word.endswith((",", ";", "·")):
                return True
            return head != word and ", " in word
    return False


def problems(records: list[TextRecord], size: tuple[int, int], language: str | None = None,
             shortened_ok=frozenset()) -> list[str]:
    """Every rule a frame's texts break, one sentence each (empty: the frame is fine). A text a fitter shortened
    (``full``) is one, unless its uid is in ``shortened_ok`` (a player's name whose tooltip names them in full)."""
    window = pygame.Rect((0, 0), size)
    out: list[str] = []
    for r in records:
        if r.full and not r.faded and r.uid not in shortened_ok:
            out.append(f"shortened to fit: {r.describe()}, in full {r.full[:120]!r}")
        elif not r.full and not r.faded and r.kind == "ui" and cut_list(r.text):
            out.append(f"a list cut short with an ellipsis: {r.describe()}")
        if r.clipped or (not r.scrolled and not window.contains(r.rect)):
            out.append(f"cut off: {r.describe()}")
        elif r.covered and not r.faded:
            out.append(f"covered by a later drawing: {r.describe()}")
        if r.kind == "ui" and tuple(size) == SMALL_WINDOW and r.px < MIN_PX - 0.5:
            out.append(f"too small ({r.px:.1f} px < {MIN_PX}): {r.describe()}")
        if language is not None and r.lang != language:
            out.append(f"still in {r.lang} after the switch to {language}: {r.describe()}")
    shown = [r for r in records if r.visible.w and r.visible.h and not r.faded]
    for i, a in enumerate(shown):
        for b in shown[i + 1:]:
            if a.kind == "art" and b.kind == "art":
                continue  # numerals on overlapping cards: the cards overlap, by design
            inter = a.visible.clip(b.visible)
            if inter.w >= 2 and inter.h >= 2 and not _same_text_pair(a, b):
                out.append(f"overlap: {a.describe()} and {b.describe()}")
    return out
