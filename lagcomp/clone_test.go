package lagcomp

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"lagscope/lagcomp/burstcounter"
	"lagscope/lagcomp/chunklog"
	"lagscope/lagcomp/clock"
	"lagscope/lagcomp/compensation"
	"lagscope/lagcomp/events"
	"lagscope/lagcomp/fireeffects"
	"lagscope/lagcomp/internal/testscene"
	"lagscope/lagcomp/movement"
	"lagscope/lagcomp/netem"
	"lagscope/lagcomp/orderstat"
	"lagscope/lagcomp/packetlog"
	"lagscope/lagcomp/ping"
	"lagscope/lagcomp/projectile"
	"lagscope/lagcomp/rewind"
	"lagscope/lagcomp/schedule"
	"lagscope/lagcomp/stream"
	"lagscope/model"
)

// cloned lists, for every state struct a Sim holds, the fields its clone
// handles (clone.go and the Clone methods of netem, ping and rewind).
// When a field is added to any of them, TestCloneHandlesEveryField fails
// until the field's clone is written and the field named here.
var cloned = map[reflect.Type][]string{
	reflect.TypeFor[Sim](): {"sight", "life", "confirming", "duelAim", "duelAimSrc", "duelSpan", "cfg", "Now", "q", "Server", "Clients", "ids", "aim", "aimSrc", "pktSeq", "pending", "Shots", "settled", "settledLost",
		"tally", "Dropped", "log", "extras", "packets", "packetsAt", "packetsLo", "noReuse", "countSettled", "packetBytes", "snapBytes", "inputBytes", "dupRejected", "reliableGaveUp", "connectionsLost", "projSpawned", "projRejected", "handshakesFailed", "openFrom", "ticks", "snaps", "renders", "fireAt", "projs", "projSettled", "projDone", "projBySeq", "netUpdates", "fx", "script", "allPackets", "packetTo", "tickTo", "unlogged", "user", "sampled", "sampledLog", "honest", "twin", "work", "spares", "lent", "recycled"},
	// the script and its actions are never written after New: shared
	reflect.TypeFor[scriptState](): {"evs", "acts", "next", "refused", "refusedWhy", "reconnects", "resetDropped", "cuts"},
	reflect.TypeFor[keptPawns]():   {"dt", "ts", "hist", "lastJump", "maxSpeed"}, // a keyframe's: never written, shared by its clones
	reflect.TypeFor[inbox]():       {"slots", "free", "keys"},
	// the packet log's rings are written over as entries leave: a clone
	// makes its own of the frames' log it shares (relog), a keyframe keeps
	// only their numbers
	reflect.TypeFor[logRing[loggedPacket]](): {"Buf", "Lo", "N"},
	reflect.TypeFor[logRing[packetExtras]](): {"Buf", "Lo", "N"},
	reflect.TypeFor[loggedPacket]():          {"Header", "More"},                     // values (packetlog.Header is plain values)
	reflect.TypeFor[packetExtras]():          {"Shots", "Messages", "Backup", "Cut"}, // never written after logging: shared
	reflect.TypeFor[inboxKey]():              {"deliver", "seq", "slot"},
	reflect.TypeFor[WorkCounts]():            {"Ticks", "PawnTicks", "ProjTicks", "Frames", "PawnFrames", "Packets"}, // values: copied with the Sim
	reflect.TypeFor[snapSlab]():              {"cur", "old", "gen", "from"},                                          // a clone starts slabs of its own
	reflect.TypeFor[snapRoom]():              {"snaps", "poses", "vels", "acks", "played", "used", "gen"},
	reflect.TypeFor[inputSlab]():             {"in", "gen"}, // a clone starts slabs of its own
	// a run's Recycler is never copied: a clone draws from none (its
	// spares and snapSlab.from are nil), and a run cloned gives it nothing
	reflect.TypeFor[Recycler]():                                 {"paths", "slabs", "pending", "inputs", "queues", "knots", "rooms", "snapBufs", "inboxes", "rewind", "shots", "fired", "fx"},
	reflect.TypeFor[rewind.Spares]():                            {"rings", "queues"},
	reflect.TypeFor[chunklog.Spare[ShotRecord]]():               {"chunks"},
	reflect.TypeFor[chunklog.Spare[pendingShot]]():              {"chunks"},
	reflect.TypeFor[fireeffects.Spares]():                       {"shots", "bursts", "values", "updates", "effects"},
	reflect.TypeFor[chunklog.Spare[fireeffects.ServerShot]]():   {"chunks"},
	reflect.TypeFor[chunklog.Spare[fireeffects.ServerBurst]]():  {"chunks"},
	reflect.TypeFor[chunklog.Spare[fireeffects.ValueChange]]():  {"chunks"},
	reflect.TypeFor[chunklog.Spare[fireeffects.FireUpdate]]():   {"chunks"},
	reflect.TypeFor[chunklog.Spare[fireeffects.PlayedEffect]](): {"chunks"},
	reflect.TypeFor[ServerPawn]():                               {"Motion", "Driven", "Pose", "Vel", "History", "Swept", "LastJump", "MaxSpeed", "path", "offsets", "scripted", "packed", "leg", "life"},
	reflect.TypeFor[offsetFrom]():                               {"T", "Offset"},
	reflect.TypeFor[rejoin]():                                   {"active", "event", "tries", "sent", "accepted", "replied", "awaitFirst"}, // plain values
	reflect.TypeFor[life]():                                     {"hp", "dead", "diedAt", "at", "lives", "played"},                         // plain values
	reflect.TypeFor[confirmation]():                             {"rec", "client", "judged"},                                               // plain values; the list is copied
	reflect.TypeFor[lifeTally]():                                {"kills"},                                                                 // append-only: clipped
	reflect.TypeFor[KillRecord]():                               {"Killer", "Victim", "At", "Seq", "Weapon", "Trade"},                      // plain values
	reflect.TypeFor[UserInput]():                                {"Move", "Aim", "Yaw"},
	reflect.TypeFor[SampledUserInput]():                         {"Pawn", "T", "In"}, // plain values; the log is clipped (append-only)
	reflect.TypeFor[movement.Buffer]():                          {"Lead", "Starve", "CatchUp", "MaxMoveDelta", "MaxPosError", "queue", "head", "next", "anchored", "Span", "firstSeq", "hasFirst", "Offset", "cursor", "last", "hasLast", "checked", "cushion", "firstLink", "now", "tick", "missed", "owed", "budget", "capped", "windowStart", "linkSum", "linkN", "rising", "Knots", "Stats"},
	reflect.TypeFor[movement.Predictor]():                       {"Pose", "pending", "head", "packed", "Corrections", "MaxCorrectionM"},
	reflect.TypeFor[movement.Input]():                           {"Seq", "T", "Dt", "Vel", "Yaw", "Fire", "Epoch", "Alive", "Jump", "Pos", "HasPos"},
	reflect.TypeFor[movement.Correction]():                      {"At", "From", "To", "M"},
	reflect.TypeFor[movement.Stats]():                           {"Received", "Duplicates", "Applied", "Lost", "Late", "Overplayed", "Starved", "Resyncs", "Drains", "Replayed", "Capped", "CappedTime", "Clamped", "ClampedTime", "PosAccepted", "PosAdjusted", "DelaySum", "DelayN", "LinkSum", "LinkN"},
	reflect.TypeFor[pendingLerp]():                              {"b", "f", "due"}, // values: an index into the cloned snaps
	reflect.TypeFor[projectile.Reconciler](): {"mismatchM", "predictFX", "fakeAlive", "fakeDet", "fakeDetPos", "switchAt", "linked",
		"pendingAuth", "spawnedDetonated", "Rule", "Fired", "FX", "FXAt", "FXFake", "HasFX", "fxShown", "done"},
	reflect.TypeFor[projectile.Flight](): {"From", "Dir", "Speed", "T0"},
	reflect.TypeFor[shotTally]():         {"s", "n", "maxSeq", "err", "rewind", "ideal", "errs", "extra", "arrival", "clockErr", "shooterHits"},
	reflect.TypeFor[clock.Clock]():       {"S", "started", "est", "elapsed", "drifted", "diffs", "next", "Slams"},
	reflect.TypeFor[clock.Settings]():    {"Sync", "Offset", "DriftPPM"},
	reflect.TypeFor[spread]():            {"vals", "max", "n"},
	reflect.TypeFor[ShotLog]():           {"c"},
	// blocks shared with a clone until written (orderstat.Stat.own)
	reflect.TypeFor[orderstat.Stat]():                            {"idx", "n", "owner", "memo"},
	fieldType[orderstat.Stat]("idx").Elem():                      {"b", "len"},
	fieldType[orderstat.Stat]("idx").Elem().Field(0).Type.Elem(): {"owner", "s"},
	fieldType[orderstat.Stat]("owner").Elem():                    {"_"},
	fieldType[orderstat.Stat]("memo").Elem():                     {"p", "x", "n"},
	reflect.TypeFor[projTally]():                                 {"s", "linked", "pairs", "linkSum", "detSum"},
	reflect.TypeFor[Summary](): {"ShotsFired", "ShotsLost", "ShotsInFlight", "ProjectilesSpawned", "LostClientHits", "DupsRejected", "PingCapped", "PingDropped", "HandshakesFailed", "ReliableGaveUp", "ConnLost", "Shots", "Rejected", "ClientHits", "ServerHits", "Agreement", "FalseHits", "FalseMisses", "HitRate", "FalseHitRate", "FalseMissRate", "ShotsLostRate", "BehindCover", "ShotsTraced", "MeanRewindErrM", "P50RewindErrM", "P95RewindErrM", "MaxRewindErrM", "MeanRewindMs", "MeanIdealMs", "P50ExtraRewindMs", "P95ExtraRewindMs", "MaxExtraRewindMs", "P50ArrivalDelayMs", "P95ArrivalDelayMs", "MaxArrivalDelayMs", "ClockErrorShots", "MeanClockErrorMs", "MaxClockErrorMs", "ClockVerdicts", "CheatHitsGained", "ByRole", "RuleCounts", "MaxWarpM", "StarvedFrames", "FireHeldNoSight", "MergedShots",
		"InputsSent", "CmdRateCapped", "InputsLost", "InputsGuessed", "InputDelayMsMean", "StarvedTicks", "InputResyncs", "LastCmdReplays", "UsercmdsCapped", "MovesClamped", "PositionsAccepted", "PositionsAdjusted", "Kills", "Deaths", "DamageDealt", "DamageTaken", "Trades", "HitMarkers", "FalseHitMarkers", "FalseMarkerShare", "DeadRejected", "Corrections", "MaxCorrectionM"},
	reflect.TypeFor[ProjectileSummary]():                 {"Count", "Outcomes", "Rules", "ServerRules", "MeanLinkOffsetM", "MaxDivergenceM", "MeanDetDistM"},
	reflect.TypeFor[sightings]():                         {"hidden", "armed", "seen", "at", "srvHidden", "srvShown", "won", "winner", "wonAt", "snapLost", "peekBuf", "peekCorr", "inputLate", "corrected", "shotAt", "shotArr", "shotOf", "out"},
	reflect.TypeFor[duelOutcome]():                       {"ended", "endAt", "traded", "first", "killed", "dead", "told", "killFire", "toldAt", "behindCover", "visible", "looked"},
	reflect.TypeFor[schedule.Metronome]():                {"base", "hz", "n"},
	reflect.TypeFor[schedule.Queue]():                    {"h"},
	reflect.TypeFor[schedule.Event]():                    {"T", "Kind", "Client"},
	reflect.TypeFor[stream.IDs]():                        {"rd", "src"},
	fieldType[stream.IDs]("rd"):                          {"r"},
	reflect.TypeFor[fireeffects.ServerWeapon]():          {"BurstCounter", "shadow", "firing", "shots"},
	reflect.TypeFor[fireeffects.WeaponChannel]():         {"open", "openAcked", "gen", "lastSent", "dirty", "inFlight", "shadow", "Packets", "Lost", "Resends", "Bits", "ShadowBits"},
	reflect.TypeFor[fireeffects.Log]():                   {"Shots", "Bursts", "Values", "Clients", "tallies", "spares"}, // a clone's spares nil
	reflect.TypeFor[fireeffects.Tally]():                 {"effects", "perBurst", "noBurst", "bogus", "gapN", "gapSum", "gapSq", "sealed", "extra", "folded", "cutoff", "settled"},
	reflect.TypeFor[fireeffects.RemoteFire]():            {"Updates", "Effects", "Culled", "Stale", "Merged"},
	reflect.TypeFor[burstcounter.Replica]():              {"CreationTime", "BurstCounter", "tag", "opt", "looping", "loopTag", "nextLoop", "effects", "Bursts", "Stops"},
	reflect.TypeFor[netem.Link]():                        {"cfg", "rng", "spikeRng", "src", "spikeSrc", "bad", "lastDelivery", "spikeStart", "spikeEnd", "trace", "beat", "Stats"},
	reflect.TypeFor[netem.LinkStats]():                   {"Sent", "Lost", "Duplicated", "Reordered", "Spiked", "TraceLost"},
	reflect.TypeFor[ping.Tracker]():                      {"Style", "Interval", "Smoothing", "lastSend", "exact", "samples", "bucket", "cur", "curStamp", "Capped", "Dropped"},
	reflect.TypeFor[rewind.History]():                    {"buf", "head", "n", "maxTrail", "breakAt", "pushed", "seg", "anchor", "anchorT", "after", "unwound", "packed"},
	reflect.TypeFor[rewind.Swept]():                      {"minX", "minY", "maxX", "maxY", "fed", "any"},
	reflect.TypeFor[rewind.Grid]():                       {"Origin", "Cell", "NX", "NY", "start", "items", "always", "seen", "stamp", "next"},
	fieldType[rewind.Swept]("minX"):                      {"e", "head"},
	fieldType[rewind.Swept]("minX").Field(0).Type.Elem(): {"t", "v"},       // values
	fieldType[ping.Tracker]("bucket").Elem():             {"sum", "count"}, // an array of values: copied with the tracker
	fieldType[rewind.History]("seg"):                     {"first", "t0", "gapMin", "gapMax", "rate"},
	// the timestamp mode's memory of StartFire, on the server's connection
	reflect.TypeFor[compensation.StartFire](): {"Stamp", "At", "Seen"},
	// chunked logs: chunks shared with a clone until written (Mut); a fired
	// shot's sentAt clipped then (ownSent)
	reflect.TypeFor[firedShots]():                                    {"blocks", "n", "owner"},
	chunkOf[pendingShot]():                                           {"owner", "used", "s"},
	blockOf[pendingShot]():                                           {"owner", "used", "c"},
	reflect.TypeFor[chunklog.Log[fireeffects.ServerBurst]]():         {"blocks", "n", "owner"},
	chunkOf[fireeffects.ServerBurst]():                               {"owner", "used", "s"},
	blockOf[fireeffects.ServerBurst]():                               {"owner", "used", "c"},
	reflect.TypeFor[chunklog.Log[int]]():                             {"blocks", "n", "owner"},
	reflect.TypeFor[chunklog.Log[ShotRecord]]():                      {"blocks", "n", "owner"},
	reflect.TypeFor[chunklog.Log[fireeffects.ServerShot]]():          {"blocks", "n", "owner"},
	chunkOf[fireeffects.ServerShot]():                                {"owner", "used", "s"},
	blockOf[fireeffects.ServerShot]():                                {"owner", "used", "c"},
	reflect.TypeFor[chunklog.Log[fireeffects.ValueChange]]():         {"blocks", "n", "owner"},
	chunkOf[fireeffects.ValueChange]():                               {"owner", "used", "s"},
	blockOf[fireeffects.ValueChange]():                               {"owner", "used", "c"},
	reflect.TypeFor[chunklog.Log[fireeffects.FireUpdate]]():          {"blocks", "n", "owner"},
	chunkOf[fireeffects.FireUpdate]():                                {"owner", "used", "s"},
	blockOf[fireeffects.FireUpdate]():                                {"owner", "used", "c"},
	reflect.TypeFor[chunklog.Log[fireeffects.PlayedEffect]]():        {"blocks", "n", "owner"},
	chunkOf[fireeffects.PlayedEffect]():                              {"owner", "used", "s"},
	blockOf[fireeffects.PlayedEffect]():                              {"owner", "used", "c"},
	chunkOf[ShotRecord]():                                            {"owner", "used", "s"},
	blockOf[ShotRecord]():                                            {"owner", "used", "c"},
	chunkOf[int]():                                                   {"owner", "used", "s"},
	blockOf[int]():                                                   {"owner", "used", "c"},
	fieldType[chunklog.Log[int]]("owner").Elem():                     {"_"},
	reflect.TypeFor[chunklog.Bits]():                                 {"chunks", "owner"},
	fieldType[chunklog.Bits]("chunks").Elem():                        {"key", "c"},
	fieldType[chunklog.Bits]("chunks").Elem().Field(1).Type.Elem():   {"owner", "w"},
	reflect.TypeFor[pendingShot]():                                   {"atFire", "delivery"},
	reflect.TypeFor[atFire]():                                        {"id", "fire", "idealT", "saw", "hit", "origin", "dir", "clientHit"}, // never written once fired: shared
	reflect.TypeFor[delivery]():                                      {"cmd", "sentAt", "onWire", "relPending", "connLost", "cutBy", "arrived", "lost", "rec"},
	reflect.TypeFor[netem.Endpoint[relMsg]]():                        {"conn", "style", "seq", "nextID", "epoch", "gen", "queue", "flight", "chans", "recvHigh", "recvBits", "ackOwed", "owesAck", "Stats"},
	fieldType[netem.Endpoint[relMsg]]("conn"):                        {"cfg", "srtt", "rttvar", "rto", "lastSent", "earliest", "lost"},
	reflect.TypeFor[netem.ReliableConfig]():                          {"Style", "InitialRTT", "AckDelay", "PacketInterval", "MinRTO", "MaxRTO"},
	reflect.TypeFor[netem.ReliableStats]():                           {"Packets", "Messages", "Resends", "GaveUp", "Delivered", "DupPackets", "DupMessages", "StalePackets", "Naks", "KeepAlives", "Abandoned", "OldPackets", "Lost"},
	fieldType[netem.Endpoint[relMsg]]("queue").Elem():                {"msg", "slot"},
	field(fieldType[netem.Endpoint[relMsg]]("queue").Elem(), "slot"): {"sent", "lastSent", "naked", "timeout", "limit"},
	fieldType[netem.Endpoint[relMsg]]("flight").Elem():               {"seq", "at", "ids", "fresh"},
	fieldType[netem.Endpoint[relMsg]]("chans").Elem():                {"sendSeq", "next", "waiting"},
	reflect.TypeFor[netem.Message[relMsg]]():                         {"ID", "Channel", "ChanSeq", "Epoch", "First", "Sent", "Arrived", "Resends", "Body"},
	reflect.TypeFor[netem.Header]():                                  {"Seq", "Ack", "AckBits", "Elicit"},
	reflect.TypeFor[relMsg]():                                        {"Kind", "Proj", "Cmd", "Weapon", "Shot"},
}

