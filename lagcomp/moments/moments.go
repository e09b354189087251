package moments

import (
	"fmt"
	"lagscope/lagcomp/movement"

	"github.com/google/uuid"

	"lagscope/lagcomp"
	"lagscope/lagcomp/projectile"
	"lagscope/lagcomp/rule"
	"lagscope/model"
)

// Kind is a moment the simulation finds.
type Kind string

// The moments the simulation can find.
const (
	FirstBehindCover   Kind = "first_behind_cover"   // the victim is told of a hit it saw as behind cover
	LargestWarp        Kind = "largest_warp"         // the shooter's extrapolated target jumps the most
	FirstCapped        Kind = "first_capped"         // the first shot whose rewind max_rewind_cap cut short
	FirstTooFarApart   Kind = "first_too_far_apart"  // fake and auth projectile detonate too far apart
	FirstAuthFirst     Kind = "first_auth_first"     // the auth projectile detonates while the fake flies on
	FirstDisagreement  Kind = "first_disagreement"   // the first shot client and server judge differently
	FirstRejected      Kind = "first_rejected"       // the first shot a defence refused
	LargestRewindError Kind = "largest_rewind_error" // client saw vs server rewound, the largest gap
	LargestTruthError  Kind = "largest_truth_error"  // a rewind furthest from anywhere the target really was
	LargestYawError    Kind = "largest_yaw_error"    // a rewound hitbox facing furthest from what the client saw
	FirstMissedSingle  Kind = "first_missed_single"  // a single shot no remote client's effect played for (the lossy BurstCounter)
	FirstExtraEffect   Kind = "first_extra_effect"   // a remote client plays a muzzle flash for no shot
	FirstBogusBurst    Kind = "first_bogus_burst"    // a burst played on relevancy re-entry
	FirstSighting      Kind = "first_sighting"       // duel: the peeker's screen first shows the holder
	LargestCorrection  Kind = "largest_correction"   // a client's predicted pawn moved the most by a reconciliation
	FirstClockVerdict  Kind = "first_clock_verdict"  // the first shot whose verdict the client's clock error turned over
)

// Kinds lists them, for validation and help.
var Kinds = []Kind{FirstBehindCover, LargestWarp, FirstCapped, FirstTooFarApart,
	FirstAuthFirst, FirstDisagreement, FirstRejected, LargestRewindError,
	LargestTruthError, LargestYawError, FirstMissedSingle, FirstExtraEffect, FirstBogusBurst,
	FirstSighting, LargestCorrection, FirstClockVerdict}

// Spec is a moment as a preset declares it: exactly one of At (a
// fixed time; Shot 0 and Find empty), Shot (the Nth shot the server
// judged, 1 = first, lost shots not counted: ShotLog.Judged) or Find, and the sentence to show.
type Spec struct {
	At   model.Time
	Shot int
	Find Kind
	Say  string
	// Slide is the picture the moment makes its point in.
	Slide Slide
	// Topic is the lecture topic the moment is the slide of (the
	// README's topic table lists the moments that name one); "" for none.
	Topic string
}

// Slide is what a moment is shown over, as lagscope shot's flags name
// it: a view (split, shooter, packets, …), for the split a layout and
// its panes, a focus, layers (a --layers list) and an A/B's changes
// (k=v,…). An empty field leaves the default: shot's flag default, the
// window's current choice. A flag the user gives overrides its field.
//
// CheckSlide, set by the views package (which knows the views, layouts,
// focuses and layers), checks a slide's values when a preset loads.
type Slide struct {
	View    string
	Layout  string
	Panes   []string
	Focus   string
	Layers  string
	Compare string
}

// CheckSlide reports a slide's first bad key, naming it and what is
// allowed; nil where the views are not linked.
var CheckSlide func(Slide) error

// Moment is a spec resolved on a run: the time to show, the shot to
// select (zero if none), and what was found there.
type Moment struct {
	Spec  Spec
	At    model.Time
	Shot  uuid.UUID
	Found bool   // false: the run never met it (At is then 0)
	What  string // what was found, in words: "shot #7: 9.4 m from the truth"
	// Values are the values of the figures its sentence names (see
	// Figures), computed on the run it was found on.
	Values map[string]float64
}

// Sentence is the moment's sentence said over pic: its figures written
// in, then its clauses kept or left out (Sentence).
func (m Moment) Sentence(pic *Picture) string {
	return Sentence(Fill(m.Spec.Say, m.Values), pic)
}

