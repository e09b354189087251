package lagcomp

import (
	"math"
	"slices"
	"strconv"

	"lagscope/lagcomp/movement"
	"lagscope/lagcomp/netem"
	"lagscope/lagcomp/orderstat"
	"lagscope/lagcomp/rule"
	"lagscope/model"
)

// Summary aggregates the shot records of a run.
//
// Each field is a figure of the run, declared here once: its tags give
// its name in `sim --json` and the CSV (json), its name for people and
// unit (name, unit: a chart's axis says "mean rewind error (m)"), the
// values it can take (bounds "lo,hi", an empty side unbounded: a sweep
// clamps a confidence band to them; every int is a count, 0 and up),
// the count it is a part of (of: false hits are out of judged shots, so
// a chart says 12 of 240), and what it counts or measures (doc). The
// outputs (lagcomp/records) read the tags: the JSON summary line, the
// CSV columns, the charts' names and the README's list of figures. A
// map of counts ({key} in its name) is one figure per key. Its from tag
// names the records lines it is folded from ("shot", "shot+projectile",
// "burst"; "shot.behind_cover": only where every judged shot carries
// that optional field), so `lagscope records` recomputes it from a
// records file alone; a figure with no from tag (packets, warps) is not
// in the records, and a summary recomputed from them has no value for it.
type Summary struct {
	Shots         int `json:"shots" from:"shot" name:"judged shots" unit:"" of:"shots_fired" doc:"hitscan shots the server judged (rejected ones are not judged)"`
	ShotsFired    int `json:"shots_fired" from:"shot+projectile" name:"shots fired" unit:"" doc:"every shot fired, any weapon: shots (judged) + projectiles_spawned + rejected + shots_lost + shots_in_flight"`
	Rejected      int `json:"rejected" from:"shot+projectile" name:"shots rejected" unit:"" of:"shots_fired" doc:"shots a defence refused (any weapon)"`
	ShotsLost     int `json:"shots_lost" from:"shot+projectile" name:"shots lost" unit:"" of:"shots_fired" doc:"shots no copy of whose command reached the server, nor can (any weapon)"`
	ShotsInFlight int `json:"shots_in_flight" from:"shot+projectile" name:"shots in flight" unit:"" of:"shots_fired" doc:"shots fired, not yet arrived, that may still arrive (any weapon)"`
	// ProjectilesSpawned are the projectile shots the server took: their
	// fates are the projectile figures' (projectile_outcomes).
	ProjectilesSpawned int     `json:"projectiles_spawned" from:"projectile" name:"projectiles spawned" unit:"" of:"shots_fired" doc:"projectile shots the server spawned (what became of them: projectile_outcomes)"`
	LostClientHits     int     `json:"lost_client_hits" from:"shot" name:"lost shots the client saw hit" unit:"" of:"shots_lost" doc:"lost shots the client saw hit: disagreements"`
	DupsRejected       int     `json:"duplicates_rejected" name:"command copies refused" unit:"" doc:"copies of commands refused as duplicates: network duplicates and replays"`
	PingCapped         int     `json:"ping_samples_capped" name:"ping samples capped" unit:"" doc:"ping_style = ue4: round trips above 1.1 s cut to it before they went into a ping bucket (UpdatePing's cap), on every connection, both ends"`
	PingDropped        int     `json:"ping_samples_dropped" name:"ping samples dropped" unit:"" doc:"ping_style = ue4: replies a full ping bucket (seven in its second) did not take, on every connection, both ends"`
	HandshakesFailed   int     `json:"handshakes_failed" name:"handshakes failed" unit:"" doc:"clients (any, observers too) whose connect handshake lost all its tries: the run goes on with no ping on either end until a bounce returns (ping_unknown where one was needed) and their reliability layer started from the links' base round trip"`
	ReliableGaveUp     int     `json:"reliable_gave_up" name:"reliable messages given up" unit:"" doc:"reliable messages not yet delivered when their connection was lost, on every connection"`
	ConnLost           int     `json:"connections_lost" name:"connections lost" unit:"" doc:"times a connection (any client's, or its weapon channel's) was lost by its reliable_style's give-up rule (connection_lost): where an engine disconnects the player, lagscope reconnects at once"`
	ClientHits         int     `json:"client_hits" from:"shot" name:"client hits" unit:"shots" of:"shots" doc:"judged shots the client believed hit"`
	ServerHits         int     `json:"server_hits" from:"shot" name:"server hits" unit:"shots" of:"shots" doc:"shots the server credited"`
	Agreement          float64 `json:"agreement" from:"shot" name:"agreement" unit:"share of shots" bounds:"0,1" of:"shots+shots_lost" doc:"share of judged and lost shots where server and client agree (a lost shot the client saw hit is a disagreement); no value with neither"`
	FalseHits          int     `json:"false_hits" from:"shot" name:"false hits" unit:"shots" of:"shots" doc:"server hit, client missed: shot-behind-cover territory"`
	FalseMisses        int     `json:"false_misses" from:"shot" name:"false misses" unit:"shots" of:"shots" doc:"client hit, server missed: I hit him!"`
	// Shares: each a count per its total, its ratio tag "count/total"
	// naming the two figures it divides. The outputs (lagcomp/records)
	// divide the two as printed, so a share is declared once, here beside
	// its counts, and never divided by hand; here the fields hold nothing.
	HitRate       float64 `json:"hit_rate" ratio:"server_hits/shots" name:"hit rate" unit:"share of judged shots" bounds:"0,1" doc:"server hits per judged shot (server_hits / shots); no value with no judged shot"`
	FalseHitRate  float64 `json:"false_hit_rate" ratio:"false_hits/shots" name:"false-hit rate" unit:"share of judged shots" bounds:"0,1" doc:"false hits per judged shot (false_hits / shots: the server hit what the client missed); no value with no judged shot"`
	FalseMissRate float64 `json:"false_miss_rate" ratio:"false_misses/shots" name:"false-miss rate" unit:"share of judged shots" bounds:"0,1" doc:"false misses per judged shot (false_misses / shots: the client hit, the server missed); no value with no judged shot"`
	ShotsLostRate float64 `json:"shots_lost_rate" ratio:"shots_lost/shots_fired" name:"shots lost per shot" unit:"share of shots fired" bounds:"0,1" doc:"shots lost per shot fired (shots_lost / shots_fired, any weapon); no value with no shot fired"`
	BehindCover   int     `json:"behind_cover" from:"shot.behind_cover" name:"hits behind cover" unit:"shots" of:"server_hits" doc:"server hits the victim's own screen showed behind a wall when they were judged"`
	// The rewind figures are over the shots the server rewound and traced
	// (ShotsTraced); in client mode it traces none and they are NaN, not
	// a perfect 0.
	ShotsTraced    int     `json:"shots_traced" from:"shot" name:"shots traced" unit:"" of:"shots" doc:"judged shots the server rewound and traced: the rewind figures are taken over these"`
	MeanRewindErrM float64 `json:"mean_rewind_error_m" from:"shot" name:"mean rewind error" unit:"m" bounds:"0," doc:"mean distance from where the client saw the target to where the server rewound it; no value with no traced shot"`
	P50RewindErrM  float64 `json:"p50_rewind_error_m" from:"shot" name:"median rewind error" unit:"m" bounds:"0," doc:"50th percentile (nearest rank) of the shots' rewind_error_m; no value with no traced shot"`
	P95RewindErrM  float64 `json:"p95_rewind_error_m" from:"shot" name:"95th percentile rewind error" unit:"m" bounds:"0," doc:"95th percentile (nearest rank) of the same; no value with no traced shot"`
	MaxRewindErrM  float64 `json:"max_rewind_error_m" from:"shot" name:"largest rewind error" unit:"m" bounds:"0," doc:"the largest of the same; no value with no traced shot"`
	MeanRewindMs   float64 `json:"mean_rewind_ms" from:"shot" name:"mean rewind" unit:"ms" bounds:"," doc:"mean time the server rewound the target by; no value with no traced shot"`
	MeanIdealMs    float64 `json:"mean_ideal_rewind_ms" from:"shot.ideal_rewind_to_ms" name:"mean ideal rewind" unit:"ms" bounds:"," doc:"mean rewind that would have put the target where the client saw it; no value with no traced shot"`
	// The extra rewind of a shot is rewind_ms − ideal_rewind_ms: how much
	// further back than the client's screen the server went (< 0: not as
	// far); its spread says what a mean hides (a few shots rewound by a
	// whole ping too far).
	P50ExtraRewindMs float64 `json:"p50_extra_rewind_ms" from:"shot.ideal_rewind_to_ms" name:"median extra rewind" unit:"ms" bounds:"," doc:"50th percentile (nearest rank) of the shots' rewind_ms − ideal_rewind_ms (> 0: rewound further back than the client saw); no value with no traced shot"`
	P95ExtraRewindMs float64 `json:"p95_extra_rewind_ms" from:"shot.ideal_rewind_to_ms" name:"95th percentile extra rewind" unit:"ms" bounds:"," doc:"95th percentile (nearest rank) of the same; no value with no traced shot"`
	MaxExtraRewindMs float64 `json:"max_extra_rewind_ms" from:"shot.ideal_rewind_to_ms" name:"largest extra rewind" unit:"ms" bounds:"," doc:"the largest of the same; no value with no traced shot"`
	// The arrival delay of a judged shot is its record's arrival_delay_ms:
	// how much later than the first copy the copy that reached the server
	// was sent (a reliable resend, a backup).
	P50ArrivalDelayMs float64 `json:"p50_arrival_delay_ms" from:"shot.arrival_delay_ms" name:"median arrival delay" unit:"ms" bounds:"0," doc:"50th percentile (nearest rank) of the judged shots' arrival_delay_ms (how much later than the first the copy that arrived was sent: a resend or backup); no value with no judged shot"`
	P95ArrivalDelayMs float64 `json:"p95_arrival_delay_ms" from:"shot.arrival_delay_ms" name:"95th percentile arrival delay" unit:"ms" bounds:"0," doc:"95th percentile (nearest rank) of the same; no value with no judged shot"`
	MaxArrivalDelayMs float64 `json:"max_arrival_delay_ms" from:"shot.arrival_delay_ms" name:"largest arrival delay" unit:"ms" bounds:"0," doc:"the largest of the same; no value with no judged shot"`
	// The clock figures are over the judged shots (clock_error_ms: each
	// stamp's error, the client's estimate of server time less the time
	// its display showed; lagcomp/clock).
	// A shot that carries no stamp (modes ping, none, client) has no
	// clock error: its clock_error_ms is null and the figures skip it,
	// clock_error_shots saying how many they are over.
	ClockErrorShots  int     `json:"clock_error_shots" from:"shot.clock_error_ms" name:"shots with a clock error" unit:"shots" of:"shots" doc:"judged shots whose command carried a stamp of the client's clock (modes timestamp and source), the shots the clock figures are over; 0 in the modes that read no stamp (ping, none, client), whose clock_error_ms is null"`
	MeanClockErrorMs float64 `json:"mean_clock_error_ms" from:"shot.clock_error_ms" name:"mean clock error" unit:"ms" bounds:"," doc:"mean of the judged shots' clock_error_ms over the clock_error_shots that have one, signed (> 0: the stamps claimed a later time than the display showed, so the server rewound too little); 0 with clock_sync = package_timestamp and no drift; no value with no judged shot carrying a stamp"`
	MaxClockErrorMs  float64 `json:"max_clock_error_ms" from:"shot.clock_error_ms" name:"largest clock error" unit:"ms" bounds:"0," doc:"the largest |clock_error_ms| of a judged shot carrying a stamp; no value with none"`
	ClockVerdicts    int     `json:"clock_verdicts_changed" from:"shot" name:"verdicts the clock changed" unit:"shots" of:"shots" doc:"judged shots whose verdict the stamp's clock error turned over (rule clock_error): judged again with the stamp of the time the display showed, the server would have decided the other way"`
	// CheatHitsGained is what cheating bought: the run is stepped beside
	// its honest twin (every cheat_* key off, the same seed and world).
	CheatHitsGained float64 `json:"cheat_hits_gained" name:"hits gained by cheating" unit:"shots" bounds:"," doc:"the shooter's hitscan server hits less those of its honest twin — the same run, seed and settings with every cheat_* key off (aiming at what it sees, stamping what it saw) — over the same time (< 0: the cheats cost hits); 0 when the shooter does not cheat"`
	// ByRole keeps each player's judged shots apart where several fire
	// (a duel's victim shoots back): the cheater (cheat_* keys are the
	// shooter's) is never averaged in with an honest player.
	ByRole          []Count[string] `json:"by_role" from:"shot" name:"{words}" unit:"shots" of:"shots" doc:"judged shots by the role of the player who fired them: ROLE_judged, ROLE_hits (server hits), ROLE_false_hits and ROLE_false_misses, ROLE shooter (the one whose cheat_* keys apply) or victim (when it fires back: duel = true), each key present once it happened"`
	RuleCounts      []RuleCount     `json:"rules" from:"shot" name:"rule {words} applied" unit:"times" of:"shots_fired" doc:"how often each rule (a defence, clamp or fallback) shaped a shot, each of the duel line's rules (once each: what shaped its gap) and population_tail (once for each player drawn beyond the population's rows), in first-seen order"`
	MaxWarpM        float64         `json:"max_warp_m" name:"largest warp" unit:"m" bounds:"0," doc:"largest extrapolation warp the shooter saw"`
	StarvedFrames   int             `json:"starved_frames" name:"starved frames" unit:"" doc:"interpolation frames past the newest snapshot"`
	FireHeldNoSight int             `json:"fire_held_no_sight" name:"fire held, no sight" unit:"times" doc:"times the shooter's bot, its weapon ready and the target on its screen, held its fire for want of a line of sight (a wall between, out of range, or dead), each wait counted once: a shooter walled in fires nothing, and says so here"`
	MergedShots     int             `json:"merged_shots" from:"burst" name:"merged shots" unit:"shots" doc:"weapon-fire effects, over every remote client: shots an update of the BurstCounter brought beyond the flashes its OnRep played (a shot whose updates were all lost until the next arrives with it; burst_play_count plays one per shot)"`
	// Movement through the netcode, over every player's client (shooter,
	// victim, observers; bystanders have none).
	InputsSent        int     `json:"inputs_sent" from:"movement.inputs_sent" name:"inputs sent" unit:"" doc:"movement inputs (commands) the players' clients made (one a command beat: cmd_per) and sent in command packets"`
	InputsLost        int     `json:"inputs_lost" from:"movement.inputs_lost" name:"inputs lost" unit:"" of:"inputs_sent" doc:"inputs that never reached the server, no copy (backups included) having come: it played their frames without them (one that came after its frame was played is late, not lost)"`
	InputsGuessed     int     `json:"inputs_guessed" from:"movement.inputs_guessed" name:"inputs guessed" unit:"" of:"inputs_sent" doc:"inputs that came after the server had played their whole frames without them by its input_starved rule (repeated, m_LastCmd, covered, skipped): late, not lost (rule input_guessed, named on their movement lines; summed over players)"`
	InputDelayMsMean  float64 `json:"input_delay_ms_mean" from:"movement.input_delays+movement.input_delay_sum_ms" name:"mean input delay" unit:"ms" bounds:"0," doc:"the input buffer's delay: mean, over every input that came, of the time from the client frame that sampled it to the server tick its frame was due on the buffer's clock (the tick that began playing it when it came in time; a late one's due tick, its lateness beyond it not included: inputs_guessed and the lines' inputs_late count those). The clock follows the link's mean delay, so on a steady link this is the pipeline's delay plus the link's mean extra delay; no value before any"`
	StarvedTicks      int     `json:"starved_ticks" from:"movement.starved_ticks" name:"starved ticks" unit:"" doc:"server ticks at which a player's next input had not come: the last input repeated (input_starved = repeat) or the pawn held (source, ue, wait) (summed over players)"`
	InputResyncs      int     `json:"input_resyncs" from:"movement.resyncs" name:"input resyncs" unit:"" doc:"times a player's input buffer moved its clock back because the link's mean delay over a second of packets rose by more than a tick (a latency that rose, a spike's late run), one however many inputs and seconds the rise spans; a late input alone never moves it (rule input_resync, named on their movement lines; summed over players)"`
	LastCmdReplays    int     `json:"last_cmd_replays" from:"movement.last_cmd_replays" name:"last commands replayed" unit:"" doc:"input_starved = source: commands that never came that the server ran the last command again for (Source's m_LastCmd, a gap of fewer than 24; rule last_cmd_replay, named on their movement lines; summed over players)"`
	UsercmdsCapped    int     `json:"usercmds_capped" from:"movement.usercmds_capped" name:"inputs capped" unit:"" doc:"input_starved = source: inputs that came whose movement a tick's budget (max_usercmd_ticks, Source's sv_maxusrcmdprocessticks) refused in whole or in part (rule usercmd_cap, named on their movement lines; summed over players)"`
	PositionsAccepted int     `json:"positions_accepted,omitempty" from:"movement" name:"client positions accepted" unit:"" doc:"movement_authority = client: moves whose client-reported position the server adopted, within max_position_error_m of its own (rule client_position_accepted, named on their movement lines; summed over players; left out when 0)"`
	PositionsAdjusted int     `json:"positions_adjusted,omitempty" from:"movement" name:"client positions adjusted" unit:"" doc:"movement_authority = client: moves whose client-reported position lay beyond max_position_error_m of the server's, the client corrected to the server's (ClientAdjustPosition; rule client_position_adjusted, named on their movement lines; summed over players; left out when 0)"`
	MovesClamped      int     `json:"moves_clamped" from:"movement.moves_clamped" name:"moves clamped" unit:"" doc:"input_starved = ue: moves whose time since the last move played was clamped to max_move_delta_ms (Unreal's MaxMoveDeltaTime; rule move_delta_clamp, named on their movement lines; summed over players)"`
	CmdRateCapped     int     `json:"cmd_rate_capped" from:"movement.cmd_rate_capped" name:"command packets capped at fps" unit:"" doc:"command packets the players' clients sent at one a frame, or one a command, because cmd_rate_hz asked for more than fps or the command beat (cmd_per; rule cmd_rate_capped, named on their movement lines)"`
	Corrections       int     `json:"corrections" from:"movement.corrections" name:"corrections" unit:"" doc:"reconciliations that moved a client's predicted pawn by a millimetre or more (a respawn's teleport is none: the movement line's respawns)"`
	MaxCorrectionM    float64 `json:"max_correction_m" from:"movement.max_correction_m" name:"largest correction" unit:"m" bounds:"0," doc:"largest such correction, any client"`
	// Health and damage (health > 0; health.go), from the shooter's side
	// (pawn 0: a duel's holder): each left out when 0, so a run without
	// health prints what it did before.
	Kills       int `json:"kills,omitempty" from:"kill" name:"kills" unit:"" doc:"health > 0: pawns the shooter killed (kill lines with killer 0; left out when 0)"`
	Deaths      int `json:"deaths,omitempty" from:"kill" name:"deaths" unit:"" doc:"health > 0: times the shooter died (kill lines with victim 0; left out when 0)"`
	DamageDealt int `json:"damage_dealt,omitempty" from:"shot+projectile" name:"damage dealt" unit:"" doc:"health > 0: health the shooter's hits took, hitscan (its shot lines' damage) and projectile (left out when 0)"`
	DamageTaken int `json:"damage_taken,omitempty" from:"shot" name:"damage taken" unit:"" doc:"health > 0: health the shooter lost to the other player's hits (left out when 0)"`
	Trades      int `json:"trades,omitempty" from:"kill" name:"trades" unit:"" doc:"dead_shooter = trade: kills made by a shot whose shooter was dead already, judged within trade_window_ms (rule trade): both died (kill lines with trade; left out when 0)"`
	// Hit markers (hit_feedback: hitfeedback.go), the shooter's shots
	HitMarkers       int     `json:"hit_markers,omitempty" from:"shot" name:"hit markers" unit:"shots" doc:"health > 0: the shooter's shots whose hit marker its client showed (hit_feedback = server: when the snapshot carrying the server's confirmation reached it; predicted: at the trigger pull, on its own trace); left out when 0"`
	FalseHitMarkers  int     `json:"false_hit_markers,omitempty" from:"shot" name:"false hit markers" unit:"shots" of:"hit_markers" doc:"health > 0: of hit_markers, those the server did not credit (missed there, refused or lost): hit_feedback = predicted shows them, server never does; left out when 0"`
	FalseMarkerShare float64 `json:"false_hit_marker_share,omitempty" ratio:"false_hit_markers/hit_markers" name:"false-marker share" unit:"share of hit markers" bounds:"0,1" doc:"health > 0: false hit markers per hit marker shown (false_hit_markers / hit_markers); left out with no marker"`
	DeadRejected     int     `json:"shots_rejected_dead,omitempty" from:"shot+projectile" name:"shots rejected from the dead" unit:"" doc:"health > 0: shots, any weapon, either player, whose command reached the server after their shooter died there and were refused (rule shooter_dead; left out when 0)"`
}

