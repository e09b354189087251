#!/usr/bin/env bash
# Window smoke test: start the real binary in an X server (Xvfb), drive it
# with xdotool (pause, step, layouts, a click in the shooter pane, the
# screenshot key and Return in its dialog), dump the screen with xwd and check it is not blank.
set -euo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
bin=$tmp/lagscope
out=$tmp/home
mkdir "$out"
xpid=""
app=""
# stop whatever started, on every way out (an error under set -e, a
# failed check, ^C, a TERM from CI); each kill may find its process gone,
# and a failed kill must not end the trap before the X server is stopped
stop() { # pid: TERM, then KILL if it is still there after 5 s
	kill "$1" 2>/dev/null || return 0
	for _ in $(seq 50); do kill -0 "$1" 2>/dev/null || break; sleep 0.1; done
	kill -9 "$1" 2>/dev/null || true
	wait "$1" 2>/dev/null || true
}
cleanup() {
	if [ -n "$app" ]; then stop "$app"; fi
	if [ -n "$xpid" ]; then stop "$xpid"; fi
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
go build -o "$bin" .

# The X server picks a free display itself (-displayfd: the first whose
# socket it can bind, so a display another server listens on is passed
# over, two runs never take the same one, and a stale /tmp/.X97-lock left
# by a killed run is not consulted) and writes its number once it
# accepts connections. Then the display must answer a client (xdotool):
# an Xvfb that exits, or does not answer within xWait seconds, is stopped
# and another started, xTries times in all; then the run fails saying
# what each try saw.
xTries=3
xWait=30
tried=""
for try in $(seq "$xTries"); do
	: >"$tmp/display"
	Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp 3>"$tmp/display" >"$tmp/xvfb.log" 2>&1 &
	xpid=$!
	d=""
	deadline=$((SECONDS + xWait))
	while [ "$SECONDS" -lt "$deadline" ]; do
		d=$(tr -dc 0-9 <"$tmp/display")
		if [ -n "$d" ] && DISPLAY=:$d xdotool getdisplaygeometry >/dev/null 2>&1; then break; fi
		kill -0 "$xpid" 2>/dev/null || break
		sleep 0.1
	done
	if [ -n "$d" ] && DISPLAY=:$d xdotool getdisplaygeometry >/dev/null 2>&1; then break; fi
	if [ -z "$d" ]; then where="Xvfb -displayfd named no display"; else where="Xvfb -displayfd took :$d"; fi
	if ! kill -0 "$xpid" 2>/dev/null; then
		why="and exited: $(tail -n 3 "$tmp/xvfb.log" | tr '\n' ' ')"
	elif [ -z "$d" ]; then
		why="in $xWait s"
	else
		why="but did not answer xdotool getdisplaygeometry in $xWait s"
	fi
	tried="$tried
  try $try: $where $why"
	stop "$xpid"
	xpid=""
	d=""
done
if [ -z "$d" ]; then
	echo "smoke: no X server came up; tried $xTries times:$tried" >&2
	exit 1
fi
export DISPLAY=:$d

HOME="$out" LANG=C.UTF-8 "$bin" >"$out/log" 2>&1 &
app=$!
# wait for the window to map (the first frame can take a while on CI)
deadline=$((SECONDS + 60))
until xdotool search --onlyvisible --name '^lagscope$' >/dev/null 2>&1; do
	kill -0 "$app" 2>/dev/null || { echo "smoke: lagscope exited on $DISPLAY:"; cat "$out/log"; exit 1; }
	if [ "$SECONDS" -ge "$deadline" ]; then echo "smoke: no lagscope window on $DISPLAY after 60 s:"; cat "$out/log"; exit 1; fi
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
# the save is the UI thread's: under load it may come after the dump
deadline=$((SECONDS + 20))
until ls "$out"/Pictures/lagscope/*.png >/dev/null 2>&1; do
	if [ "$SECONDS" -ge "$deadline" ]; then echo "smoke: the S key saved no screenshot in 20 s"; exit 1; fi
	sleep 0.5
done
# under LANG=C.UTF-8 Fyne's start-up must be quiet (internal/fynelocale)
if grep -q "Error parsing user locale" "$out/log"; then echo "smoke: Fyne's locale error is back:"; cat "$out/log"; exit 1; fi
echo "smoke: ok (display $DISPLAY)"
