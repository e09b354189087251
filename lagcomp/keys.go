package lagcomp

import (
	"math"
	"slices"

	"lagscope/lagcomp/burst"
	"lagscope/lagcomp/compensation"
	"lagscope/lagcomp/netem"
	"lagscope/lagcomp/rewind"
	"lagscope/model"
)

// Params is every configuration key, grouped as the README documents them.
var Params = buildParams()

func num(key, group, unit string, lo, hi float64, doc string, f func(*Config) *float64) *Param {
	return &Param{Key: key, Group: group, Kind: KindFloat, Unit: unit, Min: lo, Max: hi, Doc: doc, order: 2,
		get: func(c *Config) any { return *f(c) },
		set: func(c *Config, v any) { *f(c) = v.(float64) }}
}

func integer(key, group, unit string, lo, hi float64, doc string, f func(*Config) *int) *Param {
	return &Param{Key: key, Group: group, Kind: KindInt, Unit: unit, Min: lo, Max: hi, Doc: doc, order: 2,
		get: func(c *Config) any { return *f(c) },
		set: func(c *Config, v any) { *f(c) = int(v.(float64)) }}
}

func flag(key, group, doc string, f func(*Config) *bool) *Param {
	return &Param{Key: key, Group: group, Kind: KindBool, Doc: doc, order: 2,
		get: func(c *Config) any { return *f(c) },
		set: func(c *Config, v any) { *f(c) = v.(bool) }}
}

func choice[T ~string](key, group string, choices []T, doc string, f func(*Config) *T) *Param {
	names := make([]string, len(choices))
	for i, c := range choices {
		names[i] = string(c)
	}
	return &Param{Key: key, Group: group, Kind: KindEnum, Choices: names, Doc: doc, order: 2,
		get: func(c *Config) any { return string(*f(c)) },
		set: func(c *Config, v any) { *f(c) = T(v.(string)) }}
}

// enum is choice for a key kept as a small number named by its String.
func enum[T interface {
	~uint8
	String() string
}](key, group string, choices []T, doc string, f func(*Config) *T) *Param {
	names := make([]string, len(choices))
	for i, c := range choices {
		names[i] = c.String()
	}
	return &Param{Key: key, Group: group, Kind: KindEnum, Choices: names, Doc: doc, order: 2,
		get: func(c *Config) any { return (*f(c)).String() },
		set: func(c *Config, v any) { *f(c) = choices[slices.Index(names, v.(string))] }}
}

// degrees stores an angle given in degrees as radians.
func degrees(key, group, doc string, f func(*Config) *float64) *Param {
	return &Param{Key: key, Group: group, Kind: KindFloat, Unit: "deg", Min: -360, Max: 360, Doc: doc, order: 2,
		get: func(c *Config) any { return math.Round(*f(c)*180/math.Pi*1e9) / 1e9 },
		set: func(c *Config, v any) { *f(c) = v.(float64) * math.Pi / 180 }}
}

// duration stores milliseconds as a model.Time.
func duration(key, group string, lo, hi float64, doc string, f func(*Config) *model.Time) *Param {
	return &Param{Key: key, Group: group, Kind: KindFloat, Unit: "ms", Min: lo, Max: hi, Doc: doc, order: 2,
		get: func(c *Config) any { return f(c).Millis() },
		set: func(c *Config, v any) { *f(c) = model.MsF(v.(float64)) }}
}

// linkField is one field of netem.LinkConfig, exposed per direction and both ways.
type linkField struct {
	both, up, down string
	unit           string
	lo, hi         float64
	doc            string
	f              func(*netem.LinkConfig) *float64
}