// RuleCount is how often a rule applied.
type RuleCount = Count[Rule]

// Count is how often something happened.
type Count[T comparable] struct {
	Rule  T
	Count int
}

// tally counts one more k, keeping first-seen order.
func tally[T comparable](cs []Count[T], k T) []Count[T] {
	j := slices.IndexFunc(cs, func(c Count[T]) bool { return c.Rule == k })
	if j < 0 {
		return append(cs, Count[T]{k, 1})
	}
	cs[j].Count++
	return cs
}

// Summarize aggregates records: the exact fold over a whole run, from
// scratch. A Sim keeps the same fold running (shotTally) so its frames
// read the summary without revisiting old shots; both give the same bits.
func Summarize(shots []ShotRecord) Summary {
	var t shotTally
	for i := range shots {
		t.add(&shots[i])
	}
	t.n = len(shots)
	return t.summary()
}

// shotTally folds shot records into a Summary one at a time, so Frame()
// costs the same after 10 shots and after 100 000: running counts and
// sums (added in record order, so the means are the bits a from-scratch
// sum gives) and an exact order statistic for the p95. Both the live
// frames and `sim`'s final summary read it; a new counter goes in add,
// once, for both.
type shotTally struct {
	s                  Summary
	n                  int // records folded
	maxSeq             uint32
	err, rewind, ideal float64 // sums over traced shots
	errs, extra        spread  // over traced shots
	arrival            spread  // over judged shots
	clockErr           float64 // sum of the judged shots' clock errors, ms
	shooterHits        int     // server hits of the shooter's shots (a duel's target shoots too)
}

