"""Build the lama-desktop bundle and installers.

    python build/build.py                         # PyInstaller onedir bundle -> dist/lama-desktop/
    python build/build.py --tarball --deb --smoke # + Linux tarball and .deb, then run the frozen app
    python build/build.py --deb --install-test    # + install the .deb, run the menu command, uninstall (root)
    python build/build.py --skip-pyinstaller --measure-startup 8   # time to first frame of the frozen game
    python build/build.py --dmg --smoke           # macOS: + dist/lama-desktop-VERSION-macos-ARCH.dmg
    python build/build.py --nsis --zip --smoke    # Windows: + dist/lama-desktop-VERSION-windows-x64-setup.exe (NSIS)
                                                  #   and the portable dist/lama-desktop-VERSION-windows-x64.zip
    (add --install-test on Windows/macOS: silent per-user setup / app copied from the mounted .dmg, run, remove)
    python3 build/build.py --skip-pyinstaller --nsis   # Linux: the setup.exe of a Windows bundle (makensis),
                                                  #   as build/ci_windows.sh does after building the bundle under Wine

Run it with the Python whose packages should be frozen (a venv holding the game's dependencies and
PyInstaller). PyInstaller's work files go to ``build/_work/`` (ignored by git), outputs to ``dist/``.
``--smoke`` runs the frozen executable: ``--version`` (must print this version), ``--self-check`` (must print
exactly what the source checkout prints: every module, game, bot level and scene made it into the bundle),
``--smoke-test`` (a complete bot game through the real scenes, headless), and a normal launch that is stopped
after its first frame (measures the time to the first frame and checks that the log went to the user's log
folder); the bundle must be byte-for-byte unchanged afterwards (nothing writes next to the executable).
"""

from __future__ import annotations

import argparse
import gzip
import os
import platform
import re
import shutil
import signal
import stat
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGING = ROOT / "packaging"
SPEC = PACKAGING / "lama-desktop.spec"
DIST = ROOT / "dist"
WORK = ROOT / "build" / "_work"
APP = "lama-desktop"
#: the issues' budgets: the bundle 45 MB on Linux and Windows (issue 32: Linux had grown to 50 MB), 60 MB on macOS;
#: the Windows setup 13 MB (it had grown to 14.9 MB with the network libraries)
MAX_BUNDLE_MB = 60 if sys.platform == "darwin" else 45
MAX_SETUP_MB = 13
DEB_PREFIX = "/opt/lama-desktop"
METAINFO = PACKAGING / "linux" / "io.github.lamadesktop.LamaDesktop.metainfo.xml"
MAINTAINER = "lama-desktop contributors <noreply@lama-desktop.invalid>"
SYSTEM_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
HEADLESS = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}


class BuildError(Exception):
    pass


def read_version() -> str:
    text = (ROOT / "lama_desktop" / "__init__.py").read_text(encoding="utf-8")
    match = re.search(r'^__version__\s*=\s*["\']([^"\']+)["\']', text, re.M)
    if not match:
        raise BuildError("cannot read __version__ from lama_desktop/__init__.py")
    return match.group(1)


VERSION = read_version()


def say(message: str) -> None:
    print(f"[build] {message}", flush=True)


def run(cmd: list, **kwargs) -> subprocess.CompletedProcess:
    say("$ " + " ".join(str(part) for part in cmd))
    return subprocess.run([str(part) for part in cmd], check=True, **kwargs)


def source_date_epoch() -> int:
    """A fixed timestamp for reproducible archives: SOURCE_DATE_EPOCH, else the last commit's time."""
    if os.environ.get("SOURCE_DATE_EPOCH", "").isdigit():
        return int(os.environ["SOURCE_DATE_EPOCH"])
    try:
        out = subprocess.run(["git", "log", "-1", "--format=%ct"], cwd=ROOT, capture_output=True, text=True,
                             check=True).stdout.strip()
        return int(out)
    except (OSError, subprocess.CalledProcessError, ValueError):
        return 315532800  # 1980-01-01, the earliest zip/tar tools agree on


def rel(path: Path) -> str:
    """A path for messages: relative to the checkout when inside it."""
    try:
        return str(path.relative_to(ROOT))
    except ValueError:
        return str(path)


def tree_size(path: Path) -> int:
    return sum(p.lstat().st_size for p in path.rglob("*") if p.is_file() or p.is_symlink())


def mb(size: int) -> str:
    return f"{size / 1e6:.1f} MB"


def bundle_dir() -> Path:
    return DIST / APP


def bundle_exe() -> Path:
    return bundle_dir() / (APP + (".exe" if sys.platform == "win32" else ""))


def windows_bundle_exe() -> Path:
    """The Windows bundle's executable (--nsis and --zip also package a Windows bundle built elsewhere)."""
    return bundle_dir() / f"{APP}.exe"


def numeric_version() -> str:
    """Windows' file versions are four numbers (x.y.z.w): 1.2.0rc1 -> 1.2.0.0."""
    numbers = re.match(r"\d+(?:\.\d+){0,3}", VERSION).group(0).split(".")
    return ".".join(numbers + ["0"] * (4 - len(numbers)))


def machine() -> str:
    arch = platform.machine().lower()
    return {"amd64": "x86_64", "x64": "x86_64", "aarch64": "arm64"}.get(arch, arch)


