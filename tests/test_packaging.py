"""Packaging: the PyInstaller spec, icons, .desktop entry, build helpers, the wheel's data,
and where the app writes (never next to the executable).

The frozen build itself is proven by ``build/ci_package.sh`` (called from ``.ci/run``), not here.
"""

from __future__ import annotations

import configparser
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import tarfile
import types
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGING = ROOT / "packaging"
ICONS = PACKAGING / "icons"


def load_module(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def make_icons():
    return load_module("lama_make_icons", PACKAGING / "make_icons.py")


@pytest.fixture(scope="module")
def build_script():
    return load_module("lama_build_script", ROOT / "build" / "build.py")


def package_version() -> str:
    text = (ROOT / "lama_desktop" / "__init__.py").read_text(encoding="utf-8")
    return re.search(r'^__version__\s*=\s*"([^"]+)"', text, re.M).group(1)


# ------------------------------------------------------------------------------------------------- the spec file
class _Recorder:
    """Stands in for one of PyInstaller's spec classes and records how the spec called it."""

    calls: dict

    def __init__(self, kind):
        self.kind = kind

    def __call__(self, *args, **kwargs):
        self.calls.setdefault(self.kind, []).append((args, kwargs))
        return types.SimpleNamespace(kind=self.kind, pure=[], scripts=[], binaries=[], datas=[], args=args,
                                     kwargs=kwargs)


def run_spec(monkeypatch, platform: str) -> dict:
    """Execute packaging/lama-desktop.spec as PyInstaller would, on a pretend platform; return the calls."""
    hooks = types.ModuleType("PyInstaller.utils.hooks")
    def collect_submodules(package, filter=None):
        found = [f"{package}.pretend_module"]
        if package == "lama_desktop":  # a game's own tests are submodules too
            found += ["lama_desktop.games.lama.tests", "lama_desktop.games.lama.tests.test_lama_rules"]
        return [name for name in found if filter is None or filter(name)]

    hooks.collect_submodules = collect_submodules
    for name in ("PyInstaller", "PyInstaller.utils"):
        monkeypatch.setitem(sys.modules, name, types.ModuleType(name))
    monkeypatch.setitem(sys.modules, "PyInstaller.utils.hooks", hooks)
    monkeypatch.setattr(sys, "platform", platform)
    calls: dict = {}
    _Recorder.calls = calls
    namespace = {"SPECPATH": str(PACKAGING), "__name__": "__main__", "__file__": str(PACKAGING / "x.spec")}
    for kind in ("Analysis", "PYZ", "EXE", "COLLECT", "BUNDLE"):
        namespace[kind] = _Recorder(kind)
    code = compile((PACKAGING / "lama-desktop.spec").read_text(encoding="utf-8"), "lama-desktop.spec", "exec")
    exec(code, namespace)
    calls["namespace"] = namespace
    return calls


@pytest.mark.parametrize("platform", ["linux", "win32", "darwin"])
def test_spec_bundles_every_data_folder_and_module(monkeypatch, platform):
    calls = run_spec(monkeypatch, platform)
    (args, kwargs), = calls["Analysis"]
    assert Path(args[0][0]) == PACKAGING / "launcher.py"
    entries = [(target, Path(source)) for source, target in kwargs["datas"]]
    game_folders = game_data_folders()
    # every folder once from the checkout; a catalog folder also as its compiled copy (build/_work)
    checkout = [(target, source) for target, source in entries if "_work" not in source.parts]
    compiled_games = {target: source for target, source in entries[1:] if "_work" in source.parts}
    assert len(dict(checkout)) == len(checkout) and len(compiled_games) == len(entries) - 1 - len(checkout)
    assert dict(checkout) == {"assets": ROOT / "assets", "levels": ROOT / "levels", **game_folders}
    assert all(source.is_dir() for _target, source in entries)
    # the string catalogs are compiled by the build: one .mo per .po, bundled where the app looks for them (the
    # frame's as assets/locale, each game's as its folder's locale/), ahead of the folder with the .po files
    assert entries[0] == ("assets/locale", ROOT / "build" / "_work" / "locale")
    game_catalogs = {target: source for target, source in game_folders.items() if target.endswith("/locale")}
    assert len(game_catalogs) >= 4 and set(compiled_games) == set(game_catalogs)
    for target, source in [("assets/locale", ROOT / "assets" / "locale"), *game_catalogs.items()]:
        built = compiled_games.get(target, entries[0][1])
        sources = sorted(p.relative_to(source).with_suffix(".mo").as_posix()
                         for p in source.glob("*/LC_MESSAGES/*.po"))
        compiled = sorted(p.relative_to(built).as_posix() for p in built.rglob("*.mo"))
        assert sources and compiled == sources, target
    assert calls["namespace"]["SHIPPED_LOCALES"] == {"root", "en", "fr", "de", "pl"}
    assert "lama_desktop.pretend_module" in kwargs["hiddenimports"]
    assert not [name for name in kwargs["hiddenimports"] if ".tests" in name]  # a game's own tests stay out
    for unwanted in ("tkinter", "numpy", "pytest", "hypothesis", "pygame.tests"):
        assert unwanted in kwargs["excludes"]
    (exe_args, exe_kwargs), = calls["EXE"]
    assert exe_kwargs["name"] == "lama-desktop" and exe_kwargs["console"] is False  # windowed
    assert exe_kwargs["strip"] is (platform == "linux")  # strip only ELF: it would break macOS signatures
    if platform == "linux":
        assert exe_kwargs["icon"] is None
    else:
        assert Path(exe_kwargs["icon"]).is_file()
        assert exe_kwargs["icon"].endswith(".ico" if platform == "win32" else ".icns")
    (_coll_args, coll_kwargs), = calls["COLLECT"]
    assert coll_kwargs["name"] == "lama-desktop"
    assert calls["namespace"]["VERSION"] == package_version()


def game_data_folders() -> dict[str, Path]:
    """Each registered game's own folders (catalogs, data, lessons, rules, levels), by their place in the bundle."""
    from lama_desktop.games import GAMES
    from lama_desktop.resources import game_folder

    folders = {}
    for plugin in GAMES.values():
        for name in ("locale", "data", "tutorials", "rules", "levels"):
            folder = game_folder(plugin) / name
            if folder.is_dir() and folder.is_relative_to(ROOT / "lama_desktop"):  # a game from outside: not shipped
                folders[folder.relative_to(ROOT).as_posix()] = folder
    return folders


def test_spec_macos_app_bundle(monkeypatch):
    calls = run_spec(monkeypatch, "darwin")
    (_args, kwargs), = calls["BUNDLE"]
    assert kwargs["name"] == "LAMA Desktop.app"
    assert re.fullmatch(r"[A-Za-z0-9.-]+\.[A-Za-z0-9.-]+", kwargs["bundle_identifier"])
    assert kwargs["icon"].endswith(".icns") and Path(kwargs["icon"]).is_file()
    plist = kwargs["info_plist"]
    assert plist["CFBundleShortVersionString"] == package_version() == kwargs["version"]
    assert plist["NSHighResolutionCapable"] is True
    assert plist["LSApplicationCategoryType"] == "public.app-category.card-games"
    assert plist["CFBundleExecutable"] == "lama-desktop"


def test_spec_has_no_bundle_outside_macos(monkeypatch):
    assert "BUNDLE" not in run_spec(monkeypatch, "linux")
    assert "BUNDLE" not in run_spec(monkeypatch, "win32")


def test_launcher_gives_a_windowed_app_somewhere_to_print(tmp_path):
    """A windowed Windows build has sys.stdout None: --version must not crash there."""
    log = tmp_path / "console.log"
    code = ("import sys, runpy; sys.stdout = None; sys.stderr = None; sys.argv = ['lama-desktop', '--version'];"
            f"runpy.run_path({str(PACKAGING / 'launcher.py')!r}, run_name='__main__')")
    env = dict(os.environ, LAMA_DESKTOP_CONSOLE_LOG=str(log))
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                            timeout=60)
    assert result.returncode == 0, result.stderr
    assert log.read_text(encoding="utf-8").strip() == f"lama-desktop {package_version()}"


