"""Make the application icons (PNG in several sizes, Windows .ico, macOS .icns) from the icon art.

    python packaging/make_icons.py            # write packaging/icons/*
    python packaging/make_icons.py --check    # exit 1 if the committed icons were made from another source

Source, first found wins:
  1. ``assets/art/icon.svg``: rendered crisply at every size (``pygame.image.load_sized_svg``), with the
     simplified ``assets/art/icon-small.svg`` below 40 px when it exists (the art team's rule);
  2. ``assets/art/icon-<N>.png`` (any sizes): an exact size is used as drawn, other sizes are scaled down from
     the next larger drawing (or up from the largest one);

Only pygame-ce is needed (no Pillow): pygame writes the PNGs; ``.ico`` and ``.icns`` are simple containers of PNG
images, written here with ``struct``. The files are committed; ``icons/SOURCE.txt`` names the source and its
SHA-256 so a test notices when the art changed and the icons were not made again.
"""

from __future__ import annotations

import argparse
import hashlib
import io
import os
import re
import struct
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ART = ROOT / "assets" / "art"
OUT = ROOT / "packaging" / "icons"
NAME = "lama-desktop"

PNG_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)  # the Linux hicolor theme sizes we install
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)  # Windows: explorer, taskbar, start menu, alt-tab, large icons
# macOS icns element types holding PNG data, by pixel size (the @2x types repeat a pixel size on purpose).
ICNS_TYPES = (
    (b"icp4", 16), (b"icp5", 32), (b"icp6", 64), (b"ic07", 128), (b"ic08", 256), (b"ic09", 512),
    (b"ic10", 1024), (b"ic11", 32), (b"ic12", 64), (b"ic13", 256), (b"ic14", 512),
)
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
SMALL_BELOW = 40  # the art team's rule (lama_desktop/app/art/export.py): icon-small.svg below 40 px


def find_source() -> tuple[str, list[Path]]:
    """``("svg", [path])`` or ``("png", [paths])``: where the icon is drawn."""
    svg = ART / "icon.svg"
    if svg.is_file():
        small = ART / "icon-small.svg"
        return "svg", [svg, small] if small.is_file() else [svg]
    pngs = sorted((p for p in ART.glob("icon-*.png") if re.fullmatch(r"icon-\d+\.png", p.name)),
                  key=lambda p: int(p.stem.split("-")[1]))
    if pngs:
        return "png", pngs
    raise SystemExit(f"no icon art: expected {ART / 'icon.svg'} or {ART}/icon-<size>.png")


def source_digest(paths: list[Path]) -> str:
    digest = hashlib.sha256()
    for path in paths:
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def source_note(kind: str, paths: list[Path]) -> str:
    names = " ".join(p.relative_to(ROOT).as_posix() for p in paths)
    return f"source: {names}\nsha256: {source_digest(paths)}\n"


class Renderer:
    """Return a pygame Surface of the icon at a given square size."""

    def __init__(self, kind: str, paths: list[Path]):
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        import pygame

        self.pygame = pygame
        self.kind = kind
        self.paths = paths
        self.drawn = {}
        if kind == "png":
            for path in paths:
                surface = pygame.image.load(str(path))
                width, height = surface.get_size()
                if width != height:
                    raise SystemExit(f"{path}: the icon must be square (it is {width}x{height})")
                self.drawn[width] = surface

    def surface(self, size: int):
        pygame = self.pygame
        if self.kind == "svg":
            # The art's simplified drawing (icon-small.svg) reads better below SMALL_BELOW pixels.
            path = self.paths[1] if size < SMALL_BELOW and len(self.paths) > 1 else self.paths[0]
            return pygame.image.load_sized_svg(str(path), (size, size))
        if size in self.drawn:
            return self.drawn[size]
        larger = [s for s in self.drawn if s > size]
        base = self.drawn[min(larger)] if larger else self.drawn[max(self.drawn)]
        if base.get_bitsize() < 24:
            base = base.convert_alpha() if pygame.display.get_init() else base.convert(32, pygame.SRCALPHA)
        return pygame.transform.smoothscale(base, (size, size))

    def png_bytes(self, size: int) -> bytes:
        surface = self.surface(size)
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "icon.png"
            self.pygame.image.save(surface, str(path))
            data = path.read_bytes()
        width, height = png_size(data)
        if (width, height) != (size, size):
            raise SystemExit(f"rendered a {width}x{height} PNG for size {size}")
        return data


def png_size(data: bytes) -> tuple[int, int]:
    """Width and height from a PNG's IHDR chunk (ValueError if it is not a PNG)."""
    if data[:8] != PNG_MAGIC or data[12:16] != b"IHDR":
        raise ValueError("not a PNG image")
    return struct.unpack(">II", data[16:24])


