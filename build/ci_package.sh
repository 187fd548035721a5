#!/usr/bin/env bash
# CI step (called by .ci/run after the tests): prove the Linux installers.
#   - builds the PyInstaller onedir bundle with the project's .venv (+ PyInstaller), checks it is <= 45 MB (build.py's MAX_BUNDLE_MB);
#   - runs the frozen binary headless: --version, --self-check (must match the source), --smoke-test, and a
#     normal launch stopped at its first frame (the log lands in the user's folders); then 5 more launches for
#     the time to the first frame (median, max);
#   - builds the tarball and the .deb, installs the .deb (dpkg -i), runs the menu entry's command
#     (--version, --smoke-test as an unprivileged user), removes it (dpkg -r) and checks nothing is left.
# Works in a fresh clone: it only needs .venv (made by the test command), dpkg-deb and root for dpkg -i;
# PyInstaller and the game's dependencies come pinned and hashed from build/requirements-build.txt.
set -euo pipefail
cd "$(dirname "$0")/.."
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy PYGAME_HIDE_SUPPORT_PROMPT=1

PY=.venv/bin/python
if [ ! -x "$PY" ]; then
  python3 -m venv .venv
  "$PY" -m pip install -q -e ".[test]"
fi
# The bundle's build inputs (the game's dependencies and PyInstaller) at the versions and hashes of the one lock
# that build/ci_windows.sh and the release workflow also read.
"$PY" -m pip install -q --require-hashes -r build/requirements-build.txt

start=$(date +%s)
args=(--tarball --deb --smoke --measure-startup 5)
if [ "$(id -u)" = 0 ]; then
  args+=(--install-test)
else
  echo "[ci_package] not root: skipping the .deb install test" >&2
fi
"$PY" build/build.py "${args[@]}"
du -sh dist/lama-desktop
ls -l dist/*.tar.gz dist/*.deb
echo "[ci_package] Linux packaging proven in $(( $(date +%s) - start )) s"