// fieldType is the type of a field of T: the unexported types of the
// technique packages, named through the struct that holds them.
func fieldType[T any](name string) reflect.Type {
	f, _ := reflect.TypeFor[T]().FieldByName(name)
	return f.Type
}

// field is the type of a field of the struct type t.
func field(t reflect.Type, name string) reflect.Type {
	f, _ := t.FieldByName(name)
	return f.Type
}

// chunkOf is the chunk type of a chunklog.Log[T] (unexported there).
func chunkOf[T any]() reflect.Type { return field(blockOf[T](), "c").Elem().Elem() }

// blockOf is the block type of a chunklog.Log[T] (unexported there).
func blockOf[T any]() reflect.Type { return fieldType[chunklog.Log[T]]("blocks").Elem().Elem() }

// immutable are types a clone copies whole or shares: plain values (no
// references inside), or things nothing writes once made (records,
// packets, snapshots, the configuration).
var immutable = []reflect.Type{
	reflect.TypeFor[Config](), reflect.TypeFor[ShotRecord](), reflect.TypeFor[Packet](),
	reflect.TypeFor[Command](), reflect.TypeFor[delayedFire](), reflect.TypeFor[projMsg](), reflect.TypeFor[fireeffects.WeaponMsg](), // what a reliable message points to
	reflect.TypeFor[Snapshot](), reflect.TypeFor[movement.Ack](), reflect.TypeFor[PacketFrame](), reflect.TypeFor[MessageFrame](), reflect.TypeFor[packetlog.Header](), reflect.TypeFor[WarpEvent](), reflect.TypeFor[projectile.Spec](),
	reflect.TypeFor[RuleCount](), reflect.TypeFor[Count[string]](), reflect.TypeFor[ReconcileCount](), reflect.TypeFor[OutcomeCount](), reflect.TypeFor[rewind.Sample](), reflect.TypeFor[rewind.Bound](),
	reflect.TypeFor[netem.LinkConfig](), reflect.TypeFor[netem.Trace](), reflect.TypeFor[netem.TraceStep](), fieldType[fireeffects.WeaponChannel]("inFlight").Elem(), reflect.TypeFor[fireeffects.ServerShot](), reflect.TypeFor[fireeffects.ServerBurst](),
	fieldType[fireeffects.Tally]("settled"),
	reflect.TypeFor[fireeffects.ValueChange](), reflect.TypeFor[fireeffects.FireUpdate](), reflect.TypeFor[fireeffects.PlayedEffect](), reflect.TypeFor[fireeffects.Span](),
	reflect.TypeFor[burstcounter.BurstCounter](), reflect.TypeFor[burstcounter.FRepBurstInfo](), reflect.TypeFor[burstcounter.Options](), reflect.TypeFor[burstcounter.Effect](),
	reflect.TypeFor[events.Event](), reflect.TypeFor[events.Action](), // the script, made once by New
}