// spread keeps the median, the 95th percentile (both nearest rank, exact:
// orderstat) and the largest of a growing set of values: the per-shot
// spread a sweep's row carries, so nobody sorts a run's records by hand.
// One Stat answers both quantiles; it keeps the last answers, so asking
// both on every frame costs nothing until values come.
type spread struct {
	vals orderstat.Stat
	max  float64
	n    int
}

func (s *spread) add(x float64) {
	s.vals.Add(x)
	if s.n == 0 || x > s.max {
		s.max = x
	}
	s.n++
}

// figures are the median, 95th percentile and largest; NaN (no value)
// with no values.
func (s *spread) figures() (p50, p95, largest float64) {
	if s.n == 0 {
		return math.NaN(), math.NaN(), math.NaN()
	}
	return s.vals.Quantile(0.5), s.vals.Quantile(0.95), s.max
}

// clone shares s's values with the copy until either writes them.
func (s *spread) clone() spread {
	c := *s
	c.vals = s.vals.Clone()
	return c
}

// catchUp folds the records judged since the last call.
func (t *shotTally) catchUp(shots *ShotLog) {
	if shots.Len() < t.n { // the records were replaced: start again
		*t = shotTally{}
	}
	for ; t.n < shots.Len(); t.n++ {
		t.add(shots.At(t.n))
	}
}

