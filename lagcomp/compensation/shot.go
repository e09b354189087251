package compensation

import "lagscope/model"

// Shot is what a mode may read when the server judges one shot command:
// the command's timing, the shooter's connection and the configuration.
type Shot struct {
	Now      model.Time // the server's present
	Timing              // what the command says of when it was fired
	Conn     Conn
	Settings Settings
}

// Timing is what a shot command says of when it was fired, in each mode's
// terms: the fields of UT2003's ServerPredictedStartFire and Source's
// usercmd that the modes read.
type Timing struct {
	Stamp     model.Time // timestamp mode: PackageTimeStamp, less interpolation when the client interpolates
	HasStamp  bool       // false for a rapid-fire shot after StartFire in start_fire mode
	StartFire bool       // the first shot of a burst
	TickTime  model.Time // source mode: the client's tick (PackageTimeStamp, not less interpolation)
	Interp    model.Time // source mode: the client's interpolation delay, sent with the command
	// StampLessInterp: Stamp is TickTime less Interp (stamp_subtracts_interp)
	StampLessInterp bool
	// Drawn is the server time the client's display showed at the
	// trigger pull; Lerped, that it interpolated between the snapshots
	// of server times DrawnFrom and DrawnTo to show it (equal: it held
	// one). Subtick sends them (Sent); the other precisions do not.
	Drawn              model.Time
	DrawnFrom, DrawnTo model.Time
	Lerped             bool
}

// Conn is what the modes read and keep of the shooter's connection.
type Conn struct {
	// StartFire is the timestamp mode's memory of a burst's StartFire,
	// kept on the server's connection between shots.
	StartFire *StartFire
	// Reported is the ExactPing the client reported (ServerUpdatePing);
	// Overflow: the byte of ms/4 ran out and it was set to 1020 ms.
	Reported ExactPing
	Overflow bool
	// Measured is the server's own bounce measurement of the client.
	Measured ExactPing
}

// ExactPing is a smoothed round-trip time in ms, if there is one yet.
type ExactPing struct {
	Ms    float64
	Known bool
}

// Settings are the configuration keys the modes read.
type Settings struct {
	Bias                float64    // bias: 0 judges at the present, 1 gives the full rewind
	MaxRewindMs         float64    // max_rewind_ms: the cap on the latency compensated
	Interp              model.Time // the interpolation delay the server allows clients (interp_ms when they interpolate, else 0)
	SourceWindowMs      float64    // source_window_ms
	PingToleranceMs     float64    // ping_tolerance_ms
	LatencyReductionMs  float64    // latency_reduction_ms: PredictionLatencyReduction
	MaxPredictionPingMs float64    // max_prediction_ping_ms: MaxPredictionPing
	CorrectionFactor    float64    // correction_factor: PredictionCorrectionFactor
	Precision           Precision  // stamp_precision: what the command carries of its time (Sent)
	TickHz              int        // tick_hz: the ticks a whole-tick stamp counts
}
