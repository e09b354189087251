#!/usr/bin/env bash
# Window smoke test: start the real binary in an X server (Xvfb), drive it
# with xdotool (pause, step, layouts, a click in the shooter pane, the
# screenshot key and Return in its dialog), dump the screen with xwd and check it is not blank.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(mktemp -d)/lagscope
go build -o "$bin" .
d=97
while [ -e /tmp/.X11-unix/X$d ] || [ -e /tmp/.X$d-lock ]; do d=$((d+1)); done
export DISPLAY=:$d
Xvfb "$DISPLAY" -screen 0 1280x800x24 -nolisten tcp >/dev/null 2>&1 &
xpid=$!
app=""
out=$(mktemp -d)
# (each kill may find its process gone: under set -e a failed kill must not
# end the trap before the X server is stopped)
cleanup() {
	if [ -n "$app" ]; then kill "$app" 2>/dev/null || true; fi
	kill "$xpid" 2>/dev/null || true
	wait 2>/dev/null || true
}
trap cleanup EXIT
# wait until the server answers, not only until its socket exists: a
# client that connects while it is still starting is refused
for _ in $(seq 100); do xdotool getdisplaygeometry >/dev/null 2>&1 && break; sleep 0.1; done
HOME="$out" LANG=C.UTF-8 "$bin" >"$out/log" 2>&1 &
app=$!
# wait for the window to map (the first frame can take a while on CI)
for _ in $(seq 60); do
	xdotool search --onlyvisible --name '^lagscope$' >/dev/null 2>&1 && break
	kill -0 "$app" 2>/dev/null || { echo "smoke: lagscope exited:"; cat "$out/log"; exit 1; }
	sleep 0.5
done
sleep 3
xdotool key space key Left key Right key space key 2 key 1 key s
sleep 1
xdotool key Return # S opens the screenshot dialog with its title focused: Return saves
xdotool mousemove 700 220 click 1
sleep 1
kill -0 "$app" 2>/dev/null || { echo "smoke: lagscope died:"; cat "$out/log"; exit 1; }
xwd -root -silent -out "$out/screen.xwd"
go run ./scripts/xwdcheck "$out/screen.xwd"
ls "$out"/Pictures/lagscope/*.png >/dev/null 2>&1 || { echo "smoke: the S key saved no screenshot"; exit 1; }
# under LANG=C.UTF-8 Fyne's start-up must be quiet (internal/fynelocale)
if grep -q "Error parsing user locale" "$out/log"; then echo "smoke: Fyne's locale error is back:"; cat "$out/log"; exit 1; fi
echo "smoke: ok"