// Every struct a Sim reaches inside lagscope's netcode packages (the
// world's model types are plain values) is either listed in cloned with
// exactly its fields, or immutable.
func TestCloneHandlesEveryField(t *testing.T) {
	seen := map[reflect.Type]bool{}
	var walk func(reflect.Type, string)
	walk = func(ty reflect.Type, path string) {
		switch ty.Kind() {
		case reflect.Pointer, reflect.Slice, reflect.Array:
			walk(ty.Elem(), path)
			return
		case reflect.Map:
			walk(ty.Key(), path)
			walk(ty.Elem(), path)
			return
		case reflect.Struct:
		default:
			return
		}
		if seen[ty] || !strings.HasPrefix(ty.PkgPath(), "lagscope/lagcomp") || slices.Contains(immutable, ty) {
			return
		}
		seen[ty] = true
		want, ok := cloned[ty]
		if gen := generated(ty); gen != nil { // clone_gen.go's: every field tagged, or a plain value
			want, ok = gen, true
			for i := range ty.NumField() {
				if f := ty.Field(i); !slices.Contains(gen, f.Name) {
					t.Errorf("%s.%s holds a reference (%s) and has no clone tag: tag it (internal/gen/clone) and go generate ./lagcomp/...", ty, f.Name, f.Type)
				}
			}
		}
		if !ok {
			t.Errorf("%s (%s) is state the Sim holds, but no clone handles it: write its clone and list it in cloned", ty, path)
			return
		}
		var have []string
		for i := 0; i < ty.NumField(); i++ {
			f := ty.Field(i)
			have = append(have, f.Name)
			if !slices.Contains(want, f.Name) {
				t.Errorf("%s.%s is not handled by the clone: copy it in its clone and name it in cloned", ty, f.Name)
			}
			walk(f.Type, path+"."+f.Name)
		}
		for _, n := range want {
			if !slices.Contains(have, n) {
				t.Errorf("cloned lists %s.%s, which no longer exists", ty, n)
			}
		}
	}
	walk(reflect.TypeFor[Sim](), "Sim")
	_ = model.Time(0)
}

