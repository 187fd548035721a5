"""Where the advisor (``advisor_panel.py``) sits at a table and how it marks the move looked at: the table's side
of the advisor's plumbing."""

from __future__ import annotations

import pygame

from lama_desktop.core import i18n
from lama_desktop.core.i18n import t
from lama_desktop.app.table.advisor_panel import draw_advice_rects


def advice_anchor(ui, log_rect):
    """The advisor's button (above ``log_rect``, right-aligned) and the area of its panel (over the log, growing
    upwards by at most one and a half times the log's height)."""
    log_rect = pygame.Rect(log_rect)
    text_w = ui.font(18).size(t("advisor.button"))[0]
    w, h = text_w + ui.s(40), ui.s(40)
    button = pygame.Rect(log_rect.right - w, log_rect.top - h - ui.s(12), w, h)
    grow = round(1.5 * log_rect.h)
    area = pygame.Rect(log_rect.x, log_rect.top - grow, log_rect.w, log_rect.h + grow)
    return button, area


class AdviceHooks:
    """Mixed into ``TableScene`` (``scene_base.py``)."""

    # the advisor (advisor_panel.py) -------------------------------------------------------------------------------
    def _advice_anchor(self):
        """(the advisor button's rect, the area its panel may fill): the button just above the log, right-aligned;
        the panel over the log, growing upwards by at most one and a half times the log's height."""
        button, area = advice_anchor(self.ui, self.layout["log"])
        for position in range(1, self.n):  # never over a seat's name plate (its score stays readable)
            plate = self.layout.get(f"seat{position}.plate")
            if plate is not None and plate.colliderect(area) and plate.bottom < area.bottom:
                top = plate.bottom + self.ui.s(8)
                area = pygame.Rect(area.x, top, area.w, area.bottom - top)
        return button, area

    def _advice_rects(self, move) -> list:
        """Where ``move`` is played on the table (rects to outline): its button, if it has one."""
        button = self.buttons.get(str(move))
        return [button.rect] if button is not None else []

    def _draw_advice(self, surface, estimates, focus: int = 0) -> None:
        """Mark the move looked at in the panel (the best one until another is) where it is played."""
        look = estimates[focus]
        draw_advice_rects(surface, self.ui, self._advice_rects(look.move), self.time, i18n.percent(look.win),
                          avoid=[self.status_rect()])
