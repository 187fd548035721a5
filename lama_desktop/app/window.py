"""The window's size: the smallest and largest window a table is made for, and the size a window opens at on a
given desktop. Nothing here imports pygame."""

from __future__ import annotations

MIN_SIZE = (1280, 720)
MAX_SIZE = (3840, 2160)


def clamp_size(size) -> tuple[int, int]:
    return (max(MIN_SIZE[0], min(MAX_SIZE[0], int(size[0]))), max(MIN_SIZE[1], min(MAX_SIZE[1], int(size[1]))))


#: the share of the desktop a window may take when it would not fit (room for a title bar and a task bar)
DESKTOP_SHARE = 0.9


def fit_to_desktop(size, desktop) -> tuple[int, int]:
    """The window size to open: ``size`` (clamped) when it fits on ``desktop``, else the largest size of the same
    shape within ``DESKTOP_SHARE`` of the desktop, never under ``MIN_SIZE`` (what a desktop no bigger than that
    gets: on a 1280x720 screen the whole window is on the screen). A 1600x900 window on a 1280x720 screen
    used to open with its top-left corner and its bottom off the screen."""
    w, h = clamp_size(size)
    if not desktop or desktop[0] <= 0 or desktop[1] <= 0:
        return w, h
    dw, dh = int(desktop[0]), int(desktop[1])
    if w <= dw * DESKTOP_SHARE and h <= dh * DESKTOP_SHARE:
        return w, h
    if dw <= MIN_SIZE[0] or dh <= MIN_SIZE[1]:
        return MIN_SIZE
    factor = min(dw * DESKTOP_SHARE / w, dh * DESKTOP_SHARE / h)
    return clamp_size((round(w * factor), round(h * factor)))
