"""Llama Land component data: terrain tiles and shapes, characters, objectives, llama cards, supplies, boards.

Everything comes from the game folder's ``data/llama_land_*.yaml`` and ``levels/llama_land_board_*.tmx`` (read here with
``xml.etree.ElementTree``: the engine never imports pytmx, which imports pygame). Derived tables (every distinct
orientation of every shape, as cell offsets) are computed once at import from the shapes in the data.

Cells are encoded as one int: ``cell = (x + OFFSET) * STRIDE + (y + OFFSET)``; a domain's start board covers
``x, y`` in ``0..3`` and the domain may grow in any direction (coordinates may be negative).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass
from functools import cache

from lama_desktop.resources import game_data, game_path

# -- icons ----------------------------------------------------------------------------------------------------
NONE, CORN, CACAO, POTATO, COIN, HUT = range(6)
#: the game's folder (its package), where its ``data/`` and ``levels/`` are
GAME = __package__.rpartition(".")[0]

ICON_NAMES = ("none", "corn", "cacao", "potato", "coin", "hut")
ICON_CODES = {name: code for code, name in enumerate(ICON_NAMES)}
CROP_NAMES = ("corn", "cacao", "potato")  # crop index k = icon code - 1
CROP_INDEX = {name: k for k, name in enumerate(CROP_NAMES)}

# -- cells ----------------------------------------------------------------------------------------------------
STRIDE = 1024
OFFSET = 512
NEIGHBOURS = (1, -1, STRIDE, -STRIDE)


def enc(x: int, y: int) -> int:
    return (x + OFFSET) * STRIDE + (y + OFFSET)


def dec(cell: int) -> tuple[int, int]:
    return cell // STRIDE - OFFSET, cell % STRIDE - OFFSET


# -- shapes and orientations ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Orientation:
    """One distinct orientation of a shape: ``cells[i]`` is where the shape's cell ``i`` (and so the tile's icon
    ``i``) lands, relative to the bounding box's top-left corner; ``offsets`` are the same as cell-int offsets."""

    shape: str
    index: int
    rotation: int  # 0..3 quarter turns clockwise (applied after the mirror)
    mirror: bool
    cells: tuple[tuple[int, int], ...]
    offsets: tuple[int, ...]

    @property
    def code(self) -> tuple[str, str]:
        return f"r{self.rotation}", "m" if self.mirror else "-"


def _transform(cells, rotation: int, mirror: bool):
    out = []
    for x, y in cells:
        if mirror:
            x = -x
        for _ in range(rotation):
            x, y = -y, x  # a quarter turn clockwise with y pointing down
        out.append((x, y))
    min_x = min(x for x, _ in out)
    min_y = min(y for _, y in out)
    return tuple((x - min_x, y - min_y) for x, y in out)


def _orientations(shape: str, cells) -> tuple[tuple[Orientation, ...], tuple[int, ...]]:
    distinct: list[Orientation] = []
    by_code = []  # index mirror*4 + rotation -> distinct orientation index
    seen: dict[frozenset, int] = {}
    for mirror in (False, True):
        for rotation in range(4):
            placed = _transform(cells, rotation, mirror)
            key = frozenset(placed)
            if key not in seen:
                seen[key] = len(distinct)
                distinct.append(Orientation(shape, len(distinct), rotation, mirror, placed,
                                            tuple(x * STRIDE + y for x, y in placed)))
            by_code.append(seen[key])
    return tuple(distinct), tuple(by_code)


@dataclass(frozen=True)
class Tile:
    id: int
    shape: str
    icons: tuple[int, ...]  # icon code of each of the shape's cells, in the shape's cell order


@dataclass(frozen=True)
class Character:
    id: int
    type: str  # trader, merchant, farmer, settler, miner, worker
    crops: tuple[int, ...]  # crop indices (trader: two, merchant and farmer: one, others: none)


@dataclass(frozen=True)
class Objective:
    id: str
    colour: str  # blue, purple, gold
    rule: str  # checker (blue/purple) or measure (gold) function name in objectives.py
    params: dict
    spaces: tuple[int, ...]  # points of the top, middle and bottom space (gold: the rank points)


@dataclass(frozen=True)
class Board:
    number: int
    side: str
    icons: tuple[tuple[int, ...], ...]  # icons[y][x]

    @property
    def name(self) -> str:
        return f"{self.number}{self.side}"


ACTIVE_TYPES = ("trader", "merchant")  # usable on the turn they are taken
PASSIVE_TYPES = ("farmer", "settler", "miner", "worker")


@dataclass(frozen=True)
class LlamaLandData:
    shapes: tuple[str, ...]
    shape_cells: dict
    orientations: dict  # shape -> tuple[Orientation]
    orientation_by_code: dict  # shape -> tuple of 8 (mirror*4 + rotation -> index)
    tiles: tuple[Tile, ...]
    characters: tuple[Character, ...]
    objectives: tuple[Objective, ...]
    gold_rank_points: tuple[int, ...]
    llama_values: tuple[int, ...]
    llama_per_players: dict
    crops_each: int
    coins: int
    llama_tokens: int
    foundations_each: int
    markers_each: int
    start_coins: tuple[int, ...]
    row_size: int
    setup_normal: dict
    setup_expert: dict
    crops_needed: int
    coins_per_crop: int
    forced_at_crops: int
    end_tiles_left: int
    end_kinds_left: int
    boards: dict  # "1a" -> Board

    def objective(self, objective_id: str) -> Objective:
        for objective in self.objectives:
            if objective.id == objective_id:
                return objective
        raise KeyError(objective_id)


