package lagcomp

// Untold are the optional fields a shot line from an engine left out (or
// gave as null): the record holds no value for them, and what shows it —
// the Overlay, the shot list, a summary — says "not in the records"
// rather than a zero that reads as a measurement (an ideal rewind of
// 0 ms read as "off by −1611.2 ms", a miss_by_m of 0 as "hit, −0.000 m to
// spare", a part of none as "HIT (none)"). lagscope's own records tell
// everything: zero.
type Untold uint16

const (
	UntoldIdeal       Untold = 1 << iota // ideal_rewind_to_ms
	UntoldSettled                        // settled_ms
	UntoldMissBy                         // miss_by_m
	UntoldClientPart                     // client_part
	UntoldServerPart                     // server_part
	UntoldClientTrace                    // client_trace
	UntoldMode                           // mode
	UntoldWeapon                         // weapon
)

// UntoldFields are the records fields each Untold bit stands for, in the
// order a note lists them.
var UntoldFields = []struct {
	Bit   Untold
	Field string
}{
	{UntoldIdeal, "ideal_rewind_to_ms"},
	{UntoldSettled, "settled_ms"},
	{UntoldMissBy, "miss_by_m"},
	{UntoldClientPart, "client_part"},
	{UntoldServerPart, "server_part"},
	{UntoldClientTrace, "client_trace"},
	{UntoldMode, "mode"},
	{UntoldWeapon, "weapon"},
}

// Fields are the records fields u stands for.
func (u Untold) Fields() []string {
	var out []string
	for _, f := range UntoldFields {
		if u&f.Bit != 0 {
			out = append(out, f.Field)
		}
	}
	return out
}

// Told reports whether the record holds a value for every field of f.
func (r *ShotRecord) Told(f Untold) bool { return r.Untold&f == 0 }