def dib_from_png(data: bytes) -> bytes:
    """The classic icon image format (a 32-bit BGRA bitmap, bottom-up, plus an all-zero AND mask) of a PNG.

    Windows reads PNG entries too (Vista on), but some tools (old resource compilers, a few shell paths) only
    take bitmaps below 256 px, so the small sizes are stored the classic way."""
    import pygame

    surface = pygame.image.load(io.BytesIO(data), "icon.png")
    width, height = surface.get_size()
    rgba = pygame.image.tobytes(surface, "RGBA")
    rows = []
    for y in range(height - 1, -1, -1):  # bottom-up
        row = bytearray(rgba[y * width * 4:(y + 1) * width * 4])
        row[0::4], row[2::4] = row[2::4], row[0::4]  # RGBA -> BGRA
        rows.append(bytes(row))
    mask_row = ((width + 31) // 32) * 4
    pixels = b"".join(rows) + b"\0" * (mask_row * height)
    header = struct.pack("<IiiHHIIiiII", 40, width, height * 2, 1, 32, 0, len(pixels), 0, 0, 0, 0)
    return header + pixels


def ico_entry_size(blob: bytes) -> tuple[int, int]:
    """(width, height) of an icon entry, PNG or bitmap; ValueError when it is neither."""
    if blob[:8] == PNG_MAGIC:
        return png_size(blob)
    if len(blob) < 40:
        raise ValueError("icon entry too short")
    size, width, double_height, planes, bits = struct.unpack_from("<IiiHH", blob, 0)
    if size != 40 or planes != 1 or bits != 32 or width <= 0 or double_height <= 0:
        raise ValueError("icon entry is neither a PNG nor a 32-bit bitmap")
    height = double_height // 2
    if len(blob) != 40 + width * height * 4 + ((width + 31) // 32) * 4 * height:
        raise ValueError("icon bitmap has the wrong length")
    return width, height


def build_ico(images: dict[int, bytes]) -> bytes:
    """A Windows icon file: bitmaps below 256 px, PNG at 256 px (as Windows' own icons are made)."""
    sizes = sorted(images)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(header) + 16 * len(sizes)
    entries, blobs = [], []
    for size in sizes:
        data = images[size] if size >= 256 else dib_from_png(images[size])
        dim = 0 if size >= 256 else size  # 0 means 256
        entries.append(struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(data), offset))
        blobs.append(data)
        offset += len(data)
    return header + b"".join(entries) + b"".join(blobs)


def read_ico(data: bytes) -> dict[int, bytes]:
    """Parse an .ico: {size: entry bytes (PNG or bitmap)}; ValueError when it is not a valid one."""
    if len(data) < 6:
        raise ValueError("not an icon file")
    reserved, kind, count = struct.unpack_from("<HHH", data, 0)
    if reserved != 0 or kind != 1 or count == 0 or len(data) < 6 + 16 * count:
        raise ValueError("not an icon file")
    images = {}
    for index in range(count):
        width, height, _colors, _res, planes, bits, length, offset = struct.unpack_from("<BBBBHHII", data,
                                                                                        6 + 16 * index)
        blob = data[offset:offset + length]
        if len(blob) != length:
            raise ValueError(f"entry {index} runs past the end of the file")
        size = (width or 256, height or 256)
        if ico_entry_size(blob) != size:
            raise ValueError(f"entry {index}: directory says {size}, image says {ico_entry_size(blob)}")
        images[size[0]] = blob
    return images


def build_icns(images: dict[int, bytes]) -> bytes:
    body = b""
    for kind, size in ICNS_TYPES:
        data = images[size]
        body += kind + struct.pack(">I", 8 + len(data)) + data
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def read_icns(data: bytes) -> dict[bytes, bytes]:
    """Parse an .icns: {element type: png bytes}; ValueError when it is not one."""
    if data[:4] != b"icns" or struct.unpack(">I", data[4:8])[0] != len(data):
        raise ValueError("not an icns file (bad magic or length)")
    elements, pos = {}, 8
    while pos < len(data):
        kind = data[pos:pos + 4]
        (length,) = struct.unpack(">I", data[pos + 4:pos + 8])
        if length < 8 or pos + length > len(data):
            raise ValueError(f"element {kind!r} has a bad length")
        elements[kind] = data[pos + 8:pos + length]
        pos += length
    return elements


def make(out: Path = OUT) -> list[Path]:
    kind, paths = find_source()
    renderer = Renderer(kind, paths)
    needed = sorted(set(PNG_SIZES) | set(ICO_SIZES) | {size for _k, size in ICNS_TYPES})
    images = {size: renderer.png_bytes(size) for size in needed}
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for size in PNG_SIZES:
        path = out / f"{NAME}-{size}.png"
        path.write_bytes(images[size])
        written.append(path)
    ico = out / f"{NAME}.ico"
    ico.write_bytes(build_ico({size: images[size] for size in ICO_SIZES}))
    icns = out / f"{NAME}.icns"
    icns.write_bytes(build_icns(images))
    note = out / "SOURCE.txt"
    note.write_text(source_note(kind, paths), encoding="utf-8")
    written += [ico, icns, note]
    return written


def check(out: Path = OUT) -> str | None:
    """None when the committed icons were made from the current source, else the reason."""
    kind, paths = find_source()
    note = out / "SOURCE.txt"
    if not note.is_file():
        return f"{note} is missing: run python packaging/make_icons.py"
    if note.read_text(encoding="utf-8") != source_note(kind, paths):
        return (f"the icons in {out} were not made from the current icon art "
                f"({', '.join(p.name for p in paths)}): run python packaging/make_icons.py")
    return None


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only check that the icons match their source")
    args = parser.parse_args(argv)
    if args.check:
        problem = check()
        print(problem or "icons are up to date")
        return 1 if problem else 0
    for path in make():
        print(path.relative_to(ROOT), path.stat().st_size, "bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