func (t *shotTally) add(r *ShotRecord) {
	s := &t.s
	t.maxSeq = max(t.maxSeq, r.Seq)
	for _, rule := range r.Rules {
		s.RuleCounts = tally(s.RuleCounts, rule)
	}
	switch r.Outcome {
	case OutcomeRejected:
		s.Rejected++
		return
	case OutcomeLost:
		s.ShotsLost++
		s.LostClientHits += b2i(r.ClientHit)
		return
	case OutcomeInFlight:
		s.ShotsInFlight++
		return
	}
	s.Shots++
	role := Role(r.Shooter)
	s.ByRole = tally(s.ByRole, role+"_judged")
	if r.ServerHit {
		s.ByRole = tally(s.ByRole, role+"_hits")
	}
	if r.ServerHit && !r.ClientHit {
		s.ByRole = tally(s.ByRole, role+"_false_hits")
	}
	if r.ClientHit && !r.ServerHit {
		s.ByRole = tally(s.ByRole, role+"_false_misses")
	}
	s.ClientHits += b2i(r.ClientHit)
	s.ServerHits += b2i(r.ServerHit)
	s.FalseHits += b2i(r.ServerHit && !r.ClientHit)
	s.FalseMisses += b2i(r.ClientHit && !r.ServerHit)
	s.BehindCover += b2i(r.BehindCover)
	t.arrival.add(r.ArrivalDelay.Millis())
	if r.HasClockError {
		ce := r.ClockError.Millis()
		s.ClockErrorShots++
		t.clockErr += ce
		s.MaxClockErrorMs = max(s.MaxClockErrorMs, math.Abs(ce))
	}
	s.ClockVerdicts += b2i(r.HasRule(rule.ClockError))
	t.shooterHits += b2i(r.ServerHit && r.Shooter == ShooterPawn)
	if !r.Traced() { // client mode: the server took the client's word
		return
	}
	s.ShotsTraced++
	e := Micro(r.RewindErrorM)
	t.errs.add(e)
	t.extra.add(r.RewindMs() - r.IdealRewindMs())
	t.err += e
	t.rewind += r.RewindMs()
	t.ideal += r.IdealRewindMs()
}