# ------------------------------------------------------------------------------------------------------- icons
def test_png_icons_have_their_sizes(make_icons):
    for size in make_icons.PNG_SIZES:
        data = (ICONS / f"lama-desktop-{size}.png").read_bytes()
        assert make_icons.png_size(data) == (size, size)


def test_ico_is_a_valid_container_with_every_windows_size(make_icons):
    images = make_icons.read_ico((ICONS / "lama-desktop.ico").read_bytes())
    assert sorted(images) == sorted(make_icons.ICO_SIZES)
    assert {16, 32, 48, 256} <= set(images)


def test_icns_is_a_valid_container_with_every_macos_size(make_icons):
    elements = make_icons.read_icns((ICONS / "lama-desktop.icns").read_bytes())
    expected = dict(make_icons.ICNS_TYPES)
    assert set(elements) == set(expected)
    for kind, data in elements.items():
        assert make_icons.png_size(data) == (expected[kind], expected[kind]), kind


def test_icon_containers_reject_damaged_files(make_icons):
    good = (ICONS / "lama-desktop.ico").read_bytes()
    with pytest.raises(ValueError):
        make_icons.read_ico(good[:200])
    icns = (ICONS / "lama-desktop.icns").read_bytes()
    with pytest.raises(ValueError):
        make_icons.read_icns(icns[:-10])
    with pytest.raises(ValueError):
        make_icons.png_size(b"GIF89a" + b"\0" * 30)


