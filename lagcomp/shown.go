package lagcomp

import "strings"

// ShownValue is a key's value in c as a caption shows it. A key with one
// value is that value (Format). A shorthand holds none of its own: a
// profile (network, victim_network) is the first of its choices that
// leaves c unchanged, applied to it, or "no profile" when the links were
// refined past every one; a both-way key (latency_ms) is its targets'
// common value, or each target's when they differ ("up_ms 10, down_ms
// 30"). So a preset's key_params may name any key.
func ShownValue(key string, c *Config) string {
	p, ok := Lookup(key)
	if !ok {
		return ""
	}
	if !p.Alias {
		return p.Format(c)
	}
	if p.Kind == KindEnum {
		for _, choice := range p.Choices {
			probe := *c
			if Apply(&probe, []Setting{{Key: p.Key, Value: choice}}) == nil && len(Diff(c, &probe)) == 0 {
				return choice
			}
		}
		return "no profile (its link keys refined)"
	}
	var vals []string
	same := true
	for _, k := range p.Sets {
		t, _ := Lookup(k)
		v := t.Format(c)
		same = same && (len(vals) == 0 || strings.HasSuffix(vals[0], " "+v))
		vals = append(vals, k+" "+v)
	}
	if same && len(vals) > 0 {
		_, v, _ := strings.Cut(vals[0], " ")
		return v
	}
	return strings.Join(vals, ", ")
}