// Role names a pawn by its part in the run, as the by_role figures key
// it: the shooter, the victim (its target, which fires back in a duel),
// any other pawn by its number.
func Role(pawn int) string {
	switch pawn {
	case ShooterPawn:
		return "shooter"
	case TargetPawn:
		return "victim"
	}
	return "pawn" + strconv.Itoa(pawn)
}

// Micro is a distance as the records print it, to a micrometre. The
// summaries fold the records' distances as printed, so a summary
// recomputed from a run's printed records (lagscope records) is the
// same bits as the run's own; a micrometre is far below anything a
// hitbox or a rewind can show.
func Micro(x float64) float64 { return math.Round(x*1e6) / 1e6 }

// summary is the figures so far, a copy the caller may keep.
func (t *shotTally) summary() Summary {
	s := t.s
	s.RuleCounts, s.ByRole = slices.Clone(s.RuleCounts), slices.Clone(s.ByRole)
	s.Agreement = math.NaN()
	if n := s.Shots + s.ShotsLost; n > 0 {
		s.Agreement = float64(n-s.FalseHits-s.FalseMisses-s.LostClientHits) / float64(n)
	}
	s.MeanRewindErrM, s.MeanRewindMs, s.MeanIdealMs = math.NaN(), math.NaN(), math.NaN()
	if s.ShotsTraced > 0 {
		n := float64(s.ShotsTraced)
		s.MeanRewindErrM = t.err / n
		s.MeanRewindMs, s.MeanIdealMs = t.rewind/n, t.ideal/n
	}
	s.MeanClockErrorMs = math.NaN()
	if s.ClockErrorShots > 0 {
		s.MeanClockErrorMs = t.clockErr / float64(s.ClockErrorShots)
	} else {
		s.MaxClockErrorMs = math.NaN()
	}
	s.P50RewindErrM, s.P95RewindErrM, s.MaxRewindErrM = t.errs.figures()
	s.P50ExtraRewindMs, s.P95ExtraRewindMs, s.MaxExtraRewindMs = t.extra.figures()
	s.P50ArrivalDelayMs, s.P95ArrivalDelayMs, s.MaxArrivalDelayMs = t.arrival.figures()
	return s
}

