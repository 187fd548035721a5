#!/bin/sh
# Put LAMA Desktop, unpacked from the tarball, into your desktop's menu (for you only, no root needed).
#   ./install-desktop-entry.sh            add the menu entry and icon (pointing at this folder)
#   ./install-desktop-entry.sh --remove   take them out again
# Saves and settings are not touched either way (they live in ~/.local/share/LamaDesktop and ~/.config).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
share="${XDG_DATA_HOME:-$HOME/.local/share}"
entry="$share/applications/lama-desktop.desktop"
icon="$share/icons/hicolor/256x256/apps/lama-desktop.png"
if [ "${1:-}" = "--remove" ]; then
    rm -f "$entry" "$icon"
    echo "removed $entry and $icon"
    exit 0
fi
mkdir -p "$(dirname "$entry")" "$(dirname "$icon")"
cp "$here/lama-desktop.png" "$icon"
# Exec and TryExec take the full path of this folder's executable (quoted: the path may hold spaces).
sed -e "s|^Exec=.*|Exec=\"$here/lama-desktop\"|" -e "/^Exec=/a TryExec=$here/lama-desktop" \
    "$here/lama-desktop.desktop" > "$entry"
if command -v update-desktop-database >/dev/null 2>&1; then
    update-desktop-database -q "$share/applications" || true
fi
echo "added $entry (runs $here/lama-desktop)"