var linkFields = []linkField{
	{"latency_ms", "up_ms", "down_ms", "ms", 0, 5000, "base one-way latency; no packet arrives sooner", func(l *netem.LinkConfig) *float64 { return &l.LatencyMs }},
	{"jitter_ms", "up_jitter_ms", "down_jitter_ms", "ms", 0, 2000, "uniform extra delay, 0 to this", func(l *netem.LinkConfig) *float64 { return &l.JitterMs }},
	{"tail_ms", "up_tail_ms", "down_tail_ms", "ms", 0, 2000, "mean of an exponential extra delay (right-skewed)", func(l *netem.LinkConfig) *float64 { return &l.TailMs }},
	{"loss_pct", "up_loss_pct", "down_loss_pct", "%", 0, 100, "independent packet loss", func(l *netem.LinkConfig) *float64 { return &l.LossPct }},
	{"dup_pct", "up_dup_pct", "down_dup_pct", "%", 0, 100, "packets delivered twice", func(l *netem.LinkConfig) *float64 { return &l.DupPct }},
	{"reorder_pct", "up_reorder_pct", "down_reorder_pct", "%", 0, 100, "packets allowed to overtake earlier ones (else FIFO)", func(l *netem.LinkConfig) *float64 { return &l.ReorderPct }},
	{"burst_enter_pct", "up_burst_enter_pct", "down_burst_enter_pct", "%", 0, 100, "Gilbert-Elliott: chance per packet of entering the bad state", func(l *netem.LinkConfig) *float64 { return &l.GEEnterPct }},
	{"burst_exit_pct", "up_burst_exit_pct", "down_burst_exit_pct", "%", 0, 100, "Gilbert-Elliott: chance per packet of leaving it", func(l *netem.LinkConfig) *float64 { return &l.GEExitPct }},
	{"burst_loss_pct", "up_burst_loss_pct", "down_burst_loss_pct", "%", 0, 100, "Gilbert-Elliott: loss while in the bad state", func(l *netem.LinkConfig) *float64 { return &l.GELossPct }},
	{"spike_every_ms", "up_spike_every_ms", "down_spike_every_ms", "ms", 0, 600000, "mean time between lag spikes (0 = none)", func(l *netem.LinkConfig) *float64 { return &l.SpikeEveryMs }},
	{"spike_ms", "up_spike_ms", "down_spike_ms", "ms", 0, 5000, "extra delay during a spike", func(l *netem.LinkConfig) *float64 { return &l.SpikeMs }},
	{"spike_len_ms", "up_spike_len_ms", "down_spike_len_ms", "ms", 0, 10000, "how long a spike lasts", func(l *netem.LinkConfig) *float64 { return &l.SpikeLenMs }},
}

func linkParams() []*Param {
	var ps []*Param
	for _, lf := range linkFields {
		ps = append(ps,
			&Param{Key: lf.both, Group: "network", Kind: KindFloat, Unit: lf.unit, Min: lf.lo, Max: lf.hi, Alias: true, order: 1,
				Doc: lf.doc + ", both directions (sets " + lf.up + " and " + lf.down + ")",
				set: func(c *Config, v any) { *lf.f(&c.Up) = v.(float64); *lf.f(&c.Down) = v.(float64) }},
			num(lf.up, "network", lf.unit, lf.lo, lf.hi, lf.doc+", client to server", func(c *Config) *float64 { return lf.f(&c.Up) }),
			num(lf.down, "network", lf.unit, lf.lo, lf.hi, lf.doc+", server to client", func(c *Config) *float64 { return lf.f(&c.Down) }),
		)
	}
	return ps
}

