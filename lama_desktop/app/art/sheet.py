"""Contact sheet of all the art, for looking at it: ``python -m lama_desktop.app.art.sheet OUT.png [--part P]``.

Runs headless (SDL dummy drivers). ``--part`` limits the sheet to cards, small, tokens, dice or misc.
"""

from __future__ import annotations

import argparse
import os
import sys

import pygame

from lama_desktop.app import art
from lama_desktop.engine.registry import plugins


CARD_CAPTIONS = {"1", "2", "3", "4", "5", "6", "L", "P", "2/3", "4/5", "back", "3 +", "L +", "P +", "circle",
                 "square", "star", "+ star", ""}


def build(part: str = "all"):
    """The contact sheet of ``part`` (all, cards, small, tokens, dice, misc, extras): one surface."""
    return _compose(art, _sections(art, part))


def _sections(art, part: str) -> list:
    """What the sheet shows (``art``: the shared art package): ``(title, [(surface, caption)])`` per section, the
    shared art's then each game's."""
    sections = []  # (title, [(surface, caption)])
    cards = ("1", "2", "3", "4", "5", "6", "L", "P", "2/3", "4/5")
    if part in ("all", "cards"):
        sections.append(("Cards, 150 px", [(art.card_face(c, 150), c) for c in cards] + [(art.card_back(150), "back")]))
        sections.append(("Colour-blind set", [(art.card_face(c, 150, colorblind=True), c) for c in cards]))
        sections.append(("Party plus cards and Cadabra symbols", [
            (art.card_face("3", 150, plus=True), "3 +"), (art.card_face("L", 150, plus=True), "L +"),
            (art.card_face("P", 150, plus=True), "P +"),
            (art.card_face("4", 150, symbol="circle"), "circle"),
            (art.card_face("2/3", 150, symbol="square"), "square"),
            (art.card_face("6", 150, symbol="star"), "star"),
            (art.card_face("5", 150, plus=True, symbol="star"), "+ star"),
        ]))
        sections.append(("Large, 300 px", [(art.card_face("5", 300), "5"), (art.card_face("L", 300), "L"),
                                           (art.card_face("4/5", 300, symbol="star"), "4/5"),
                                           (art.card_back(300), "back")]))
    if part in ("all", "small", "cards"):
        sections.append(("Small, 60 px and 90 px", [(art.card_face(c, 60), c) for c in cards]
                         + [(art.card_back(60), "back")]
                         + [(art.card_face(c, 90, colorblind=True), c) for c in cards[:8]]
                         + [(art.card_face("2", 90, plus=True, symbol="circle"), "")]))
    if part in ("all", "tokens"):
        items = [(art.token(k, 80), k) for k in ("white", "black", "pink", "magic")]
        items += [(art.token(k, 32), "32") for k in ("white", "black", "pink", "magic")]
        items += [(art.token_stack("white", 7, 60), "7"), (art.token_stack("black", 3, 60), "3"),
                  (art.token_stack("pink", 1, 60), "1"), (art.token_stack("magic", 12, 60), "12"),
                  (art.token_stack("black", 0, 60), "0")]
        sections.append(("Tokens and stacks", items))
    if part in ("all", "misc") and hasattr(art, "logo"):
        items = [(art.logo(420), "logo"), (art.llama_figure(150), "cream"), (art.llama_figure(150, "pink"), "pink"),
                 (art.llama_figure(60, "brown"), "brown")]
        items += [(art.app_icon(s), str(s)) for s in (128, 64, 32, 16)]
        sections.append(("Logo, llamas, icon", items))

    for plugin in plugins().values():  # each game's own art (dice, the Lamagic Show, Llama Land's fields)
        sections += [section for section in plugin.art_sheet(part) if section not in sections]
    if part in ("all", "misc"):
        f = art.font(26)
        b = art.font(26, bold=True)
        text = [(f.render("Zażółć gęślą jaźń — ĄĆĘŁŃÓŚŹŻ", True, art.PALETTE["cream"]), "regular"),
                (b.render("Où est la lama? Éèêàçôù ÇŒ œ 0123456789", True, art.PALETTE["cream"]), "bold")]
        sections.append(("Font", text))
    return sections


def _compose(art, sections: list):
    """The sections laid out in rows on the felt, each title above its pictures and each caption under its own."""
    pad, width = 16, 1400
    title_font = art.font(20, bold=True)
    cap_font = art.font(13)
    # layout
    y = pad
    placed = []
    for title, items in sections:
        placed.append(("title", title, (pad, y)))
        y += 30
        x, row_h = pad, 0
        for surf, cap in items:
            w, h = surf.get_size()
            if x + w > width - pad:
                x, y = pad, y + row_h + 24
                row_h = 0
            placed.append(("item", (surf, cap), (x, y)))
            x += w + 14
            row_h = max(row_h, h)
        y += row_h + 34
    sheet_size = (width, y)
    sheet = art.table_felt(sheet_size).copy() if hasattr(art, "table_felt") else pygame.Surface(sheet_size)
    if not hasattr(art, "table_felt"):
        sheet.fill(art.PALETTE["felt"])
    for kind, what, pos in placed:
        if kind == "title":
            sheet.blit(title_font.render(what, True, art.PALETTE["cream"]), pos)
        else:
            surf, cap = what
            if abs(surf.get_height() - round(surf.get_width() * 1.4)) <= 1 and cap in CARD_CAPTIONS:
                pad_s = art.card_shadow_pad(surf.get_width())
                sheet.blit(art.card_shadow(surf.get_width()), (pos[0] - pad_s, pos[1] - pad_s))
            sheet.blit(surf, pos)
            sheet.blit(cap_font.render(cap, True, art.PALETTE["cream"]), (pos[0], pos[1] + surf.get_height() + 2))
    return sheet


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("out")
    parser.add_argument("--part", default="all", choices=("all", "cards", "small", "tokens", "dice", "misc", "extras"))
    args = parser.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

    pygame.init()
    pygame.display.set_mode((1, 1))
    sheet = build(args.part)
    pygame.image.save(sheet, args.out)
    print(f"wrote {args.out} ({sheet.get_width()}x{sheet.get_height()})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
