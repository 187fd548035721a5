"""Pictures of the middle of the Llama Land table, each rendered once into a cached surface: the top tile of a
stack (seen from above, its icons on pastel cells), a llama card, a character card with its pictogram, an
objective card with its three spaces and the players' markers, and small chips for the player panels."""

from __future__ import annotations

import pygame

from lama_desktop.app import art
from lama_desktop.games.llama_land import art as land_art
from lama_desktop.app.art import cache as art_cache
from lama_desktop.core.i18n import language, t
from lama_desktop.app.table.pieces import finish
from lama_desktop.app.widgets import UI, draw_panel
from lama_desktop.games.llama_land.iso import INK, seat_rgb

CREAM = (251, 243, 225)
PAPER_EDGE = (214, 196, 168)
INK_SOFT = (112, 92, 76)
CROP_COLORS = {"corn": (240, 196, 64), "cacao": (156, 104, 70), "potato": (206, 170, 112)}
OBJ_COLORS = {"blue": (74, 128, 196), "purple": (140, 96, 180), "gold": (212, 164, 52)}
CELL_COLORS = {"none": (214, 226, 178), "corn": (246, 226, 160), "cacao": (226, 204, 176), "potato": (232, 218, 190),
               "coin": (246, 232, 170), "hut": (220, 206, 196)}

_CACHE: dict = {}
art_cache.on_clear(_CACHE.clear)  # emptied with the drawing caches (a display-format change, the text probe)


def cached(key, build):
    """``build()`` once per ``key`` and language (the pictures hold translated words: a language change mid-game
    must draw them again, never show the old language's)."""
    key = (language(), *key)
    img = _CACHE.get(key)
    if img is None:
        if len(_CACHE) > 600:
            _CACHE.clear()
        img = _CACHE[key] = build()
    return img


def icon(name: str, size: int) -> pygame.Surface:
    return cached(("icon", name, size), lambda: finish(land_art.land_icon(name, size)))