# ---------------------------------------------------------------------------------------------------- PyInstaller
def ensure_icons() -> None:
    """Remake packaging/icons/ when the icon art changed since they were made (and say so: commit them)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("make_icons", PACKAGING / "make_icons.py")
    make_icons = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(make_icons)
    problem = make_icons.check()
    if problem:
        say(f"{problem}: doing it now (commit packaging/icons/)")
        make_icons.make()



def pyinstaller(clean: bool = False) -> float:
    try:
        import PyInstaller  # noqa: F401
    except ImportError:
        raise BuildError(f"PyInstaller is not installed for {sys.executable}: "
                         f"{sys.executable} -m pip install pyinstaller") from None
    WORK.mkdir(parents=True, exist_ok=True)
    ensure_icons()
    started = time.monotonic()
    cmd = [sys.executable, "-m", "PyInstaller", SPEC, "--noconfirm", "--log-level", "WARN",
           "--distpath", DIST, "--workpath", WORK / "pyinstaller"]
    if clean:
        cmd.append("--clean")
    run(cmd, cwd=ROOT)
    seconds = time.monotonic() - started
    if not bundle_exe().is_file():
        raise BuildError(f"PyInstaller did not produce {bundle_exe()}")
    size = tree_size(bundle_dir())
    say(f"bundle {rel(bundle_dir())}: {mb(size)} (limit {MAX_BUNDLE_MB} MB), built in {seconds:.1f} s")
    if size > MAX_BUNDLE_MB * 1e6:
        raise BuildError(f"the bundle is {mb(size)}, over the {MAX_BUNDLE_MB} MB budget")
    return seconds


# ------------------------------------------------------------------------------------------------------ tarball
def _tar_filter(mtime: int):
    def normalise(info: tarfile.TarInfo) -> tarfile.TarInfo:
        info.uid = info.gid = 0
        info.uname = info.gname = "root"
        info.mtime = mtime
        if info.isdir() or info.mode & stat.S_IXUSR:
            info.mode = 0o755
        elif info.isfile():
            info.mode = 0o644
        return info

    return normalise


def _add_tree(archive: tarfile.TarFile, source: Path, arcname: str, normalise) -> None:
    """Add a folder with its entries in sorted order (the same input gives the same archive)."""
    archive.add(source, arcname, recursive=False, filter=normalise)
    for child in sorted(source.iterdir(), key=lambda p: p.name):
        name = f"{arcname}/{child.name}"
        if child.is_dir() and not child.is_symlink():
            _add_tree(archive, child, name, normalise)
        else:
            archive.add(child, name, recursive=False, filter=normalise)


def tarball() -> Path:
    """``dist/lama-desktop-VERSION-linux-x86_64.tar.gz``: the bundle, its .desktop entry, icon and the script
    that adds them to the player's menu."""
    top = f"{APP}-{VERSION}"
    out = DIST / f"{APP}-{VERSION}-linux-{machine()}.tar.gz"
    out.parent.mkdir(parents=True, exist_ok=True)
    mtime = source_date_epoch()
    normalise = _tar_filter(mtime)
    extras = WORK / "tarball-extras"
    shutil.rmtree(extras, ignore_errors=True)
    extras.mkdir(parents=True)
    # install-desktop-entry.sh points this entry at the unpacked folder and puts it in the player's menu.
    shutil.copy2(PACKAGING / f"{APP}.desktop", extras / f"{APP}.desktop")
    shutil.copy2(PACKAGING / "icons" / f"{APP}-256.png", extras / f"{APP}.png")
    shutil.copy2(PACKAGING / "linux" / "install-desktop-entry.sh", extras / "install-desktop-entry.sh")
    (extras / "install-desktop-entry.sh").chmod(0o755)
    with open(out, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=mtime, filename="") as zipped, \
            tarfile.open(fileobj=zipped, mode="w", format=tarfile.PAX_FORMAT) as archive:
        archive.add(bundle_dir(), top, recursive=False, filter=normalise)
        for child in sorted(bundle_dir().iterdir(), key=lambda p: p.name):
            if child.is_dir():
                _add_tree(archive, child, f"{top}/{child.name}", normalise)
            else:
                archive.add(child, f"{top}/{child.name}", recursive=False, filter=normalise)
        for extra in sorted(extras.iterdir()):
            archive.add(extra, f"{top}/{extra.name}", recursive=False, filter=normalise)
    say(f"tarball {rel(out)}: {mb(out.stat().st_size)}")
    return out


# ---------------------------------------------------------------------------------------------------------- .deb
def glibc_needed(folder: Path) -> str | None:
    """The newest GLIBC_x.y symbol version any ELF file in the bundle asks for (for the libc6 dependency)."""
    best: tuple[int, ...] | None = None
    pattern = re.compile(rb"GLIBC_(\d+)\.(\d+)(?:\.(\d+))?")
    for path in folder.rglob("*"):
        if not path.is_file() or path.is_symlink():
            continue
        with open(path, "rb") as handle:
            if handle.read(4) != b"\x7fELF":
                continue
            data = handle.read()
        for match in pattern.finditer(data):
            version = tuple(int(part) for part in match.groups() if part is not None)
            if best is None or version > best:
                best = version
    return ".".join(map(str, best)) if best else None


def deb_date(epoch: int) -> str:
    """RFC 2822 date for debian/changelog (English names whatever the locale)."""
    from email.utils import formatdate

    return formatdate(epoch, usegmt=False)


def deb_arch() -> str:
    return {"x86_64": "amd64", "arm64": "arm64"}.get(machine(), machine())


