package records

import (
	"math"
	"slices"
	"strings"
)

// The summary's packets figure is the shooter's connection, its game
// channel (Sim.PacketCounts): its links' and its reliability layer's
// counts each way. A file with its packet lines (`sim --json --packets`)
// folds them as it reads them, line by line (a long run's packets are
// millions of lines): a line per copy, in sending order, so a link's
// counts are the lines' own. What no packet line holds has no value,
// its note naming the line that would: the reliability layer's
// give-ups, and the receiving end's duplicates dropped when the link
// duplicated any.

// packetFold is the fold of the shooter's game-channel packet lines, one
// side per direction (0 down, 1 up).
type packetFold struct {
	lines int // packet lines read, any client or channel
	dir   [2]linkFold
	cuts  bool // a line names an event's cut (outage, disconnected): the run had events
}

// linkFold is one direction's link and reliability layer, as its lines
// tell them.
type linkFold struct {
	sent, lost, dup, reordered, resends, acks int
	cut                                       map[string]int // packets an event cut, by its rule
	// latest is the latest arrival of any copy sent so far (the link's
	// lastDelivery); ahead is it before the last packet's first copy,
	// which its duplicate is held against too, and counted whether that
	// packet was counted as overtaking (once a packet, not a copy)
	latest, ahead float64
	counted       bool
	// noArrival: an event cut a packet the link had given an arrival
	// (it counted toward the link's latest delivery, but its line has no
	// arrival): reordered is not known from the lines
	noArrival bool
}

// add folds one packet line.
func (f *packetFold) add(p *PacketJSON) {
	f.lines++
	if p.Client != "shooter" || p.Channel != "game" {
		return
	}
	d := &f.dir[0]
	if p.Direction == "up" {
		d = &f.dir[1]
	}
	if len(p.Rules) > 0 {
		f.cuts = true
	}
	if p.Duplicate { // the link's second copy of the packet before it
		d.dup++
		if p.ArrivalMs != nil {
			if !d.counted && *p.ArrivalMs < d.ahead {
				d.reordered, d.counted = d.reordered+1, true
			}
			d.latest = math.Max(d.latest, *p.ArrivalMs)
		}
		return
	}
	d.sent++
	if p.Kind == "ack" {
		d.acks++
	}
	for _, m := range p.Messages {
		if m.Resends > 0 {
			d.resends++
		}
	}
	switch {
	case p.Lost && len(p.Rules) == 0:
		d.lost++
	case p.Lost:
		if d.cut == nil {
			d.cut = map[string]int{}
		}
		d.cut[string(p.Rules[0])]++
		d.noArrival = true
	default:
		d.ahead, d.counted = d.latest, *p.ArrivalMs < d.latest
		if d.counted {
			d.reordered++
		}
		d.latest = math.Max(d.latest, *p.ArrivalMs)
	}
}

// counts are the packets figure's keys as the lines give them, and the
// keys they cannot give with why (by "packets.KEY").
func (f *packetFold) counts() (map[string]int, map[string]string) {
	counts, noValue := map[string]int{}, map[string]string{}
	none := func(key, why string) { counts[key], noValue["packets."+key] = 0, why }
	disconnected := f.dir[0].cut["disconnected"]+f.dir[1].cut["disconnected"] > 0
	for i, name := range [2]string{"down_", "up_"} {
		d := &f.dir[i]
		counts[name+"sent"], counts[name+"lost"], counts[name+"duplicated"] = d.sent, d.lost, d.dup
		counts[name+"resends"], counts[name+"acks"] = d.resends, d.acks
		counts[name+"reordered"] = d.reordered
		if d.noArrival {
			none(name+"reordered", "a packet an event cut has no arrival on its line, though the link gave it one a later packet may overtake")
		}
		none(name+"gave_up", "the reliability layer's give-ups are on no packet line (a line of the connection's would hold them)")
		counts[name+"dup_dropped"] = 0 // no copy twice, none dropped
		if d.dup > 0 {
			none(name+"dup_dropped", "which duplicated copies the receiving end took and dropped is on no packet line (a copy's fate at its arrival would say)")
		}
		if f.cuts {
			counts[name+"outage"], counts[name+"disconnected"] = d.cut["outage"], d.cut["disconnected"]
			counts[name+"reconnect_dropped"], counts[name+"old_connection"] = 0, 0
			if disconnected {
				none(name+"reconnect_dropped", "what a rejoin's new connection dropped is on no packet line")
				none(name+"old_connection", "the old connection's packets dropped on arrival after a rejoin are on no packet line (a copy's fate at its arrival would say)")
			}
		}
	}
	if f.cuts {
		counts["up_unsent"] = 0
		if disconnected {
			none("up_unsent", "the packets a disconnected client never sent have no line")
			// its ack packets are counted as made, sent or not
			none("up_acks", "the ack packets a disconnected client made but never sent have no line")
		}
	}
	return counts, noValue
}

// absentKeys are a keyed figure's keys without a value, sorted.
func absentKeys(name string, absent map[string]string) []string {
	var out []string
	for k := range absent { // order-free: sorted below
		if key, ok := strings.CutPrefix(k, name+"."); ok {
			out = append(out, key)
		}
	}
	slices.Sort(out)
	return out
}