func buildParams() []*Param {
	ps := []*Param{
		{Key: "network", Group: "network", Kind: KindEnum, Choices: netem.ProfileNames(), Alias: true, order: 0,
			Doc: "named network profile for both directions; other network keys refine it",
			set: func(c *Config, v any) { l, _ := netem.Profile(v.(string)); c.Up, c.Down = l, l }},
	}
	ps = append(ps, linkParams()...)
	ps = append(ps,
		num("victim_latency_ms", "network", "ms", -1, 5000, "the victim's one-way base latency (-1 = same links as the shooter)", func(c *Config) *float64 { return &c.VictimLatencyMs }),

		integer("tick_hz", "rates", "Hz", 1, 1000, "server tick rate: history samples, command processing", func(c *Config) *int { return &c.TickHz }),
		integer("snapshot_hz", "rates", "Hz", 1, 1000, "snapshots sent to each client (at most tick_hz)", func(c *Config) *int { return &c.SnapshotHz }),
		integer("fps", "rates", "Hz", 1, 1000, "client frame rate", func(c *Config) *int { return &c.FPS }),
		num("interp_ms", "rates", "ms", 0, 1000, "client interpolation delay (Source's cl_interp)", func(c *Config) *float64 { return &c.InterpMs }),
		choice("display", "rates", []DisplayMode{DisplayInterp, DisplayExtrap, DisplayRaw}, "how clients show remote pawns", func(c *Config) *DisplayMode { return &c.Display }),

		choice("mode", "compensation", compensation.Modes(), "hitscan lag-compensation mode", func(c *Config) *Mode { return &c.Mode }),
		num("bias", "compensation", "", 0, 1, "share of the latency compensated: 0 favours the target, 1 the shooter", func(c *Config) *float64 { return &c.Bias }),
		num("max_rewind_ms", "compensation", "ms", 0, 5000, "cap on the latency compensated: the rewind beyond interp_ms (when clients interpolate); the Lag Compensation article's ~200 ms. The whole rewind is at most this + interp_ms, Source's sv_maxunlag (1 s)", func(c *Config) *float64 { return &c.MaxRewindMs }),
		num("max_trail_ms", "compensation", "ms", 10, 5000, "history kept per pawn (UT2003 MaxTrailSeconds = 0.4 s)", func(c *Config) *float64 { return &c.MaxTrailMs }),
		flag("stamp_subtracts_interp", "compensation", "the client's stamp subtracts its interpolation delay (false shows what forgetting it costs)", func(c *Config) *bool { return &c.StampSubtractsInterp }),
		enum("rotation_lerp", "compensation", []rewind.RotationLerp{rewind.LerpShortest, rewind.LerpNaive}, "yaw interpolation of a rewind: shortest arc, or UT2003's naive component lerp", func(c *Config) *rewind.RotationLerp { return &c.Rotation }),
		flag("trail_reset", "compensation", "reset a pawn's trail on teleport/respawn (UT2003's open problem)", func(c *Config) *bool { return &c.TrailReset }),
		flag("teleport_guard", "compensation", "never rewind across a jump longer than teleport_dist_m or into a death (Source)", func(c *Config) *bool { return &c.TeleportGuard }),
		num("teleport_dist_m", "compensation", "m", 0.1, 100, "a move longer than this between samples is a teleport", func(c *Config) *float64 { return &c.TeleportDistM }),
		num("source_window_ms", "compensation", "ms", 0, 5000, "source mode: the command's time is trusted only this close to the server's estimate", func(c *Config) *float64 { return &c.SourceWindowMs }),

		num("ping_interval_ms", "ping", "ms", 10, 60000, "PingUpdateInterval: time between bounce messages", func(c *Config) *float64 { return &c.PingIntervalMs }),
		num("ping_smoothing", "ping", "", 0.01, 1, "weight of each new RTT in the smoothed ping (1 = none)", func(c *Config) *float64 { return &c.PingSmoothing }),
		flag("ping_compress", "ping", "the Ping replicated to clients is a byte of ms/4 (255 on overflow, when ExactPing becomes 1020 ms); the rewind reads the exact ping", func(c *Config) *bool { return &c.PingCompress }),
		num("max_prediction_ping_ms", "ping", "ms", 0, 1000, "MaxPredictionPing: GetPredictionTime clamps the ping to this", func(c *Config) *float64 { return &c.MaxPredictionPingMs }),
		num("correction_factor", "ping", "", 0, 5, "PredictionCorrectionFactor (1.8 in the article)", func(c *Config) *float64 { return &c.CorrectionFactor }),
		num("latency_reduction_ms", "ping", "ms", 0, 200, "PredictionLatencyReduction: subtracted from the server's perceived ping", func(c *Config) *float64 { return &c.LatencyReductionMs }),
		num("ping_tolerance_ms", "ping", "ms", 0, 1000, "a reported ping above the server's own measurement plus this is clamped", func(c *Config) *float64 { return &c.PingToleranceMs }),

		choice("shooter_control", "weapon", []Control{ControlBot, ControlUser}, "who fires: the bot, or the user clicking in the shooter's view", func(c *Config) *Control { return &c.Control }),
		choice("weapon", "weapon", []WeaponKind{WeaponRifle, WeaponRapid, WeaponRocket, WeaponBolt}, "hitscan rifle, rapid-fire hitscan gun, rocket launcher (slow, area damage) or bolt (fast, direct hit)", func(c *Config) *WeaponKind { return &c.Weapon }),
		choice("stamp_mode", "weapon", []StampMode{StampPerShot, StampStartFire}, "rapid fire: stamp every shot, or only StartFire", func(c *Config) *StampMode { return &c.StampMode }),
		num("fire_interval_ms", "weapon", "ms", 10, 10000, "time between shots", func(c *Config) *float64 { return &c.FireIntervalMs }),
		integer("burst_shots", "weapon", "", 1, 1000, "rapid fire: shots per burst", func(c *Config) *int { return &c.BurstShots }),
		num("burst_pause_ms", "weapon", "ms", 0, 10000, "rapid fire: pause between bursts", func(c *Config) *float64 { return &c.BurstPauseMs }),
		num("aim_error_deg", "weapon", "deg", 0, 45, "standard deviation of the bot's aim error", func(c *Config) *float64 { return &c.AimErrorDeg }),
		num("range_m", "weapon", "m", 1, 10000, "trace range", func(c *Config) *float64 { return &c.RangeM }),
		flag("reliable_fire", "weapon", "send each shot command as a reliable message, acked and resent (UT2003's ServerPredictedStartFire is a reliable RPC)", func(c *Config) *bool { return &c.ReliableFire }),
		integer("cmd_backup", "weapon", "", 0, 10, "repeat the last N shot commands in every upstream packet (Source's cl_cmdbackup)", func(c *Config) *int { return &c.CmdBackup }),

		flag("predict_projectiles", "projectiles", "the owner spawns a fake projectile at once (false: server-spawned only)", func(c *Config) *bool { return &c.PredictProjectiles }),
		num("rocket_speed_mps", "projectiles", "m/s", 1, 500, "rocket speed", func(c *Config) *float64 { return &c.RocketSpeedMps }),
		num("rocket_radius_m", "projectiles", "m", 0, 20, "rocket area-damage radius", func(c *Config) *float64 { return &c.RocketRadiusM }),
		flag("rocket_correct_fake", "projectiles", "rocket: bCorrectFakeProjectilePositionOverTime", func(c *Config) *bool { return &c.RocketCorrectFake }),
		flag("rocket_predict_fx", "projectiles", "rocket: bPredictFX (the fake plays detonation effects)", func(c *Config) *bool { return &c.RocketPredictFX }),
		num("bolt_speed_mps", "projectiles", "m/s", 1, 1000, "bolt speed", func(c *Config) *float64 { return &c.BoltSpeedMps }),
		flag("bolt_correct_fake", "projectiles", "bolt: bCorrectFakeProjectilePositionOverTime", func(c *Config) *bool { return &c.BoltCorrectFake }),
		flag("bolt_predict_fx", "projectiles", "bolt: bPredictFX", func(c *Config) *bool { return &c.BoltPredictFX }),
		num("fake_correction_ms", "projectiles", "ms", 1, 5000, "time constant of the fake's drift toward its authoritative twin", func(c *Config) *float64 { return &c.CorrectionMs }),
		num("switch_extra_ms", "projectiles", "ms", 0, 2000, "SwitchToAuthTimer: the owner's ping plus this", func(c *Config) *float64 { return &c.SwitchExtraMs }),
		num("detonation_mismatch_m", "projectiles", "m", 0, 50, "fake and auth detonations further apart than this hit different things", func(c *Config) *float64 { return &c.MismatchM }),
		flag("remote_resim", "projectiles", "remote clients rewind a new projectile to its spawn and resimulate it (false: it jumps ahead)", func(c *Config) *bool { return &c.RemoteResim }),
		num("resim_speedup", "projectiles", "", 0.1, 20, "how much faster than real time a remote copy catches up (1 = twice as fast)", func(c *Config) *float64 { return &c.ResimSpeedup }),

		choice("burst_encoding", "effects", burst.Encodings, "how the weapon's BurstCounter is replicated: ShooterGame's int32 reset to 0, or FRepBurstInfo", func(c *Config) *burst.Encoding { return &c.BurstEncoding }),
		flag("burst_compress_byte", "effects", "bCompressByte: FRepBurstInfo packs into 8 bits (6-bit counter) instead of 16 (14-bit)", func(c *Config) *bool { return &c.BurstCompressByte }),
		flag("burst_creation_check", "effects", "skip the burst on the packet that opens the weapon's channel (the CreationTime check; false shows the bogus burst on relevancy re-entry)", func(c *Config) *bool { return &c.BurstCreationCheck }),
		flag("burst_autoloop", "effects", "remote clients loop the fire effect at the weapon's rate between updates (hides jitter, can play shots never fired)", func(c *Config) *bool { return &c.BurstAutoLoop }),
		integer("net_update_hz", "effects", "Hz", 1, 1000, "NetUpdateFrequency: how often the server compares the weapon's properties with what it last sent (capped at tick_hz: once a tick)", func(c *Config) *int { return &c.NetUpdateHz }),
		num("trigger_hold_ms", "effects", "ms", 0, 10000, "the shooter releases the trigger (StopFire) this long after the last shot of a burst", func(c *Config) *float64 { return &c.TriggerHoldMs }),
		num("relevancy_m", "effects", "m", 0, 100000, "beyond this distance from the shooter a client's copy of the weapon is culled (destroyed)", func(c *Config) *float64 { return &c.RelevancyM }),

		num("shooter_x_m", "world", "m", -1000, 1000, "shooter position", func(c *Config) *float64 { return &c.ShooterX }),
		num("shooter_y_m", "world", "m", -1000, 1000, "shooter position", func(c *Config) *float64 { return &c.ShooterY }),
		choice("target_motion", "world", model.MotionKinds, "the target's motion script", func(c *Config) *model.MotionKind { return &c.Target.Kind }),
		num("target_x_m", "world", "m", -1000, 1000, "target start, centre or spawn anchor", func(c *Config) *float64 { return &c.Target.Origin.X }),
		num("target_y_m", "world", "m", -1000, 1000, "target start, centre or spawn anchor", func(c *Config) *float64 { return &c.Target.Origin.Y }),
		num("target_speed_mps", "world", "m/s", 0, 100, "target speed", func(c *Config) *float64 { return &c.Target.Speed }),
		degrees("target_heading_deg", "world", "direction of travel (linear) or of the strafe/peek axis; circle start angle", func(c *Config) *float64 { return &c.Target.Heading }),
		degrees("target_yaw_deg", "world", "facing when the motion does not set it (stationary, strafe, peek, teleport)", func(c *Config) *float64 { return &c.Target.Yaw }),
		num("target_amplitude_m", "world", "m", 0, 1000, "strafe half-width, circle radius, peek distance, walk half-size, spawn spread", func(c *Config) *float64 { return &c.Target.Amplitude }),
		duration("target_period_ms", "world", 0, 600000, "peek cycle, random-walk leg (at least the box diagonal at target_speed_mps), time between teleports", func(c *Config) *model.Time { return &c.Target.Period }),
		duration("target_dead_ms", "world", 0, 600000, "teleport: time dead before respawning (0 = teleport alive)", func(c *Config) *model.Time { return &c.Target.Dead }),
		&Param{Key: "walls", Group: "world", Kind: KindText, order: 2,
			Doc: `solid blocks as "x0,y0,x1,y1; ..." in metres`,
			get: func(c *Config) any { return model.FormatWalls(c.Walls) },
			set: func(c *Config, v any) { c.Walls, _ = model.ParseWalls(v.(string)) }},
		integer("extra_pawns", "world", "", 0, 1000, "bystander pawns random-walking in the arena (shootable, and work for the broad phase)", func(c *Config) *int { return &c.ExtraPawns }),
		num("arena_m", "world", "m", 1, 1000, "half-size of the square the bystanders walk in", func(c *Config) *float64 { return &c.ArenaM }),
		flag("duel", "world", "the target shoots back (a duel): its bot fires hitscan at the shooter when its own screen shows it in sight; the peeker's advantage is measured (needs weapon rifle)", func(c *Config) *bool { return &c.Duel }),
		integer("observers", "world", "", 0, MaxObservers, "remote clients besides the victim that watch the shooter, each with its own links", func(c *Config) *int { return &c.Observers }),
		choice("observer_motion", "world", model.MotionKinds, "the first observer's motion script (the others' is the same, turned about the shooter)", func(c *Config) *model.MotionKind { return &c.Observer.Kind }),
		num("observer_x_m", "world", "m", -1000, 1000, "the first observer's start, centre or anchor", func(c *Config) *float64 { return &c.Observer.Origin.X }),
		num("observer_y_m", "world", "m", -1000, 1000, "the first observer's start, centre or anchor", func(c *Config) *float64 { return &c.Observer.Origin.Y }),
		num("observer_speed_mps", "world", "m/s", 0, 100, "observer speed", func(c *Config) *float64 { return &c.Observer.Speed }),
		degrees("observer_heading_deg", "world", "the first observer's direction of travel or strafe axis", func(c *Config) *float64 { return &c.Observer.Heading }),
		num("observer_amplitude_m", "world", "m", 0, 1000, "observer strafe half-width, circle radius, walk half-size", func(c *Config) *float64 { return &c.Observer.Amplitude }),
		duration("observer_period_ms", "world", 0, 600000, "observer peek cycle or random-walk leg", func(c *Config) *model.Time { return &c.Observer.Period }),

		num("cheat_stamp_ms", "cheats", "ms", -5000, 5000, "forged stamps: claim shots this much older (negative: from the future)", func(c *Config) *float64 { return &c.CheatStampMs }),
		num("cheat_ping_ms", "cheats", "ms", 0, 5000, "fake extra latency added to the ping the client reports", func(c *Config) *float64 { return &c.CheatPingMs }),
		flag("cheat_forge_hits", "cheats", "claim a hit on the target with every shot (ZeroPing has no defence)", func(c *Config) *bool { return &c.CheatForgeHits }),
		flag("cheat_resend", "cheats", "send every shot command twice (replay)", func(c *Config) *bool { return &c.CheatResend }),

		&Param{Key: "seed", Group: "run", Kind: KindInt, Min: 0, Max: 1 << 53, Doc: "fixes every random draw", order: 2,
			get: func(c *Config) any { return int(c.Seed) },
			set: func(c *Config, v any) { c.Seed = uint64(v.(float64)) }},
		num("duration_ms", "run", "ms", 1, 3600000, "simulated time of a headless run", func(c *Config) *float64 { return &c.DurationMs }),
	)
	return ps
}
