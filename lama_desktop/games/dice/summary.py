"""LAMA Dice's round summary (``DiceRoundSummary``): how the round ended, each row's cards (a value counts once),
points and tokens."""

from __future__ import annotations

import pygame

from lama_desktop.app import art
from lama_desktop.core.i18n import about, plural, t
from lama_desktop.app.scenes.round_summary import RoundSummaryScene, draw_token_piles
from lama_desktop.app.table.pieces import GOLD, INK, INK_SOFT
from lama_desktop.app.widgets import CREAM as W_CREAM, blit_center, draw_panel
from lama_desktop.games.dice.rules import holding
from lama_desktop.games.dice.words import sort_cards


class DiceRoundSummary(RoundSummaryScene):
    """End of a round: how it ended, each row's cards (duplicates faded: a value counts once), points, tokens.

    Built from the engine's ``round_end`` data only (``ended_by``, ``by``, ``rows`` with ``cards``, ``values``,
    ``points``, ``quit``; ``scores``), so it never counts anything itself."""

    name = "dice_round_summary"
    row_top = 112
    rows_room = 620

    def _continue_text(self) -> str:
        return t("dice.summary.continue")

    def headline(self) -> str:
        d = self.data
        by = d.get("by")
        name = self.names[by] if by is not None and 0 <= by < len(self.names) else "?"
        key = "dice.summary.end_" + str(d.get("ended_by", "all_quit"))  # i18n-keys: dice.summary.end_*
        return about(key, by, name=name)

    def draw_static(self, surface, ui):
        d = self.data
        draw_panel(surface, self.panel, ui)
        title = ui.text(t("dice.summary.title", round=d.get("round", "?")), 40, INK, bold=True)
        self._figure(-1, "title", blit_center(surface, title, (self.panel.centerx, self.panel.y + ui.s(50))))
        self._figure(-1, "sub", blit_center(surface, ui.text(self.headline(), 22, INK_SOFT),
                                            (self.panel.centerx, self.panel.y + ui.s(92))))
        x0 = self.panel.x + ui.s(40)
        top = self.panel.y + ui.s(128)
        col_cards = x0 + ui.s(230)
        col_explain = self.panel.right - ui.s(470)
        col_tokens = self.panel.right - ui.s(200)
        for text, x in ((t("dice.summary.col_cards"), col_cards), (t("dice.summary.col_points"), col_explain),
                        (t("dice.summary.col_total"), col_tokens)):
            head = ui.text(text.upper(), 15, INK_SOFT, bold=True).get_rect(topleft=(x, top - ui.s(22)))
            self._figure(-1, f"head:{x}", head)
            surface.blit(ui.text(text.upper(), 15, INK_SOFT, bold=True), (x, top - ui.s(22)))
        card_w = max(30, min(ui.s(56), round(self.row_h * 0.62)))
        card_h = round(card_w * 1.4)
        by = d.get("by")
        for row in d["rows"]:
            seat = int(row["seat"])
            y = top + seat * self.row_h
            box = pygame.Rect(x0 - ui.s(12), y, self.panel.w - ui.s(56), self.row_h - ui.s(8))
            special = seat == by and d.get("ended_by") in ("empty_row", "blowup", "last_card")
            fill = (252, 236, 200) if special else ((246, 238, 222) if seat % 2 == 0 else W_CREAM)
            pygame.draw.rect(surface, fill, box, border_radius=ui.s(12))
            if special:
                color = (200, 70, 60) if d.get("ended_by") == "blowup" else GOLD
                pygame.draw.rect(surface, color, box, max(2, ui.s(2)), border_radius=ui.s(12))
            cy = box.centery
            name_img = ui.text(self.names[seat], 26, INK, bold=True)
            self._figure(seat, "name", surface.blit(name_img, name_img.get_rect(midleft=(x0, cy - ui.s(12)))))
            sub = t("dice.summary.quit") if row.get("quit") else (
                t("dice.summary.empty") if not row["cards"] else plural("dice.summary.cards_left", len(row["cards"])))
            sub_img = ui.text(sub, 18, INK_SOFT)
            self._figure(seat, "name", surface.blit(sub_img, sub_img.get_rect(midleft=(x0, cy + ui.s(16)))))
            cards = sort_cards(row["cards"])
            avail = col_explain - col_cards - ui.s(20)
            step = min(card_w + ui.s(6), max(ui.s(12), (avail - card_w) / max(1, len(cards) - 1)))
            seen: set = set()
            x = col_cards
            for name in cards:
                img = art.card_face(name, card_w, colorblind=self.colorblind)
                if name in seen:
                    img = img.copy()
                    img.set_alpha(110)
                seen.add(name)
                self._figure(seat, "cards", surface.blit(img, (round(x), cy - card_h // 2)))
                x += step
            if not cards:
                surface.blit(ui.text("—", 26, INK_SOFT), (col_cards, cy - ui.s(14)))
            values = [str(v) for v in row["values"] if str(v) != "L"]
            if "L" in [str(v) for v in row["values"]]:
                values.append(t("dice.summary.llama"))
            explain = (" + ".join(values) + f" = {row['points']}") if values else t("dice.summary.zero")
            img = ui.text(explain, 22, INK, bold=row["points"] > 0)
            if img.get_width() > col_tokens - col_explain - ui.s(16):
                img = pygame.transform.smoothscale_by(img, (col_tokens - col_explain - ui.s(16)) / img.get_width())
            self._figure(seat, "explain", surface.blit(img, img.get_rect(midleft=(col_explain, cy))))
            gained = int(row["points"])
            g = ui.text(f"+{gained}" if gained else "±0", 26, (60, 120, 60) if gained == 0 else (170, 70, 50),
                        bold=True)
            self._figure(seat, "outcome", surface.blit(g, g.get_rect(midleft=(col_tokens, cy - ui.s(14)))))
            held = holding(gained, self.pinks)
            kinds = [kind for denom, kind in ((20, "pink"), (10, "black"), (1, "white"))
                     for _ in range(min(held[denom], 9))]
            self.token_faces[seat] = draw_token_piles(surface, ui, kinds, col_tokens + g.get_width() + ui.s(12),
                                                      cy - ui.s(14), self.panel.right - ui.s(38))  # inside the row
            total = ui.text(t("dice.summary.total", total=self.totals()[seat]), 19, INK_SOFT)
            for rect in [total.get_rect(topleft=(col_tokens, cy + ui.s(8)))] + [r[-1] for r in self.token_faces[seat]]:
                self._figure(seat, "outcome", pygame.Rect(rect))
            surface.blit(ui.text(t("dice.summary.total", total=self.totals()[seat]), 19, INK_SOFT),
                         (col_tokens, cy + ui.s(8)))
