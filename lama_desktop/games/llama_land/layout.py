"""Where the pieces of the Llama Land table go: the layout's numbers, named.

The layout is drawn on a reference table of ``REF_W`` × ``REF_H`` and scaled to the window (``table_rects``). At a
UI scale above 100 % the panes whose text grows make room: the objectives, the player panels and the buttons widen
or heighten by the scale ``k``; the top row (tiles, llama cards, characters) grows taller and its cards narrower (by
``c``, the top row's share of its reference width); and the domain view, which zooms to fit any size, gives up the
space. Below 100 % the layout stays and only the contents shrink.
"""

from __future__ import annotations

import pygame

#: the llama-card columns, left to right
CROPS = ("corn", "cacao", "potato")

#: the reference table
REF_W, REF_H = 1600, 900
#: the table's margins, and the gap between the panes side by side
MARGIN_LEFT, MARGIN_TOP, MARGIN_RIGHT, MARGIN_BOTTOM = 16, 10, 12, 12
PANE_GAP = 12
#: the gap between the top row and the supply line, and between the supply line and the domain
ROW_GAP, SUPPLY_GAP = 8, 10
#: the right column (objectives, log, buttons) and the player panels' column, at 100 %
OBJECTIVES_W, PANELS_W = 308, 356
#: the top row: its reference width (``c`` scales it) and its height at 100 %
TOP_ROW_W, TOP_ROW_H = 1252, 176
#: a pane's title line above its cards (the character cards and objective cards sit a little lower)
TITLE_H, CHAR_TITLE_H, OBJ_TITLE_H = 20, 24, 24
#: the terrain stacks: the pane's width, one card's step, width and height
STACKS_W, STACK_STEP, STACK_W, STACK_H = 468, 95, 86, 146
#: the llama-card columns: the pane's left and width, the first card's left, a card's step, width and height
COLUMNS_X, COLUMNS_W, COLUMN_X, COLUMN_STEP, COLUMN_W, COLUMN_H = 482, 238, 488, 77, 70, 96
#: the character row and deck: the pane's left and width, the first card's left, a card's step, width and height
#: (wide enough for the longest character name at the smallest text size, at 130 % in a 1280x720 window)
CHARS_X, CHARS_W, CHAR_X, CHAR_STEP, CHAR_W, CHAR_H = 732, 520, 738, 90, 84, 112
#: the character deck (``char5``) is narrower: a card back and its count
DECK_W = 56
#: the character row's five cards and the deck (``char5``)
CHAR_SLOTS = 6
#: the supply line's height
SUPPLY_H = 34
#: the status line over the bottom of the domain: its left inset, its height and its gap to the panel's bottom
STATUS_X, STATUS_H, STATUS_GAP = 30, 46, 8
#: the gap between two player panels
PANEL_GAP = 8
#: the right column from the bottom: the buttons, the log, the advisor's button between the log and the objectives
BUTTONS_H, LOG_H, LOG_GAP, ADVISOR_H = 154, 142, 8, 52
#: the log's least height (a larger interface), and the rows it always shows (the layout checks ask for them)
LOG_H_MIN, LOG_ROWS = 84, 4
#: a button's height over its text's (reference pixels): a large interface's buttons grow no taller than that
BUTTON_PAD = 14
#: an objective card: its inset, width less the pane's, tallest height and the gap between two
OBJ_INSET, OBJ_TRIM, OBJ_H, OBJ_GAP = 8, 14, 84, 6
#: the pause button in the domain's top right corner
MENU_W, MENU_H, MENU_INSET = 46, 40, 8