// Find runs cfg for its duration (longer if a fixed moment lies
// beyond it) and resolves each spec. The run is the same one `sim` makes,
// so a found moment is in every run of cfg.
func Find(cfg lagcomp.Config, specs []Spec) ([]Moment, error) {
	s, err := lagcomp.New(cfg)
	if err != nil {
		return nil, err
	}
	horizon := model.MsF(cfg.DurationMs)
	needProj := false
	for _, sp := range specs {
		horizon = max(horizon, sp.At)
		needProj = needProj || sp.Find == FirstTooFarApart || sp.Find == FirstAuthFirst
	}
	// projectile rules carry no time: watch for them tick by tick
	projAt := map[lagcomp.Reconcile]model.Time{}
	step := horizon
	if needProj {
		step = cfg.Tick()
	}
	for s.Now < horizon {
		s.Step(min(s.Now+step, horizon))
		if needProj {
			for _, p := range s.Projectiles() {
				for _, r := range p.Rules {
					if _, seen := projAt[r]; !seen {
						projAt[r] = s.Now
					}
				}
			}
		}
	}
	out := make([]Moment, len(specs))
	for i, sp := range specs {
		out[i] = resolve(s, sp, projAt)
	}
	if err := figures(cfg, s, out); err != nil {
		return nil, err
	}
	return out, nil
}

// resolve finds one moment in a finished run.
func resolve(s *lagcomp.Sim, sp Spec, projAt map[lagcomp.Reconcile]model.Time) Moment {
	m := Moment{Spec: sp}
	shot := func(r *lagcomp.ShotRecord, at model.Time, what string) Moment {
		m.At, m.Shot, m.Found = at, r.ID, true
		m.What = fmt.Sprintf("shot #%d judged at %.3f s", r.Seq, r.Judged.Seconds())
		if what != "" {
			m.What += ": " + what
		}
		return m
	}
	first := func(ok func(r *lagcomp.ShotRecord) bool) *lagcomp.ShotRecord {
		for i := range s.Shots.Len() {
			if r := s.Shots.At(i); ok(r) {
				return r
			}
		}
		return nil
	}
	largest := func(of func(r *lagcomp.ShotRecord) float64) (*lagcomp.ShotRecord, float64) {
		var best *lagcomp.ShotRecord
		bv := 0.0
		for i := range s.Shots.Len() {
			if r := s.Shots.At(i); !r.Rejected && of(r) > bv {
				best, bv = r, of(r)
			}
		}
		return best, bv
	}
	judged := func(r *lagcomp.ShotRecord) bool { return !r.Rejected }
	switch sp.Find {
	case "":
		if sp.Shot > 0 {
			// as shot --shot counts: the shots the server judged, lost ones not
			r, judged := s.Shots.Judged(sp.Shot)
			if r != nil {
				return shot(r, r.Judged, "")
			}
			m.What = fmt.Sprintf("the server judges only %d shots in the run", judged)
			return m
		}
		m.At, m.Found = sp.At, true
		return m
	case FirstBehindCover:
		if r := first(func(r *lagcomp.ShotRecord) bool { return r.BehindCover }); r != nil {
			// when the victim is told: its pane shows "I was behind cover!"
			return shot(r, r.Judged+victimDown(s, r.Judged), "the victim's screen had it behind cover when the hit was judged")
		}
	case FirstCapped:
		if r := first(func(r *lagcomp.ShotRecord) bool { return r.HasRule(rule.MaxRewindCap) }); r != nil {
			return shot(r, r.Judged, fmt.Sprintf("rewind %.1f ms, ideal %.1f", r.RewindMs(), r.IdealRewindMs()))
		}
	case FirstDisagreement:
		if r := first(func(r *lagcomp.ShotRecord) bool { return judged(r) && !r.Agree() }); r != nil {
			return shot(r, r.Judged, fmt.Sprintf("client %s, server %s", hitWord(r.ClientHit), hitWord(r.ServerHit)))
		}
	case FirstClockVerdict:
		if r := first(func(r *lagcomp.ShotRecord) bool { return r.HasRule(rule.ClockError) }); r != nil {
			return shot(r, r.Judged, fmt.Sprintf("the stamp %.1f ms off: server %s, the true stamp %s", r.ClockError.Millis(), hitWord(r.ServerHit), hitWord(!r.ServerHit)))
		}
	case FirstRejected:
		if r := first(func(r *lagcomp.ShotRecord) bool { return r.Rejected }); r != nil {
			return shot(r, r.Judged, "rejected: "+string(r.Rules[0]))
		}
	case LargestRewindError:
		if r, v := largest(func(r *lagcomp.ShotRecord) float64 { return r.RewindErrorM }); r != nil {
			return shot(r, r.Judged, fmt.Sprintf("client saw vs server used %.2f m", v))
		}
	case LargestTruthError:
		if r, v := largest(func(r *lagcomp.ShotRecord) float64 { return r.TruthErrorM }); r != nil {
			return shot(r, r.Judged, fmt.Sprintf("rewound %.2f m from where the target really was", v))
		}
	case LargestYawError:
		if r, v := largest(func(r *lagcomp.ShotRecord) float64 { return r.YawErrorDeg }); r != nil {
			return shot(r, r.Judged, fmt.Sprintf("rewound facing %.0f° off", v))
		}
	case FirstSighting:
		if p, ok := s.PeekersAdvantage(); ok && p.PeekerSeen {
			m.At, m.Found = p.PeekerSaw, true
			m.What = fmt.Sprintf("the peeker sees the holder at %.3f s", p.PeekerSaw.Seconds())
			if gap, ok := p.MeasuredMs(); ok {
				m.What += fmt.Sprintf("; the holder sees the peeker %.1f ms later (Riot's sum: %.1f ms)", gap, p.PredictedMs)
			}
			// the picture is of the peeker's first shot on sight: shown
			// when the server judged it, so the overlay draws that shot
			// and not whichever judged shot came last before the sighting
			if r := first(func(r *lagcomp.ShotRecord) bool {
				return judged(r) && r.Shooter == p.Peeker && r.Fire >= p.PeekerSaw
			}); r != nil {
				m.At, m.Shot = r.Judged, r.ID
				m.What += fmt.Sprintf("; shown when the server judged the peeker's first shot after it, #%d (fired %.3f s, judged %.3f s, %s)",
					r.Seq, r.Fire.Seconds(), r.Judged.Seconds(), hitWord(r.ServerHit))
			}
		}
	case LargestCorrection:
		var best movement.Correction
		who := -1
		for i, c := range s.Clients {
			if k := c.LargestCorrection(); k.M > best.M {
				best, who = k, i
			}
		}
		if who >= 0 {
			m.At, m.Found = best.At, true
			m.Values = map[string]float64{"correction_m": best.M}
			m.What = fmt.Sprintf("the %s's client corrects its own pawn by %.2f m at %.3f s", lagcomp.ClientName(who), best.M, best.At.Seconds())
		}
	case LargestWarp:
		if warp, at := s.Clients[lagcomp.ShooterPawn].LargestWarp(); warp > 0 {
			m.At, m.Found = at, true
			m.Values = map[string]float64{"warp_m": warp}
			m.What = fmt.Sprintf("the target warps %.2f m at %.3f s", warp, at.Seconds())
		}
	case FirstTooFarApart, FirstAuthFirst:
		rule := projectile.ReconcileTooFarApart
		if sp.Find == FirstAuthFirst {
			rule = projectile.ReconcileAuthFirst
		}
		if at, ok := projAt[rule]; ok {
			m.At, m.Found = at, true
			m.What = fmt.Sprintf("projectile rule %s at %.3f s", rule, at.Seconds())
		}
	case FirstMissedSingle, FirstExtraEffect, FirstBogusBurst:
		m = resolveFire(s, m)
	}
	if !m.Found {
		m.What = fmt.Sprintf("not found in %.1f s", s.Now.Seconds())
	}
	return m
}

