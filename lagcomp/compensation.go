package lagcomp

import (
	"math"
	"slices"

	"lagscope/lagcomp/ping"
	"lagscope/lagcomp/rewind"
	"lagscope/model"
)

// rewindTarget is the heart of every mode: the server time to judge a
// shot at, and the rules that shaped it. now is the server's present.
func (s *Server) rewindTarget(cfg *Config, cn *conn, cmd *Command, now model.Time) (model.Time, model.Time, bool, []Rule) {
	var rules []Rule
	target := now
	claimed, hasClaimed := model.Time(0), false
	switch cfg.Mode {
	case ModeTimestamp:
		claimed, hasClaimed, rules = cn.stamp(cmd, now)
		target = claimed
		if hasClaimed && cn.clientStartFireTime(cmd) <= 0 {
			// DoTrace shifts pawns only if ClientStartFireTime > 0: a
			// client with no server time yet is judged at the present
			return now, claimed, true, append(rules, RuleStampNotPositive)
		}
	case ModePing:
		var r []Rule
		target, r = cn.pingRewind(cfg, now)
		rules = append(rules, r...)
	case ModeSource:
		claimed, hasClaimed = cmd.TickTime-cmd.Interp, true
		target = claimed
		if rtt, ok := cn.measured.ExactPing(); ok {
			// Source: correct = latency + interpolation, clamped to
			// sv_maxunlag, and a command time more than the window away
			// from it is not believed.
			latency, capped := model.MsF(rtt), rtt > cfg.MaxRewindMs
			if capped {
				latency = model.MsF(cfg.MaxRewindMs)
			}
			correct := latency + cfg.interpDelay()
			if d := (now - target) - correct; d > model.MsF(cfg.SourceWindowMs) || -d > model.MsF(cfg.SourceWindowMs) {
				target = now - correct
				rules = append(rules, RuleSourceWindow)
				if capped {
					rules = append(rules, RuleMaxRewindCap)
				}
			}
		}
	case ModeNone, ModeClient:
		return now, 0, false, nil
	}
	if target > now {
		target = now
		rules = append(rules, RuleFutureStamp)
	}
	// bias scales the compensation: 0 judges at the present (favours the
	// target), 1 gives the full rewind (favours the shooter)
	target = now - model.Time(math.Round(cfg.Bias*float64(now-target)))
	// the cap bounds the latency compensated, the rewind beyond the
	// interpolation delay the server lets clients use (the article's
	// ~200 ms); the whole rewind is then at most cap + interp, which is
	// Source's sv_maxunlag
	if max := model.MsF(cfg.MaxRewindMs) + cfg.interpDelay(); now-target > max {
		target = now - max
		rules = append(rules, RuleMaxRewindCap)
	}
	return target, claimed, hasClaimed, rules
}

// clientStartFireTime is UT2003's ClientStartFireTime for a command: its
// own stamp, or in start_fire mode the stamp of the burst's StartFire.
func (cn *conn) clientStartFireTime(cmd *Command) model.Time {
	if cmd.HasStamp {
		return cmd.Stamp
	}
	return cn.startStamp
}

// stamp is the time a timestamp-mode command claims. A rapid-fire gun in
// start_fire mode only stamps StartFire; later shots get that stamp
// advanced by the server time since, so jitter between the shots' arrivals
// becomes error: UT2003's open problem, made visible.
func (cn *conn) stamp(cmd *Command, now model.Time) (model.Time, bool, []Rule) {
	if cmd.HasStamp {
		if cmd.StartFire {
			cn.startStamp, cn.startAt, cn.hasStart = cmd.Stamp, now, true
		}
		return cmd.Stamp, true, nil
	}
	if !cn.hasStart {
		return now, false, []Rule{RuleNoStartFire}
	}
	return cn.startStamp + (now - cn.startAt), true, []Rule{RuleStampAdvanced}
}