// generated is the fields clone_gen.go's clone of ty handles (nil: ty's
// clone is written by hand, and cloned lists its fields): those it names
// in a clone tag and those the struct's copy copies whole, plain values
// that hold no reference.
func generated(ty reflect.Type) []string {
	var tagged, plain []string
	for i := range ty.NumField() {
		f := ty.Field(i)
		if _, ok := f.Tag.Lookup("clone"); ok {
			tagged = append(tagged, f.Name)
		} else if plainValue(f.Type) {
			plain = append(plain, f.Name)
		}
	}
	if tagged == nil {
		return nil
	}
	return append(tagged, plain...)
}

// plainValue says whether a value of ty holds no reference: a copy of it
// shares nothing (a string's bytes are never written).
func plainValue(ty reflect.Type) bool {
	switch ty.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Map, reflect.Chan, reflect.Func, reflect.Interface, reflect.UnsafePointer:
		return false
	case reflect.Array:
		return plainValue(ty.Elem())
	case reflect.Struct:
		for i := range ty.NumField() {
			if !plainValue(ty.Field(i).Type) {
				return false
			}
		}
	}
	return true
}

// framesBytes is everything a frame and the run's records say, as bytes:
// every shot record and projectile record, every field unrounded, the
// summary, and the frame itself (NaN-safe, pointers followed).
func framesBytes(t *testing.T, s *Sim) []byte {
	t.Helper()
	var b bytes.Buffer
	for i := range s.Shots.Len() {
		b.Write(testscene.Bytes(*s.Shots.At(i)))
	}
	for _, r := range s.Projectiles() {
		b.Write(testscene.Bytes(r))
	}
	b.Write(testscene.Bytes(s.Frame()))
	return b.Bytes()
}