def table_rects(size, ui_scale: float, players: int, objectives: int, ui=None) -> dict[str, pygame.Rect]:
    """The table's rects for a window ``size`` (``ui``: the table's ``UI``, whose fonts size the log and the
    buttons; without it, the reference numbers): ``stacks``/``stack<i>``, ``columns``/``column<i>``,
    ``chars``/``char<i>`` (``char5``: the deck), ``supply``, ``domain``, ``status``, ``panels``/``panel<seat>``,
    ``objectives``/``obj<i>``, ``log``, ``buttons``, ``menu``."""
    sx, sy = size[0] / REF_W, size[1] / REF_H

    def R(x, y, w, h) -> pygame.Rect:
        return pygame.Rect(round(x * sx), round(y * sy), round(w * sx), round(h * sy))

    r = {}
    k = max(1.0, ui_scale)
    obj_w, pan_w = OBJECTIVES_W * k, PANELS_W * k
    x_obj = REF_W - MARGIN_RIGHT - obj_w
    x_pan = x_obj - PANE_GAP - pan_w
    c = (x_obj - PANE_GAP - MARGIN_LEFT) / TOP_ROW_W
    top_h = TOP_ROW_H * k
    r["stacks"] = R(MARGIN_LEFT, MARGIN_TOP, STACKS_W * c, top_h)
    for i in range(5):
        r[f"stack{i}"] = R(MARGIN_LEFT + i * STACK_STEP * c, MARGIN_TOP + TITLE_H * k, STACK_W * c, STACK_H * k)
    r["columns"] = R(MARGIN_LEFT + COLUMNS_X * c, MARGIN_TOP, COLUMNS_W * c, top_h)
    for i in range(len(CROPS)):
        r[f"column{i}"] = R(MARGIN_LEFT + (COLUMN_X + i * COLUMN_STEP) * c, MARGIN_TOP + TITLE_H * k, COLUMN_W * c,
                            COLUMN_H * k)
    r["chars"] = R(MARGIN_LEFT + CHARS_X * c, MARGIN_TOP, CHARS_W * c, top_h)
    for i in range(CHAR_SLOTS):
        r[f"char{i}"] = R(MARGIN_LEFT + (CHAR_X + i * CHAR_STEP) * c, MARGIN_TOP + CHAR_TITLE_H * k,
                          (CHAR_W if i < CHAR_SLOTS - 1 else DECK_W) * c, CHAR_H * k)
    r["supply"] = R(MARGIN_LEFT, MARGIN_TOP + ROW_GAP + top_h, TOP_ROW_W * c, SUPPLY_H * k)
    y0 = MARGIN_TOP + ROW_GAP + top_h + SUPPLY_H * k + SUPPLY_GAP
    dom_w, body_h = x_pan - PANE_GAP - MARGIN_LEFT, REF_H - MARGIN_BOTTOM - y0
    r["domain"] = R(MARGIN_LEFT, y0, dom_w, body_h)
    r["status"] = R(STATUS_X, REF_H - MARGIN_BOTTOM - STATUS_GAP - STATUS_H * k, dom_w - 2 * (STATUS_X - MARGIN_LEFT),
                    STATUS_H * k)
    r["panels"] = R(x_pan, y0, pan_w, body_h)
    ph = (body_h - PANEL_GAP * (players - 1)) / players
    for s in range(players):
        r[f"panel{s}"] = R(x_pan, y0 + s * (ph + PANEL_GAP), pan_w, ph)
    buttons_h, log_h = BUTTONS_H * k, max(LOG_H_MIN, LOG_H - (k - 1) * (BUTTONS_H + ADVISOR_H))
    if ui is not None:  # what the text needs: three rows of buttons (never under 100 %'s), the log's LOG_ROWS rows
        rows_px = 3 * (ui.font(20, True).get_height() + ui.s(BUTTON_PAD)) + 2 * ui.s(10)
        buttons_h = min(buttons_h, max(BUTTONS_H, rows_px / sy))
        log_need = ui.s(8) + ui.font(15, True).get_height() + ui.s(4) + LOG_ROWS * ui.font(17).get_linesize()
        log_h = max(log_h, (log_need + ui.s(10)) / sy)
    buttons_y = REF_H - MARGIN_BOTTOM - buttons_h
    # the log (which opens larger on demand) gives up what the buttons and the advisor's button grow by, down to
    # the height its LOG_ROWS rows need (issue 32: two rows at 115 % were no history); the objective cards give
    # up the rest and keep their name and two lines of condition (the buttons growing no taller than needed)
    log_y = buttons_y - LOG_GAP - log_h
    obj_h = log_y - LOG_GAP - MARGIN_TOP - ADVISOR_H * k  # the advisor's button sits between the objectives and the log
    r["objectives"] = R(x_obj, MARGIN_TOP, obj_w, obj_h)
    count = objectives or 1
    room = obj_h - OBJ_TITLE_H * k - 2  # the cards end inside the pane
    oh = min(OBJ_H * k, (room - OBJ_GAP * (count - 1)) / count)
    for i in range(objectives):
        r[f"obj{i}"] = R(x_obj + OBJ_INSET, MARGIN_TOP + OBJ_TITLE_H * k + i * (oh + OBJ_GAP), obj_w - OBJ_TRIM, oh)
    r["log"] = R(x_obj, log_y, obj_w, buttons_y - LOG_GAP - log_y)
    r["buttons"] = R(x_obj, buttons_y, obj_w, buttons_h)
    r["menu"] = R(MARGIN_LEFT + dom_w - MENU_INSET - MENU_W * k, y0 + MENU_INSET, MENU_W * k, MENU_H * k)
    return r


def panel_geometry(ui, rect: pygame.Rect, chars: list) -> dict:
    """Where a player panel's parts go (``rect``: the panel, ``chars``: the seat's characters). Right of the mini
    domain: the resources, the kit line, the llama-card chips and, below them, the character chips. A short panel
    (many players, a large UI scale) has no room for that last row: its character chips then sit under the mini
    domain, which gives up the height."""
    head_h = ui.s(28)
    x0 = rect.x + int(rect.w * 0.44)
    isz = min(ui.s(22), max(10, (rect.h - head_h) // 5))
    y_res = rect.y + head_h + ui.s(6)
    y_info = y_res + isz + ui.s(4)
    y_chips = y_info + ui.font(13).get_height() + ui.s(3)
    # four resources, each an icon and a two-digit count, spread over the room right of the mini domain
    step = min(isz + ui.s(30), (rect.right - ui.s(6) - x0 - isz - ui.font(17, True).size("88")[0])
               // 3)
    chip_h = ui.s(20)
    gap = ui.s(4)
    body = pygame.Rect(rect.x + ui.s(6), rect.y + head_h + ui.s(4), int(rect.w * 0.40),
                       rect.h - head_h - ui.s(10))

    def row(x, right, bottom, most):
        size = min(most, (right - x + gap) // max(1, len(chars)) - gap)
        return size, [(c["id"], pygame.Rect(x + i * (size + gap), bottom - size, size, size))
                      for i, c in enumerate(chars)]

    bottom = rect.bottom - ui.s(8)
    size, placed = row(x0, rect.right - ui.s(8), bottom, min(ui.s(40), rect.h // 4))
    if chars and bottom - size < y_chips + chip_h + ui.s(3):
        size, placed = row(body.x, body.right, bottom, min(ui.s(34), body.h // 2))
        body.h = max(1, bottom - size - ui.s(4) - body.y)
    return {"x0": x0, "isz": isz, "step": step, "y_res": y_res, "y_info": y_info, "y_chips": y_chips,
            "chip_h": chip_h, "body": body, "chars": placed}