def deb() -> Path:
    """``dist/lama-desktop_VERSION_ARCH.deb``: /opt/lama-desktop, /usr/bin/lama-desktop, menu entry, icons,
    AppStream metadata (software centres), copyright and changelog."""
    if not shutil.which("dpkg-deb"):
        raise BuildError("dpkg-deb is not installed (Debian package dpkg)")
    stage = WORK / "deb" / f"{APP}_{VERSION}_{deb_arch()}"
    shutil.rmtree(stage.parent, ignore_errors=True)
    opt = stage / DEB_PREFIX.lstrip("/")
    shutil.copytree(bundle_dir(), opt, symlinks=True)
    launcher = stage / "usr" / "bin" / APP
    launcher.parent.mkdir(parents=True)
    launcher.write_text(f'#!/bin/sh\nexec {DEB_PREFIX}/{APP} "$@"\n', encoding="utf-8")
    applications = stage / "usr" / "share" / "applications"
    applications.mkdir(parents=True)
    shutil.copy2(PACKAGING / f"{APP}.desktop", applications / f"{APP}.desktop")
    for icon in sorted((PACKAGING / "icons").glob(f"{APP}-*.png")):
        size = icon.stem.rsplit("-", 1)[1]
        target = stage / "usr" / "share" / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP}.png"
        target.parent.mkdir(parents=True)
        shutil.copy2(icon, target)
    metainfo = stage / "usr" / "share" / "metainfo" / METAINFO.name
    metainfo.parent.mkdir(parents=True)
    release_date = time.strftime("%Y-%m-%d", time.gmtime(source_date_epoch()))
    metainfo.write_text(METAINFO.read_text(encoding="utf-8").replace("@VERSION@", VERSION)
                        .replace("@DATE@", release_date), encoding="utf-8")
    doc = stage / "usr" / "share" / "doc" / APP
    doc.mkdir(parents=True)
    shutil.copy2(PACKAGING / "linux" / "copyright", doc / "copyright")
    changelog = (f"{APP} ({VERSION}) unstable; urgency=medium\n\n"
                 f"  * Release {VERSION}: see the project's history for the changes.\n\n"
                 f" -- {MAINTAINER}  {deb_date(source_date_epoch())}\n")
    with open(doc / "changelog.gz", "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0, filename="") as z:
        z.write(changelog.encode("utf-8"))
    # Normalise permissions: dirs and executables 755, other files 644 (the umask of the build machine varies);
    # shared libraries need no execute bit.
    for path in [stage, *stage.rglob("*")]:
        if path.is_symlink():
            continue
        if path.is_file() and re.search(r"\.so(\.[\d.]+)?$", path.name):
            path.chmod(0o644)
        elif path.is_dir() or path == launcher or path.stat().st_mode & stat.S_IXUSR:
            path.chmod(0o755)
        else:
            path.chmod(0o644)
    installed_kib = (tree_size(stage) + 1023) // 1024
    glibc = glibc_needed(opt)
    depends = f"libc6 (>= {glibc})" if glibc else "libc6"
    control = stage / "DEBIAN" / "control"
    control.parent.mkdir()
    control.parent.chmod(0o755)
    control.write_text(
        f"Package: {APP}\n"
        f"Version: {VERSION}\n"
        f"Architecture: {deb_arch()}\n"
        f"Maintainer: {MAINTAINER}\n"
        f"Installed-Size: {installed_kib}\n"
        f"Depends: {depends}\n"
        "Recommends: libx11-6 | libwayland-client0, libasound2 | libpulse0\n"
        "Section: games\n"
        "Priority: optional\n"
        "Description: LAMA family card and dice games and Llama Land, with bots\n"
        " An offline desktop table for Reiner Knizia's L.A.M.A. (with Party, Drama and\n"
        " Lama 20), LAMA Dice and LAMA Cadabra, and Phil Walker-Harding's Llama Land.\n"
        " Seat humans and bots of four strengths around the table and play.\n"
        " .\n"
        " The game is a self-contained bundle (Python and SDL included) in\n"
        f" {DEB_PREFIX}; saves and settings live in the player's home folder.\n",
        encoding="utf-8")
    control.chmod(0o644)
    out = DIST / f"{APP}_{VERSION}_{deb_arch()}.deb"
    out.parent.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ, SOURCE_DATE_EPOCH=str(source_date_epoch()))
    run(["dpkg-deb", "--root-owner-group", "-Zxz", "-z6", "--build", stage, out], env=env,
        stdout=subprocess.DEVNULL)
    say(f"deb {rel(out)}: {mb(out.stat().st_size)} (installs {installed_kib // 1024} MiB, "
        f"Depends: {depends})")
    return out


def _listing(folders: list[str]) -> set[str]:
    found = set()
    for folder in folders:
        path = Path(folder)
        if path.is_file() or path.is_symlink():
            found.add(str(path))
        elif path.is_dir():
            found.update(str(p) for p in path.rglob("*"))
    return found


def desktop_exec(path: Path) -> list[str]:
    """The command line of a .desktop file's Exec key (field codes like %f dropped)."""
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("Exec="):
            return [part for part in line[5:].split() if not part.startswith("%")]
    raise BuildError(f"{path} has no Exec line")