def test_icons_were_made_from_the_current_art(make_icons):
    assert make_icons.check() is None


def test_icon_writer_round_trips(make_icons):
    import io
    import struct

    import pygame

    renderer = make_icons.Renderer(*make_icons.find_source())
    images = {size: renderer.png_bytes(size) for size in (16, 32, 256)}
    parsed = make_icons.read_ico(make_icons.build_ico(images))
    assert sorted(parsed) == [16, 32, 256]
    assert parsed[256] == images[256]  # PNG at 256 px
    for size in (16, 32):  # classic bitmaps below: same pixels, bottom-up BGRA
        bitmap = parsed[size]
        assert struct.unpack_from("<IiiHH", bitmap) == (40, size, 2 * size, 1, 32)
        surface = pygame.image.load(io.BytesIO(images[size]), "x.png")
        x, y = size // 2, size // 3
        offset = 40 + ((size - 1 - y) * size + x) * 4
        b, g, r, a = bitmap[offset:offset + 4]
        assert tuple(surface.get_at((x, y))) == (r, g, b, a)


# ----------------------------------------------------------------------------------------------- .desktop file
def read_desktop(path: Path) -> configparser.ConfigParser:
    parser = configparser.ConfigParser(interpolation=None, strict=True)
    parser.optionxform = str  # keys are case-sensitive
    parser.read(path, encoding="utf-8")
    return parser


def test_desktop_entry_is_valid():
    path = PACKAGING / "lama-desktop.desktop"
    if shutil.which("desktop-file-validate"):
        result = subprocess.run(["desktop-file-validate", str(path)], capture_output=True, text=True)
        assert result.returncode == 0 and not result.stdout.strip(), result.stdout + result.stderr
    entry = read_desktop(path)["Desktop Entry"]
    assert entry["Type"] == "Application"
    assert entry["Name"] and entry["Comment"]
    assert entry["Terminal"] == "false"
    assert entry["Categories"].endswith(";") and "Game" in entry["Categories"].split(";")
    assert entry["Icon"] == "lama-desktop" and (ICONS / "lama-desktop-256.png").is_file()
    # the command is the one the package installs (gui-script name and /usr/bin launcher)
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert re.search(r'^lama-desktop\s*=\s*"lama_desktop.__main__:main"', pyproject, re.M)
    assert entry["Exec"].split()[0] == "lama-desktop"
    for lang in ("fr", "pl"):
        assert entry[f"Comment[{lang}]"]


def test_desktop_exec_parser(build_script, tmp_path):
    path = tmp_path / "x.desktop"
    path.write_text("[Desktop Entry]\nName=x\nExec=lama-desktop --flag %U\n", encoding="utf-8")
    assert build_script.desktop_exec(path) == ["lama-desktop", "--flag"]