// cloneScenes are runs that exercise every part of the state: lossy,
// duplicating, reordering links, rapid fire with start_fire stamps,
// rockets with prediction, a teleporting target with bystanders, a client
// that does not predict.
func cloneScenes() map[string]Config {
	lossy := Defaults()
	lossy.Up = netem.LinkConfig{LatencyMs: 60, JitterMs: 30, TailMs: 10, LossPct: 10, DupPct: 5, ReorderPct: 20, GEEnterPct: 5, GEExitPct: 30, GELossPct: 50, SpikeEveryMs: 2000, SpikeMs: 200, SpikeLenMs: 300}
	lossy.Down = lossy.Up
	lossy.Weapon, lossy.StampMode, lossy.AimErrorDeg = WeaponRapid, StampStartFire, 1
	rockets := Defaults()
	rockets.Weapon, rockets.Down.LossPct, rockets.FireIntervalMs, rockets.Walls = WeaponRocket, 20, 400, []model.Wall{{Min: model.V(12, 2), Max: model.V(13, 6)}}
	crowd := Defaults()
	crowd.ExtraPawns, crowd.Target.Kind, crowd.Target.Period, crowd.TrailReset = 40, model.Teleport, 700*model.Millisecond, false
	crowd.Mode, crowd.Display = compensation.Ping, DisplayExtrap
	// usercmds a tick at 40 fps (several a frame), shots waiting for theirs
	ticks := lossy
	ticks.CmdPer, ticks.FPS, ticks.Weapon = CmdPerTick, 40, WeaponRifle
	// the client's reported positions (movement_authority = client), some
	// adjusted: its prediction walks through a wall only the server has
	authority := lossy
	authority.MovementAuthority, authority.MaxPositionErrorM = AuthorityClient, DefaultMaxPositionErrorM
	authority.PredictWalls, authority.Walls = false, []model.Wall{{Min: model.V(19, 1.2), Max: model.V(21, 1.25)}}
	// a client that does not predict (predict = false): it shows its own
	// pawn at the newest snapshot's word (Client.acked)
	naive := lossy
	naive.Predict = false
	return map[string]Config{"lossy": lossy, "rockets": rockets, "crowd": crowd, "ticks": ticks, "authority": authority, "naive": naive}
}

