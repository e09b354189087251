package sweep

import (
	"fmt"
	"slices"
	"strings"

	"lagscope/lagcomp"
)

// VariantKey is the column of a sweep's variant axis: its values are the
// variants' names.
const VariantKey = "variant"

// A variant is a named set of changes ("ping18: mode=ping,
// correction_factor=1.8"), the unit a design review compares: the
// techniques side by side, each with its own settings, as one axis of the
// grid. Every --variant together makes that axis; at each point the
// chosen variant's changes are applied with the --set keys and the other
// varied keys, as `sim --set …` would apply them.

// ParseVariant reads one --variant: NAME:KEY=VALUE[,KEY=VALUE…], the
// changes written as --compare takes them (a piece without "=" continues
// a value, so walls keep their commas).
func ParseVariant(s string) (name string, changes []lagcomp.Setting, err error) {
	name, spec, ok := strings.Cut(s, ":")
	name, spec = strings.TrimSpace(name), strings.TrimSpace(spec)
	if !ok || name == "" || spec == "" {
		return "", nil, fmt.Errorf(`want NAME:KEY=VALUE[,KEY=VALUE…] (e.g. "ping18:mode=ping,correction_factor=1.8"), got %q`, s)
	}
	if strings.ContainsAny(name, "=, \t") {
		return "", nil, fmt.Errorf("variant name %q: a name is one word before the colon, without =, commas or spaces (got %q)", name, s)
	}
	if changes, err = ParseChanges(spec); err != nil {
		return "", nil, fmt.Errorf("variant %s: %w", name, err)
	}
	return name, changes, nil
}

// VariantAxis makes the variant axis from every --variant in order. Two
// variants with one name, or with the same changes, are errors: one
// would stand in the chart for a comparison that was never made.
func VariantAxis(specs []string) (Vary, error) {
	v := Vary{Key: VariantKey}
	for _, s := range specs {
		name, changes, err := ParseVariant(s)
		if err != nil {
			return Vary{}, err
		}
		if slices.Contains(v.Values, name) {
			return Vary{}, fmt.Errorf("variant %s is given twice: name each variant once", name)
		}
		for i, other := range v.Sets {
			if Title(other, "") == Title(changes, "") {
				return Vary{}, fmt.Errorf("variants %s and %s make the same changes (%s)", v.Values[i], name, Title(changes, ""))
			}
		}
		v.Values = append(v.Values, name)
		v.Sets = append(v.Sets, changes)
	}
	if len(v.Values) > maxValues {
		return Vary{}, fmt.Errorf("%d variants, at most %d", len(v.Values), maxValues)
	}
	return v, nil
}

// IsVariants says whether the axis is the variant axis.
func (v *Vary) IsVariants() bool { return v.Sets != nil }

// Keys are the keys the axis writes: its key, or every key any variant
// changes.
func (v *Vary) Keys() []string {
	if !v.IsVariants() {
		return []string{v.Key}
	}
	var keys []string
	for _, set := range v.Sets {
		for _, s := range set {
			if !slices.Contains(keys, s.Key) {
				keys = append(keys, s.Key)
			}
		}
	}
	return keys
}

// settings are the --set-style settings of the axis's i-th value.
func (v *Vary) settings(i int) []lagcomp.Setting {
	if v.IsVariants() {
		return v.Sets[i]
	}
	return []lagcomp.Setting{{Key: v.Key, Value: v.Values[i]}}
}

// describe names a variant axis's values with their changes, for a
// caption: "source = mode=source source_window_ms=100 · ping18 = …".
func (v *Vary) describe() string {
	parts := make([]string, len(v.Values))
	for i, name := range v.Values {
		parts[i] = name + " = " + Title(v.Sets[i], "")
	}
	return strings.Join(parts, " · ")
}
