#!/usr/bin/env bash
# Regenerates resources/icon.png (1024×1024) from resources/icon.svg. electron-builder derives the
# Windows .ico, the macOS .icns and the Linux icon sizes from this one PNG when it packages.
# Needs rsvg-convert (Debian/Ubuntu: apt install librsvg2-bin; macOS: brew install librsvg).
set -euo pipefail
cd "$(dirname "$0")"
rsvg-convert --width 1024 --height 1024 --keep-aspect-ratio --output icon.png icon.svg
echo "resources/icon.png regenerated from resources/icon.svg"