def test_appstream_metadata_matches_the_desktop_entry_and_bundle_id(monkeypatch, tmp_path):
    import xml.etree.ElementTree as ET

    source = PACKAGING / "linux" / "io.github.lamadesktop.LamaDesktop.metainfo.xml"
    root = ET.parse(source).getroot()
    assert root.tag == "component" and root.get("type") == "desktop-application"
    assert root.findtext("id") == source.name.removesuffix(".metainfo.xml")
    assert root.findtext("launchable") == "lama-desktop.desktop" and (PACKAGING / "lama-desktop.desktop").is_file()
    assert root.find("provides/binary").text == "lama-desktop"
    assert root.find("releases/release").get("version") == "@VERSION@"  # filled in by build.py
    bundle = run_spec(monkeypatch, "darwin")["BUNDLE"][0][1]
    assert bundle["bundle_identifier"] == root.findtext("id")
    if shutil.which("appstreamcli"):
        filled = tmp_path / source.name
        filled.write_text(source.read_text(encoding="utf-8").replace("@VERSION@", package_version())
                          .replace("@DATE@", "2026-01-01"), encoding="utf-8")
        result = subprocess.run(["appstreamcli", "validate", "--no-net", str(filled)], capture_output=True,
                                text=True)
        assert result.returncode == 0, result.stdout + result.stderr


# ---------------------------------------------------------------------------------------------- build helpers
def fake_bundle(root: Path) -> Path:
    bundle = root / "dist" / "lama-desktop"
    (bundle / "_internal" / "assets").mkdir(parents=True)
    exe = bundle / "lama-desktop"
    exe.write_bytes(b"\x7fELF" + b"\0" * 40 + b"GLIBC_2.17\0GLIBC_2.28\0GLIBC_2.3.4\0")
    exe.chmod(0o700)
    (bundle / "_internal" / "assets" / "a.txt").write_text("a", encoding="utf-8")
    (bundle / "_internal" / "notes.txt").write_bytes(b"GLIBC_9.99 in a text file does not count")
    return bundle


@pytest.mark.skipif(sys.platform == "win32", reason="the Linux tarball keeps POSIX modes (not built on Windows)")
def test_tarball_is_reproducible_and_normalised(build_script, monkeypatch, tmp_path):
    bundle = fake_bundle(tmp_path)
    monkeypatch.setattr(build_script, "DIST", tmp_path / "dist")
    monkeypatch.setattr(build_script, "WORK", tmp_path / "work")
    monkeypatch.setattr(build_script, "bundle_dir", lambda: bundle)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    first = build_script.tarball().read_bytes()
    os.utime(bundle / "_internal" / "assets" / "a.txt", (1, 1))  # a touched file changes nothing
    out = build_script.tarball()
    assert out.read_bytes() == first
    assert out.name == f"lama-desktop-{package_version()}-linux-{build_script.machine()}.tar.gz"
    with tarfile.open(out) as archive:
        members = {m.name: m for m in archive.getmembers()}
    top = f"lama-desktop-{package_version()}"
    assert {f"{top}/lama-desktop", f"{top}/_internal/assets/a.txt", f"{top}/lama-desktop.desktop",
            f"{top}/lama-desktop.png", f"{top}/install-desktop-entry.sh"} <= set(members)
    assert members[f"{top}/install-desktop-entry.sh"].mode == 0o755
    assert all(name == top or name.startswith(top + "/") for name in members)
    assert members[f"{top}/lama-desktop"].mode == 0o755
    assert members[f"{top}/_internal/assets/a.txt"].mode == 0o644
    assert {m.uid for m in members.values()} == {0} and {m.mtime for m in members.values()} == {1700000000}


@pytest.mark.skipif(not shutil.which("sh") or sys.platform == "win32", reason="POSIX shell script")
def test_tarball_menu_entry_script_adds_and_removes_the_entry(build_script, monkeypatch, tmp_path):
    bundle = fake_bundle(tmp_path / "with space")
    monkeypatch.setattr(build_script, "DIST", tmp_path / "dist")
    monkeypatch.setattr(build_script, "WORK", tmp_path / "work")
    monkeypatch.setattr(build_script, "bundle_dir", lambda: bundle)
    with tarfile.open(build_script.tarball()) as archive:
        extra = {"filter": "tar"} if hasattr(tarfile, "tar_filter") else {}
        archive.extractall(tmp_path / "unpacked", **extra)
    folder = tmp_path / "unpacked" / f"lama-desktop-{package_version()}"
    share = tmp_path / "share"
    env = dict(os.environ, XDG_DATA_HOME=str(share))
    subprocess.run([str(folder / "install-desktop-entry.sh")], env=env, check=True, capture_output=True)
    entry = share / "applications" / "lama-desktop.desktop"
    fields = read_desktop(entry)["Desktop Entry"]
    assert fields["Exec"] == f'"{folder}/lama-desktop"'
    assert fields["TryExec"] == f"{folder}/lama-desktop"
    assert (share / "icons" / "hicolor" / "256x256" / "apps" / "lama-desktop.png").is_file()
    if shutil.which("desktop-file-validate"):
        result = subprocess.run(["desktop-file-validate", str(entry)], capture_output=True, text=True)
        assert result.returncode == 0 and not result.stdout.strip(), result.stdout
    subprocess.run([str(folder / "install-desktop-entry.sh"), "--remove"], env=env, check=True,
                   capture_output=True)
    assert not entry.exists()
    assert not (share / "icons" / "hicolor" / "256x256" / "apps" / "lama-desktop.png").exists()