def read_board_tmx(path) -> Board:
    """Read a starting board: the map properties ``board``/``side`` and the ``icons`` tile layer (CSV data),
    each gid's ``icon`` custom property coming from the embedded tileset."""
    root = ET.parse(path).getroot()
    props = {p.get("name"): p.get("value") for p in root.findall("./properties/property")}
    width, height = int(root.get("width")), int(root.get("height"))
    gid_icon: dict[int, int] = {}
    for tileset in root.findall("tileset"):
        first = int(tileset.get("firstgid"))
        for tile in tileset.findall("tile"):
            for prop in tile.findall("./properties/property"):
                if prop.get("name") == "icon":
                    gid_icon[first + int(tile.get("id"))] = ICON_CODES[prop.get("value")]
    layer = next(layer for layer in root.findall("layer") if layer.get("name") == "icons")
    data = layer.find("data")
    if data.get("encoding") != "csv":
        raise ValueError(f"{path}: the icons layer must be CSV-encoded")
    gids = [int(v) & 0x0FFFFFFF for v in data.text.replace("\n", "").split(",") if v.strip()]
    if len(gids) != width * height:
        raise ValueError(f"{path}: {len(gids)} cells for a {width}x{height} map")
    icons = tuple(tuple(gid_icon.get(gids[y * width + x], NONE) for x in range(width)) for y in range(height))
    return Board(int(props["board"]), props["side"], icons)


BOARD_NAMES = tuple(f"{n}{s}" for n in range(1, 5) for s in "ab")


@cache
def load() -> LlamaLandData:
    tiles_doc = game_data(GAME, "llama_land_tiles.yaml")
    chars_doc = game_data(GAME, "llama_land_characters.yaml")
    obj_doc = game_data(GAME, "llama_land_objectives.yaml")
    comp = game_data(GAME, "llama_land_components.yaml")
    shape_cells = {name: tuple(tuple(c) for c in cells) for name, cells in tiles_doc["shapes"].items()}
    orientations, by_code = {}, {}
    for name, cells in shape_cells.items():
        orientations[name], by_code[name] = _orientations(name, cells)
    tiles = tuple(Tile(int(t["id"]), t["shape"], tuple(ICON_CODES[i] for i in t["icons"])) for t in tiles_doc["tiles"])
    for index, tile in enumerate(tiles):
        if tile.id != index or len(tile.icons) != len(shape_cells[tile.shape]):
            raise ValueError(f"llama_land_tiles.yaml: tile {index} is malformed")
    characters = tuple(Character(int(c["id"]), c["type"], tuple(CROP_INDEX[k] for k in c.get("crops", ())))
                       for c in chars_doc["characters"])
    objectives = tuple(
        Objective(o["id"], o["colour"], o.get("check") or o.get("measure"), dict(o.get("params") or {}),
                  tuple(o.get("spaces") or obj_doc["gold_rank_points"]))
        for o in obj_doc["objectives"])
    boards = {}
    for name in BOARD_NAMES:
        board = read_board_tmx(game_path(GAME, "levels", f"llama_land_board_{name}.tmx"))
        boards[board.name] = board
    supplies = comp["supplies"]
    return LlamaLandData(
        shapes=tuple(shape_cells), shape_cells=shape_cells, orientations=orientations, orientation_by_code=by_code,
        tiles=tiles, characters=characters, objectives=objectives,
        gold_rank_points=tuple(obj_doc["gold_rank_points"]),
        llama_values=tuple(comp["llama_cards"]["values"]),
        llama_per_players={int(k): int(v) for k, v in comp["llama_cards"]["per_players"].items()},
        crops_each=supplies["crops_each"], coins=supplies["coins"], llama_tokens=supplies["llama_tokens"],
        foundations_each=supplies["foundations_each"], markers_each=supplies["markers_each"],
        start_coins=tuple(comp["start_coins"]), row_size=comp["character_row"],
        setup_normal=dict(comp["objectives_setup"]["normal"]), setup_expert=dict(comp["objectives_setup"]["expert"]),
        crops_needed=comp["feeding"]["crops_needed"], coins_per_crop=comp["feeding"]["coins_per_crop"],
        forced_at_crops=comp["feeding"]["forced_at_crops"],
        end_tiles_left=comp["end_trigger"]["tiles_left_at_most"],
        end_kinds_left=comp["end_trigger"]["llama_kinds_left_at_most"],
        boards=boards,
    )


#: the data, read once; its tables under the names the engine uses
D = load()
SHAPES = D.shapes  # ("T", "L", "P", "N", "Z")
SHAPE_INDEX = {s: i for i, s in enumerate(SHAPES)}
ORIENTS = D.orientations
TILES = D.tiles
CHARS = D.characters
N_CROPS = 3


def crop_dict(values) -> dict:
    """Values per crop index as ``{crop name: value}``."""
    return {CROP_NAMES[k]: values[k] for k in range(N_CROPS)}