// Summary aggregates this run's shots and client statistics.
func (s *Sim) Summary() Summary {
	s.live()
	s.tally.catchUp(&s.Shots)
	sum := s.tally.summary()
	if h := s.honest; h != nil {
		h.tally.catchUp(&h.Shots)
		sum.CheatHitsGained = float64(s.tally.shooterHits - h.tally.shooterHits)
	}
	// projectile shots have projectile records, not shot records: count
	// every weapon's shots from the deliveries
	sum.ShotsFired, sum.ShotsLost, sum.ShotsInFlight = s.runningShotCounts()
	sum.ProjectilesSpawned = s.projSpawned
	sum.Rejected += s.projRejected
	sum.HandshakesFailed = s.handshakesFailed
	sum.DupsRejected, sum.ReliableGaveUp, sum.ConnLost = s.dupRejected, s.reliableGaveUp, s.connectionsLost
	sh := s.Clients[ShooterPawn]
	sum.MaxWarpM, sum.StarvedFrames, sum.FireHeldNoSight = sh.warpMax, sh.starved, sh.noSightHeld
	for i := 1; i < len(s.fx.Clients); i++ {
		sum.MergedShots += s.fx.Clients[i].Merged
	}
	for i, c := range s.Clients {
		m := s.Server.conns[i].measured
		sum.PingCapped += c.ping.Capped + m.Capped
		sum.PingDropped += c.ping.Dropped + m.Dropped
	}
	sum.FoldMovement(s.Movement())
	if p, ok := s.PeekersAdvantage(); ok {
		sum.FoldDuelRules(p.Rules)
	}
	s.foldLife(&sum)
	return sum
}