def test_glibc_dependency_comes_from_elf_files_only(build_script, tmp_path):
    assert build_script.glibc_needed(fake_bundle(tmp_path)) == "2.28"


@pytest.mark.skipif(not shutil.which("dpkg-deb"), reason="needs dpkg-deb (Debian)")
def test_deb_layout(build_script, monkeypatch, tmp_path):
    bundle = fake_bundle(tmp_path)
    monkeypatch.setattr(build_script, "DIST", tmp_path / "dist")
    monkeypatch.setattr(build_script, "WORK", tmp_path / "work")
    monkeypatch.setattr(build_script, "bundle_dir", lambda: bundle)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    deb = build_script.deb()
    listing = subprocess.run(["dpkg-deb", "-c", str(deb)], capture_output=True, text=True, check=True).stdout
    paths = {line.split()[-1].lstrip(".") for line in listing.splitlines()}
    owners = {line.split()[1] for line in listing.splitlines()}
    assert owners == {"root/root"}
    for required in ("/opt/lama-desktop/lama-desktop", "/opt/lama-desktop/_internal/assets/a.txt",
                     "/usr/bin/lama-desktop", "/usr/share/applications/lama-desktop.desktop",
                     "/usr/share/icons/hicolor/16x16/apps/lama-desktop.png",
                     "/usr/share/icons/hicolor/512x512/apps/lama-desktop.png",
                     "/usr/share/doc/lama-desktop/copyright", "/usr/share/doc/lama-desktop/changelog.gz",
                     "/usr/share/metainfo/io.github.lamadesktop.LamaDesktop.metainfo.xml"):
        assert required in paths, required
    control = subprocess.run(["dpkg-deb", "-f", str(deb)], capture_output=True, text=True, check=True).stdout
    assert f"Version: {package_version()}" in control
    assert "Depends: libc6 (>= 2.28)" in control
    launcher = [line for line in listing.splitlines() if line.endswith("/usr/bin/lama-desktop")][0]
    assert launcher.startswith("-rwxr-xr-x")


# ----------------------------------------------------------------------------------- CI wiring (issue 4)
def test_ci_runs_the_tests_then_the_packaging_step():
    lines = [line.strip() for line in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()]
    readme = (ROOT / "README.md").read_text(encoding="utf-8").split("```")[1].splitlines()
    test_command = [line.strip() for line in readme if "pytest" in line][0]  # the README's test command
    assert test_command in lines, "CI must run exactly the README's test command"
    assert "bash build/ci_package.sh" in lines
    assert lines.index("bash build/ci_package.sh") > lines.index(test_command)
    script = (ROOT / "build" / "ci_package.sh").read_text(encoding="utf-8")
    assert "--require-hashes -r build/requirements-build.txt" in script
    assert "--install-test" in script and "--smoke" in script


def test_release_workflow_builds_on_three_systems():
    text = (ROOT / ".github" / "workflows" / "release.yml").read_text(encoding="utf-8")
    for runner in ("windows-latest", "macos-latest", "ubuntu-latest"):
        assert runner in text
    for flag in ("--nsis", "--dmg", "--deb", "--tarball", "--smoke"):
        assert flag in text
    assert "actions/upload-artifact" in text