def install_test(deb_path: Path) -> None:
    """Install the .deb, run its menu command (--version, --smoke-test), uninstall, check nothing is left."""
    if os.geteuid() != 0:
        raise BuildError("--install-test installs a .deb: run it as root (CI does)")
    watched = [DEB_PREFIX, f"/usr/bin/{APP}", "/usr/share/applications", "/usr/share/icons/hicolor",
               f"/usr/share/doc/{APP}", "/usr/share/metainfo"]
    status = subprocess.run(["dpkg-query", "-W", "-f=${Status}", APP], capture_output=True, text=True)
    if "installed" in status.stdout:
        say(f"removing an earlier {APP} package first")
        run(["dpkg", "--purge", APP], stdout=subprocess.DEVNULL)
    before = _listing(watched)
    run(["dpkg", "-i", deb_path])
    try:
        owned = subprocess.run(["dpkg", "-L", APP], capture_output=True, text=True, check=True).stdout.split()
        for required in (f"{DEB_PREFIX}/{APP}", f"/usr/bin/{APP}", f"/usr/share/applications/{APP}.desktop",
                         f"/usr/share/icons/hicolor/256x256/apps/{APP}.png"):
            if required not in owned or not Path(required).exists():
                raise BuildError(f"the installed package lacks {required}")
        if shutil.which("desktop-file-validate"):
            run(["desktop-file-validate", f"/usr/share/applications/{APP}.desktop"])
        command = desktop_exec(Path(f"/usr/share/applications/{APP}.desktop"))
        # A desktop session's PATH (not this shell's, which may hold a venv or pyenv shims with a lama-desktop).
        resolved = shutil.which(command[0], path=SYSTEM_PATH)
        if resolved != f"/usr/bin/{APP}":
            raise BuildError(f"the menu entry's command {command[0]!r} resolves to {resolved}, not /usr/bin/{APP}")
        out = run_frozen(command + ["--version"], timeout=120, path=SYSTEM_PATH).stdout.strip()
        if out != f"lama-desktop {VERSION}":
            raise BuildError(f"installed --version printed {out!r}")
        say(f"installed menu command --version: {out}")
        if smoke_test_available():
            _smoke_as_unprivileged_user(command)
    finally:
        installed_snapshot = _listing(watched)
        run(["dpkg", "-r", APP], stdout=subprocess.DEVNULL)
    after = _listing(watched)
    left = sorted(path for path in after - before if not path.endswith(("icon-theme.cache", "mimeinfo.cache")))
    if left:
        raise BuildError(f"dpkg -r left files behind: {left[:10]}")
    if Path(DEB_PREFIX).exists():
        raise BuildError(f"{DEB_PREFIX} still exists after dpkg -r")
    status = subprocess.run(["dpkg-query", "-W", "-f=${Status}", APP], capture_output=True, text=True).stdout
    if "config-files" in status:  # dpkg -r keeps conffiles (this package has none); purge the record too
        run(["dpkg", "--purge", APP], stdout=subprocess.DEVNULL)
    say(f".deb installed {len(installed_snapshot - before)} paths and removed them all: clean")


def _smoke_as_unprivileged_user(command: list[str]) -> None:
    """Run the installed game as ``nobody`` (when possible): proves it never needs to write into /opt."""
    home = Path(tempfile.mkdtemp(prefix="lama-deb-home-"))
    prefix: list[str] = []
    if os.geteuid() == 0 and shutil.which("setpriv"):
        try:
            import pwd

            nobody = pwd.getpwnam("nobody")
            os.chown(home, nobody.pw_uid, nobody.pw_gid)
            prefix = ["setpriv", f"--reuid={nobody.pw_uid}", f"--regid={nobody.pw_gid}", "--clear-groups"]
        except (KeyError, OSError):
            prefix = []
    started = time.monotonic()
    result = run_frozen(prefix + command + ["--smoke-test"], home=home, timeout=600, path=SYSTEM_PATH)
    say(f"installed menu command --smoke-test{' as nobody' if prefix else ''}: exit 0 in "
        f"{time.monotonic() - started:.1f} s; {_last_line(result.stdout)}")
    shutil.rmtree(home, ignore_errors=True)


# ---------------------------------------------------------------------------------------------------------- .dmg
def dmg() -> Path:
    if sys.platform != "darwin":
        raise BuildError("--dmg needs macOS (hdiutil)")
    app = DIST / "LAMA Desktop.app"
    if not app.is_dir():
        raise BuildError(f"PyInstaller did not produce {app}")
    stage = WORK / "dmg"
    shutil.rmtree(stage, ignore_errors=True)
    stage.mkdir(parents=True)
    run(["ditto", app, stage / app.name])
    (stage / "Applications").symlink_to("/Applications")
    out = DIST / f"{APP}-{VERSION}-macos-{machine()}.dmg"
    if out.exists():
        out.unlink()
    for attempt in range(1, 4):  # hdiutil fails now and then with "Resource busy" on CI machines
        try:
            run(["hdiutil", "create", "-volname", f"LAMA Desktop {VERSION}", "-srcfolder", stage, "-ov",
                 "-format", "UDZO", "-fs", "HFS+", out])
            break
        except subprocess.CalledProcessError:
            if attempt == 3:
                raise
            say(f"hdiutil failed (attempt {attempt}); retrying in 5 s")
            time.sleep(5)
    say(f"dmg {rel(out)}: {mb(out.stat().st_size)}")
    return out


def install_test_macos(dmg_path: Path) -> None:
    """Mount the .dmg, check its layout, copy the app out as a player would, run it, unmount."""
    work = Path(tempfile.mkdtemp(prefix="lama-dmg-"))
    mount = work / "mnt"
    mount.mkdir()
    run(["hdiutil", "attach", "-nobrowse", "-readonly", "-noautoopen", "-mountpoint", mount, dmg_path],
        stdout=subprocess.DEVNULL)
    try:
        app = mount / "LAMA Desktop.app"
        link = mount / "Applications"
        if not app.is_dir() or not link.is_symlink() or os.readlink(link) != "/Applications":
            raise BuildError("the disk image lacks 'LAMA Desktop.app' or its Applications link")
        applications = work / "Applications"
        applications.mkdir()
        run(["ditto", app, applications / app.name])
    finally:
        run(["hdiutil", "detach", mount], stdout=subprocess.DEVNULL)
    exe = applications / "LAMA Desktop.app" / "Contents" / "MacOS" / APP
    out = run_frozen([exe, "--version"]).stdout.strip()
    if out != f"lama-desktop {VERSION}":
        raise BuildError(f"the installed app's --version printed {out!r}")
    if smoke_test_available():
        result = run_frozen([exe, "--smoke-test"], home=work / "home", timeout=600)
        say(f"app from the .dmg --smoke-test: exit 0; {_last_line(result.stdout)}")
    shutil.rmtree(work, ignore_errors=True)
    say(".dmg mounts, holds the app and the Applications link; the copied app runs")


