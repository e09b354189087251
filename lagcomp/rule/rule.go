// Package rule names every defence, fallback, clamp and accident the
// simulation applies to a record, each declared once in this file with
// what it means: the stage of a shot's (or a weapon's) journey that
// applies it, and what it explains of the server's verdict. Records list
// the rules that shaped them ("honest figures": a clamp, a cap, a fallback
// or a lost copy is always named in the record it shaped); the
// record-consistency test reads the metadata instead of naming rules.
package rule

// Rule names a defence or fallback the server applied to a shot, or what
// shaped a weapon's fire-effect account. Its string is the name records
// print in their `rules`.
type Rule string

// Stage is where in the pipeline a rule applies.
type Stage uint8

// The stages, in the order a shot meets them. The zero Stage is no stage:
// a rule declared without one fails its test.
const (
	_            Stage = iota
	Delivery           // the command's trip to the server: copies, resends, refusals
	Compensation       // the mode's choice of the time to rewind to
	Rewind             // the target's history answering for that time
	Trace              // the server's trace through the rewound world
	FireEffects        // the weapon's replicated fire effects (burst records)
	Movement           // a player's movement inputs: its command packets and the server's input buffer (movement records)
	Duel               // the duel's sighting gap: what delayed one side's sighting of the peek beyond one peek's bounds (the duel line)
)

var stageNames = [...]string{Delivery: "delivery", Compensation: "compensation", Rewind: "rewind", Trace: "trace", FireEffects: "fire_effects", Movement: "movement", Duel: "duel"}

func (s Stage) String() string {
	if int(s) < len(stageNames) && stageNames[s] != "" {
		return stageNames[s]
	}
	return "no stage"
}

// Explains is what a rule tells of the server's verdict on a shot.
type Explains uint8

// What a rule can explain. The zero value is nothing declared: a rule
// declared without it fails its test.
const (
	_ Explains = iota
	// Nothing: the rule shaped a figure (the time rewound to, a delay) or
	// names an accident; the verdict is still the trace's.
	Nothing
	// ServerMiss: the server's line crossed the rewound hitbox
	// (miss_by_m < 0) and yet it missed: the rule names what stopped it.
	ServerMiss
	// Refused: the server refused the command, so there is no verdict
	// (no trace, no hit).
	Refused
	// ClientVerdict: the server took the client's word for hit or miss
	// and traced nothing (the Lag Compensation article's ZeroPing).
	ClientVerdict
	// Verdict: the rule turned the verdict over: without what it names,
	// the same trace would have been judged the other way.
	Verdict
)

// The rules, by stage.
const (
	// Delivery.
	Duplicate       Rule = "duplicate_command"
	OutOfOrder      Rule = "out_of_order"
	ShooterDead     Rule = "shooter_dead"
	Trade           Rule = "trade"
	DuplicatePacket Rule = "duplicate_packet"
	CommandResent   Rule = "command_resent"
	CommandBackup   Rule = "command_backup"
	CommandHeld     Rule = "command_held"
	ConnectionLost  Rule = "connection_lost"
	Outage          Rule = "outage"
	Disconnected    Rule = "disconnected"
	RefireDelayed   Rule = "refire_delayed"

	// Compensation.
	MaxRewindCap      Rule = "max_rewind_cap"
	StampNotPositive  Rule = "stamp_not_positive"
	FutureStamp       Rule = "future_stamp"
	StampAdvanced     Rule = "stamp_advanced"
	NoStartFire       Rule = "no_start_fire"
	PingInflated      Rule = "ping_inflated"
	PingUnknown       Rule = "ping_unknown"
	PingNotReported   Rule = "ping_not_reported"
	PingOverflow      Rule = "ping_overflow"
	MaxPredictionPing Rule = "max_prediction_ping"
	SourceWindow      Rule = "source_window"
	ClientAuthority   Rule = "client_authority"
	HitLeeway         Rule = "hit_leeway"
	ViewDot           Rule = "view_dot"
	ClockError        Rule = "clock_error"

	// Rewind.
	TrailExhausted Rule = "trail_exhausted"
	TeleportGuard  Rule = "teleport_guard"

	// Trace.
	BlockedByWall Rule = "blocked_by_wall"
	BlockedByPawn Rule = "blocked_by_pawn"
	OutOfRange    Rule = "out_of_range"

	// Fire effects.
	NetUpdateCapped Rule = "net_update_capped"
	Culled          Rule = "culled"
	Pending         Rule = "pending"
	StaleUpdate     Rule = "stale_update"
	MergedShots     Rule = "merged_shots"

	// Movement.
	CmdRateCapped  Rule = "cmd_rate_capped"
	InputResync    Rule = "input_resync"
	InputGuessed   Rule = "input_guessed"
	LastCmdReplay  Rule = "last_cmd_replay"
	UsercmdCap     Rule = "usercmd_cap"
	MoveDelta      Rule = "move_delta_clamp"
	PosAccepted    Rule = "client_position_accepted"
	PosAdjusted    Rule = "client_position_adjusted"
	PopulationTail Rule = "population_tail"

	// Duel.
	SnapshotLost          Rule = "snapshot_lost"
	PeekInputLate         Rule = "peek_input_late"
	PredictionThroughWall Rule = "prediction_through_wall"
)