# ---------------------------------------------------------------------------- where the app writes its files
def test_storage_defaults_to_platformdirs_user_folders(monkeypatch, tmp_path):
    from lama_desktop import storage as storage_module
    from lama_desktop.selfcheck import storage_problems

    monkeypatch.setenv("HOME", str(tmp_path))
    for name in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        monkeypatch.delenv(name, raising=False)
    if sys.platform.startswith("linux"):
        store = storage_module.Storage()
        for folder in (store.data_dir, store.config_dir, store.log_dir, store.save_dir):
            assert folder.is_absolute() and tmp_path in folder.parents, folder
            assert "LamaDesktop" in folder.parts
    assert storage_problems() == []


def test_storage_check_catches_a_folder_inside_the_program(monkeypatch, tmp_path):
    from lama_desktop.resources import PACKAGE_DIR
    from lama_desktop.selfcheck import storage_problems
    from lama_desktop.storage import Storage

    assert any("inside the program folder" in p for p in storage_problems(Storage(PACKAGE_DIR / "userdata")))
    assert any("relative path" in p for p in storage_problems(Storage("relative/folder")))
    # a frozen app: next to the executable is the program folder too
    bundle = tmp_path / "bundle"
    (bundle / "_internal").mkdir(parents=True)
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", str(bundle / "lama-desktop"))
    monkeypatch.setattr(sys, "_MEIPASS", str(bundle / "_internal"), raising=False)
    assert any("inside the program folder" in p for p in storage_problems(Storage(bundle / "saves")))
    assert storage_problems(Storage(tmp_path / "home")) == []


def test_self_check_lists_every_game_and_passes(capsys):
    from lama_desktop.engine.registry import games
    from lama_desktop.selfcheck import main

    assert main() == 0
    out = capsys.readouterr().out
    for spec in games():
        assert re.search(rf"^  {re.escape(spec.id)}: bots random", out, re.M), spec.id
    assert "  lama_desktop.app.main" in out and "self-check: OK" in out
    assert not re.search(r"^  lama_desktop\.games\.\w+\.tests", out, re.M)  # a game's own tests are the checkout's


# ------------------------------------------------------------------------------- the wheel ships the data
@pytest.mark.slow
def test_non_editable_install_ships_assets_and_levels(tmp_path):
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=120)
    python = venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    build_tmp = tmp_path / "src"  # build from a copy: setuptools writes build/lib and egg-info in the tree
    def ignore(folder, names):
        skipped = {"__pycache__", ".pytest_cache", ".hypothesis"} | {n for n in names if n.endswith(".egg-info")}
        if Path(folder) == ROOT:
            skipped |= {".git", ".venv", "venv", "dist", "screenshots"}
        if Path(folder) == ROOT / "build":
            skipped |= {"_work", "lib"} | {n for n in names if n.startswith("bdist.")}
        return skipped & set(names)

    shutil.copytree(ROOT, build_tmp, ignore=ignore)
    result = subprocess.run([str(python), "-m", "pip", "install", "-q", str(build_tmp)], capture_output=True,
                            text=True, timeout=600)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    where = subprocess.run(
        [str(python), "-c", "import lama_desktop, os; print(os.path.dirname(lama_desktop.__file__))"],
        cwd=tmp_path, capture_output=True, text=True, check=True).stdout.strip()
    installed = Path(where)
    assert tmp_path / "venv" in installed.parents  # the installed copy, not the checkout
    def files(base: Path) -> list[str]:
        return sorted(p.relative_to(base).as_posix() for p in base.rglob("*")
                      if p.is_file() and "__pycache__" not in p.parts)  # pip compiles any .py it installs

    for folder in ("assets", "levels"):
        shipped = files(build_tmp / folder)
        if folder == "assets":  # plus the string catalogs compiled by the build, one .mo per .po
            shipped = sorted(shipped + [p[:-3] + ".mo" for p in shipped if p.endswith(".po")])
        assert files(installed / folder) == shipped, folder
        assert files(installed / folder), folder
    assert not list(installed.glob("games/*/tests")), "a game's own tests are not installed"
    for target in game_data_folders():  # each game's own files, its catalogs compiled too
        shipped = files(build_tmp / target)
        if target.endswith("/locale"):
            shipped = sorted(shipped + [p[:-3] + ".mo" for p in shipped if p.endswith(".po")])
        assert files(installed / target.removeprefix("lama_desktop/")) == shipped, target
        assert shipped, target
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    version = subprocess.run([str(python), "-m", "lama_desktop", "--version"], cwd=tmp_path, env=env,
                             capture_output=True, text=True, timeout=120)
    assert version.returncode == 0 and version.stdout.strip() == f"lama-desktop {package_version()}"
    check = subprocess.run([str(python), "-m", "lama_desktop", "--self-check"], cwd=tmp_path, env=env,
                           capture_output=True, text=True, timeout=300)
    assert check.returncode == 0, check.stdout[-3000:] + check.stderr[-3000:]
    assert "self-check: OK" in check.stdout