# --------------------------------------------------------------------------------------------- Windows: NSIS
UNINSTALL_KEY = r"Software\Microsoft\Windows\CurrentVersion\Uninstall\LamaDesktop"
NSIS_SCRIPT = PACKAGING / f"{APP}.nsi"


def windows_setup_path() -> Path:
    return DIST / f"{APP}-{VERSION}-windows-x64-setup.exe"


def find_makensis() -> str | None:
    found = shutil.which("makensis")
    if found:
        return found
    for base in (os.environ.get("ProgramFiles(x86)"), os.environ.get("ProgramFiles")):
        if base and (Path(base) / "NSIS" / "makensis.exe").is_file():
            return str(Path(base) / "NSIS" / "makensis.exe")
    return None


def nsis() -> Path:
    """``dist/lama-desktop-VERSION-windows-x64-setup.exe`` from the Windows bundle in dist/lama-desktop/ with
    packaging/lama-desktop.nsi: makensis runs natively on Windows and on Linux (Debian's nsis)."""
    makensis = find_makensis()
    if not makensis:
        raise BuildError("makensis not found: apt-get install nsis (Linux), choco install nsis (Windows)")
    if not windows_bundle_exe().is_file():
        raise BuildError(f"no Windows bundle: {rel(windows_bundle_exe())} does not exist")
    out = windows_setup_path()
    if out.exists():
        out.unlink()
    started = time.monotonic()
    run([makensis, "-V2", "-INPUTCHARSET", "UTF8", f"-DVERSION={VERSION}", f"-DNUMERIC_VERSION={numeric_version()}",
         f"-DBUNDLE={bundle_dir()}", f"-DOUTFILE={out}", NSIS_SCRIPT])
    if not out.is_file():
        raise BuildError(f"makensis did not produce {out}")
    say(f"installer {rel(out)}: {mb(out.stat().st_size)} (limit {MAX_SETUP_MB} MB), "
        f"made in {time.monotonic() - started:.1f} s")
    if out.stat().st_size > MAX_SETUP_MB * 1e6:
        raise BuildError(f"the installer is {mb(out.stat().st_size)}, over the {MAX_SETUP_MB} MB budget")
    return out


def windows_zip() -> Path:
    """``dist/lama-desktop-VERSION-windows-x64.zip``: the bundle in ``lama-desktop-VERSION/`` with a launcher that
    keeps the player's files in ``profile/`` next to the exe (a USB stick) and a short README."""
    import zipfile

    if not windows_bundle_exe().is_file():
        raise BuildError(f"no Windows bundle: {rel(windows_bundle_exe())} does not exist")
    top = f"{APP}-{VERSION}"
    out = DIST / f"{APP}-{VERSION}-windows-x64.zip"
    stamp = time.gmtime(max(source_date_epoch(), 315532800))[:6]
    extras = sorted((PACKAGING / "windows" / "portable").iterdir())
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for path in sorted(bundle_dir().rglob("*")):
            if path.is_file():
                info = zipfile.ZipInfo(f"{top}/{path.relative_to(bundle_dir()).as_posix()}", stamp)
                info.compress_type = zipfile.ZIP_DEFLATED
                archive.writestr(info, path.read_bytes())
        for path in extras:
            info = zipfile.ZipInfo(f"{top}/{path.name}", stamp)
            info.compress_type = zipfile.ZIP_DEFLATED
            # Windows' cmd.exe and Notepad want CRLF line ends
            archive.writestr(info, path.read_bytes().replace(b"\r\n", b"\n").replace(b"\n", b"\r\n"))
    say(f"portable zip {rel(out)}: {mb(out.stat().st_size)}")
    return out


def portable_test(zip_path: Path) -> None:
    """Unzip the portable zip as a player would, start the game with ``--profile`` next to its exe (what the
    zip's launcher does), wait for its first frame, and check that its log and settings landed in that folder."""
    import zipfile

    work = Path(tempfile.mkdtemp(prefix="lama-portable-"))
    try:
        with zipfile.ZipFile(zip_path) as archive:
            archive.extractall(work)
        folder = work / f"{APP}-{VERSION}"
        exe = folder / windows_bundle_exe().name
        profile = folder / "profile"
        launcher = (folder / "lama-desktop-portable.cmd").read_text(encoding="utf-8")
        if '--profile "%~dp0profile"' not in launcher:
            raise BuildError("the portable launcher does not pass --profile next to the exe")
        seen, _own = launch_probe(exe, None, extra_args=["--profile", str(profile)],
                                  log_file=profile / "log" / "lama-desktop.log")
        made = sorted(p.relative_to(profile).as_posix() for p in profile.rglob("*"))
        say(f"portable zip: unzipped, launched with --profile next to the exe, first frame {seen:.2f} s after "
            f"launch; the profile folder holds {', '.join(made)}")
    finally:
        shutil.rmtree(work, ignore_errors=True)


def _desktop_folder() -> Path:
    import ctypes

    buffer = ctypes.create_unicode_buffer(260)
    ctypes.windll.shell32.SHGetFolderPathW(None, 0x10, None, 0, buffer)  # CSIDL_DESKTOPDIRECTORY
    return Path(buffer.value)


def _uninstall_entry() -> dict | None:
    import winreg

    try:
        with winreg.OpenKey(winreg.HKEY_CURRENT_USER, UNINSTALL_KEY) as key:
            values, index = {}, 0
            while True:
                try:
                    name, value, _kind = winreg.EnumValue(key, index)
                except OSError:
                    return values
                values[name] = value
                index += 1
    except FileNotFoundError:
        return None


def _set_uninstall_value(name: str, value: str) -> None:
    import winreg

    with winreg.OpenKey(winreg.HKEY_CURRENT_USER, UNINSTALL_KEY, 0, winreg.KEY_SET_VALUE) as key:
        winreg.SetValueEx(key, name, 0, winreg.REG_SZ, value)


