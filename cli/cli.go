// Package cli is lagscope's command line: the subcommands that run the
// simulation headless (presets, keys, sim, sweep, shot) or read its
// records back (records), their flags, outputs and messages, and the
// checks made before the window opens.
// It builds and tests without cgo; the window itself is handed in by
// package main, which alone needs Fyne's driver (Go's own cmd/go keeps
// its commands in packages the same way).
package cli

import (
	"fmt"
	"io"
)

// Version is lagscope's version, written into captions and sidecars and
// shown by the window.
const Version = "0.2.0"

const usage = `lagscope — a visual debugger for shooter netcode

usage:
  lagscope [--preset NAME|FILE] open the window
  lagscope presets              list the scenario presets
  lagscope keys [--markdown]    list every configuration key, its range and default
  lagscope sim --preset NAME|FILE [--set key=value]... [--event 3s:outage=1s]... [--duration 10s] [--seed N]
               [--json [--packets]|--summary|--csv] [--compare k=v[,k=v…]] [--telemetry net.csv]
                                run a scenario headless and print every shot (or the summary alone,
                                or A/B: both summaries on the same seed and their differences);
                                --packets: a line per packet copy too; --telemetry: the connections
                                every server tick as CSV (round trip, queue, buffer, loss, jitter, …)
  (sim, sweep and shot)         --event: a scripted event, after the preset's [[events]]:
                                3s:latency_ms=200 (,for=2s puts it back), 3s:outage=1s,
                                3s@victim:disconnect=2s (clients: all, shooter, victim, observerN)
  lagscope sweep --preset NAME [--vary KEY=FROM:TO:STEP|V1,V2,…]... [--variant NAME:k=v,…]...
                 [--set k=v]... [--event …]... [--seed N] [--seeds K] [--players N [--by-percentile]] [--duration 30s] [--jobs N]
                 [--stats] [--paired A,B]
                 {--csv out.csv|-, --json, --chart out.png [--metric a,b,…] [--size 1920x1080]
                  [--title "…"] [--theme light|dark]}
                                run a grid of settings on all cores: one row per point and seed
                                (at least one of --csv, --json, --chart); --stats: a line per
                                point, each figure's percentiles, mean and interval across seeds;
                                --paired A,B: B − A seed by seed, its mean, interval and signs;
                                --players N: with --set population=…, N draws of every player's
                                link per point and seed, each point's figures over them all;
                                --by-percentile: the chart a matrix of the shooter's drawn
                                percentile × the victim's, from the same draws
  lagscope shot --preset NAME [--set k=v]... [--event …]... --at 2.5s|--shot N|--moment N --out file.png
                [--view split|server|shooter|target|overlay|packets|burst|duel|netgraph] [--layout 2x2|1x2|single|row]
                [--panes server,target] [--focus shot|target|shooter|projectile]
                [--size 1920x1080] [--scale S] [--theme dark|light] [--layers default,NAME,-NAME]
                [--compare k=v,…] [--title "…"] [--caption full|short|moment|none]
                                --moment N: the preset's moment N (its time, its shot, its sentence);
                                --view packets: the packet-flow diagram; --view burst: the fire-effects lanes;
                                --view duel: the peeker's advantage as a sighting timeline (in a duel, in
                                the Overlay's place of the split); --view netgraph: the connections
                                tick by tick, strip by strip, over the last 10 s;
                                --layout 1x2 --panes server,target: any two panes side by side;
                                --focus: frame the world panes tightly on that one thing;
                                --shot N: the Nth shot the server judged (lost shots are not counted);
                                --scale: text and line size, 0.5 to 8 (default: height/540, within 1
                                to 8: body text 1/45 of the height, readable from the back of a hall)
  lagscope shot ... --from-time 2s --to-time 4s [--slow 4] [--fps 25] --out clip.gif
  lagscope shot --from file.json --out file.png|file.gif
                                render a screenshot or an animated clip headless (and its sidecar);
                                --from makes it again
  lagscope records FILE [--summary|--csv]
                                a records file (the lines of sim --json, or an engine's in that format:
                                docs/records.schema.json) summarised from the records alone
  lagscope shot --records FILE --shot N --view overlay --out file.png
                                draw shot line N of a records file from its record alone
  lagscope --records FILE       the window, read-only on a records file
  lagscope fit FILE [--chart out.png] [--size 1920x1080] [--theme light|dark]
                                fit the link model to a trace (a CSV t_ms,delay_ms,lost or a ping
                                log): prints its keys as TOML lines for a preset, and how well each
                                part fits; --chart draws measured against fitted
  lagscope COMMAND --help       a command's flags
`

// Run is the whole command line, testable: it returns the exit code (0
// ok, 1 failure, 2 bad usage). Without a subcommand it checks the
// window's flags and opens the window with open.
func Run(args []string, stdout, stderr io.Writer, open OpenWindow) int {
	if len(args) == 0 || (len(args[0]) > 1 && args[0][0] == '-' && args[0] != "-h" && args[0] != "--help" && args[0] != "-help") {
		return window(args, stdout, stderr, open)
	}
	switch args[0] {
	case "presets":
		return cmdPresets(args[1:], stdout, stderr)
	case "keys":
		return cmdKeys(args[1:], stdout, stderr)
	case "sim":
		return cmdSim(args[1:], stdout, stderr)
	case "shot":
		return cmdShot(args[1:], stdout, stderr)
	case "sweep":
		return cmdSweep(args[1:], stdout, stderr)
	case "records":
		return cmdRecords(args[1:], stdout, stderr)
	case "fit":
		return cmdFit(args[1:], stdout, stderr)
	case "help", "-h", "--help", "-help":
		fmt.Fprint(stdout, usage)
		return 0
	}
	fmt.Fprintf(stderr, "lagscope: unknown command %q\n\n%s", args[0], usage)
	return 2
}
