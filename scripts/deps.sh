#!/bin/sh
# Installs the system packages lagscope needs, only those missing.
#   scripts/deps.sh build   what a cgo build of Fyne needs (make run)
#   scripts/deps.sh test    that, plus Xvfb and xdotool for the window smoke test,
#                           and Chromium for the browser build's test (headless)
# On a machine that is not Debian/Ubuntu it says what to install and stops.
set -eu
what=${1:-build}
pkgs="gcc libc6-dev pkg-config libgl1-mesa-dev libx11-dev libxcursor-dev libxrandr-dev libxinerama-dev libxi-dev libxxf86vm-dev git ca-certificates"
if [ "$what" = test ]; then
	pkgs="$pkgs xvfb xdotool x11-apps chromium"
fi
if ! command -v dpkg-query >/dev/null 2>&1; then
	echo "deps: not a Debian/Ubuntu system; install the equivalents of: $pkgs" >&2
	exit 0
fi
missing=""
for p in $pkgs; do
	if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed"; then
		missing="$missing $p"
	fi
done
[ -z "$missing" ] && exit 0
sudo=""
if [ "$(id -u)" != 0 ]; then
	if command -v sudo >/dev/null 2>&1; then sudo=sudo; else
		echo "deps: need root or sudo to install:$missing" >&2
		exit 1
	fi
fi
echo "deps: installing$missing"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -q
# shellcheck disable=SC2086
$sudo apt-get install -y -q --no-install-recommends $missing