def _tree(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def install_test_windows(setup: Path) -> None:
    """As a player would, per user: the setup silently (/S), its shortcuts and uninstall entry, the installed game
    (--version, --self-check against the source, --smoke-test), an upgrade in place over an older install, then
    the silent uninstall: the program, shortcuts and entry go; the player's folder stays untouched."""
    local = Path(os.environ["LOCALAPPDATA"])
    target = local / "Programs" / "LAMA Desktop"
    player = local / "LamaDesktop"  # platformdirs' user data dir: saves, statistics, past games, settings, logs
    start_menu = Path(os.environ["APPDATA"]) / "Microsoft" / "Windows" / "Start Menu" / "Programs" / "LAMA Desktop.lnk"
    desktop = _desktop_folder() / "LAMA Desktop.lnk"
    exe = target / f"{APP}.exe"
    uninstaller = target / "uninstall.exe"
    if target.exists() or _uninstall_entry() is not None:
        raise BuildError(f"LAMA Desktop is already installed here ({target}): uninstall it first")

    run([setup, "/S"], timeout=600)
    for required in (exe, uninstaller, start_menu, desktop):
        if not required.exists():
            raise BuildError(f"the installer did not create {required}")
    entry = _uninstall_entry() or {}
    wanted = {"DisplayName": "LAMA Desktop", "DisplayVersion": VERSION, "Publisher": "lama-desktop contributors",
              "DisplayIcon": f"{exe},0", "InstallLocation": str(target),
              "UninstallString": f'"{uninstaller}"', "QuietUninstallString": f'"{uninstaller}" /S'}
    wrong = {name: entry.get(name) for name, value in wanted.items()
             if str(entry.get(name, "")).lower() != value.lower()}
    if wrong:
        raise BuildError(f"the uninstall entry HKCU\\{UNINSTALL_KEY} has {wrong}, expected {wanted}")
    say(f"installed per user into {target}: Start-menu and desktop shortcuts, uninstall entry "
        f"{entry['DisplayName']} {entry['DisplayVersion']} by {entry['Publisher']}, icon {entry['DisplayIcon']}, "
        f"{entry.get('EstimatedSize', '?')} KB")

    out = run_frozen([exe, "--version"]).stdout.strip()
    if out != f"lama-desktop {VERSION}":
        raise BuildError(f"the installed game's --version printed {out!r}")
    check = run_frozen([exe, "--self-check"]).stdout.strip().splitlines()
    if check != source_self_check(None):
        raise BuildError("the installed game's --self-check differs from the source's")
    say("installed --self-check matches the source: " + "; ".join(l for l in check if not l.startswith("  ")))
    if smoke_test_available():
        started = time.monotonic()
        result = run_frozen([exe, "--smoke-test"], timeout=600)
        say(f"installed --smoke-test: exit 0 in {time.monotonic() - started:.1f} s; {_last_line(result.stdout)}")
    # A normal start from the Start-menu shortcut's target writes the log into the player's folder; stand-ins
    # of a save, the statistics and a past game join it (the smoke test keeps its own files in a temporary folder).
    seen, _own = launch_probe(exe, None)
    for name in ("saves/autosave.json", "stats.json", "games/past-game-stand-in.json"):
        (player / name).parent.mkdir(parents=True, exist_ok=True)
        (player / name).write_text('{"stand-in": "the player\'s own file: must outlive upgrades and the '
                                   'uninstaller"}\n', encoding="utf-8")
    saves = _tree(player)
    say(f"installed game started normally: first frame {seen:.2f} s after launch; the player's folder {player} "
        f"holds {', '.join(sorted(saves))}")

    # Upgrade in place: make the install look like an older version with a file the new one no longer ships.
    stale = target / "_internal" / "left-by-an-older-version.txt"
    stale.write_text("old", encoding="utf-8")
    _set_uninstall_value("DisplayVersion", "0.0.1")
    run([setup, "/S"], timeout=600)
    entry = _uninstall_entry() or {}
    if stale.exists() or entry.get("DisplayVersion") != VERSION or not exe.is_file():
        raise BuildError(f"the upgrade over an older install failed: stale file kept {stale.exists()}, "
                         f"version {entry.get('DisplayVersion')}")
    if run_frozen([exe, "--version"]).stdout.strip() != f"lama-desktop {VERSION}":
        raise BuildError("the upgraded game does not run")
    if _tree(player) != saves:
        raise BuildError("the upgrade touched the player's files")
    say(f"upgrade in place over an older install (0.0.1): same folder, old files gone, version {VERSION}, "
        f"the player's {len(saves)} files untouched")

    run([uninstaller, "/S"], timeout=300)
    deadline = time.monotonic() + 120  # the uninstaller hands over to a copy of itself in %TEMP% and returns
    while time.monotonic() < deadline and (target.exists() or start_menu.exists() or desktop.exists()
                                           or _uninstall_entry() is not None):
        time.sleep(1)
    left = [str(p) for p in (target, start_menu, desktop) if p.exists()]
    if _uninstall_entry() is not None:
        left.append(f"HKCU\\{UNINSTALL_KEY}")
    if left:
        raise BuildError(f"the uninstaller left {left}")
    if _tree(player) != saves:
        raise BuildError(f"the uninstaller touched the player's folder {player}")
    say(f"uninstalled silently: program folder, shortcuts and uninstall entry gone; the player's folder {player} "
        f"kept with its {len(saves)} files ({', '.join(sorted({k.split('/')[0] for k in saves}))})")


# -------------------------------------------------------------------------------------------------- smoke tests
def smoke_test_available() -> bool:
    """``--smoke-test`` needs the app framework (lama_desktop/app/main.py and its smoke driver)."""
    return (ROOT / "lama_desktop" / "app" / "main.py").is_file() and (
        ROOT / "lama_desktop" / "app" / "smoke.py").is_file()


def frozen_env(home: Path | None, path: str | None = None) -> dict:
    env = dict(os.environ, **HEADLESS)
    if path is not None:
        env["PATH"] = path
    for name in ("PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP"):
        env.pop(name, None)  # the frozen app must not lean on the build machine's Python
    if home is not None and sys.platform != "win32":
        env["HOME"] = str(home)
        for name in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
            env.pop(name, None)
    return env


def run_frozen(cmd: list, home: Path | None = None, timeout: float = 300,
               path: str | None = None) -> subprocess.CompletedProcess:
    """Run the frozen app (windowed on Windows/macOS: its output goes to LAMA_DESKTOP_CONSOLE_LOG)."""
    env = frozen_env(home, path)
    with tempfile.TemporaryDirectory() as tmp:
        console_log = Path(tmp) / "console.log"
        env["LAMA_DESKTOP_CONSOLE_LOG"] = str(console_log)
        say("$ " + " ".join(str(part) for part in cmd))
        result = subprocess.run([str(part) for part in cmd], env=env, capture_output=True, text=True,
                                errors="replace", timeout=timeout, cwd=tempfile.gettempdir())
        if console_log.is_file():
            result.stdout += console_log.read_text(encoding="utf-8", errors="replace")
    if result.returncode != 0:
        raise BuildError(f"{' '.join(map(str, cmd))} exited {result.returncode}\n--- stdout\n"
                         f"{result.stdout[-4000:]}\n--- stderr\n{result.stderr[-4000:]}")
    return result


def _last_line(text: str) -> str:
    lines = [line for line in text.strip().splitlines() if line.strip()]
    return lines[-1] if lines else "(no output)"


def snapshot(folder: Path) -> dict[str, tuple[int, int]]:
    return {str(p.relative_to(folder)): (p.lstat().st_size, p.lstat().st_mtime_ns) for p in folder.rglob("*")}


def user_log_file(home: Path) -> Path:
    """Where the frozen app's log goes under this HOME (asked of platformdirs, as the app does)."""
    code = ("from platformdirs import PlatformDirs;"
            "print(PlatformDirs('LamaDesktop', appauthor=False).user_log_dir)")
    out = subprocess.run([sys.executable, "-c", code], env=frozen_env(home), capture_output=True, text=True,
                         check=True).stdout.strip()
    return Path(out) / "lama-desktop.log"


def launch_probe(exe: Path, home: Path | None, timeout: float = 60, extra_args: list | None = None,
                 log_file: Path | None = None) -> tuple[float, float | None]:
    """Start the game normally, wait for its first frame (from its log), stop it.

    Returns (seconds from launch until the log shows the first frame, as seen from outside; the app's own
    figure: seconds from process start to the first flip, or None where the platform cannot tell)."""
    log_file = log_file or user_log_file(home)
    offset = log_file.stat().st_size if log_file.is_file() else 0
    env = frozen_env(home)
    with tempfile.TemporaryDirectory() as tmp:
        env["LAMA_DESKTOP_CONSOLE_LOG"] = str(Path(tmp) / "console.log")
        started = time.monotonic()
        process = subprocess.Popen([str(exe), *map(str, extra_args or [])], env=env, stdout=subprocess.PIPE,
                                   stderr=subprocess.STDOUT, cwd=tempfile.gettempdir())
        seen, own = None, None
        try:
            while time.monotonic() - started < timeout:
                if log_file.is_file():
                    with open(log_file, encoding="utf-8", errors="replace") as handle:
                        handle.seek(offset)
                        match = re.search(r"first frame (\d+\.\d+) s", handle.read())
                    if match:
                        seen = time.monotonic() - started
                        own = float(match.group(1))
                        break
                if process.poll() is not None:
                    output = process.stdout.read().decode(errors="replace") if process.stdout else ""
                    raise BuildError(f"the game exited ({process.returncode}) before its first frame:\n{output}")
                time.sleep(0.005)
        finally:
            if process.poll() is None:
                if sys.platform == "win32":
                    process.terminate()
                else:
                    process.send_signal(signal.SIGTERM)
                try:
                    process.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()
    if seen is None:
        raise BuildError(f"no 'first frame' line in {log_file} within {timeout:.0f} s of launch")
    return seen, (own if own and own > 0 else None)


def measure_startup(launches: int) -> dict:
    """Launch the frozen game ``launches`` times; time to the first frame (the app's figure where it has one)."""
    import statistics

    home = Path(tempfile.mkdtemp(prefix="lama-startup-"))
    try:
        figures = []
        for _ in range(launches):
            seen, own = launch_probe(bundle_exe(), home)
            figures.append(own if own is not None else seen)
    finally:
        shutil.rmtree(home, ignore_errors=True)
    result = {"launches": launches, "median_s": round(statistics.median(figures), 3),
              "max_s": round(max(figures), 3), "all_s": [round(x, 3) for x in figures]}
    say(f"time to first frame over {launches} launches: median {result['median_s']:.3f} s, "
        f"max {result['max_s']:.3f} s ({', '.join(f'{x:.2f}' for x in result['all_s'])})")
    return result


def source_self_check(home: Path | None) -> list[str]:
    """What ``--self-check`` prints from the source checkout, with the Python running this script."""
    source_check = subprocess.run([sys.executable, "-m", "lama_desktop", "--self-check"], cwd=ROOT,
                                  env=frozen_env(home), capture_output=True, text=True, errors="replace")
    if source_check.returncode != 0:
        raise BuildError(f"source --self-check failed:\n{source_check.stdout}\n{source_check.stderr}")
    return source_check.stdout.strip().splitlines()


def smoke(exe: Path | None = None, folder: Path | None = None) -> dict:
    """Run the frozen app; raise BuildError on any failure. Returns the measurements."""
    exe = exe or bundle_exe()
    folder = folder or bundle_dir()
    results: dict = {}
    before = snapshot(folder)
    home = Path(tempfile.mkdtemp(prefix="lama-frozen-home-"))
    try:
        out = run_frozen([exe, "--version"], home).stdout.strip()
        if out != f"lama-desktop {VERSION}":
            raise BuildError(f"frozen --version printed {out!r}, expected 'lama-desktop {VERSION}'")
        say(f"frozen --version: {out}")

        frozen_check = run_frozen([exe, "--self-check"], home).stdout.strip().splitlines()
        source_lines = source_self_check(home)
        if frozen_check != source_lines:
            missing = [line for line in source_lines if line not in frozen_check]
            extra = [line for line in frozen_check if line not in source_lines]
            raise BuildError(f"the frozen app's self-check differs from the source's: missing {missing}, "
                             f"extra {extra}")
        summary = [line for line in frozen_check if not line.startswith("  ")]
        say("frozen --self-check matches the source: " + "; ".join(summary))

        if smoke_test_available():
            started = time.monotonic()
            result = run_frozen([exe, "--smoke-test"], home, timeout=600)
            results["smoke_seconds"] = time.monotonic() - started
            say(f"frozen --smoke-test: exit 0 in {results['smoke_seconds']:.1f} s; {_last_line(result.stdout)}")
            seen, own = launch_probe(exe, home)
            results["first_frame_seen"], results["first_frame_own"] = seen, own
            say("frozen launch: first frame " + (f"{own:.3f} s after process start (app's log), " if own else "")
                + f"{seen:.3f} s after launch as seen from outside; the log went to {user_log_file(home)}")
            if not str(user_log_file(home)).startswith(str(home)) and sys.platform != "win32":
                raise BuildError("the app's log is not under the user's home")
        else:
            say("frozen --smoke-test: skipped (lama_desktop/app/main.py or app/smoke.py not there yet)")

        after = snapshot(folder)
        if after != before:
            changed = sorted(set(after.items()) ^ set(before.items()))
            raise BuildError(f"running the app changed its own folder: {changed[:10]}")
        say("bundle unchanged after running (nothing written next to the executable)")
    finally:
        shutil.rmtree(home, ignore_errors=True)
    return results


# ------------------------------------------------------------------------------------------------------------ CLI
def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description="Build the lama-desktop bundle and installers.")
    parser.add_argument("--skip-pyinstaller", action="store_true", help="reuse dist/lama-desktop/")
    parser.add_argument("--clean", action="store_true", help="PyInstaller --clean (ignore its cache)")
    parser.add_argument("--tarball", action="store_true", help="Linux: dist/lama-desktop-VERSION-linux-ARCH.tar.gz")
    parser.add_argument("--deb", action="store_true", help="Linux: dist/lama-desktop_VERSION_ARCH.deb")
    parser.add_argument("--install-test", action="store_true",
                        help="install the .deb (Linux, root) / the NSIS setup (Windows) / the .dmg's app "
                             "(macOS), run the installed game, uninstall, check nothing is left")
    parser.add_argument("--dmg", action="store_true", help="macOS: dist/lama-desktop-VERSION-macos-ARCH.dmg")
    parser.add_argument("--nsis", action="store_true",
                        help="the Windows installer (NSIS; on Windows or, for a Windows bundle, on Linux)")
    parser.add_argument("--zip", action="store_true",
                        help="Windows: the portable dist/lama-desktop-VERSION-windows-x64.zip (unzipped and "
                             "launched with --profile next to the exe when run on Windows)")
    parser.add_argument("--smoke", action="store_true", help="run the frozen app (see the module doc)")
    parser.add_argument("--measure-startup", type=int, metavar="N", default=0,
                        help="launch the frozen game N times, print the time to its first frame (median, max)")
    args = parser.parse_args(argv)
    started = time.monotonic()
    try:
        say(f"lama-desktop {VERSION} on {sys.platform}/{machine()} with {sys.executable}")
        if not args.skip_pyinstaller:
            pyinstaller(clean=args.clean)
        elif not bundle_exe().is_file() and not ((args.nsis or args.zip) and windows_bundle_exe().is_file()):
            raise BuildError(f"--skip-pyinstaller but {bundle_exe()} does not exist")
        if args.smoke:
            smoke()
        if args.measure_startup:
            measure_startup(args.measure_startup)
        linux, macos, windows = sys.platform.startswith("linux"), sys.platform == "darwin", sys.platform == "win32"
        if args.tarball:
            tarball()
        if args.deb or (args.install_test and linux):
            deb_path = deb()
            if args.install_test:
                install_test(deb_path)
        if args.dmg or (args.install_test and macos):
            dmg_path = dmg()
            if args.smoke:
                app = DIST / "LAMA Desktop.app"
                smoke(app / "Contents" / "MacOS" / APP, folder=app)
            if args.install_test:
                install_test_macos(dmg_path)
        if args.zip:
            zip_path = windows_zip()
            if windows:
                portable_test(zip_path)
        if args.nsis:
            nsis()
        if args.install_test and windows:  # the setup made by --nsis now or before (under Wine: on Linux)
            if not windows_setup_path().is_file():
                raise BuildError(f"--install-test: {rel(windows_setup_path())} does not exist (add --nsis)")
            install_test_windows(windows_setup_path())
    except (BuildError, subprocess.CalledProcessError, subprocess.TimeoutExpired) as error:
        print(f"[build] FAILED: {error}", file=sys.stderr, flush=True)
        return 1
    say(f"done in {time.monotonic() - started:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
