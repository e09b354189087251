package views

import (
	"encoding/json"
	"maps"
	"slices"
	"strings"

	"github.com/google/uuid"

	"lagscope/model"
)

// Layers are the debug-draw toggles, after the sources' debug modes.
type Layers struct {
	Trail        bool `json:"trail"`         // grey history samples the server can rewind to
	Rewound      bool `json:"rewound"`       // blue: the hitboxes the server rewound to
	ClientSeen   bool `json:"client_seen"`   // red: the hitboxes as the shooter's client showed them
	ServerNow    bool `json:"server_now"`    // the hitboxes where the server has them now
	Traces       bool `json:"traces"`        // yellow trace lines, client's and server's
	Gap          bool `json:"gap"`           // the signed gap by which a miss missed or a hit hit
	Labels       bool `json:"labels"`        // shot ids and times
	InterpBuffer bool `json:"interp_buffer"` // the snapshots a client interpolates between
	ExtrapError  bool `json:"extrap_error"`  // displayed pose vs where the pawn truly was then
	BroadPhase   bool `json:"broad_phase"`   // which pawns the last shot rewound and which it skipped
	Ghosts       bool `json:"ghosts"`        // every shot of the last few seconds stays drawn (sv_showlagcompensation)
	// The projectile document's debug draws.
	ProjectileDebug bool `json:"projectile_debug"` // Projectile Debug Mode: paths, client copies at each timestamp, twin links
	SpawnPosition   bool `json:"spawn_position"`   // Draw Spawn Position (after any fast-forward)
	FinalPosition   bool `json:"final_position"`   // Draw Final Position: location, direction and radius of each detonation
}

// LayerNames lists the layers with their labels, in toggle order.
var LayerNames = []struct {
	Name  string
	Field func(*Layers) *bool
	Help  string // what the layer draws, in a student's words (the window shows it)
}{
	{"History trail", func(l *Layers) *bool { return &l.Trail }, "grey dots: the samples of each pawn's history the server can rewind to (max_trail_ms of them)"},
	{"Rewound hitboxes", func(l *Layers) *bool { return &l.Rewound }, "blue: where the server put the target when it judged a shot (the rewind)"},
	{"Client-seen hitboxes", func(l *Layers) *bool { return &l.ClientSeen }, "red: the target where the shooter's screen showed it when it fired"},
	{"Server-now hitboxes", func(l *Layers) *bool { return &l.ServerNow }, "outlines: where the server has each pawn at the shown time"},
	{"Trace lines", func(l *Layers) *bool { return &l.Traces }, "yellow: the client's and the server's line of fire for each shot"},
	{"Miss/hit gap", func(l *Layers) *bool { return &l.Gap }, "how far the server's trace missed the rewound box, or how deep it hit"},
	{"Labels (ids, times)", func(l *Layers) *bool { return &l.Labels }, "shot numbers, rewind times and other figures beside what they name"},
	{"Interpolation buffer", func(l *Layers) *bool { return &l.InterpBuffer }, "the snapshots a client holds and the render time it interpolates at"},
	{"Extrapolation error", func(l *Layers) *bool { return &l.ExtrapError }, "the displayed pose joined to where the pawn truly was at that time"},
	{"Broad phase", func(l *Layers) *bool { return &l.BroadPhase }, "which pawns the last shot rewound and which it skipped as out of reach"},
	{"Ghosts (3 s)", func(l *Layers) *bool { return &l.Ghosts }, "every shot judged in the last 3 s stays drawn, fading with age, as Source's sv_showlagcompensation leaves them"},
	{"Projectile Debug Mode", func(l *Layers) *bool { return &l.ProjectileDebug }, "the server's projectile path, the owner's fake (magenta) and its auth copy (green) at each frame"},
	{"Draw Spawn Position", func(l *Layers) *bool { return &l.SpawnPosition }, "where the server spawned each projectile, after its fast-forward"},
	{"Draw Final Position", func(l *Layers) *bool { return &l.FinalPosition }, "where, in which direction and with what radius each projectile detonated"},
}

// byName is the layers as their --layers and sidecar names hold them.
func (l Layers) byName() map[string]bool {
	b, _ := json.Marshal(l)
	var m map[string]bool
	json.Unmarshal(b, &m)
	return m
}

