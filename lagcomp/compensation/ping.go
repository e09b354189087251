package compensation

import (
	"math"

	"lagscope/lagcomp/ping"
	"lagscope/lagcomp/rule"
)

// Ping is the latency-tracking article's rewind ("Lag Compensation in Unreal Engine 4, Part 2: Latency Tracking"):
// GetPredictionTime = clamp(ping, 0, MaxPredictionPing) ×
// PredictionCorrectionFactor, "how far back we should rewind the shooting
// player by during our collision checks".
const Ping Mode = "ping"

// predictionTime rewinds by GetPredictionTime of the client's ping.
type predictionTime struct{}

// Want takes the ping the client reported (the server's own measurement
// when it reported none), checks it against that measurement (a client
// may inflate its ping to buy rewind), takes off
// PredictionLatencyReduction, and rewinds by GetPredictionTime of what is
// left.
func (predictionTime) Want(sh Shot) Rewind {
	cn, cfg := &sh.Conn, &sh.Settings
	var rules []rule.Rule
	p := cn.Reported
	if p.Known && cn.Overflow {
		rules = append(rules, rule.PingOverflow)
	}
	if !p.Known {
		if !cn.Measured.Known {
			return Rewind{To: sh.Now, Rules: []rule.Rule{rule.PingUnknown}}
		}
		// no ServerUpdatePing has arrived yet: the server's own
		// measurement stands in for the ping the client would report
		p = cn.Measured
		rules = append(rules, rule.PingNotReported)
	}
	pingMs := p.Ms
	if cn.Measured.Known && pingMs > cn.Measured.Ms+cfg.PingToleranceMs {
		pingMs = cn.Measured.Ms + cfg.PingToleranceMs
		rules = append(rules, rule.PingInflated)
	}
	pingMs = math.Max(0, pingMs-cfg.LatencyReductionMs)
	if pingMs > cfg.MaxPredictionPingMs {
		// GetPredictionTime clamps it: the rewind falls short of 1.8 x ping
		rules = append(rules, rule.MaxPredictionPing)
	}
	return Rewind{To: sh.Now - ping.GetPredictionTime(pingMs, cfg.MaxPredictionPingMs, cfg.CorrectionFactor), Rules: rules}
}

func (predictionTime) ClientJudges() bool { return false }