// Copy, run both, compare: a clone taken at any moment and the original,
// run on alike (with the same live changes and user shots), say the same
// bytes at every step after.
func TestCloneRunsLikeTheOriginal(t *testing.T) {
	for name, c := range cloneScenes() {
		rng := rand.New(rand.NewPCG(7, uint64(len(name))))
		s, err := New(c)
		if err != nil {
			t.Fatal(err)
		}
		s.Step(model.MsF(1500 + rng.Float64()*3000))
		s.Frame() // summaries caught up on one side only
		k := s.Clone()
		for i := 0; i < 12; i++ {
			to := s.Now + model.MsF(rng.Float64()*700)
			s.Step(to)
			k.Step(to)
			if i == 4 {
				c.Up.LatencyMs, c.Bias = 90, 0.5
				if err := s.SetConfig(c); err != nil {
					t.Fatal(err)
				}
				k.SetConfig(c)
			}
			if i == 6 {
				s.QueueFire(model.V(20, 1))
				k.QueueFire(model.V(20, 1))
			}
			if a, b := framesBytes(t, s), framesBytes(t, k); !bytes.Equal(a, b) {
				t.Fatalf("%s step %d at %v: the clone and the original differ\n%s", name, i, to, firstDiff(a, b))
			}
		}
		if s.Shots.Len()+len(s.projs) == 0 {
			t.Fatalf("%s: no shots judged", name)
		}
	}
}

