"""Reusable table pieces: card images, the hand fan, opponents' card backs, token stacks, name plates and count
badges. Every piece renders into cached surfaces so that a frame is mostly blits.

Cards are named as the engines name them: ``"1"``…``"6"``, ``"L"``, ``"P"``, Party plus cards ``"3+"``; Cadabra's
``"2/3"``. ``None`` means a card back.
"""

from __future__ import annotations

import math

import pygame

from lama_desktop.app import art
from lama_desktop.app.art.cache import picture_store, surface_cache
from lama_desktop.app.art.text import outlined
from lama_desktop.app.art.tokens import MAX_VISIBLE, stack_step
from lama_desktop.core.i18n import language, plural, t
from lama_desktop.app.table.palette import CREAM, GOLD, LIT, PAPER_EDGE, finish
from lama_desktop.app.widgets import INK, INK_SOFT, UI

# the tables' other pieces live in their own modules (lazy text with i18n, the history's lines and panel, toasts);
# the games' tables import them from here too
from lama_desktop.core.i18n import LazyJoin, LazyText, lazy  # noqa: F401, E402
from lama_desktop.app.table.history_lines import dump_text  # noqa: F401, E402
from lama_desktop.app.table.log_panel import LogPanel  # noqa: F401, E402
from lama_desktop.app.table.toasts import Toast, draw_toasts  # noqa: F401, E402

CARD_RATIO = 7 / 5


def card_height(width: int) -> int:
    return round(width * CARD_RATIO)


#: LAMA Cadabra's symbol cards as its table names them: the value, then "@" circle, "#" square or "*" star
SYMBOL_SUFFIXES = {"@": "circle", "#": "square", "*": "star"}


@surface_cache(maxsize=512)
def card_image(name: str | None, width: int, colorblind: bool = False) -> pygame.Surface:
    """Face of ``name`` (``"3+"`` is a plus card, ``"3*"`` a Cadabra star card) or the back when ``name`` is None."""
    width = max(8, int(width))
    if name is None:
        return art.card_back(width)
    if len(name) > 1 and name[-1] in SYMBOL_SUFFIXES:
        return art.card_face(name[:-1], width, symbol=SYMBOL_SUFFIXES[name[-1]], colorblind=colorblind)
    plus = name.endswith("+") and len(name) > 1
    base = name[:-1] if plus else name
    return art.card_face(base, width, plus=plus, colorblind=colorblind)


@surface_cache(maxsize=256)
def dimmed(name: str | None, width: int, colorblind: bool = False) -> pygame.Surface:
    img = card_image(name, width, colorblind).copy()
    img.fill((150, 150, 150, 255), special_flags=pygame.BLEND_RGBA_MULT)
    return finish(img)


@surface_cache(maxsize=1024)
def rotated(name: str | None, width: int, angle: int, dim: bool = False, colorblind: bool = False):
    base = dimmed(name, width, colorblind) if dim else card_image(name, width, colorblind)
    if angle == 0:
        return base
    return finish(pygame.transform.rotozoom(base, angle, 1.0))


@surface_cache(maxsize=256)
def rotated_shadow(width: int, angle: int) -> pygame.Surface:
    shadow = art.card_shadow(width)
    return shadow if angle == 0 else finish(pygame.transform.rotozoom(shadow, angle, 1.0))


@surface_cache(maxsize=256)
def rotated_glow(width: int, angle: int, color=None) -> pygame.Surface:
    glow = art.card_glow(width, color)
    return glow if angle == 0 else finish(pygame.transform.rotozoom(glow, angle, 1.0))


