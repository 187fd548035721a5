"""Objective conditions (rulebook page 8) as named functions; the YAML data names them.

A *check* ``(player, **params) -> bool`` decides a blue or purple card; a *measure* ``(player, **params) -> int``
ranks the players on a gold card (expert variant). ``player`` is a ``state.Player``: ``heights`` (cell -> level
count), ``llamas`` (cell -> the level the llama stands on), ``cards`` (list of ``(crop, value)``), ``coins``,
``chars``. Levels are counted from 1 (the start board); "ignoring levels" (herd, outposts, farms) means adjacency
in the plane, whatever the heights.
"""

from __future__ import annotations

from collections import deque

from lama_desktop.games.llama_land.engine.data import CROP_INDEX, NEIGHBOURS, dec


def llamas_on_level(player, level: int, count: int) -> bool:
    """Lowlands/plains/hills/mountains/summit: at least ``count`` llamas standing on level ``level`` exactly."""
    return sum(1 for lv in player.llamas.values() if lv == level) >= count


def llama_levels(player, count: int) -> bool:
    """Omnipresence: llamas on at least ``count`` different levels."""
    return len(set(player.llamas.values())) >= count


def largest_herd(player) -> int:
    cells = set(player.llamas)
    best = 0
    while cells:
        start = cells.pop()
        size, todo = 1, [start]
        while todo:
            cell = todo.pop()
            for step in NEIGHBOURS:
                other = cell + step
                if other in cells:
                    cells.remove(other)
                    size += 1
                    todo.append(other)
        best = max(best, size)
    return best


def herd(player, count: int) -> bool:
    """Herd: a group of at least ``count`` llamas on orthogonally adjacent cells (levels ignored)."""
    return largest_herd(player) >= count


def road(player, count: int) -> bool:
    """Road: at least ``count`` llamas in one row or one column of the domain (gaps allowed)."""
    rows: dict[int, int] = {}
    cols: dict[int, int] = {}
    for cell in player.llamas:
        x, y = dec(cell)
        cols[x] = cols.get(x, 0) + 1
        rows[y] = rows.get(y, 0) + 1
    return max([0, *rows.values(), *cols.values()]) >= count


def farthest_llamas(player) -> int:
    """The largest shortest-path distance (in orthogonal steps through the domain's cells) between two llamas."""
    llamas = list(player.llamas)
    domain = player.heights
    best = 0
    for start in llamas:
        seen = {start: 0}
        queue = deque([start])
        while queue:
            cell = queue.popleft()
            d = seen[cell]
            for step in NEIGHBOURS:
                other = cell + step
                if other in domain and other not in seen:
                    seen[other] = d + 1
                    queue.append(other)
        for other in llamas:
            if other in seen and seen[other] > best:
                best = seen[other]
    return best


def outposts(player, distance: int) -> bool:
    """Outposts: two llamas whose shortest path through the domain (levels ignored) is at least ``distance`` steps."""
    return farthest_llamas(player) >= distance


def farm_llamas(player) -> int:
    domain = player.heights
    return sum(1 for cell in player.llamas if all(cell + step in domain for step in NEIGHBOURS))


def farms(player, count: int) -> bool:
    """Farms: at least ``count`` llamas none of whose four orthogonal neighbours is off the domain (edge or hole)."""
    return farm_llamas(player) >= count


def llama_cards_of(player, crop: str, count: int | None = None):
    """Specialist (``count`` given): at least ``count`` llama cards of ``crop``; as a gold measure: how many."""
    k = CROP_INDEX[crop]
    have = sum(1 for kind, _ in player.cards if kind == k)
    return have if count is None else have >= count


def llama_cards_each(player, count: int) -> bool:
    """Diversity: at least ``count`` llama cards of each crop."""
    have = [0, 0, 0]
    for kind, _ in player.cards:
        have[kind] += 1
    return min(have) >= count


def llama_cards(player) -> int:
    """Gold measure: llama cards of all kinds."""
    return len(player.cards)


def coins(player, count: int | None = None):
    """Wealth: at least ``count`` coins; as a gold measure: how many."""
    return player.coins if count is None else player.coins >= count


def characters(player, count: int | None = None):
    """Characters: at least ``count`` character cards; as a gold measure: how many."""
    return len(player.chars) if count is None else len(player.chars) >= count


CHECKS = {
    "llamas_on_level": llamas_on_level,
    "llama_levels": llama_levels,
    "herd": herd,
    "road": road,
    "outposts": outposts,
    "farms": farms,
    "llama_cards_of": llama_cards_of,
    "llama_cards_each": llama_cards_each,
    "coins": coins,
    "characters": characters,
}

MEASURES = {
    "llama_cards_of": llama_cards_of,
    "llama_cards": llama_cards,
    "coins": coins,
    "characters": characters,
}

__all__ = ["CHECKS", "MEASURES"]