// A clone shares nothing mutable: whichever of the two runs ahead first
// (with a user shot the other never fires), the other then runs exactly
// as a simulation that was never copied.
func TestCloneSharesNothingMutable(t *testing.T) {
	for name, c := range cloneScenes() {
		for _, cloneFirst := range []bool{true, false} {
			ref, _ := New(c)
			s, _ := New(c)
			ref.Step(3 * model.Second)
			s.Step(3 * model.Second)
			s.Frame() // the running summaries folded: both sides then write them
			k := s.Clone()
			ahead, behind := k, s
			if !cloneFirst {
				ahead, behind = s, k
			}
			ahead.Step(6 * model.Second)
			ahead.Frame()
			ahead.QueueFire(model.V(3, 3))
			ahead.Step(12 * model.Second)
			ref.Step(12 * model.Second)
			behind.Step(12 * model.Second)
			if a, b := framesBytes(t, ref), framesBytes(t, behind); !bytes.Equal(a, b) {
				t.Fatalf("%s (clone first %v): running one changed the other\n%s", name, cloneFirst, firstDiff(a, b))
			}
		}
	}
}

func firstDiff(a, b []byte) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	lo := max(0, i-200)
	return fmt.Sprintf("original …%s\nclone    …%s", a[lo:min(len(a), i+200)], b[lo:min(len(b), i+200)])
}

