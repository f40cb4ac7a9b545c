package netplay

import (
	"testing"
	"time"
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
