"""Reusable table pieces: card images, the hand fan, opponents' card backs, token stacks, name plates, the log
panel and toasts. Every piece renders into cached surfaces so that a frame is mostly blits.

Cards are named as the engines name them: ``"1"``…``"6"``, ``"L"``, ``"P"``, Party plus cards ``"3+"``; Cadabra's
``"2/3"``. ``None`` means a card back.
"""

from __future__ import annotations

import math
from contextlib import contextmanager
from functools import lru_cache
from typing import Callable

import pygame

from lama_desktop.app import art
from lama_desktop.app.i18n import language
from lama_desktop.app.widgets import INK, INK_SOFT, UI

CARD_RATIO = 7 / 5
GOLD = (242, 180, 65)
LIT = (255, 214, 110)
CREAM = (251, 243, 225)
PAPER_EDGE = (214, 196, 168)
FELT_INK = (8, 36, 34)


def finish(surface: pygame.Surface) -> pygame.Surface:
    """Convert to the display's pixel format (fast blits) once a window exists."""
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        try:
            return surface.convert_alpha()
        except pygame.error:
            return surface
    return surface


def card_height(width: int) -> int:
    return round(width * CARD_RATIO)


#: LAMA Cadabra's symbol cards as its table names them: the value, then "@" circle, "#" square or "*" star
SYMBOL_SUFFIXES = {"@": "circle", "#": "square", "*": "star"}


@lru_cache(maxsize=512)
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


@lru_cache(maxsize=256)
def dimmed(name: str | None, width: int, colorblind: bool = False) -> pygame.Surface:
    img = card_image(name, width, colorblind).copy()
    img.fill((150, 150, 150, 255), special_flags=pygame.BLEND_RGBA_MULT)
    return finish(img)


@lru_cache(maxsize=1024)
def rotated(name: str | None, width: int, angle: int, dim: bool = False, colorblind: bool = False):
    base = dimmed(name, width, colorblind) if dim else card_image(name, width, colorblind)
    if angle == 0:
        return base
    return finish(pygame.transform.rotozoom(base, angle, 1.0))


@lru_cache(maxsize=256)
def rotated_shadow(width: int, angle: int) -> pygame.Surface:
    shadow = art.card_shadow(width)
    return shadow if angle == 0 else finish(pygame.transform.rotozoom(shadow, angle, 1.0))


@lru_cache(maxsize=256)
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


@lru_cache(maxsize=128)
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