def flat_tile(icons, cells, cell: int, dim: bool = False) -> pygame.Surface:
    """A terrain tile seen from above: ``cells`` [[x, y]] with ``icons`` (shape order)."""
    def build():
        w = (max(x for x, _ in cells) + 1) * cell
        h = (max(y for _, y in cells) + 1) * cell
        pad = max(2, cell // 8)
        surf = pygame.Surface((w + 2 * pad, h + 2 * pad + pad), pygame.SRCALPHA)
        for (x, y) in cells:  # drop shadow
            pygame.draw.rect(surf, (0, 0, 0, 60), (pad + x * cell, pad + y * cell + pad, cell, cell))
        line = max(1, cell // 14)
        for (x, y), name in zip(cells, icons, strict=False):
            r = pygame.Rect(pad + x * cell, pad + y * cell, cell, cell)
            pygame.draw.rect(surf, CELL_COLORS.get(name, CELL_COLORS["none"]), r)
            pygame.draw.rect(surf, (0, 0, 0, 30), r, 1)
            if name != "none":
                img = icon(name, int(cell * 0.78))
                surf.blit(img, img.get_rect(center=r.center))
        owned = {tuple(c) for c in cells}
        for (x, y) in cells:
            r = pygame.Rect(pad + x * cell, pad + y * cell, cell, cell)
            if (x, y - 1) not in owned:
                pygame.draw.line(surf, INK, r.topleft, (r.right, r.top), line + 1)
            if (x, y + 1) not in owned:
                pygame.draw.line(surf, INK, (r.left, r.bottom), (r.right, r.bottom), line + 1)
            if (x - 1, y) not in owned:
                pygame.draw.line(surf, INK, r.topleft, (r.left, r.bottom), line + 1)
            if (x + 1, y) not in owned:
                pygame.draw.line(surf, INK, (r.right, r.top), (r.right, r.bottom), line + 1)
        if dim:
            surf.fill((150, 150, 150, 255), special_flags=pygame.BLEND_RGBA_MULT)
        return finish(surf)
    return cached(("flat", tuple(icons), tuple(tuple(c) for c in cells), cell, dim), build)


def llama_card(ui: UI, crop: str, value: int | None, w: int, h: int) -> pygame.Surface:
    """A llama card: the crop's colour band, the crop icon, the value large (None: an empty column)."""
    def build():
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        radius = max(4, w // 10)
        if value is None:
            pygame.draw.rect(surf, (255, 255, 255, 40), (0, 0, w, h), max(1, w // 30), border_radius=radius)
            return finish(surf)
        pygame.draw.rect(surf, (0, 0, 0, 70), (2, 4, w - 2, h - 2), border_radius=radius)
        body = pygame.Rect(0, 0, w - 2, h - 3)
        pygame.draw.rect(surf, CREAM, body, border_radius=radius)
        band = pygame.Rect(0, 0, w - 2, h // 4)
        pygame.draw.rect(surf, CROP_COLORS[crop], band, border_top_left_radius=radius, border_top_right_radius=radius)
        pygame.draw.rect(surf, INK, body, max(1, w // 34), border_radius=radius)
        ic = icon(crop, int(h * 0.22))
        surf.blit(ic, ic.get_rect(center=(body.centerx, band.bottom)))
        num = ui.text(str(value), h * 0.42 / ui.scale, INK, bold=True)
        surf.blit(num, num.get_rect(center=(body.centerx, body.y + h * 0.64)))
        fig = art.llama_head(int(h * 0.2)) if hasattr(art, "llama_head") else None
        if fig is not None:
            surf.blit(fig, fig.get_rect(bottomright=(body.right - 3, body.bottom - 2)))
        return finish(surf)
    return cached(("llama_card", crop, value, w, h, ui.scale), build)


CHAR_PICTO = {
    "trader": lambda c: [(c[0], 1), ("swap", 0), (c[1], 1)],
    "merchant": lambda c: [("coin", 1), ("swap", 0), (c[0], 1)],
    "farmer": lambda c: [(c[0], 2), ("arrow", 0), (c[0], 1)],
    "settler": lambda c: [("corn", 1), ("cacao", 1), ("potato", 1), ("arrow", 0), ("coin", 2)],
    "miner": lambda c: [("coin", 1), ("arrow", 0), ("coin", 1)],
    "worker": lambda c: [("hut", 1), ("arrow", 0), ("coin", 1)],
}


def _glyph(surf, kind, center, size):
    x, y = center
    r = size * 0.35
    width = max(2, int(size * 0.09))
    if kind == "swap":
        pygame.draw.line(surf, INK, (x - r, y - r * 0.35), (x + r, y - r * 0.35), width)
        pygame.draw.polygon(surf, INK, [(x + r + width, y - r * 0.35), (x + r * 0.45, y - r * 0.8),
                                        (x + r * 0.45, y + r * 0.1)])
        pygame.draw.line(surf, INK, (x - r, y + r * 0.45), (x + r, y + r * 0.45), width)
        pygame.draw.polygon(surf, INK, [(x - r - width, y + r * 0.45), (x - r * 0.45, y), (x - r * 0.45, y + r * 0.9)])
    else:
        pygame.draw.line(surf, INK, (x - r, y), (x + r * 0.6, y), width)
        pygame.draw.polygon(surf, INK, [(x + r + width, y), (x + r * 0.2, y - r * 0.6), (x + r * 0.2, y + r * 0.6)])


def pictogram(ctype: str, crops, size: int) -> pygame.Surface:
    """What a character does, in icons: ``give ⇄ get`` or ``covered → bonus``."""
    return pictogram_items(CHAR_PICTO[ctype](list(crops) + ["corn", "cacao"]), size)


def pictogram_items(items, size: int) -> pygame.Surface:
    """A row of icons (``(name, count)``; ``swap`` / ``arrow`` are glyphs) ``size`` px high."""
    items = tuple(tuple(i) for i in items)

    def build():
        gap = max(1, size // 10)
        widths = []
        for name, n in items:
            widths.append(size if name in ("swap", "arrow") else size * (1 if n <= 1 else 1.45))
        total = int(sum(widths) + gap * (len(items) - 1))
        surf = pygame.Surface((total, size + 2), pygame.SRCALPHA)
        x = 0
        for (name, n), w in zip(items, widths, strict=False):
            if name in ("swap", "arrow"):
                _glyph(surf, name, (x + w / 2, size / 2), size)
            else:
                ic = icon(name, int(size * 0.92))
                if n >= 2:
                    surf.blit(ic, (x + w - ic.get_width(), 2))
                    surf.blit(ic, (x, 0))
                else:
                    surf.blit(ic, (x, 1))
            x += w + gap
        return finish(surf)
    return cached(("picto", items, size), build)


def character_card(ui: UI, char: dict, w: int, h: int, *, back: bool = False, count: int | None = 0,
                   named: bool = True) -> pygame.Surface:
    """A character card (its name, unless not ``named``: a thumbnail, and its action's pictogram), or the deck's
    back with ``count`` (None: a single card face down, no count)."""
    def build():
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        radius = max(4, w // 9)
        pygame.draw.rect(surf, (0, 0, 0, 70), (2, 4, w - 2, h - 3), border_radius=radius)
        body = pygame.Rect(0, 0, w - 2, h - 4)
        if back:
            pygame.draw.rect(surf, (96, 128, 94), body, border_radius=radius)
            pygame.draw.rect(surf, (130, 164, 122), body.inflate(-w // 6, -w // 6), max(1, w // 30),
                             border_radius=radius)
            fig = art.llama_figure(int(h * 0.45), "cream")
            surf.blit(fig, fig.get_rect(center=(body.centerx, body.centery - h * 0.08)))
            if count is not None:
                label = ui.text(str(count), 22, CREAM, bold=True)
                surf.blit(label, label.get_rect(midbottom=(body.centerx, body.bottom - h * 0.06)))
            pygame.draw.rect(surf, INK, body, max(1, w // 34), border_radius=radius)
            return finish(surf)
        pygame.draw.rect(surf, CREAM, body, border_radius=radius)
        band = pygame.Rect(0, 0, body.w, int(h * 0.24))
        pygame.draw.rect(surf, (226, 210, 180), band, border_top_left_radius=radius, border_top_right_radius=radius)
        pygame.draw.rect(surf, INK, body, max(1, w // 34), border_radius=radius)
        if named:
            name = ui.text_fit(t(f"llama_land.char.{char['type']}.name"), 14, body.w - 6, INK, bold=True)
            surf.blit(name, name.get_rect(center=band.center))
        if char["type"] == "settler":  # three crops over "→ 2 coins": two rows read better than one long one
            size = max(10, int(w * 0.3))
            row1 = pictogram_items([("corn", 1), ("cacao", 1), ("potato", 1)], size)
            row2 = pictogram_items([("arrow", 0), ("coin", 2)], size)
            surf.blit(row1, row1.get_rect(center=(body.centerx, body.y + h * 0.45)))
            surf.blit(row2, row2.get_rect(center=(body.centerx, body.y + h * 0.45 + size * 1.1)))
        else:
            pic = pictogram(char["type"], char.get("crops", []), max(10, int(w * 0.36)))
            if pic.get_width() > body.w - 8:
                pic = pygame.transform.smoothscale_by(pic, (body.w - 8) / pic.get_width())
            surf.blit(pic, pic.get_rect(center=(body.centerx, body.y + h * 0.54)))
        kind = t("llama_land.char.active") if char["type"] in ("trader", "merchant") else t("llama_land.char.passive")
        if ui.font(11).size(kind)[0] <= body.w - 6:  # a card too small for it: the hover tip says it
            tag = ui.text(kind, 11, INK_SOFT)
            surf.blit(tag, tag.get_rect(midbottom=(body.centerx, body.bottom - 4)))
        return finish(surf)
    return cached(("char", char.get("type"), tuple(char.get("crops", [])), w, h, back, count, named, ui.scale), build)


#: the share of an objective card's width its three spaces take (the rest: its name and condition)
SPACES_SHARE = 0.32


def objective_card(ui: UI, obj: dict, w: int, h: int, highlight_spaces=(), seat_names=None) -> pygame.Surface:
    """An objective: colour band, name and condition, three spaces (points) with the markers on them."""
    markers = tuple(obj["markers"])

    def build():
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        radius = max(5, h // 10)
        pygame.draw.rect(surf, (0, 0, 0, 70), (2, 4, w - 2, h - 3), border_radius=radius)
        body = pygame.Rect(0, 0, w - 2, h - 4)
        pygame.draw.rect(surf, CREAM, body, border_radius=radius)
        stripe = pygame.Rect(0, 0, max(8, w // 28), body.h)
        pygame.draw.rect(surf, OBJ_COLORS.get(obj["colour"], (120, 120, 120)), stripe,
                         border_top_left_radius=radius, border_bottom_left_radius=radius)
        pygame.draw.rect(surf, INK, body, max(1, h // 60), border_radius=radius)
        spaces_w = int(w * SPACES_SHARE)
        text_x = stripe.right + ui.s(6)
        text_w = body.w - spaces_w - text_x - ui.s(4)
        title = ui.text_fit(t(f"llama_land.objective.{obj['id']}.name"), 13, text_w, INK, bold=True)
        y = body.y + max(1, ui.s(3))
        surf.blit(title, (text_x, y))
        y += ui.font(13, True).get_height()
        # the condition in the lines the card holds (the layout gives it two); a line dropped ends with "…",
        # which the layout checks report (the tooltip has the condition in full)
        line_h = ui.font(12).get_height()
        room = max(1, (body.bottom - 1 - y) // line_h)
        for line in ui.wrap(t(f"llama_land.objective.{obj['id']}.text"), 12, text_w, max_lines=room):
            surf.blit(ui.text(line, 12, INK_SOFT), (text_x, y))
            y += line_h
        # the three spaces
        d = min(int(spaces_w / 3.3), int(body.h * 0.62))
        gap = (spaces_w - 3 * d) / 4
        cy = body.centery
        for i in range(3):
            cx = body.right - spaces_w + gap + d / 2 + i * (d + gap)
            center = (round(cx), cy)
            closed = obj.get("two_player") and i == 1
            ring = (190, 176, 150) if not closed else (220, 210, 196)
            pygame.draw.circle(surf, (238, 226, 200), center, d // 2)
            pygame.draw.circle(surf, ring, center, d // 2, max(1, d // 14))
            if i in highlight_spaces:
                pygame.draw.circle(surf, (255, 214, 110), center, d // 2 + 2, max(2, d // 8))
            owner = markers[i]
            if owner is not None:
                col = seat_rgb(owner)
                pygame.draw.circle(surf, (0, 0, 0, 80), (center[0] + 1, center[1] + 2), int(d * 0.42))
                pygame.draw.circle(surf, col, center, int(d * 0.42))
                pygame.draw.circle(surf, INK, center, int(d * 0.42), max(1, d // 16))
                light = 0.299 * col[0] + 0.587 * col[1] + 0.114 * col[2] > 170  # dark figures on a yellow marker
                pts = ui.text(str(obj["spaces"][i]) if obj["colour"] != "gold" else ("1", "2", "3")[i], 13,
                              INK if light else (255, 255, 255), bold=True)
            else:
                label = str(obj["spaces"][i]) if obj["colour"] != "gold" else t(f"llama_land.objective.rank{i + 1}")
                pts = ui.text(label if not closed else "–", 15, INK if not closed else PAPER_EDGE, bold=True)
            surf.blit(pts, pts.get_rect(center=center))
        return finish(surf)
    return cached(("obj", obj["id"], markers, w, h, tuple(highlight_spaces), bool(obj.get("two_player")),
                   ui.scale), build)


def space_centers(obj_rect: pygame.Rect, w: int, h: int) -> list[tuple[int, int, int]]:
    """Screen centres and radius of an objective card's three spaces (same geometry as ``objective_card``)."""
    body_h = h - 4
    spaces_w = int(w * SPACES_SHARE)
    d = min(int(spaces_w / 3.3), int(body_h * 0.62))
    gap = (spaces_w - 3 * d) / 4
    out = []
    for i in range(3):
        cx = obj_rect.x + (w - 2) - spaces_w + gap + d / 2 + i * (d + gap)
        out.append((round(cx), obj_rect.y + body_h // 2, d // 2))
    return out


def panel(surface, rect, ui, fill=CREAM, border=PAPER_EDGE):
    draw_panel(surface, rect, ui, fill=fill, border=border)