// A keyframe carries the running summaries folded up to its own time,
// though no frame of the live run was drawn: a seek's first frame folds
// only what came after its keyframe. The run is played as the timeline
// plays it (lagcomp/timeline's playSession): display frames of 16 ms,
// live changes and user shots on the way, a keyframe every second.
func TestKeyframesFoldTheRunningSummaries(t *testing.T) {
	c := Defaults()
	c.Weapon, c.FireIntervalMs, c.BurstShots, c.BurstPauseMs = WeaponRapid, 80, 6, 300
	c.Down.LossPct, c.Observers = 10, 2
	s, err := New(c)
	if err != nil {
		t.Fatal(err)
	}
	var keys []*Sim
	for i := 0; s.Now < 20*model.Second; i++ {
		to := s.Now + 16*model.Millisecond
		for due := (s.Now/model.Second + 1) * model.Second; due <= to; due += model.Second {
			s.Step(due)
			keys = append(keys, s.Keyframe())
		}
		s.Step(to)
		switch i % 900 {
		case 200:
			c.Up.LatencyMs, c.Mode, c.Bias = float64(40+i%120), compensation.Source, 0.75
			if err := s.SetConfig(c); err != nil {
				t.Fatal(err)
			}
		case 400:
			c.Control, c.FireIntervalMs = ControlUser, 100
			s.SetConfig(c)
		case 450, 470, 600:
			s.QueueFire(model.V(20, float64(i%3)))
		case 700:
			c.Control, c.Mode = ControlBot, compensation.Timestamp
			s.SetConfig(c)
		}
	}
	if len(keys) != 20 {
		t.Fatalf("%d keyframes, want 20", len(keys))
	}
	for _, sim := range keys {
		if sim.tally.n != sim.Shots.Len() || sim.Shots.Len() == 0 {
			t.Fatalf("keyframe at %v: %d of %d shot records folded", sim.Now, sim.tally.n, sim.Shots.Len())
		}
		for i := 1; i < len(sim.Clients); i++ {
			if tl := sim.fx.Tally(i); tl.EffectsFolded() != sim.fx.Clients[i].Effects.Len() || tl.Bursts() != sim.fx.Bursts.Len() {
				t.Fatalf("keyframe at %v, client %d: %d of %d effects, %d of %d bursts folded", sim.Now, i,
					tl.EffectsFolded(), sim.fx.Clients[i].Effects.Len(), tl.Bursts(), sim.fx.Bursts.Len())
			}
		}
	}
}

// A keyframe's packet log kept as bytes gives back every entry, field for
// field (nil slices nil): the logs of the clone scenes, in about 10 bytes
// a packet (packetlog's TestKeepGivesBackEveryField sets every field).
func TestKeptPacketsGiveBackTheLog(t *testing.T) {
	logs := map[string][]PacketFrame{}
	for name, c := range cloneScenes() {
		s, err := New(c)
		if err != nil {
			t.Fatal(err)
		}
		s.Step(6 * model.Second)
		logs[name] = s.loggedFrames()
	}
	for name, log := range logs {
		b := keptPackets(log)
		if got := packetsOf(b); !reflect.DeepEqual([]PacketFrame(got), log) {
			t.Fatalf("%s: the log kept as bytes differs from the log", name)
		}
		if len(b) > 20*len(log) {
			t.Errorf("%s: %d bytes for %d packets, more than 20 a packet", name, len(b), len(log))
		}
		t.Logf("%s: %d packets in %d bytes", name, len(log), len(b))
	}
}

// A keyframe's snapshots, kept as bytes (snapKeeper), come back in its
// clone as the live run holds them: every client's buffer and every
// snapshot in flight to it, field for field, poses left out made again
// from the pawns' truth; a few dozen bytes a snapshot.
func TestKeptSnapshotsGiveThemBack(t *testing.T) {
	for name, c := range cloneScenes() {
		s, err := New(c)
		if err != nil {
			t.Fatal(err)
		}
		for _, at := range []model.Time{3 * model.Second, 6*model.Second + 7} {
			s.Step(at)
			k := s.Keyframe()
			back := k.Clone()
			shown := func(snaps []*Snapshot) string {
				var b bytes.Buffer
				for _, sn := range snaps {
					if sn != nil {
						cp := *sn
						cp.slab = 0 // the clone's are copies of their own
						sn = &cp
					}
					b.Write(testscene.Bytes(sn))
				}
				return b.String()
			}
			inFlight := func(cl *Client) []*Snapshot {
				var out []*Snapshot
				cl.in.each(func(p *Packet) { out = append(out, p.Snap) })
				return out
			}
			held := 0
			for i, cl := range s.Clients {
				held += len(cl.snaps)
				if got, want := shown(back.Clients[i].snaps), shown(cl.snaps); got != want {
					t.Fatalf("%s at %v: client %d's buffer came back as\n%s\nnot\n%s", name, at, i, got, want)
				}
				if got, want := shown(inFlight(back.Clients[i])), shown(inFlight(cl)); got != want {
					t.Fatalf("%s at %v: client %d's snapshots in flight came back as\n%s\nnot\n%s", name, at, i, got, want)
				}
			}
			if per := len(k.snapBytes) / max(1, held); per > 60 {
				t.Errorf("%s at %v: %d bytes for the snapshots of %d buffered, more than 60 a snapshot", name, at, len(k.snapBytes), held)
			}
			t.Logf("%s at %v: %d snapshots buffered, %d bytes", name, at, held, len(k.snapBytes))
		}
	}
}