def blit_card(surface: pygame.Surface, name: str | None, center, width: int, *, angle: int = 0, dim: bool = False,
              glow=None, shadow: bool = True, colorblind: bool = False, alpha: int = 255) -> pygame.Rect:
    """Draw a card centred at ``center`` (with its soft shadow, and a glow of colour ``glow`` when given)."""
    cx, cy = round(center[0]), round(center[1])
    if shadow:
        sh = rotated_shadow(width, angle)
        surface.blit(sh, sh.get_rect(center=(cx, cy + max(1, width // 30))))
    if glow is not None:
        g = rotated_glow(width, angle, tuple(glow) if glow is not True else None)
        surface.blit(g, g.get_rect(center=(cx, cy)))
    img = rotated(name, width, angle, dim, colorblind)
    if alpha < 255:
        img = img.copy()
        img.set_alpha(alpha)
    return surface.blit(img, img.get_rect(center=(cx, cy)))


def blit_flipping(surface: pygame.Surface, name: str | None, center, width: int, flip: float,
                  colorblind: bool = False, angle: int = 0) -> None:
    """A card mid-flip: ``flip`` 0 shows the back, 1 the face; it narrows to an edge at 0.5."""
    k = abs(flip - 0.5) * 2
    showing = name if flip >= 0.5 else None
    w = max(1, round(width * k))
    img = rotated(showing, width, angle, False, colorblind)
    if w != width:
        img = pygame.transform.smoothscale(img, (max(1, round(img.get_width() * k)), img.get_height()))
    sh = rotated_shadow(width, angle)
    if k < 1:
        sh = pygame.transform.smoothscale(sh, (max(1, round(sh.get_width() * k)), sh.get_height()))
    surface.blit(sh, sh.get_rect(center=(round(center[0]), round(center[1]) + max(1, width // 30))))
    surface.blit(img, img.get_rect(center=(round(center[0]), round(center[1]))))


# --- hand fan --------------------------------------------------------------------------------------------------------
def fan_positions(count: int, rect: pygame.Rect, card_w: int, *, raise_px: int = 0, arc: bool = True,
                  max_step: float = 0.8) -> list[tuple[float, float, int]]:
    """Centres and angles ``(x, y, angle)`` of ``count`` cards fanned inside ``rect`` (lowered position).

    The step shrinks as the hand grows so the fan always fits the rectangle; a gentle arc and tilt when
    ``arc``. The lowered cards sit at the rectangle's bottom minus a margin; raised cards go up ``raise_px``.
    """
    if count <= 0:
        return []
    ch = card_height(card_w)
    usable = rect.w - card_w - card_w * 0.12
    step = min(card_w * max_step, usable / (count - 1)) if count > 1 else 0
    total = step * (count - 1)
    left = rect.centerx - total / 2
    spread = min(9, 1.4 * (count - 1)) if arc else 0
    max_drop = card_w * 0.14 * min(1.0, count / 6) if arc else 0
    tilt = (card_w / 2) * abs(math.sin(math.radians(spread)))
    base_y = rect.bottom - ch / 2 - max_drop - tilt - card_w * 0.06
    out = []
    for i in range(count):
        off = (i - (count - 1) / 2)
        norm = off / max(1.0, (count - 1) / 2)
        angle = round(-norm * min(9, 1.4 * (count - 1))) if arc else 0
        drop = (norm * norm) * card_w * 0.14 * min(1.0, count / 6) if arc else 0
        out.append((left + i * step, base_y + drop, angle))
    return out


def hand_hit_index(positions, card_w: int, pos, lifts) -> int:
    """Index of the topmost card under ``pos`` (cards to the right lie on top), or -1."""
    ch = card_height(card_w)
    px, py = pos
    for i in range(len(positions) - 1, -1, -1):
        x, y, angle = positions[i]
        y -= lifts[i] if i < len(lifts) else 0
        # rotate the point into the card's frame
        a = math.radians(angle)
        dx, dy = px - x, py - y
        rx = dx * math.cos(a) - dy * math.sin(a)
        ry = dx * math.sin(a) + dy * math.cos(a)
        if abs(rx) <= card_w / 2 and abs(ry) <= ch / 2:
            return i
    return -1


@surface_cache(maxsize=128)
def backs_fan(count: int, card_w: int, max_w: int, dim: bool = False) -> pygame.Surface:
    """An opponent's hand: up to ``count`` card backs in a small fan fitting ``max_w`` pixels."""
    ch = card_height(card_w)
    shown = min(count, 12)
    pad = art.card_shadow_pad(card_w)
    if shown <= 0:
        return pygame.Surface((1, 1), pygame.SRCALPHA)
    step = min(card_w * 0.42, (max_w - card_w - 2 * pad) / max(1, shown - 1)) if shown > 1 else 0
    width = round(card_w + step * (shown - 1) + 2 * pad)
    surf = pygame.Surface((width, ch + 2 * pad + card_w // 6), pygame.SRCALPHA)
    back = card_image(None, card_w)
    shadow = art.card_shadow(card_w)
    for i in range(shown):
        norm = (i - (shown - 1) / 2) / max(1.0, (shown - 1) / 2)
        x = round(pad + i * step)
        y = round(pad + norm * norm * card_w * 0.12)
        surf.blit(shadow, (x - pad, y - pad + 2))
        surf.blit(back, (x, y))
    if dim:
        surf.fill((120, 120, 120, 150), special_flags=pygame.BLEND_RGBA_MULT)
    return finish(surf)


@surface_cache(maxsize=128)
def faces_grid(faces: tuple, height: int, max_w: int, dim: bool = False, colorblind: bool = False) -> pygame.Surface:
    """An opponent's hand face up (the replay's "All hands open"): each card's middle (its big value on its colour)
    as a chip, side by side in up to three rows so every value reads at a glance within ``max_w`` x ``height``.
    A double card (Cadabra's ``2/3``) is a chip of its two halves side by side, each value whole (``double_chip``)."""
    n = len(faces)
    if n <= 0:
        return pygame.Surface((1, 1), pygame.SRCALPHA)
    gap = max(2, height // 24)
    best = None
    for rows in (1, 2, 3):
        cols = -(-n // rows)
        size = min((height - gap * (rows - 1)) // rows, (max_w - gap * (cols - 1)) // cols)
        if best is None or size > best[0]:
            best = (size, rows, cols)
    size, rows, cols = best
    size = max(8, size)
    card_w = max(8, round(size / 0.72))
    surf = pygame.Surface((cols * size + (cols - 1) * gap, rows * size + (rows - 1) * gap), pygame.SRCALPHA)
    radius = max(2, size // 6)
    for i, name in enumerate(faces):
        chip = pygame.Surface((size, size), pygame.SRCALPHA)
        pygame.draw.rect(chip, (255, 255, 255, 255), chip.get_rect(), border_radius=radius)
        if "/" in str(name):
            double_chip(chip, name, colorblind)
        else:
            face = card_image(name, card_w, colorblind)
            crop = pygame.Rect(0, 0, size, size)
            crop.center = face.get_rect().center
            chip.blit(face, (0, 0), crop, special_flags=pygame.BLEND_RGBA_MIN)
        pygame.draw.rect(chip, (74, 44, 29, 120), chip.get_rect(), max(1, size // 28), border_radius=radius)
        r, c = divmod(i, cols)
        surf.blit(chip, (c * (size + gap), r * (size + gap)))
    if dim:
        surf.fill((120, 120, 120, 150), special_flags=pygame.BLEND_RGBA_MULT)
    return finish(surf)


def double_chip(chip: pygame.Surface, name: str, colorblind: bool = False) -> list[pygame.Rect]:
    """A double card's chip (``chip``: a square, white where it shows) drawn like the card: split on the diagonal
    into its two values' colours, the first value (upper left) and the second (lower right) each whole in paper
    numerals outlined in ink, so it reads as one card holding both values, never as two cards or a number.
    Returns where the two numerals are drawn."""
    size = chip.get_width()
    first, second = str(name).split("/")[:2]
    hues = art.palette(colorblind)
    ink = art.PALETTE["ink"]
    body = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.polygon(body, hues[first], [(0, 0), (size, 0), (0, size)])
    pygame.draw.polygon(body, hues[second], [(size, 0), (size, size), (0, size)])
    pygame.draw.line(body, ink, (size, 0), (0, size), max(1, size // 18))
    chip.blit(body, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)  # the chip's rounded corners stay
    drawn = []
    for value, (cx, cy) in ((first, (0.31, 0.32)), (second, (0.69, 0.68))):
        height = size * 0.46
        img = outlined(value, height, art.PALETTE["paper"], ink, max(1.0, size / 20))
        while (img.get_width() > size * 0.36 or img.get_height() > size * 0.56) and height > 4:
            height *= 0.9  # a tiny chip: the outline takes its share, each numeral keeps to its corner
            img = outlined(value, height, art.PALETTE["paper"], ink, max(1.0, size / 20))
        rect = img.get_rect(center=(round(cx * size), round(cy * size)))
        chip.blit(img, rect)
        drawn.append(rect)
    return drawn


def draw_backs_and_count(surface: pygame.Surface, ui: UI, rect: pygame.Rect, count: int, out: bool, card_w: int,
                         badge_h: int, faces=None, colorblind: bool = False) -> pygame.Rect:
    """An opponent's hand in its anchor ``rect``: a fan of ``count`` backs and a "n cards" badge (red "Out" when
    ``out``) right of it, both inside ``rect`` whatever the UI scale (the fan closes up to leave the badge room).
    ``faces``: the hand's cards face up instead (only the replay's open view knows them). Returns what was
    covered."""
    if faces is not None:
        faces = tuple(faces)
        count = len(faces)
    text = plural("hand.cards", count) if count else ""
    if out:
        text = f"{t('hand.plate.out_tag')} · {text}" if count else t("hand.plate.out_tag")
    covered = pygame.Rect(rect.x, rect.centery, 0, 0)
    badge = None
    if text:
        badge = count_badge(ui, text, min(badge_h, rect.h), fill=(196, 84, 70) if out else CREAM,
                            color=(255, 244, 230) if out else INK)
        if badge.get_width() > rect.w and count:  # the words do not fit beside the cards: the count alone
            badge = count_badge(ui, str(count), min(badge_h, rect.h), fill=(196, 84, 70) if out else CREAM,
                                color=(255, 244, 230) if out else INK)
    gap = max(2, badge_h // 6)
    x = rect.x + gap
    if count:
        room = rect.w - gap - (badge.get_width() + gap if badge is not None else 0)
        if faces is not None:
            fan = faces_grid(faces, rect.h, max(card_w, room), out, colorblind)
        else:
            fan = backs_fan(count, card_w, max(card_w, room), out)
        fan_rect = fan.get_rect(midleft=(x, rect.centery))
        fan_rect.clamp_ip(rect)
        covered = surface.blit(fan, fan_rect)
        x = fan_rect.right + gap
    if badge is not None:
        box = badge.get_rect(midleft=(min(x, rect.right - badge.get_width()), rect.centery))
        covered = covered.union(surface.blit(badge, box)) if count else surface.blit(badge, box)
    return covered


# --- tokens ----------------------------------------------------------------------------------------------------------
TOKEN_KINDS = ((20, "pink"), (10, "black"), (1, "white"))


def token_kind(token: int) -> str:
    """The art of a scoring token: 1 white, 10 black, 20 pink."""
    return {1: "white", 10: "black", 20: "pink"}[int(token)]


def draw_token_stacks(surface: pygame.Surface, rect: pygame.Rect, held: dict, pinks: bool, diameter: int,
                      align: str = "left", show_empty: bool = False, *, ui: UI) -> dict[int, tuple[int, int]]:
    """White, black (and pink) stacks side by side, bottoms on ``rect``'s bottom, each with its count ("×3") as UI
    text right of it (under it on a seat too narrow for that) when it holds two tokens or more: never under the
    fonts' 12 px minimum, and a text the layout checks read (the stacks make room for it, smaller tokens first).
    Returns each kind's top centre."""
    centres = {}
    for place in _token_stack_places(ui, rect, held, pinks, diameter, align):
        denom, count, img, (x, y), d = place[:5]
        if count or show_empty:
            surface.blit(img, (x, y))
        label, where = place[5]
        if label is not None:
            surface.blit(label, where)
        centres[denom] = (x + d // 2, y + d // 2)
    return centres


def token_stacks_rect(rect: pygame.Rect, held: dict, pinks: bool, diameter: int,
                      align: str = "left", *, ui: UI) -> pygame.Rect | None:
    """Where ``draw_token_stacks`` (same arguments) draws the stacks that hold a token and their counts; None when
    none does."""
    drawn = []
    for _denom, count, img, (x, y), _d, (label, where) in _token_stack_places(ui, rect, held, pinks, diameter, align):
        if count:
            drawn.append(pygame.Rect((x, y), img.get_size()))
        if label is not None:
            drawn.append(label.get_rect(topleft=where))
    return drawn[0].unionall(drawn[1:]) if drawn else None


def token_stacks_right(rect: pygame.Rect, held: dict, pinks: bool, diameter: int, align: str = "left", *,
                       ui: UI) -> tuple[int, int]:
    """(right edge of the last stack's place, its count's room included; the tokens' diameter) as
    ``draw_token_stacks`` (same arguments) lays them out: where a piece beside the stacks may stand."""
    places = _token_stack_places(ui, rect, held, pinks, diameter, align)
    _denom, _count, _img, (x, _y), d, _label = places[-1]
    room = _count_room(ui, d, held, pinks)
    if _stack_sizes(ui, rect, held, pinks, diameter)[1]:  # counts under the stacks: the last cell's right
        return x + (max(round(d * 1.18), room) + round(d * 1.18)) // 2, d
    return x + round(d * 1.18) + room, d


#: the count beside a stack: the fonts' 12 px minimum at least, half a token's diameter on larger tokens
COUNT_SIZE = 0.5
COUNT_INK = (255, 244, 222)


def _count_font(ui: UI, d: int):
    return ui.font(d * COUNT_SIZE / ui.scale, True)


def _count_room(ui: UI, d: int, held: dict, pinks: bool) -> int:
    """The room each stack keeps right of it for its count: a one-digit count's at least (the stacks do not move
    when a pile reaches two tokens), more for a larger count."""
    return _count_font(ui, d).size("×" + "8" * _count_digits(held, pinks))[0] + max(2, round(d * 0.12))


def _count_digits(held: dict, pinks: bool) -> int:
    """The digits of the longest count shown (1 at least: a count appears from two tokens on)."""
    counts = [int(held.get(denom, held.get(str(denom), 0))) for denom, _k in TOKEN_KINDS if pinks or denom != 20]
    return max([1] + [len(str(c)) for c in counts if c >= 2])


def _token_stack_places(ui: UI, rect: pygame.Rect, held: dict, pinks: bool, diameter: int, align: str):
    """(denomination, count, stack image, top-left, diameter, (count label or None, its top-left)) of each stack
    ``draw_token_stacks`` lays out: the counts right of their stacks, or under them where that leaves the tokens
    larger (a narrow seat: the stacks keep their width, the counts take height)."""
    kinds = [(d, k) for d, k in TOKEN_KINDS if pinks or d != 20][::-1]  # white first
    counts = [int(held.get(denom, held.get(str(denom), 0))) for denom, _kind in kinds]
    diameter, under = _stack_sizes(ui, rect, held, pinks, diameter)
    font = _count_font(ui, diameter)
    room = _count_room(ui, diameter, held, pinks)
    stack_w = round(diameter * 1.18)
    gap = round(diameter * 0.22)
    # each stack's cell: the stack and its count beside it, or (under) the wider of the stack and its count
    cell = max(stack_w, room) if under else stack_w + room
    total = len(kinds) * cell + (len(kinds) - 1) * gap
    x = rect.x if align == "left" else rect.centerx - total // 2 if align == "center" else rect.right - total
    bottom = rect.bottom - (font.get_linesize() if under else 0)
    places = []
    for (denom, kind), count in zip(kinds, counts, strict=True):
        img = art.token_stack(kind, count, diameter)
        left = x + (cell - stack_w) // 2 if under else x
        label, where = None, (0, 0)
        if count >= 2:
            label = ui.text(f"×{count}", diameter * COUNT_SIZE / ui.scale, COUNT_INK, True)
            if under:  # centred under its stack
                where = (x + cell // 2 - label.get_width() // 2, bottom)
            else:  # beside the lowest disc, its middle on the disc's middle
                where = (x + stack_w + max(1, round(diameter * 0.06)),
                         bottom - diameter // 2 - label.get_height() // 2)
        places.append((denom, count, img, (left, bottom - img.get_height()), diameter, (label, where)))
        x += cell + gap
    return places


#: ``_stack_sizes`` answers, by window, UI scale, seat rectangle, counts' widths and tokens: it searches the
#: diameter with the fonts, and the stacks are drawn every frame
_sizes: dict[tuple, tuple[int, bool]] = {}


def _stack_sizes(ui: UI, rect: pygame.Rect, held: dict, pinks: bool, diameter: int) -> tuple[int, bool]:
    """(the tokens' diameter, whether the counts stand under the stacks): beside them unless under leaves the
    tokens larger."""
    key = (tuple(ui.size), ui.scale, tuple(rect), _count_digits(held, pinks), pinks, int(diameter))
    known = _sizes.get(key)
    if known is None:
        n = 3 if pinks else 2
        side = _beside_diameter(ui, rect, held, pinks, diameter, n)
        below = _below_diameter(ui, rect, held, pinks, diameter, n)
        known = (below, True) if below > side else (side, False)
        if len(_sizes) > 256:
            _sizes.clear()
        _sizes[key] = known
    return known


def _beside_diameter(ui: UI, rect: pygame.Rect, held: dict, pinks: bool, diameter: int, n: int) -> int:
    """The tokens' diameter when the stacks and their counts stand side by side within ``rect``'s width (smaller
    tokens where they would not fit; the counts' font keeps its 12 px minimum, so their room is measured anew)."""
    return _largest(diameter, lambda d: n * (round(d * 1.18) + _count_room(ui, d, held, pinks))
                    + (n - 1) * round(d * 0.22) <= rect.w)


def _below_diameter(ui: UI, rect: pygame.Rect, held: dict, pinks: bool, diameter: int, n: int) -> int:
    """The tokens' diameter when each count stands under its stack: the stacks and their counts across
    ``rect``'s width, the tallest pile the art draws and a count's line within its height (whatever the seat holds
    now: seats alike keep tokens alike, and a pile growing never pokes out of its seat)."""
    def fits(d: int) -> bool:
        cell = max(round(d * 1.18), _count_room(ui, d, held, pinks))
        tall = d + (MAX_VISIBLE - 1) * stack_step(d) + _count_font(ui, d).get_linesize()
        return n * cell + (n - 1) * round(d * 0.22) <= rect.w and tall <= rect.h

    return _largest(diameter, fits)


def _largest(diameter: int, fits) -> int:
    """The largest diameter up to ``diameter`` (4 at least) that ``fits``."""
    d = max(4, int(diameter))
    while d > 4 and not fits(d):
        d -= 1
    return d


# --- name plates -----------------------------------------------------------------------------------------------------
_plates: dict[tuple, pygame.Surface] = picture_store()


def name_plate(ui: UI, size: tuple[int, int], name: str, detail: str, score_label: str, score: int, *,
               lit: bool, out: bool, badge: str = "", avatar_color=(240, 226, 196),
               avatar_fur: str | None = None, short_label: str = "", short: bool | None = None) -> pygame.Surface:
    """A rounded plate: avatar disc, name, a detail line, the running score. Lit (gold) on the player's turn.

    The avatar is the name's initial on ``avatar_color``, or a llama head of fur ``avatar_fur`` (see
    ``art.LLAMA_FURS``) peeking out of the disc when given. On a small plate (a small window, a small UI scale,
    six seats) where the detail line ("Robot · moyen") would not fit beside the score under ``score_label``
    ("points"), the score wears ``short_label`` ("pts") instead: the words keep the room rather than being cut.
    ``short``: the table's choice for all its plates (``seats.plate_words``); None: this plate's own."""
    if short is None:
        short = bool(short_label) and plate_cuts(ui, size, name, (detail,), score_label)
    label = short_label if short and short_label else score_label
    key = (size, name, detail, label, score, lit, out, badge, avatar_color, avatar_fur, ui.scale, language())
    surf = _plates.get(key)
    if surf is not None:
        return surf
    if len(_plates) > 300:
        _plates.clear()
    w, h = size
    # what goes on the plate, measured first (relative to the plate's body): the avatar, the score pill, the
    # name and detail lines, and the badge over the top border, which must stay above the name
    ad = h - 2 * max(4, h // 9)
    acx_rel = max(4, h // 9) + ad // 2
    score_font = ui.font(h * 0.40 / ui.scale, True)
    score_img = score_font.render(str(score), True, INK)
    text_x_rel = acx_rel + ad // 2 + max(6, h // 7)
    pill, avail = _score_pill(ui, (w, h), score_img.get_width(), text_x_rel, label)
    label_img = ui.font(h * 0.19 / ui.scale).render(label, True, INK_SOFT)
    name_img = ui.text_fit(name, h * 0.33 / ui.scale, avail, INK if not out else INK_SOFT, True)
    detail_img = ui.text_fit(detail, h * 0.23 / ui.scale, avail, INK_SOFT)
    block = name_img.get_height() + detail_img.get_height()
    name_top_rel = h // 2 - block // 2
    badge_img, badge_rect = None, None
    pad = glow_pad = max(6, h // 6)
    if badge:
        badge_img = ui.font(h * 0.22 / ui.scale, True).render(badge, True, (255, 250, 240))
        ink = name_img.get_bounding_rect().move(text_x_rel, name_top_rel)
        badge_rect, pad = _place_badge(badge_img, h, pad, ink, pill)
    surf = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
    body = pygame.Rect(pad, pad, w, h)
    pill.move_ip(pad, pad)
    _draw_plate_body(surf, body, lit, out, glow_pad)
    _draw_avatar(ui, surf, (body.x + acx_rel, body.centery), ad, h, name, avatar_color, avatar_fur)
    # score pill
    pygame.draw.rect(surf, (255, 250, 240) if not out else (228, 220, 204), pill, border_radius=pill.h // 2)
    pygame.draw.rect(surf, PAPER_EDGE, pill, max(1, h // 30), border_radius=pill.h // 2)
    surf.blit(label_img, label_img.get_rect(midtop=(pill.centerx, pill.y + max(1, h // 20))))
    surf.blit(score_img, score_img.get_rect(midbottom=(pill.centerx, pill.bottom - max(1, h // 24))))
    # name and detail
    text_x = body.x + text_x_rel
    y = body.y + name_top_rel
    surf.blit(name_img, (text_x, y))
    surf.blit(detail_img, (text_x, y + name_img.get_height()))
    if badge_img is not None:
        badge_rect.clamp_ip(surf.get_rect())
        pygame.draw.rect(surf, (200, 84, 70), badge_rect, border_radius=badge_rect.h // 2)
        surf.blit(badge_img, badge_img.get_rect(center=badge_rect.center))
    surf = finish(surf)
    _plates[key] = surf
    return surf


def _place_badge(badge_img: pygame.Surface, h: int, pad: int, ink: pygame.Rect,
                 pill: pygame.Rect) -> tuple[pygame.Rect, int]:
    """Where a plate's badge goes (in the padded plate) and the plate's margin, grown when the badge needs it.

    On the top border over the avatar's side; never over the name (small plates: the fonts' 12 px minimum makes
    the name block nearly as tall as the plate): then right of the name's ``ink``, before the points' ``pill``, if
    it fits there, else above the name's ink (the plate's margin grows to hold it)."""
    badge_rect = badge_img.get_rect().inflate(h // 3, h // 10)
    top_edge = max(2, h // 8)
    badge_rect.midbottom = (round(h * 0.95), top_edge)
    badge_rect.top = max(badge_rect.top, -pad)  # within the plate's margin (a plate at the window's top)
    if badge_rect.colliderect(ink):
        beside = badge_rect.copy()
        beside.left = ink.right + max(4, h // 8)
        if beside.right <= pill.x - max(2, h // 16):
            badge_rect = beside
        else:  # a long name: above its ink, the margin grows
            badge_rect.bottom = min(top_edge, ink.top)
    pad = max(pad, -badge_rect.top)
    badge_rect.move_ip(pad, pad)
    return badge_rect, pad


def _draw_plate_body(surf: pygame.Surface, body: pygame.Rect, lit: bool, out: bool, glow_pad: int) -> None:
    """The plate itself: its soft shadow, the gold glow when lit, the two-tone fill and the border."""
    h = body.h
    radius = h // 2
    shadow = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    pygame.draw.rect(shadow, (0, 0, 0, 120 if lit else 80), body.move(0, max(2, h // 16)), border_radius=radius)
    shadow = pygame.transform.gaussian_blur(shadow, max(2, glow_pad // 2))
    surf.blit(shadow, (0, 0))
    if lit:
        glow = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        pygame.draw.rect(glow, (*LIT, 210), body.inflate(glow_pad, glow_pad), border_radius=radius + glow_pad // 2)
        glow = pygame.transform.gaussian_blur(glow, max(2, glow_pad // 2))
        surf.blit(glow, (0, 0))
    fill = (255, 236, 180) if lit else (CREAM if not out else (214, 206, 190))
    pygame.draw.rect(surf, fill, body, border_radius=radius)
    top = body.copy()
    top.h = h // 2
    pygame.draw.rect(surf, tuple(min(255, c + 8) for c in fill), top, border_top_left_radius=radius,
                     border_top_right_radius=radius)
    pygame.draw.rect(surf, GOLD if lit else PAPER_EDGE, body, max(2, h // 22), border_radius=radius)


def _draw_avatar(ui: UI, surf: pygame.Surface, center: tuple[int, int], ad: int, h: int, name: str, avatar_color,
                 avatar_fur: str | None) -> None:
    """The avatar disc of diameter ``ad``: a llama head of ``avatar_fur``, or the name's initial."""
    acx, acy = center
    pygame.draw.circle(surf, avatar_color, (acx, acy), ad // 2)
    if avatar_fur:
        surf.blit(llama_avatar(ad, avatar_color, avatar_fur), (acx - ad // 2, acy - ad // 2))
    else:
        initial = ui.font(ad * 0.55 / ui.scale, True).render((name[:1] or "?").upper(), True, INK)
        surf.blit(initial, initial.get_rect(center=(acx, acy + 1)))
    pygame.draw.circle(surf, INK, (acx, acy), ad // 2, max(1, h // 26))


def _score_pill(ui: UI, size, score_w: int, text_x: int, label: str) -> tuple[pygame.Rect, int]:
    """(pill rect, room left for the name and detail) of a plate's score pill under ``label``."""
    w, h = size
    label_font = ui.font(h * 0.19 / ui.scale)
    pill = pygame.Rect(0, 0, max(score_w, label_font.size(label)[0]) + h // 2, h - 2 * max(4, h // 9))
    pill.midright = (w - max(5, h // 8), h // 2)
    return pill, pill.x - text_x - max(4, h // 10)


def plate_cuts(ui: UI, size, name: str, details, label: str, score: int = 88) -> bool:
    """Whether a plate of ``size`` whose score pill says ``label`` ("points") would cut its name or one of its
    ``details`` (every second line it may show: "Bot · medium", "Out of this round", "Thinking…"): the text would
    not fit beside the pill even at the fitter's smallest size (``MIN_TEXT_PX``)."""
    h = size[1]
    ad = h - 2 * max(4, h // 9)
    text_x = max(4, h // 9) + ad // 2 + ad // 2 + max(6, h // 7)
    score_w = ui.font(h * 0.40 / ui.scale, True).size(str(score))[0]
    _pill, avail = _score_pill(ui, tuple(size), score_w, text_x, label)
    return (ui.font(0, True).size(name)[0] > avail
            or any(ui.font(0).size(detail)[0] > avail for detail in details))


@surface_cache(maxsize=64)
def llama_avatar(diameter: int, color, fur: str) -> pygame.Surface:
    """A llama head of ``fur`` in a disc of ``color``, clipped to the circle."""
    d = max(8, int(diameter))
    disc = pygame.Surface((d, d), pygame.SRCALPHA)
    pygame.draw.circle(disc, (*color, 255), (d // 2, d // 2), d // 2)
    lighter = tuple(min(255, c + 40) for c in color)
    pygame.draw.circle(disc, (*lighter, 255), (d // 2, d // 2 - d // 6), d // 3)
    head = art.llama_head(round(d * 1.02), fur)
    disc.blit(head, head.get_rect(midtop=(d // 2, round(d * 0.12))))
    mask = pygame.Surface((d, d), pygame.SRCALPHA)
    pygame.draw.circle(mask, (255, 255, 255, 255), (d // 2, d // 2), d // 2)
    disc.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return finish(disc)


# --- count badge ---------------------------------------------------------------------------------------------------
_badges: dict[tuple, pygame.Surface] = picture_store()


def count_badge(ui: UI, text: str, height: int, fill=CREAM, color=INK) -> pygame.Surface:
    key = (text, height, fill, color, ui.scale, language())
    surf = _badges.get(key)
    if surf is None:
        if len(_badges) > 200:
            _badges.clear()
        img = ui.font(height * 0.58 / ui.scale, True).render(text, True, color)
        w = max(height, img.get_width() + height // 2)
        surf = pygame.Surface((w, height), pygame.SRCALPHA)
        pygame.draw.rect(surf, fill, (0, 0, w, height), border_radius=height // 2)
        pygame.draw.rect(surf, INK, (0, 0, w, height), max(1, height // 14), border_radius=height // 2)
        surf.blit(img, img.get_rect(center=(w // 2, height // 2 + 1)))
        surf = finish(surf)
        _badges[key] = surf
    return surf