// pingRewind is the latency-tracking article's rewind: GetPredictionTime
// of the ping the client reported, after the server checks it against its
// own measurement (a client may inflate its ping to buy rewind) and takes
// off PredictionLatencyReduction.
func (cn *conn) pingRewind(cfg *Config, now model.Time) (model.Time, []Rule) {
	var rules []Rule
	measured, hasMeasured := cn.measured.ExactPing()
	pingMs, ok := cn.reported, cn.hasReport
	if ok && cn.overflow {
		rules = append(rules, RulePingOverflow)
	}
	if !ok {
		pingMs, ok = measured, hasMeasured
	}
	if !ok {
		return now, []Rule{RulePingUnknown}
	}
	if hasMeasured && pingMs > measured+cfg.PingToleranceMs {
		pingMs = measured + cfg.PingToleranceMs
		rules = append(rules, RulePingInflated)
	}
	pingMs = math.Max(0, pingMs-cfg.LatencyReductionMs)
	return now - ping.GetPredictionTime(pingMs, cfg.MaxPredictionPingMs, cfg.CorrectionFactor), rules
}

// rewindAll computes the rewound hitboxes at t the trace can meet into
// s.targets (by pawn index), leaving out the shooter (UT2003 does not shift
// the attacker). With the broad phase on, only the pawns the grid finds
// near the ray are considered, nearest cells first, until the ray has met
// something nearer than the next cell; of those, a pawn that could not
// have reached the ray in the time rewound (MaxSpeed × rewind, unless it
// teleported within the trail) is skipped without rewinding. Every pawn
// the ray could meet first is rewound, so the verdict is the exhaustive
// search's. It returns how many pawns were rewound and skipped.
func (s *Server) rewindAll(cfg *Config, shooter int, t model.Time, o, d model.Vec, opt rewind.Options) (rewound, culled int) {
	s.targets, s.rewound, s.cells = s.targets[:0], s.rewound[:0], s.cells[:0]
	if s.noCull {
		for i := range s.Pawns {
			if i != shooter {
				s.rewindOne(i, t, opt)
			}
		}
		return len(s.rewound), 0
	}
	s.indexBounds()
	reach := model.Raycast(o, d, cfg.RangeM, cfg.Walls, nil).Dist // walls stop the ray
	back := (s.Now - t).Seconds() + cfg.tick().Seconds()
	window := t - model.MsF(cfg.MaxTrailMs) - cfg.tick()
	s.cells = s.grid.Trace(o, d, reach, shooter, func(i int) float64 {
		p := &s.Pawns[i]
		if p.LastJump < window && !model.SegmentNearCircle(o, d, reach, p.Pose.Pos, model.BoundRadius+p.Motion.MaxSpeed()*back) {
			return math.Inf(1)
		}
		if tg, ok := s.rewindOne(i, t, opt); ok {
			if h := model.Raycast(o, d, reach, nil, []model.Target{tg}); h.Part != model.PartNone {
				return h.Dist
			}
		}
		return math.Inf(1)
	}, s.cells)
	slices.SortFunc(s.targets, func(a, b model.Target) int { return a.Pawn - b.Pawn })
	slices.Sort(s.rewound)
	return len(s.rewound), len(s.Pawns) - 1 - len(s.rewound)
}

// rewindOne rewinds pawn i to t and adds its hitbox to the targets if it
// was alive then.
func (s *Server) rewindOne(i int, t model.Time, opt rewind.Options) (model.Target, bool) {
	p := &s.Pawns[i]
	rw := p.History.RewindTo(t, opt)
	s.rewound = append(s.rewound, i)
	if rw.Rule == rewind.Empty {
		rw.Pose = p.Pose
	}
	if !rw.Pose.Alive {
		return model.Target{}, false
	}
	tg := model.Target{Pawn: i, Box: rw.Pose.Box()}
	s.targets = append(s.targets, tg)
	return tg, true
}
