package compensation

// Mode names a hitscan lag-compensation technique: the values the `mode`
// key takes.
type Mode string

// table is every mode with its strategy, in the order the window offers
// them: the `mode` key's choices, the window's menu and the README's list
// (a test checks it) all come from here. A new mode is a file with its
// constant and strategy, and one line here.
var table = []struct {
	mode     Mode
	strategy Strategy
}{
	{None, present{}},
	{Timestamp, hitPrediction{}},
	{Ping, predictionTime{}},
	{Source, commandTick{}},
	{ZeroPing, clientSideHitDetection{}},
	{ClientChecked, serverCheckedHit{}},
}

// Modes lists the modes in the order the UI offers them.
func Modes() []Mode {
	ms := make([]Mode, len(table))
	for i, e := range table {
		ms[i] = e.mode
	}
	return ms
}

// For is mode m's strategy. A mode not in the table (the configuration's
// check refuses one before a run) judges at the present, as none does.
func For(m Mode) Strategy {
	for _, e := range table {
		if e.mode == m {
			return e.strategy
		}
	}
	return present{}
}