// resolveFire finds a weapon-fire moment on any remote client, shown
// late enough that the fire-effects pane has judged it.
func resolveFire(s *lagcomp.Sim, m Moment) Moment {
	best := model.Time(-1)
	for i := 1; i < len(s.Clients); i++ {
		misses := s.FireMisses(i)
		at, what := model.Time(-1), ""
		switch m.Spec.Find {
		case FirstMissedSingle:
			if len(misses.Singles) > 0 {
				// shown once the records judge it: settle after the trigger came up
				sh := misses.Singles[0]
				at, what = sh.Judged+100*model.Millisecond, fmt.Sprintf("%s never played the shot fired at %.3f s", lagcomp.ClientName(i), sh.T.Seconds())
			}
		case FirstExtraEffect, FirstBogusBurst:
			for _, e := range misses.Extra {
				if (m.Spec.Find == FirstBogusBurst && e.Bogus) || (m.Spec.Find == FirstExtraEffect && e.Extra) {
					at, what = e.T+500*model.Millisecond, fmt.Sprintf("%s played a flash for no shot at %.3f s", lagcomp.ClientName(i), e.T.Seconds())
					break
				}
			}
		}
		if at >= 0 && (best < 0 || at < best) {
			best, m.At, m.Found, m.What = at, at, true, what
		}
	}
	return m
}

// victimDown is the victim's downstream base latency for a packet sent at
// t: its trace's delay then while one replays, else latency_ms.
func victimDown(s *lagcomp.Sim, t model.Time) model.Time {
	return model.MsF(s.Link(lagcomp.TargetPawn, false).BaseMs(t))
}

func hitWord(b bool) string {
	if b {
		return "hit"
	}
	return "miss"
}

// ValidKind reports whether k is a moment the simulation finds.
func ValidKind(k string) bool {
	for _, x := range Kinds {
		if string(x) == k {
			return true
		}
	}
	return false
}