// FoldDuelRules counts the duel line's rules in the summary's, once
// each, after the shots': what shaped the gap is a record's rule like a
// shot's, so it is counted where every rule is. A run folds its own
// duel; records fold the duel line read back (records.Run.Summarize).
func (sum *Summary) FoldDuelRules(rules []Rule) {
	for _, r := range rules {
		sum.RuleCounts = tally(sum.RuleCounts, r)
	}
}

// foldLife puts the run's kills and damage in the summary (health > 0).
func (s *Sim) foldLife(sum *Summary) {
	if !s.cfg.mortal() {
		return
	}
	shots := func(yield func(*ShotRecord) bool) {
		for i := range s.Shots.Len() {
			if !yield(s.Shots.At(i)) {
				return
			}
		}
	}
	sum.FoldLife(s.life.kills, shots, s.Projectiles())
}

// FoldMovement folds the players' movement records into the summary's
// movement figures: sums, the largest correction, and the input delay's
// mean over every player. A run folds its clients' records; records
// fold the movement lines read back into them (records.Run.Summarize).
func (sum *Summary) FoldMovement(ms []MovementRecord) {
	var delay model.Time
	var delays int
	for _, m := range ms {
		sum.InputsSent += m.InputsSent
		sum.CmdRateCapped += m.CmdCapped
		sum.InputsLost += m.Buffer.Lost
		sum.InputsGuessed += m.Buffer.Overplayed
		sum.StarvedTicks += m.Buffer.Starved
		sum.InputResyncs += m.Buffer.Resyncs
		sum.LastCmdReplays += m.Buffer.Replayed
		sum.UsercmdsCapped += m.Buffer.Capped
		sum.MovesClamped += m.Buffer.Clamped
		sum.PositionsAccepted += m.Buffer.PosAccepted
		sum.PositionsAdjusted += m.Buffer.PosAdjusted
		sum.Corrections += m.Corrections
		sum.MaxCorrectionM = max(sum.MaxCorrectionM, m.MaxCorrectionM)
		delay, delays = delay+m.Buffer.DelaySum, delays+m.Buffer.DelayN
		// a movement rule with no figure of its own is counted where
		// every rule is: a player drawn beyond the population's rows
		if slices.Contains(m.Rules, rule.PopulationTail) {
			sum.RuleCounts = tally(sum.RuleCounts, rule.PopulationTail)
		}
	}
	sum.InputDelayMsMean = math.NaN()
	if delays > 0 {
		sum.InputDelayMsMean = delay.Millis() / float64(delays)
	}
}

// MovementRecord is one player's movement through the netcode: what its
// client sent and corrected, and what the server's input buffer did with
// it (movement.Stats: starved ticks, lost and late inputs, resyncs,
// drains).
type MovementRecord struct {
	Client         int
	Name           string
	InputsSent     int
	CmdRateHz      int // the rate its command packets go out at now: cmd_rate_hz, at most fps and the command beat
	CommandPackets int // command packets sent
	CmdCapped      int // of them, sent slower because cmd_rate_hz asked more (cmd_rate_capped)
	Rules          []Rule
	Corrections    int
	MaxCorrectionM float64
	// Respawns are the reconciliations that carried its pawn's respawn
	// (a teleport to its spawn point), left out of Corrections
	Respawns int
	Offset   model.Time // the input buffer's offset now (0 before the first input)
	Buffer   movement.Stats
	// Link is the player's link as its population drew it (nil without
	// a population: population.go)
	Link *netem.PlayerLink
}

