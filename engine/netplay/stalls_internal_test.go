package netplay

import (
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/engine"
)

// A host held for a joiner's input while the joiner still talks, frame
// after frame, adds a tick to its rule's delay after two windows of it,
// up to maxStallBump; once the input comes in time it takes them back,
// one every cleanWindows windows. Held for a joiner gone silent (an
// outage, not a short delay) it adds nothing.
func TestHeldFramesRaiseTheDelayWhileThePeerTalks(t *testing.T) {
	dt := time.Second / 60
	run := func(s *Session, from time.Duration, frames int, talking bool) time.Duration {
		now := from
		for range frames {
			now += dt
			if talking {
				s.peers[0].lastHeard = now
			}
			_ = s.Frame(now, false)
		}
		return now
	}
	window := int(stallWindow / dt)
	for _, talking := range []bool{true, false} {
		s, err := New(Config{Terms: Terms{Players: 2, InputDelay: 2, AdaptDelay: true}, Local: Local{DropAfter: time.Hour}, Slot: 0, Peers: []Peer{{Slot: 1, Link: &queueLink{discard: true}}}})
		if err != nil {
			t.Fatal(err)
		}
		s.tick = 10 // asked; the joiner's input stops at tick 2
		now := run(s, 0, 2*window+2, talking)
		want := 0
		if talking {
			want = 1
		}
		if s.stalls.bump != want {
			t.Fatalf("talking %v: after two windows held, bump %d, want %d", talking, s.stalls.bump, want)
		}
		if !talking {
			continue
		}
		now = run(s, now, 20*window, true)
		if s.stalls.bump != maxStallBump {
			t.Fatalf("held for 22 windows: bump %d, want the most, %d", s.stalls.bump, maxStallBump)
		}
		s.slots[1].next = 1000                             // the input comes in time from now on
		now = run(s, now, (cleanWindows+1)*window+2, true) // the window under way was held
		if s.stalls.bump != maxStallBump-1 {
			t.Fatalf("after %d windows not held: bump %d, want %d", cleanWindows, s.stalls.bump, maxStallBump-1)
		}
		run(s, now, 10*cleanWindows*window, true)
		if s.stalls.bump != 0 {
			t.Fatalf("long after: bump %d, want 0", s.stalls.bump)
		}
	}
}

// A host that adapts the delay and keeps the clocks in step (its rule's
// round-trip quantile, the lead it samples, its held frames counted)
// allocates nothing a frame once warm.
func TestAnAdaptingHostAllocatesNothingOnceWarm(t *testing.T) {
	hl, jl := &queueLink{}, &queueLink{}
	terms := Terms{Players: 2, InputDelay: 2, AdaptDelay: true}
	h, err := New(Config{Terms: terms, Slot: 0, Peers: []Peer{{Slot: 1, Link: hl}}})
	if err != nil {
		t.Fatal(err)
	}
	j, err := New(Config{Terms: terms, Slot: 1, Peers: []Peer{{Slot: 0, Link: jl}}})
	if err != nil {
		t.Fatal(err)
	}
	players := make([]engine.Input, 2)
	var now time.Duration
	var n uint64
	step := func() {
		now += time.Second / 60
		hl.in, jl.in = jl.sent, hl.sent
		jl.sent, hl.sent = jl.sent[:0], hl.sent[:0]
		_ = h.Frame(now, false)
		_ = j.Frame(now, false)
		okH, _ := h.Inputs(n, &engine.Input{}, players, constHash(n))
		okJ, _ := j.Inputs(n, &engine.Input{}, players, constHash(n))
		if okH && okJ {
			n++
		}
	}
	for range 400 {
		step()
	}
	if h.peers[0].window.quantile(delayQuantile) == 0 || h.sync.leads[1].samples == 0 {
		t.Fatalf("after 400 frames the host has no round trips (%v) or lead samples (%d) to work from", h.peers[0].window.quantile(delayQuantile), h.sync.leads[1].samples)
	}
	// The joiner's datagrams are handed in again and again (replays,
	// dropped) while the host ticks as far as it can and sends.
	hl.discard = true
	in := append([][]byte(nil), hl.in...)
	var state engine.StateHasher = constHash(n) // boxed once: a tick past 255 boxes with an allocation
	local := &engine.Input{}
	allocs := testing.AllocsPerRun(100, func() {
		now += time.Second / 60
		hl.in = in
		_ = h.Frame(now, false)
		_, _ = h.Inputs(n, local, players, state)
	})
	if allocs != 0 {
		t.Fatalf("a frame of an adapting host allocates %v times, want 0", allocs)
	}
}
