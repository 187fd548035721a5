"""Build hook: ship the top-level assets/ and levels/ folders inside the wheel.

The project keeps art and Tiled maps at the top of the repository (where artists and level designers find them);
a non-editable install copies them into the installed package as ``lama_desktop/assets`` and
``lama_desktop/levels``. ``lama_desktop.resources`` finds them in either place (and in a frozen bundle).
"""

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


setup(cmdclass={"build_py": BuildPyWithData})
