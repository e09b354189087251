package ping

// Clone is a copy of the tracker (it holds only values).
func (p *Tracker) Clone() *Tracker {
	c := *p
	return &c
}