// On reports whether the layer named name (its --layers and sidecar
// name, e.g. projectile_debug) is on.
func (l Layers) On(name string) bool { return l.byName()[name] }

// LayerKeys are the layers' --layers and sidecar names, sorted.
func LayerKeys() []string { return slices.Sorted(maps.Keys(Layers{}.byName())) }

// DefaultLayers is what a new user sees: the comparison, not the clutter.
func DefaultLayers() Layers {
	return Layers{Trail: true, Rewound: true, ClientSeen: true, ServerNow: true, Traces: true, Gap: true, Ghosts: true,
		SpawnPosition: true, FinalPosition: true}
}

// Options are everything besides the frame that decides the pixels.
type Options struct {
	Layers  Layers
	Palette Palette
	// Scale is device pixels per logical pixel (HiDPI): text and lines
	// grow with it, so a 3840x2160 capture is as readable as the window.
	Scale float64
	// Selected is a shot to show in the overlay and highlight elsewhere;
	// the zero id means the newest judged shot.
	Selected uuid.UUID
	// Zoom multiplies the scale the pane fits to what matters (0 or 1:
	// fitted); Pan moves the view's centre from the fitted one, in
	// metres. The window's scroll and drag set them.
	Zoom float64
	Pan  model.Vec
	// Focus frames the world panes tightly on one thing (focus.go): the
	// selected shot, the target, the shooter or the newest projectile.
	// The zero value frames everything that matters.
	Focus Focus
	// FromRecords, when set, names the records file the frame was
	// rebuilt from (RecordFrame): the Overlay says what records leave
	// out (walls, the other pawns, the run's moment).
	FromRecords string
	// Framing, when set, is the camera the pane draws with instead of
	// fitting its own: panes drawn apart share one world-to-pixel
	// transform (FrameUnion; the zoom and pan are in it already).
	Framing *Framing
	// Stage, when set, is the lecture frame's camera (stage.go): the
	// pane draws its world at the stage's scale and centre, and names its
	// own pawn and the server's copy of it as the class sees them.
	Stage *Stage
	// Net is the telemetry the net graph draws (nil: none was sampled
	// for this picture, and the net graph says so).
	Net *NetGraph
	// HeaderRight is the width at the header's right end, in logical
	// pixels, that the key figures leave free: the window's focus, fit
	// and maximise buttons sit there, and covered their end.
	HeaderRight float64
}

// View names a pane.
type View string

const (
	ViewServer  View = "server"
	ViewShooter View = "shooter"
	ViewTarget  View = "target"
	ViewOverlay View = "overlay"
	ViewPackets View = "packets"
	ViewBurst   View = "burst" // the fire-effects lanes (ShooterGame's BurstCounter article)
	ViewDuel    View = "duel"  // the peeker's advantage as a sighting timeline (duel.go)
	// ViewNetGraph is the connections over time, strip by strip
	// (netgraph.go: Counter-Strike's net graph)
	ViewNetGraph View = "netgraph"
)

// Views lists the panes in layout order: a 2x2 layout shows the first
// four; the packet-flow diagram is a pane of its own.
var Views = []View{ViewServer, ViewShooter, ViewTarget, ViewOverlay, ViewPackets, ViewBurst, ViewDuel, ViewNetGraph}

// ViewNames is the views' names for a message: "server, shooter, …
// or netgraph".
func ViewNames() string {
	names := make([]string, len(Views))
	for i, v := range Views {
		names[i] = string(v)
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// TimeAxis reports whether the view runs along time, not the world (no
// zoom or pan).
func (v View) TimeAxis() bool {
	return v == ViewPackets || v == ViewBurst || v == ViewDuel || v == ViewNetGraph
}

// Title is the pane's heading.
func (v View) Title() string {
	switch v {
	case ViewServer:
		return "Server truth"
	case ViewShooter:
		return "Shooter client"
	case ViewTarget:
		return "Target client"
	case ViewOverlay:
		return "Overlay"
	case ViewPackets:
		return "Packet flow"
	case ViewBurst:
		return "Fire effects"
	case ViewDuel:
		return "Peeker's advantage"
	case ViewNetGraph:
		return "Net graph"
	}
	return string(v)
}
