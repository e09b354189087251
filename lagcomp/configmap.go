package lagcomp

import "slices"

// A configuration as text, key by key as --set takes it: the form a
// timeline's script (lagcomp/timeline) and a screenshot's sidecar carry,
// read back strictly so a hand-edited file fails loudly, not silently.

// ConfigMap writes every key of c as text.
func ConfigMap(c *Config) map[string]string {
	m := map[string]string{}
	for _, p := range Params {
		if !p.Alias && p.Read != nil {
			m[p.Key] = p.Format(c)
		}
	}
	return m
}

// ConfigFromMap reads a ConfigMap strictly: every key must be known and
// valid; keys it lacks keep their defaults.
func ConfigFromMap(m map[string]string) (Config, error) {
	c := Defaults()
	keys := make([]string, 0, len(m))
	for k := range m { // order-free: sorted below
		keys = append(keys, k)
	}
	slices.Sort(keys) // a stable order for the first error reported
	settings := make([]Setting, len(keys))
	for i, k := range keys {
		settings[i] = Setting{Key: k, Value: m[k]}
	}
	if err := Apply(&c, settings); err != nil {
		return c, err
	}
	return c, c.Validate()
}
