package events

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"lagscope/model"
)

// overlapsByPairs is CheckOverlaps as it was: every window against every
// later one. The reference the linear one must agree with.
func overlapsByPairs(evs []Event) error {
	for i, a := range evs {
		if a.Kind == Set {
			continue
		}
		for _, b := range evs[i+1:] {
			if b.Kind == Set || b.At >= a.End() || a.At >= b.End() {
				continue
			}
			if a.Client == All || b.Client == All || a.Client == b.Client {
				return fmt.Errorf("%s and %s overlap (allowed: one outage or disconnect at a time for a client)", a, b)
			}
		}
	}
	return nil
}

// CheckOverlaps compares each window with the next that can overlap it
// alone: it names the same pair, or none, as every pair compared, over
// random scripts of key changes, outages and disconnects of all clients,
// the shooter, the victim and an observer.
func TestCheckOverlapsIsEveryPair(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	clients := []int{All, 0, 1, 2}
	found := 0
	for range 20000 {
		var evs []Event
		for range 1 + r.IntN(8) {
			e := Event{At: model.Ms(r.Int64N(100)), Client: clients[r.IntN(len(clients))], Kind: Kind(r.IntN(3))}
			if e.Kind == Set {
				e.Client, e.Set = All, []Setting{{"latency_ms", "40"}}
			} else {
				e.Dur = model.Ms(1 + r.Int64N(30))
			}
			evs = append(evs, e)
		}
		slices.SortStableFunc(evs, func(a, b Event) int { return int(a.At - b.At) })
		got, want := CheckOverlaps(evs), overlapsByPairs(evs)
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("%s: got %v, want %v", Format(evs), got, want)
		}
		if want != nil {
			found++
		}
	}
	if found < 1000 {
		t.Fatalf("only %d scripts overlapped: the cases do not attack", found)
	}
}

// A script of MaxEvents-many outages and changes for a while is read and
// scheduled in about a millisecond an event at most, far under a bound:
// comparing every pair and seeking each change's revert were quadratic.
func TestManyEventsScheduleLinearly(t *testing.T) {
	var parts []string
	for i := range 4096 {
		if i%2 == 0 {
			parts = append(parts, fmt.Sprintf("%dms@observer%d:outage=1ms", i, i%7+1))
		} else {
			parts = append(parts, fmt.Sprintf("%dms:latency_ms=%d,for=5ms", i, i%50))
		}
	}
	start := time.Now()
	evs, err := Parse(strings.Join(parts, "; "))
	if err != nil {
		t.Fatal(err)
	}
	applied := 0
	acts, err := Schedule(evs, func(k string) []Setting { return []Setting{{k, "40"}} }, func([]Setting) error { applied++; return nil })
	if err != nil || len(acts) != 4096 || applied != 4096 {
		t.Fatalf("%d actions, %d applied: %v", len(acts), applied, err)
	}
	for _, a := range acts {
		if a.Kind == Revert && (len(a.Set) != 1 || a.Set[0].Value != "40") {
			t.Fatalf("a revert sets %v, want latency_ms back to 40", a.Set)
		}
	}
	if took := time.Since(start); took > 4*time.Second {
		t.Errorf("4 096 events took %v to read and schedule: quadratic", took)
	}
}

// BenchmarkSchedule reads and schedules 4 096 events.
func BenchmarkSchedule(b *testing.B) {
	var parts []string
	for i := range 4096 {
		parts = append(parts, fmt.Sprintf("%dms@observer%d:outage=1ms", i, i%7+1))
	}
	text := strings.Join(parts, "; ")
	for b.Loop() {
		evs, err := Parse(text)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := Schedule(evs, func(string) []Setting { return nil }, func([]Setting) error { return nil }); err != nil {
			b.Fatal(err)
		}
	}
}

// The client names go as far as the observers key: observer62, not
// observer64 (the message promised two the key refused later).
func TestClientNamesEndWithTheLastObserver(t *testing.T) {
	if _, err := ParseClient(fmt.Sprintf("observer%d", MaxObservers)); err != nil {
		t.Errorf("the last observer: %v", err)
	}
	_, err := ParseClient(fmt.Sprintf("observer%d", MaxObservers+1))
	if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("observer1 to observer%d)", MaxObservers)) {
		t.Errorf("one past the last observer: %v", err)
	}
}