@lru_cache(maxsize=128)
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
    from lama_desktop.app.art.text import outlined

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
    from lama_desktop.app.i18n import plural, t

    text = plural("lama.cards", count) if count else ""
    if out:
        text = f"{t('lama.plate.out_tag')} · {text}" if count else t("lama.plate.out_tag")
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
                      align: str = "left", show_empty: bool = False) -> dict[int, tuple[int, int]]:
    """White, black (and pink) stacks side by side, bottoms on ``rect``'s bottom. Returns each kind's top centre."""
    centres = {}
    for denom, count, img, (x, y), diameter in _token_stack_places(rect, held, pinks, diameter, align):
        if count or show_empty:
            surface.blit(img, (x, y))
        centres[denom] = (x + diameter // 2, y + diameter // 2)
    return centres


def token_stacks_rect(rect: pygame.Rect, held: dict, pinks: bool, diameter: int,
                      align: str = "left") -> pygame.Rect | None:
    """Where ``draw_token_stacks`` (same arguments) draws the stacks that hold a token; None when none does."""
    drawn = [pygame.Rect((x, y), img.get_size())
             for _denom, count, img, (x, y), _d in _token_stack_places(rect, held, pinks, diameter, align) if count]
    return drawn[0].unionall(drawn[1:]) if drawn else None


def _token_stack_places(rect: pygame.Rect, held: dict, pinks: bool, diameter: int, align: str):
    """(denomination, count, stack image, top-left, diameter) of each stack ``draw_token_stacks`` lays out."""
    kinds = [(d, k) for d, k in TOKEN_KINDS if pinks or d != 20][::-1]  # white first
    # the stacks side by side never run out of ``rect`` (a seat that could grow only in height: smaller tokens)
    diameter = max(4, min(int(diameter), int(rect.w / (len(kinds) * 1.18 + (len(kinds) - 1) * 0.22))))
    stack_w = round(diameter * 1.18)
    gap = round(diameter * 0.22)
    total = len(kinds) * stack_w + (len(kinds) - 1) * gap
    x = rect.x if align == "left" else rect.centerx - total // 2 if align == "center" else rect.right - total
    bottom = rect.bottom
    places = []
    for denom, kind in kinds:
        count = int(held.get(denom, held.get(str(denom), 0)))
        img = art.token_stack(kind, count, diameter)
        places.append((denom, count, img, (x, bottom - img.get_height()), diameter))
        x += stack_w + gap
    return places


# --- name plates -----------------------------------------------------------------------------------------------------
_plates: dict[tuple, pygame.Surface] = {}


def name_plate(ui: UI, size: tuple[int, int], name: str, detail: str, score_label: str, score: int, *,
               lit: bool, out: bool, badge: str = "", avatar_color=(240, 226, 196),
               avatar_fur: str | None = None) -> pygame.Surface:
    """A rounded plate: avatar disc, name, a detail line, the running score. Lit (gold) on the player's turn.

    The avatar is the name's initial on ``avatar_color``, or a llama head of fur ``avatar_fur`` (see
    ``art.LLAMA_FURS``) peeking out of the disc when given.
    """
    key = (size, name, detail, score_label, score, lit, out, badge, avatar_color, avatar_fur, ui.scale, language())
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
    label_img = ui.font(h * 0.19 / ui.scale).render(score_label, True, INK_SOFT)
    pill_w = max(score_img.get_width(), label_img.get_width()) + h // 2
    pill = pygame.Rect(0, 0, pill_w, h - 2 * max(4, h // 9))
    pill.midright = (w - max(5, h // 8), h // 2)
    text_x_rel = acx_rel + ad // 2 + max(6, h // 7)
    avail = pill.x - text_x_rel - max(4, h // 10)
    name_img = ui.text_fit(name, h * 0.33 / ui.scale, avail, INK if not out else INK_SOFT, True)
    detail_img = ui.text_fit(detail, h * 0.23 / ui.scale, avail, INK_SOFT)
    block = name_img.get_height() + detail_img.get_height()
    name_top_rel = h // 2 - block // 2
    badge_img, badge_rect = None, None
    pad = glow_pad = max(6, h // 6)
    if badge:
        badge_img = ui.font(h * 0.22 / ui.scale, True).render(badge, True, (255, 250, 240))
        badge_rect = badge_img.get_rect().inflate(h // 3, h // 10)
        # on the top border over the avatar's side; never over the name (small plates: the fonts' 12 px minimum
        # makes the name block nearly as tall as the plate): then right of the name, before the points, if it fits
        # there, else above the name's ink (the plate's margin grows to hold it)
        ink = name_img.get_bounding_rect().move(text_x_rel, name_top_rel)
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
    surf = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
    body = pygame.Rect(pad, pad, w, h)
    pill.move_ip(pad, pad)
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
    # avatar
    acx, acy = body.x + acx_rel, body.centery
    pygame.draw.circle(surf, avatar_color, (acx, acy), ad // 2)
    if avatar_fur:
        surf.blit(llama_avatar(ad, avatar_color, avatar_fur), (acx - ad // 2, acy - ad // 2))
    else:
        initial = ui.font(ad * 0.55 / ui.scale, True).render((name[:1] or "?").upper(), True, INK)
        surf.blit(initial, initial.get_rect(center=(acx, acy + 1)))
    pygame.draw.circle(surf, INK, (acx, acy), ad // 2, max(1, h // 26))
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


@lru_cache(maxsize=64)
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
_badges: dict[tuple, pygame.Surface] = {}


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


# --- log panel -------------------------------------------------------------------------------------------------------
class LazyText:
    """A log line translated when it is drawn, so that the whole log follows a change of language mid-game.

    ``lazy.t(key, **fmt)`` makes one; ``fmt`` values may themselves be ``LazyText`` (a card's name) or
    ``LazyJoin`` (a list of them). ``str()`` gives the text in the current language. ``lazy.about(key, seat,
    other=None, **fmt)`` is a line about ``seat``: said in the second person to whoever reads it when it is drawn
    (``i18n.about``: ``<key>_own`` for the reader's own line, ``<key>_to_you`` when ``other`` is the reader);
    ``lazy.plural(key, n, **fmt)`` a count (``seat`` too for ``lazy.plural_about``)."""

    __slots__ = ("base", "fmt", "seat", "to", "n")

    def __init__(self, key: str, fmt: dict, seat: int | None = None, to: int | None = None, n: int | None = None):
        self.base, self.fmt, self.seat, self.to, self.n = key, fmt, seat, to, n

    @property
    def key(self) -> str:
        """The entry this line reads now (``lama.log.play_own`` for the reader's own play)."""
        from lama_desktop.app.i18n import about_key

        return about_key(self.base, self.seat, self.to) if self.seat is not None or self.to is not None \
            else self.base

    def __str__(self) -> str:
        from lama_desktop.app.i18n import plural, t

        fmt = {k: str(v) if isinstance(v, (LazyText, LazyJoin, LazyNames)) else v for k, v in self.fmt.items()}
        if self.n is not None:
            return plural(self.key, self.n, **fmt)
        return t(self.key, **fmt)


class LazyNames:
    """A list of names joined by the language's CLDR pattern when drawn ("Anna and Bruno", "Anna et Bruno")."""

    __slots__ = ("items",)

    def __init__(self, items):
        self.items = list(items)

    def __str__(self) -> str:
        from lama_desktop.app.i18n import names

        return names(str(item) for item in self.items)


class LazyJoin:
    """``sep.join(items)`` where items may be ``LazyText``: joined when drawn."""

    __slots__ = ("sep", "items")

    def __init__(self, sep: str, items):
        self.sep, self.items = sep, list(items)

    def __str__(self) -> str:
        return self.sep.join(str(item) for item in self.items)


class LazyWinners:
    """``i18n.winners(key, seats, name_of)`` worked out when drawn (the reader and the language may change)."""

    __slots__ = ("key", "seats", "names")

    def __init__(self, key: str, seats, names: dict):
        self.key, self.seats, self.names = key, list(seats), dict(names)

    def __str__(self) -> str:
        from lama_desktop.app.i18n import winners

        return str(winners(self.key, self.seats, self.names.get))


class _Lazy:
    @staticmethod
    def t(key: str, **fmt) -> LazyText:
        return LazyText(key, fmt)

    @staticmethod
    def about(key: str, seat: int | None, other: int | None = None, **fmt) -> LazyText:
        return LazyText(key, fmt, seat, other)

    @staticmethod
    def plural(key: str, n: int, **fmt) -> LazyText:
        return LazyText(key, fmt, n=n)

    @staticmethod
    def plural_about(key: str, seat: int | None, n: int, other: int | None = None, **fmt) -> LazyText:
        return LazyText(key, fmt, seat, other, n=n)

    @staticmethod
    def names(items) -> LazyNames:
        return LazyNames(items)

    @staticmethod
    def winners(key: str, seats, name_of) -> LazyWinners:
        return LazyWinners(key, seats, {s: name_of(s) for s in seats})


#: ``lazy.t(KEY, **fmt)``: like ``i18n.t`` but translated when drawn (log lines)
lazy = _Lazy()


#: lines of history a save keeps at most (a long Llama Land game writes a few hundred)
HISTORY_LIMIT = 5000
_KEY_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789_.")


def dump_text(value, depth: int = 0):
    """A log line (``str``, ``LazyText``, ``LazyJoin``, ``LazyNames``, ``LazyWinners``, nested) as JSON, so a resumed
    game's history is said again in whatever language is chosen, to whoever reads it:
    ``{"t": key, "f": {...}, "s": seat, "o": other, "n": count}`` / ``{"j": sep, "i": [...]}`` /
    ``{"names": [...]}`` / ``{"w": key, "seats": [...], "names": [[seat, name], ...]}``."""
    if depth < 8:
        if isinstance(value, LazyText):
            out = {"t": value.base, "f": {str(k): dump_text(v, depth + 1) for k, v in value.fmt.items()}}
            for field, attr in (("s", "seat"), ("o", "to"), ("n", "n")):
                if getattr(value, attr) is not None:
                    out[field] = getattr(value, attr)
            return out
        if isinstance(value, LazyJoin):
            return {"j": value.sep, "i": [dump_text(v, depth + 1) for v in value.items]}
        if isinstance(value, LazyNames):
            return {"names": [dump_text(v, depth + 1) for v in value.items]}
        if isinstance(value, LazyWinners):
            return {"w": value.key, "seats": list(value.seats),
                    "names": [[seat, str(name)] for seat, name in value.names.items()]}
    if value is None or isinstance(value, (bool, int, float)):
        return value
    return str(value)


def _history_key(key) -> str:
    if not (isinstance(key, str) and 0 < len(key) <= 80 and set(key) <= _KEY_CHARS and "." in key):
        raise ValueError("not a string key")
    return key


def _history_seat(value):
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 16:
        raise ValueError("bad seat in history")
    return value


def load_text(value, depth: int = 0):
    """``dump_text``'s inverse; ValueError for anything it did not write (a damaged save's history)."""
    if depth > 8:
        raise ValueError("history text nested too deep")
    if isinstance(value, dict):
        if "t" in value:
            key = _history_key(value["t"])
            fmt = value.get("f") or {}
            if not isinstance(fmt, dict) or len(fmt) > 12:
                raise ValueError("bad history fields")
            n = value.get("n")
            if n is not None and (isinstance(n, bool) or not isinstance(n, int) or abs(n) > 10 ** 6):
                raise ValueError("bad count in history")
            return LazyText(key, {str(k)[:40]: load_text(v, depth + 1) for k, v in fmt.items()},
                            _history_seat(value.get("s")), _history_seat(value.get("o")), n)
        if "j" in value:
            items = value.get("i") or []
            if not isinstance(items, list) or len(items) > 40:
                raise ValueError("bad history list")
            return LazyJoin(str(value["j"])[:8], [load_text(v, depth + 1) for v in items])
        if "names" in value and "w" not in value:
            items = value["names"]
            if not isinstance(items, list) or len(items) > 16:
                raise ValueError("bad history names")
            return LazyNames([load_text(v, depth + 1) for v in items])
        if "w" in value:
            seats, names = value.get("seats"), value.get("names")
            if not isinstance(seats, list) or not isinstance(names, list) or len(seats) > 16 or len(names) > 16:
                raise ValueError("bad history winners")
            pairs = {}
            for pair in names:
                if not (isinstance(pair, list) and len(pair) == 2 and isinstance(pair[1], str)):
                    raise ValueError("bad history winners")
                pairs[_history_seat(pair[0])] = clean_text(pair[1], 40)
            return LazyWinners(_history_key(value["w"]), [_history_seat(x) for x in seats], pairs)
        raise ValueError("bad history text")
    if value is None or isinstance(value, (bool, int)):
        return value
    if isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            raise ValueError("bad number in history")
        return value
    if isinstance(value, str):
        return clean_text(value)
    raise ValueError("bad history text")


def clean_text(text: str, limit: int = 300) -> str:
    """Printable text of at most ``limit`` characters (history read back from a file reaches the renderer)."""
    text = "".join(ch if ch.isprintable() else " " for ch in text[:limit * 2])
    return text[:limit]


class LogLine:
    """One line of the history: its text (``str`` or lazy), colour, the seat it is about (``actor``), the move
    (number of moves played before it: undo cuts the history there), the round, and ``private_to``: the seat that
    alone may read it (a line telling your own drawn card), else ``None``."""

    __slots__ = ("text", "color", "actor", "move", "round", "private_to", "_wrap")

    def __init__(self, text, color, actor=None, move=0, round=0, private_to=None):
        self.text, self.color, self.actor = text, tuple(color), actor
        self.move, self.round, self.private_to = move, round, private_to
        self._wrap = None

    def wrapped(self, ui, width: int, ctx: tuple, bold: bool) -> list[str]:
        """The line's text wrapped to ``width`` (``bold``: the newest line), kept while ``ctx`` (width, scale,
        language, viewer, reader) stays: a history that grows, or is shown again by another table (the replay
        viewer's), wraps only its new lines."""
        key = (ctx, bold)
        if self._wrap is None or self._wrap[0] != key:
            self._wrap = (key, ui.wrap(str(self.text), 17, width, bold) or [""])
        return self._wrap[1]

    def to_dict(self) -> dict:
        return {"text": dump_text(self.text), "color": list(self.color), "seat": self.actor, "move": self.move,
                "round": self.round, "private_to": self.private_to}

    @classmethod
    def from_dict(cls, data) -> "LogLine":
        if not isinstance(data, dict):
            raise ValueError("a history line must be an object")
        color = data.get("color", (226, 238, 232))
        if not (isinstance(color, list) and len(color) == 3 and all(isinstance(c, int) and 0 <= c <= 255
                                                                      for c in color)):
            raise ValueError("bad history colour")

        def small_int(value, low=-1, high=1_000_000, none=True):
            if value is None and none:
                return None
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                raise ValueError("bad history number")
            return value

        return cls(load_text(data.get("text", "")), color, small_int(data.get("seat"), 0, 16),
                   small_int(data.get("move", -1), -1, none=False), small_int(data.get("round", 0), 0, none=False),
                   small_int(data.get("private_to"), 0, 16))


class LogPanel:
    """The whole history of the game, newest at the bottom, grouped by round; scrolls; rendered once per change.

    A line is a ``str`` or a ``LazyText`` (translated when drawn: the log follows a change of language).

    Lines are structured (``LogLine``): each has an *actor*, the seat the line is about (``None``: nobody in
    particular), kept in ``actors`` beside ``lines``. ``add(..., seat=s)`` says it; without it the line gets the
    seat of the event being shown (the table wraps each event's handler in ``acting(event.seat)``). The table sets
    ``move`` (moves played when the event being shown was played) and ``round``; a line shown while the viewer
    reads one of its own private fields (``viewer`` equal to the event's seat, a private event) is private to that
    seat and is not drawn for another viewer (hot-seat). ``on_add(text, seat)``, when set, is told of every line
    (the transcript tool reads the log through it). ``to_dict``/``load`` keep the history in the autosave.
    ``scroll`` is how many rows are hidden below the panel (0: the newest line shows)."""

    _NO_SEAT = object()

    def __init__(self, max_lines: int = HISTORY_LIMIT):
        self.entries: list[LogLine] = []
        self.max_lines = max_lines
        self.actor: int | None = None
        self.source = None  # the event whose handler is adding lines (``acting``), else None
        self.viewer: int | None = None  # the seat reading the table (the table keeps it up to date)
        self.move = -1  # the move whose events are being shown (-1: before the first move)
        self.round_of = None  # () -> the round being shown (the table's), else ``round`` is used
        self.round = 0
        self.on_add = None
        self.scroll = 0
        self.version = 0
        #: pixels the header keeps free left of the enlarge icon (the Undo button sits there)
        self.reserve = 0
        #: a last, dim row saying more lines are coming (a callable giving the text in the current language), or
        #: None: the replay viewer's history while it is still being read
        self.pending = None
        self._drawn: dict = {}  # expanded -> (panel size, [(row rect in the panel, row, round)]) as last drawn
        self._cache = {}
        self._rows_cache: dict = {}  # (width, scale, language, version, viewer) -> rows of every entry

    # -- the lines ---------------------------------------------------------------------------------------------
    @property
    def lines(self) -> list[tuple]:
        """``(text, color)`` of every line, oldest first."""
        return [(e.text, e.color) for e in self.entries]

    @property
    def actors(self) -> list:
        return [e.actor for e in self.entries]

    def add(self, text, color=(226, 238, 232), seat=_NO_SEAT) -> None:
        actor = self.actor if seat is self._NO_SEAT else seat
        source = self.source
        private_to = None
        if source is not None and getattr(source, "private", ()) and self.viewer is not None \
                and self.viewer == getattr(source, "seat", None):
            private_to = self.viewer  # it tells the viewer's own hidden card: for their eyes only
        if self.round_of is not None:
            self.round = self.round_of()
        self.entries.append(LogLine(text, color, actor, self.move, self.round, private_to))
        del self.entries[:-self.max_lines]
        self._changed()
        if self.scroll:
            self.scroll += 1  # a reader scrolled back stays where they are reading
        if self.on_add is not None:
            self.on_add(text, actor)

    def _changed(self) -> None:
        self.version += 1
        self._cache = {}

    @contextmanager
    def acting(self, seat: int | None, source=None):
        """Lines added inside the block are about ``seat`` (unless they say otherwise); ``source`` is the event
        being shown (tools read it in ``on_add``)."""
        before = self.actor, self.source
        self.actor, self.source = seat, source
        try:
            yield
        finally:
            self.actor, self.source = before

    def visible(self) -> list[LogLine]:
        """The lines the current viewer may read (a hot-seat neighbour's private line is left out)."""
        return [e for e in self.entries if e.private_to is None or e.private_to == self.viewer]

    def replace(self, entries) -> None:
        """Show these lines (``LogLine``s, oldest first) instead of the ones held (the replay viewer's history as far
        as it is read)."""
        self.entries = list(entries)[-self.max_lines:]
        self._changed()

    def cut_at_move(self, moves: int) -> None:
        """Forget the lines of moves ``moves`` and later (undo)."""
        self.entries = [e for e in self.entries if e.move < moves]
        self.scroll = 0
        self._changed()

    def to_dict(self) -> dict:
        return {"history_version": 1, "lines": [e.to_dict() for e in self.entries[-self.max_lines:]]}

    def load(self, data) -> bool:
        """Take the history a save kept (``to_dict``). False (history left as it is) when it is damaged."""
        try:
            if not isinstance(data, dict) or data.get("history_version") != 1:
                raise ValueError("not a history")
            raw = data.get("lines")
            if not isinstance(raw, list) or len(raw) > HISTORY_LIMIT:
                raise ValueError("bad history lines")
            entries = [LogLine.from_dict(line) for line in raw]
        except (ValueError, TypeError, RecursionError):
            return False
        self.entries = entries
        if entries:
            self.move, self.round = entries[-1].move, entries[-1].round
        self._changed()
        return True

    # -- scrolling ---------------------------------------------------------------------------------------------
    def scroll_by(self, rows: int) -> None:
        self.scroll = max(0, self.scroll + rows)  # clamped to the rows there are when drawn
        self._cache = {}

    def scroll_to(self, rows: int) -> None:
        self.scroll = max(0, rows)
        self._cache = {}

    def to_newest(self) -> None:
        self.scroll = 0
        self._cache = {}

    # -- drawing -----------------------------------------------------------------------------------------------
    def _rows(self, ui: UI, width: int) -> list[tuple[str, tuple, str]]:
        """Every row to show, oldest first: ``(text, colour, style)``; style ``round`` for a round's heading,
        ``new`` for the newest line's rows, ``pending`` for the line saying more is coming, else ``""``."""
        return self._rows_and_rounds(ui, width)[0]

    def _rows_and_rounds(self, ui: UI, width: int) -> tuple[list, list]:
        """``_rows`` and, row by row, the round it belongs to (a heading: its round)."""
        from lama_desktop.app.i18n import language, reader, t

        # a line about the reader says "you": who reads is part of the text
        key = (width, ui.scale, language(), self.version, self.viewer, reader(), self.pending)
        if key in self._rows_cache:
            return self._rows_cache[key]
        rows: list[tuple[str, tuple, str]] = []
        rounds: list[int] = []
        shown = self.visible()
        ctx = key[:3] + key[4:6]
        last_round = None
        for i, entry in enumerate(shown):
            if entry.round and entry.round != last_round:
                rows.append((t("history.round", round=entry.round), (250, 214, 120), "round"))
                rounds.append(entry.round)
            last_round = entry.round or last_round
            newest = i == len(shown) - 1
            for part in entry.wrapped(ui, width, ctx, newest):
                rows.append((part, entry.color, "new" if newest else ""))
                rounds.append(entry.round)
        if self.pending is not None:
            for part in ui.wrap(str(self.pending()), 17, width):
                rows.append((part, (170, 196, 186), "pending"))
                rounds.append(last_round or 0)
        if len(self._rows_cache) > 3:
            self._rows_cache.clear()
        self._rows_cache[key] = rows, rounds
        return rows, rounds

    def row_at(self, rect: pygame.Rect, pos, expanded: bool = False):
        """The row drawn under ``pos`` (window coordinates) when the panel was last drawn in ``rect``: ``(text,
        colour, style, round)`` (style ``round``: a round's heading), or None (no row there, or not drawn there)."""
        drawn = self._drawn.get(expanded)
        if drawn is None or drawn[0] != tuple(rect.size):
            return None
        local = (pos[0] - rect.x, pos[1] - rect.y)
        for row_rect, row, round_no in drawn[1]:
            if row_rect.collidepoint(local):
                return (*row, round_no)
        return None

    def heading_rect(self, rect: pygame.Rect, round_no: int, expanded: bool = False):
        """Where the heading of round ``round_no`` was last drawn (window coordinates), or None if not shown."""
        drawn = self._drawn.get(expanded)
        if drawn is None or drawn[0] != tuple(rect.size):
            return None
        for row_rect, row, number in drawn[1]:
            if row[2] == "round" and number == round_no:
                return row_rect.move(rect.topleft)
        return None

    def row_count(self, ui: UI, width: int) -> int:
        return len(self._rows(ui, width))

    def room(self, ui: UI, height: int, head: int) -> int:
        return max(1, (height - head - ui.s(6)) // ui.font(17).get_linesize())

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, ui: UI, title: str, expanded: bool = False) -> None:
        from lama_desktop.app.i18n import reader

        key = (tuple(rect), self.version, self.scroll, title, ui.scale, language(), self.viewer, expanded, reader(),
               self.reserve, self.pending)
        cached = self._cache.get(expanded)
        if cached is None or cached[0] != key:
            cached = self._cache[expanded] = (key, self._render(rect.size, ui, title, expanded))
        surface.blit(cached[1], rect.topleft)

    def _render(self, size, ui: UI, title: str, expanded: bool) -> pygame.Surface:
        w, h = size
        surf = pygame.Surface(size, pygame.SRCALPHA)
        radius = max(6, min(h, ui.s(260)) // 10)
        pygame.draw.rect(surf, (6, 30, 28, 235 if expanded else 150), (0, 0, w, h), border_radius=radius)
        pygame.draw.rect(surf, (255, 255, 255, 40), (0, 0, w, h), max(1, ui.s(2)), border_radius=radius)
        head = ui.text_fit(title.upper(), 15, w - ui.s(64) - (0 if expanded else self.reserve), (196, 226, 214), True)
        surf.blit(head, (ui.s(12), ui.s(8)))
        _expand_icon(surf, pygame.Rect(w - ui.s(34), ui.s(6), ui.s(24), ui.s(24)), expanded)
        line_h = ui.font(17).get_linesize()
        top = ui.s(8) + head.get_height() + ui.s(4)
        room = self.room(ui, h, top)
        text_w = w - ui.s(34)
        rows, rounds = self._rows_and_rounds(ui, text_w)
        self.scroll = min(self.scroll, max(0, len(rows) - room))
        end = len(rows) - self.scroll
        shown = rows[max(0, end - room):end]
        first = max(0, end - room)
        # where each shown row was drawn (panel coordinates): what a click on the panel points at (``row_at``)
        self._drawn[expanded] = (tuple(size), [(pygame.Rect(ui.s(12), top + i * line_h, text_w, line_h), row,
                                                rounds[first + i]) for i, row in enumerate(shown)])
        for i, (text, color, style) in enumerate(shown):
            bold = style in ("new", "round")
            img = ui.text_fit(text, 17, text_w, color, bold)  # a single word wider than the panel: cut
            y = top + i * line_h
            if style == "round":
                pygame.draw.line(surf, (250, 214, 120, 90), (ui.s(12) + img.get_width() + ui.s(8), y + line_h // 2),
                                 (w - ui.s(22), y + line_h // 2), max(1, ui.s(1)))
            elif style != "new" and not expanded and not self.scroll:
                img = img.copy()
                img.set_alpha(150 + round(100 * (i + 1) / len(shown)))
            surf.blit(img, (ui.s(12), y))
        if len(rows) > room:  # the scroll bar: where the shown rows are in the whole history
            track = pygame.Rect(w - ui.s(14), top, max(3, ui.s(6)), h - top - ui.s(10))
            pygame.draw.rect(surf, (255, 255, 255, 30), track, border_radius=track.w // 2)
            thumb_h = max(ui.s(24), round(track.h * room / len(rows)))
            thumb_y = track.y + round((track.h - thumb_h) * first / max(1, len(rows) - room))
            pygame.draw.rect(surf, (196, 226, 214, 170), (track.x, thumb_y, track.w, thumb_h),
                             border_radius=track.w // 2)
        return finish(surf)


def _expand_icon(surf: pygame.Surface, rect: pygame.Rect, expanded: bool) -> None:
    """Two corner arrows: out (enlarge the history) or in (back to the small panel)."""
    color = (196, 226, 214)
    width = max(1, rect.w // 10)
    k = rect.w // 3
    if expanded:
        corners = [((rect.x + k, rect.y), (rect.x + k, rect.y + k), (rect.x, rect.y + k)),
                   ((rect.right - k, rect.bottom), (rect.right - k, rect.bottom - k), (rect.right, rect.bottom - k))]
    else:
        corners = [((rect.x, rect.y + k), (rect.x, rect.y), (rect.x + k, rect.y)),
                   ((rect.right - k, rect.bottom), (rect.right, rect.bottom), (rect.right, rect.bottom - k))]
    for points in corners:
        pygame.draw.lines(surf, color, False, points, width)


def expand_icon_rect(ui: UI, log_rect: pygame.Rect) -> pygame.Rect:
    """Where the log panel's enlarge icon is drawn (window coordinates): its top right corner."""
    return pygame.Rect(log_rect.right - ui.s(40), log_rect.y, ui.s(40), ui.s(36))


# --- toasts ----------------------------------------------------------------------------------------------------------
class Toast:
    """A message over the table that pops in, stays ``duration`` seconds and fades; ``big`` for moments.

    The words wrap to the width the table gives (``max_w``): a long refusal becomes two or three lines inside
    the toast band instead of running over the seats or off the window. ``draw_toasts`` stacks them.

    ``text`` may be lazy (a function of no argument returning the words): it is then asked each time the toast is
    drawn, so a toast still showing after a change of language speaks the new one (the picture is cached per
    language).
    """

    def __init__(self, text: str | Callable[[], str], duration: float = 1.8, big: bool = False, color=GOLD):
        self._words, self.duration, self.big, self.color = text, duration, big, color
        self.age = 0.0
        #: the seat it is about and the event shown when it popped up (set by the table; None: the table's own)
        self.seat: int | None = None
        self.source = None
        self._img = None
        self._img_key = None

    @property
    def text(self) -> str:
        """The words in the current language."""
        return self._words() if callable(self._words) else self._words

    @property
    def done(self) -> bool:
        return self.age >= self.duration

    def image(self, ui: UI, max_w: int | None = None) -> pygame.Surface:
        """The finished toast (shadow included), its lines wrapped to fit ``max_w`` pixels."""
        key = (ui.scale, max_w, language())
        if self._img is not None and self._img_key == key:
            return self._img
        size = 34 if self.big else 22
        pad_x, pad_y = ui.s(30 if self.big else 22), ui.s(12 if self.big else 9)
        blur = ui.s(8)
        inner = None if max_w is None else max(ui.s(120), max_w - 2 * pad_x - 4 * blur)
        lines = [self.text] if inner is None else ui.wrap(self.text, size, inner, bold=True)
        texts = [ui.text(line, size, INK, bold=True) for line in lines]
        line_h = ui.font(size, True).get_linesize()
        w = max(t.get_width() for t in texts) + 2 * pad_x
        h = line_h * len(texts) + 2 * pad_y
        img = pygame.Surface((w + 4 * blur, h + 4 * blur), pygame.SRCALPHA)
        body = pygame.Rect(2 * blur, 2 * blur, w, h)
        radius = min(h // 2, ui.s(32))
        pygame.draw.rect(img, (0, 0, 0, 110), body.move(0, ui.s(5)), border_radius=radius)
        img = pygame.transform.gaussian_blur(img, blur)
        pygame.draw.rect(img, CREAM, body, border_radius=radius)
        pygame.draw.rect(img, self.color, body, max(2, ui.s(4)), border_radius=radius)
        y = body.y + pad_y
        for text in texts:
            img.blit(text, text.get_rect(midtop=(body.centerx, y)))
            y += line_h
        self._img, self._img_key = finish(img), key
        self.body_h = h
        self.blur = blur
        return self._img

    def draw(self, surface: pygame.Surface, center, ui: UI, max_w: int | None = None) -> None:
        t = self.age
        appear = min(1.0, t / 0.18)
        fade = min(1.0, max(0.0, (self.duration - t) / 0.35))
        scale = 0.85 + 0.15 * (1 - (1 - appear) ** 3)
        img = self.image(ui, max_w)
        if scale < 0.999:
            img = pygame.transform.smoothscale_by(img, scale)
        alpha = round(255 * min(appear, fade))
        if alpha < 255:
            img = img.copy()
            img.set_alpha(alpha)
        surface.blit(img, img.get_rect(center=(round(center[0]), round(center[1] - (1 - appear) * ui.s(12)))))


def draw_toasts(surface: pygame.Surface, toasts, band: pygame.Rect, ui: UI, shown: int = 3,
                avoid: pygame.Rect | None = None) -> None:
    """The newest ``shown`` toasts, wrapped to the band's width and stacked down from its top (never on each
    other: each takes its own height); the band's height holds as many as fit, the newest first. When the stack
    would cover ``avoid`` (e.g. what the tile in hand would bring), it sits at the bottom of the band instead."""
    gap = ui.s(6)
    kept, room = [], band.h
    for toast in reversed(toasts[-shown:]):
        toast.image(ui, band.w)
        if kept and toast.body_h > room:
            break
        kept.insert(0, toast)
        room -= toast.body_h + gap
    total = sum(toast.body_h + gap for toast in kept) - gap
    y = band.y
    if total > band.h or (avoid is not None and avoid.colliderect(pygame.Rect(band.x, band.y, band.w, total))):
        y = band.bottom - total  # a toast taller than the band grows upwards: never onto what is under the band
    for toast in kept:
        img = toast.image(ui, band.w)
        pad = toast.blur * 2
        top = y - pad  # the shadow margin may spill over the band's edge; the body starts at ``y``
        toast.draw(surface, (band.centerx, top + img.get_height() / 2), ui, band.w)
        y += toast.body_h + gap