// Meta is what a rule means: its stage, what it explains of the verdict,
// and words for people.
type Meta struct {
	Rule     Rule
	Stage    Stage
	Explains Explains
	Doc      string
}

// table holds every rule's metadata, in the order of the declarations
// above; TestEveryRuleHasItsMetadata fails for a rule missing here.
var table = []Meta{
	{Duplicate, Delivery, Refused, "a command seen before: rejected"},
	{OutOfOrder, Delivery, Refused, "older than a command already processed: rejected"},
	{ShooterDead, Delivery, Refused, "a command that arrived while its shooter was dead on the server (health > 0, dead_shooter = reject, or a trade window passed; a projectile's always): no trace, no projectile spawned"},
	{Trade, Delivery, Nothing, "dead_shooter = trade: the shot arrived after its shooter died on the server, within trade_window_ms of the death, so it was judged (its client fired it before its death reached it); a kill it makes is a trade, both dead"},
	{DuplicatePacket, Delivery, Nothing, "a network duplicate of its packet: dropped by the packet layer's sequence number"},
	{CommandResent, Delivery, Nothing, "reliable_fire: the command arrived in a resend, late by arrival_delay_ms"},
	{CommandBackup, Delivery, Nothing, "cl_cmdbackup: the command arrived repeated in a later packet, late by arrival_delay_ms"},
	{CommandHeld, Delivery, Nothing, "reliable_fire: the command waited in its channel behind an earlier resent one"},
	{ConnectionLost, Delivery, Nothing, "the connection was lost by its reliable_style's give-up rule (engines disconnect the player; lagscope reconnects at once): the command, not yet delivered, was given up with it"},

	{Outage, Delivery, Nothing, "a scripted outage (key events) dropped a copy of the command: every packet both ways is lost while it lasts"},
	{Disconnected, Delivery, Nothing, "a scripted disconnect (key events): the client sent nothing while it was off, so the copy never left; it reconnected with a handshake"},
	{RefireDelayed, Delivery, Nothing, "timestamp (UT2003's ServerPredictedStartFire): the StartFire came before its weapon's NextFireTime (the shot before it a FireRate, fire_interval_ms, ago by the server's clock; NextFireTime <= now + PreFireTime failed): bServerDelayStartFire held it, and it was judged at the first tick NextFireTime allowed (judged_ms), not refused"},

	{MaxRewindCap, Compensation, Nothing, "latency compensated (rewind beyond the interpolation delay) above max_rewind_ms: clamped"},
	{StampNotPositive, Compensation, Nothing, "timestamp: ClientStartFireTime <= 0 (no server time yet): judged at the present, as UT2003"},
	{FutureStamp, Compensation, Nothing, "stamp after the server's now: clamped to now"},
	{StampAdvanced, Compensation, Nothing, "start_fire: stamp advanced by server time since StartFire"},
	{NoStartFire, Compensation, Nothing, "start_fire: no StartFire seen: no rewind"},
	{PingInflated, Compensation, Nothing, "reported ping above the server's measurement: clamped"},
	{PingUnknown, Compensation, Nothing, "no ping (the connect handshake never completed): no rewind, no projectile fast-forward"},
	{PingNotReported, Compensation, Nothing, "ping mode: no ServerUpdatePing had arrived yet: the server's own measured ping used instead of the one the client reports"},
	{PingOverflow, Compensation, Nothing, "ping_compress: the reported ping overflowed the byte: ExactPing set to 1020 ms"},
	{MaxPredictionPing, Compensation, Nothing, "the ping (less latency_reduction_ms) was above max_prediction_ping_ms: clamped to it, in ping mode's GetPredictionTime and in a projectile's fast-forward"},
	{SourceWindow, Compensation, Nothing, "source: command time too far from the estimate: estimate used"},
	{ClientAuthority, Compensation, ClientVerdict, "client mode: the client's claim was accepted unchecked; client_checked: accepted once it passed view_dot and hit_leeway"},
	{HitLeeway, Compensation, Refused, "client_checked: the claimed hit point lay farther than hit_leeway_m from the target's box, rewound by the server's own latency estimate and at the present (ShooterGame's ClientSideHitLeeway): the claim refused, no hit"},
	{ViewDot, Compensation, Refused, "client_checked: the direction from the shooter's muzzle to the claimed hit point was outside view_dot_min of the aim the command sent (ShooterGame's AllowedViewDotHitDir): the claim refused, no hit"},
	{ClockError, Compensation, Verdict, "the client's estimate of server time was off (clock_error_ms) and that changed the verdict: judged again with the stamp of the time its display showed, the server would have decided the other way"},

	{TrailExhausted, Rewind, Nothing, "the wanted time is older than the target's kept history: judged at its oldest sample"},
	{TeleportGuard, Rewind, Nothing, "walking back met a death or a teleport (Source's BacktrackPlayer): the target not rewound at all"},

	{BlockedByWall, Trace, ServerMiss, "the server's trace met a wall before the rewound hitbox it lined up with (miss_by_m < 0): a miss; the client's trace, from where it drew the shooter, passed"},
	{BlockedByPawn, Trace, ServerMiss, "the server's trace met another pawn first (server_hit_pawn, a bystander as the server rewound it) before the rewound hitbox it lined up with (miss_by_m < 0): a miss"},
	{OutOfRange, Trace, ServerMiss, "the server's trace lined up with the rewound hitbox (miss_by_m < 0) beyond range_m: a miss"},

	{NetUpdateCapped, FireEffects, Nothing, "net_update_hz is above tick_hz; the server replicates once a tick, the most it can"},
	{Culled, FireEffects, Nothing, "the client's copy of the weapon was culled (beyond relevancy_m) for part of the run; shots then are counted apart"},
	{Pending, FireEffects, Nothing, "bursts too recent to judge at the end of the run (their effects may still be on the way) are counted apart"},
	{MergedShots, FireEffects, Nothing, "merged_shots: an update brought more shots than the flashes its OnRep played (the updates for a shot all lost until the next one; burst_play_count plays NumShotsFired)"},
	{StaleUpdate, FireEffects, Nothing, "updates_stale: a weapon packet came after a newer one (reordered) and was dropped, as UE4 drops out-of-order packets, so an old value never overwrote a newer one; the server, learning it unacked, sent the current value again"},

	{CmdRateCapped, Movement, Nothing, "cmd_rate_hz is above fps or the command beat (cmd_per): a client builds its command packets at its frames (Source's CL_Move sends at most one a frame), each with at least one new command, so they went out at the lower rate, not at cmd_rate_hz (cmd_rate_capped counts them)"},
	{InputResync, Movement, Nothing, "the link's mean delay over a second of packets rose more than a tick above what the input buffer's clock held inputs for (a latency that rose, a spike's late run): the buffer moved its clock back to the new mean at once, one event however many inputs were late (resyncs counts them; the pawn stood still until the clock caught up, and a drain brings it back when the mean falls). A late input alone never moves the clock"},
	{InputGuessed, Movement, Nothing, "inputs came after the server had played their whole frames without them, by its input_starved rule: the last input repeated (repeat), m_LastCmd run again (source), covered by the next move (ue) or skipped (wait); counted late and guessed (inputs_guessed), never lost, their delay the buffer's (input_delay_ms_mean), how late they were not in it"},
	{LastCmdReplay, Movement, Nothing, "input_starved = source: commands never came (no copy brought them) and fewer than 24 were missing, so the server ran the last command it had run (Source's m_LastCmd) once for each, as PhysicsSimulate does: the pawn walked on by its last input through the gap (last_cmd_replays counts the commands; a gap of 24 or more is skipped, its movement lost)"},
	{UsercmdCap, Movement, Nothing, "input_starved = source: a tick had more movement to run than its budget held (Source's sv_maxusrcmdprocessticks, max_usercmd_ticks: each tick grants a tick, kept up to the cap), and the server refused the rest, as CPlayerMove::RunCommand ignores a command it cannot pay for: the pawn did not move for it, and the player's client was corrected (usercmds_capped counts the inputs, usercmd_capped_ms the time)"},
	{MoveDelta, Movement, Nothing, "input_starved = ue: a move covered more time since the last move played than max_move_delta_ms (Unreal's MaxMoveDeltaTime; a gap of lost moves, or one long frame), so the server moved the pawn for that long only and the time before it not at all (moves_clamped counts them, move_clamped_ms the time)"},

	{SnapshotLost, Duel, Nothing, "a snapshot to the holder carrying the peek (stamped after the server's last look without it) was lost: the holder's screen showed the peeker from a later one, unless its interpolation covered the gap: a snapshot interval or more on the holder's side, beyond one peek's bounds when nothing covered it"},
	{PosAccepted, Movement, Nothing, "movement_authority = client: the server adopted the position the client reported with a move, which lay within max_position_error_m of where the server's own playing of it put the pawn (Unreal's ServerMove within MAXPOSITIONERRORSQUARED: the server allows a certain amount of error); positions_accepted counts them"},
	{PosAdjusted, Movement, Nothing, "movement_authority = client: the position the client reported with a move lay beyond max_position_error_m of the server's; the server kept its own and sent it back (ClientAdjustPosition), the client reset to it and replayed (a correction); positions_adjusted counts them"},
	{PopulationTail, Movement, Nothing, "population: the player's percentile was drawn outside the population's rows (Unity's table: below p5 or above p95), so its link is the nearest end row's: the table says nothing of the players beyond it; the movement line's population_percentile is the draw"},
	{PeekInputLate, Duel, Nothing, "the peeker's inputs of the peek came late or not at all (lost, late, a starved tick or an input_resync of its input buffer between its sighting and the server's): its movement reached the server late, unless the server's guess (input_starved = repeat) played it on time: beyond one peek's bounds when nothing covered it"},
	{PredictionThroughWall, Duel, Nothing, "the peeker's client predicts without the walls the server collides with (predict_walls = false) and corrected its prediction between its sighting and the server's: its screen showed the holder from where its prediction walked through a wall the server stopped it at, so its sighting is earlier than the server's movement allows"},
}

// Of is r's metadata; ok is false for a name no rule declares.
func Of(r Rule) (Meta, bool) {
	for _, m := range table {
		if m.Rule == r {
			return m, true
		}
	}
	return Meta{}, false
}

// All is every rule's metadata, in declaration order.
func All() []Meta { return append([]Meta(nil), table...) }

// ExplainsServerMiss reports whether any of rules names what stopped a
// trace that lined up with the rewound hitbox.
func ExplainsServerMiss(rules []Rule) bool {
	for _, r := range rules {
		if m, _ := Of(r); m.Explains == ServerMiss {
			return true
		}
	}
	return false
}
