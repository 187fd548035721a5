"""Write the app icon PNGs for packaging: ``python -m lama_desktop.app.art.export [DIR]``.

Renders ``assets/art/icon.svg`` (``icon-small.svg`` below 40 px) to ``icon-{16,32,48,64,128,256,512}.png``
(default DIR: ``assets/art``). Packaging turns these into .ico/.icns.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pygame

from lama_desktop.app import art
from lama_desktop.resources import data_root

ICON_SIZES = (16, 32, 48, 64, 128, 256, 512)


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


    out = Path(argv[0]) if argv else data_root("assets") / "art"
    pygame.init()
    pygame.display.set_mode((1, 1))
    out.mkdir(parents=True, exist_ok=True)
    for size in ICON_SIZES:
        path = out / f"icon-{size}.png"
        pygame.image.save(art.app_icon(size), str(path))
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
