"""Build hook: ship the top-level assets/ and levels/ folders inside the wheel, with the string catalogs compiled.

The project keeps art and Tiled maps at the top of the repository (where artists and level designers find them);
a non-editable install copies them into the installed package as ``lama_desktop/assets`` and
``lama_desktop/levels``. ``lama_desktop.resources`` finds them in either place (and in a frozen bundle).
Each game's own files (``lama_desktop/games/<game>/``: ``locale/``, ``data/``, ``tutorials/``, ``rules/``, ``levels/``)
are package data (MANIFEST.in). The gettext catalogs (``assets/locale/<lang>/LC_MESSAGES/<domain>.po``, the frame's,
and each game's ``locale/<lang>/LC_MESSAGES/<domain>.po``) are compiled to ``.mo`` next to them in the built copy
(Babel, a build requirement); a checkout or editable install reads the ``.po`` files directly.
"""

import importlib.util
import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
SHIPPED_FOLDERS = ("assets", "levels")


class BuildPyWithData(build_py):
    def run(self):
        super().run()
        for name in SHIPPED_FOLDERS:
            source = HERE / name
            if source.is_dir():
                target = Path(self.build_lib) / "lama_desktop" / name
                shutil.copytree(source, target, dirs_exist_ok=True)
        package = Path(self.build_lib) / "lama_desktop"
        # the games' catalog folders by their place in the package: the registry cannot be imported here (the
        # games' dependencies are not installed while the wheel builds)
        for locale in [package / "assets" / "locale", *sorted(package.glob("games/*/locale"))]:
            if locale.is_dir():
                load_catalog_files().compile_catalogs(locale)


def load_catalog_files():
    """``lama_desktop/catalog_files.py`` on its own (it needs only Babel, a build requirement; the package's other
    modules need dependencies not installed yet)."""
    spec = importlib.util.spec_from_file_location("lama_desktop_catalog_files",
                                                  HERE / "lama_desktop" / "catalog_files.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


setup(cmdclass={"build_py": BuildPyWithData})