// Movement is every player's movement record, client by client.
func (s *Sim) Movement() []MovementRecord {
	out := make([]MovementRecord, len(s.Clients))
	for i, c := range s.Clients {
		b := s.Server.conns[i].inputs
		out[i] = MovementRecord{Client: i, Name: ClientName(i), InputsSent: c.inputsSent,
			CmdRateHz: s.cfg.cmdRate(), CommandPackets: c.cmdPackets, CmdCapped: c.cmdCapped,
			Corrections: c.pred.Corrections, MaxCorrectionM: c.pred.MaxCorrectionM, Respawns: c.respawns, Offset: b.Offset, Buffer: b.Stats}
		if c.cmdCapped > 0 {
			out[i].Rules = append(out[i].Rules, rule.CmdRateCapped)
		}
		if b.Stats.Resyncs > 0 {
			out[i].Rules = append(out[i].Rules, rule.InputResync)
		}
		if b.Stats.Overplayed > 0 {
			out[i].Rules = append(out[i].Rules, rule.InputGuessed)
		}
		if b.Stats.Replayed > 0 {
			out[i].Rules = append(out[i].Rules, rule.LastCmdReplay)
		}
		if b.Stats.Capped > 0 || b.Stats.CappedTime > 0 {
			out[i].Rules = append(out[i].Rules, rule.UsercmdCap)
		}
		if b.Stats.Clamped > 0 {
			out[i].Rules = append(out[i].Rules, rule.MoveDelta)
		}
		if b.Stats.PosAccepted > 0 {
			out[i].Rules = append(out[i].Rules, rule.PosAccepted)
		}
		if b.Stats.PosAdjusted > 0 {
			out[i].Rules = append(out[i].Rules, rule.PosAdjusted)
		}
		if pl, ok := s.cfg.PlayerLink(i); ok {
			out[i].Link = &pl
			if pl.Tail {
				out[i].Rules = append(out[i].Rules, rule.PopulationTail)
			}
		}
	}
	return out
}

// runningShotCounts is shotCounts without revisiting settled shots: the
// shots whose fate is known (arrived or lost: it never changes after) are
// folded once, from the oldest on; only the few still open are counted
// on each call.
func (s *Sim) runningShotCounts() (fired, lost, inFlight int) {
	for ; s.settled < s.pending.Len() && (s.pending.At(s.settled).arrived || s.pending.At(s.settled).lost); s.settled++ {
		s.settledLost += b2i(s.pending.At(s.settled).lost)
	}
	lost = s.settledLost
	for i := s.settled; i < s.pending.Len(); i++ {
		switch ps := s.pending.At(i); {
		case ps.lost:
			lost++
		case !ps.arrived:
			inFlight++
		}
	}
	return s.pending.Len(), lost, inFlight
}

// foldRunning brings every running summary (shots, deliveries,
// projectiles, the fire lanes' records) up to now. Frame() does it as it
// reads them; a keyframe does it before it is copied.
func (s *Sim) foldRunning() {
	s.Summary()
	if len(s.projs) > 0 {
		s.projectileSummary()
	}
	for i := 1; i < len(s.Clients); i++ {
		s.catchUpBurstTally(i)
	}
}

// PacketCounts are the shooter's connection in packets: each direction's
// link (sent, lost, duplicated, reordered) and the reliability layer on
// it (resends and give-ups by the sender, duplicates the receiver
// dropped, explicit ack packets).
func (s *Sim) PacketCounts() map[string]int {
	up, down := s.Link(ShooterPawn, true).Stats, s.Link(ShooterPawn, false).Stats
	cl, sv := s.Clients[ShooterPawn], s.Server.conns[ShooterPawn]
	m := map[string]int{
		"up_sent": up.Sent, "up_lost": up.Lost, "up_duplicated": up.Duplicated, "up_reordered": up.Reordered,
		"down_sent": down.Sent, "down_lost": down.Lost, "down_duplicated": down.Duplicated, "down_reordered": down.Reordered,
		"up_resends": cl.rel.Stats.Resends, "up_gave_up": cl.rel.Stats.GaveUp, "up_dup_dropped": sv.rel.Stats.DupPackets,
		"up_acks":      cl.acks,
		"down_resends": sv.rel.Stats.Resends, "down_gave_up": sv.rel.Stats.GaveUp, "down_dup_dropped": cl.rel.Stats.DupPackets,
		"down_acks": sv.acks,
	}
	// a run with scripted events: the packets they cut that the link
	// would have delivered (up_lost stays the link's own losses), the
	// packets a disconnected client never sent (not in up_sent), and what
	// its rejoins' new connections dropped
	if len(s.script.evs) > 0 {
		for dir, name := range [2]string{"down_", "up_"} {
			cuts := s.script.cuts[dir]
			m[name+"outage"], m[name+"disconnected"] = cuts[cutOutage], cuts[cutDisconnected]
		}
		m["up_unsent"] = s.script.cuts[1][cutUnsent]
		// a rejoin's new connection: the reliable messages each end gave
		// up, and the old connection's packets dropped on arrival after it
		m["up_reconnect_dropped"], m["down_reconnect_dropped"] = s.script.resetDropped[1], s.script.resetDropped[0]
		m["up_old_connection"], m["down_old_connection"] = sv.rel.Stats.OldPackets, cl.rel.Stats.OldPackets
	}
	return m
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