# ------------------------------------------------------------------- what the bundle leaves out (issue 32)
def test_spec_leaves_out_what_the_game_never_uses(monkeypatch):
    """OpenSSL, websockets' other front-ends, compressions, CJK codecs and MIDI stay out; a placeholder ``ssl``
    goes in; zeroconf is analysed from a copy without its compiled modules (first on the path)."""
    calls = run_spec(monkeypatch, "linux")
    (_args, kwargs), = calls["Analysis"]
    for unwanted in ("ssl", "_ssl", "_hashlib", "websockets.legacy", "websockets.sync", "websockets.trio",
                     "websockets.cli", "readline", "lzma", "bz2", "_codecs_jp", "pygame.midi"):
        assert unwanted in kwargs["excludes"], unwanted
    assert ("ssl", str(PACKAGING / "frozen" / "ssl.py"), "PYMODULE") in calls["namespace"]["a"].pure
    pure = Path(kwargs["pathex"][0])
    assert (pure / "zeroconf" / "__init__.py").is_file() and (pure / "zeroconf" / "_dns.py").is_file()
    assert not [p for p in pure.rglob("*") if p.suffix in (".so", ".pyd", ".pyx", ".pxd", ".c")]


PLACEHOLDER_GAME = """
import importlib.util, os, sys
sys.modules["_ssl"] = None  # no OpenSSL at all, as in the bundle
sys.modules["_hashlib"] = None
spec = importlib.util.spec_from_file_location("ssl", sys.argv[1])
ssl = importlib.util.module_from_spec(spec)
spec.loader.exec_module(ssl)
sys.modules["ssl"] = ssl
os.environ["LAMA_NET_LOOPBACK"] = "1"
from lama_desktop.net.headless import LoopbackTable
table = LoopbackTable("lama", ["remote:random", "remote:random", "easy"], seed=7).start(20)
try:
    assert table.run(120), "the game did not end"
    assert not table.errors and not table.client_errors(), table.errors
finally:
    table.close()
try:
    ssl.create_default_context()
except ssl.SSLError as error:
    print("refused:", error)
print("network game over without OpenSSL")
"""


def test_the_bundles_placeholder_ssl_plays_a_network_game_and_refuses_tls(tmp_path):
    """With the bundle's ``ssl`` (packaging/frozen/ssl.py) and neither ``_ssl`` nor ``_hashlib``, websockets and
    asyncio import and a whole network game is played on loopback; asking for TLS is a clear refusal."""
    script = tmp_path / "game.py"
    script.write_text(PLACEHOLDER_GAME, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
           "LAMA_NET_LOOPBACK": "1"}
    done = subprocess.run([sys.executable, str(script), str(PACKAGING / "frozen" / "ssl.py")], cwd=tmp_path,
                          env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "refused: this build of LAMA Desktop has no TLS" in done.stdout
    assert "network game over without OpenSSL" in done.stdout


def test_spec_never_leaves_out_a_module_the_game_imports(monkeypatch):
    """A module the package imports (``sqlite3`` for the profile's database once was) is never in the excludes:
    the frozen app would fail where the checkout works. Read from every import statement in the package."""
    import ast

    calls = run_spec(monkeypatch, "linux")
    (_args, kwargs), = calls["Analysis"]
    excluded = set(kwargs["excludes"])
    imported = set()
    for path in (ROOT / "lama_desktop").rglob("*.py"):
        if "tests" in path.relative_to(ROOT).parts:  # a game's own tests stay out of the bundle
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                imported.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                imported.add(node.module)
    assert "sqlite3" in imported
    assert sorted(name for name in imported if name in excluded or name.partition(".")[0] in excluded) == []
