"""LAMA Cadabra's round summary (``CadabraSummaryScene``): the shared round summary with Cadabra's counting, a double
card counted under both of its values and the magic token adding 10."""

from __future__ import annotations

import pygame

from lama_desktop.app import art
from lama_desktop.core.i18n import t
from lama_desktop.app.scenes.round_summary import RoundSummaryScene
from lama_desktop.app.table.pieces import GOLD, card_height, card_image
from lama_desktop.app.widgets import INK_SOFT
from lama_desktop.games.cadabra.components import VALUES
from lama_desktop.games.cadabra.words import DISPLAY, ENGINE, KIND_OF, sort_hand


class CadabraSummaryScene(RoundSummaryScene):
    """The round summary with Cadabra's counting: a double card under both its values, the magic token +10."""

    name = "cadabra_round_summary"
    explain_from_right = 500
    emptied_border = GOLD  # the table pieces' gold (a shade lighter than the menus')

    def _card_face(self, name: str, width: int) -> pygame.Surface:
        img = card_image(name, width, self.colorblind)
        if img.get_width() != width:
            img = pygame.transform.smoothscale(img, (width, card_height(width)))
        return img

    def explain(self, seat: int) -> str:
        b = self.data["breakdown"][seat]
        parts = []
        for entry in b.get("values", []):
            value, cards = entry["value"], entry["cards"]
            doubles = sorted({c for c in cards if "/" in c})
            if doubles:  # a double card counts under both of its values: say so each time
                parts.append(f"{value} ({doubles[0]})")
            else:
                parts.append(str(value))
        if b.get("llama_points"):
            parts.append(t("hand.summary.llama", points=b["llama_points"]))
        if b.get("magic_points"):
            parts.append(t("cadabra.summary.magic", points=b["magic_points"]))
        if not parts:
            return t("hand.summary.zero")
        return " + ".join(parts) + f" = {b.get('total', 0)}"

    def static_steps(self, surface, ui):
        d = self.data
        emptied = self._draw_heading(surface, ui)
        x0, top, col_cards, col_explain, col_tokens = self._draw_columns(surface, ui)
        yield
        card_w = max(30, min(ui.s(56), round(self.row_h * 0.62)))
        holder = int(d.get("magic_holder", -1))
        for seat, name in enumerate(self.names):
            row = self._draw_row(surface, ui, seat, name, x0, top, emptied)
            cy = row.centery
            hand = sort_hand(DISPLAY[c] for c in d["hands"][seat])
            extra = 1 if seat == holder else 0
            cards = []
            seen: set = set()
            for card in hand:
                values = VALUES[KIND_OF[ENGINE[card]]]
                cards.append((card, any(v not in seen for v in values)))
                seen.update(values)
            x = self._draw_cards(surface, ui, cards, len(hand) + extra, col_cards, cy, card_w,
                                 col_explain - col_cards - ui.s(20))
            if extra:
                token = art.token("magic", round(card_w * 0.9))
                surface.blit(token, token.get_rect(midleft=(round(x), cy)))
            if not hand and not extra:
                surface.blit(ui.text("—", 26, INK_SOFT), (col_cards, cy - ui.s(14)))
            gained = d["points"][seat]
            kinds = ["black"] * min(gained // 10, 9) + ["white"] * (gained % 10)
            self._draw_outcome(surface, ui, seat, cy, col_explain, col_tokens, kinds, self.panel.right - ui.s(24))
            yield
