package waitscreen

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/engine/host"
)

// scripted is a window whose player asks to close it at frame quitAt
// (never when 0); it counts the frames drawn and keeps the last one's text.
type scripted struct {
	quitAt, polls, drawn int
	said                 []string
	onFrame              func() // each frame's cost on a fake clock; nil: none
}

func (w *scripted) PollEvents(in host.EventSink) {
	if w.polls++; w.polls == w.quitAt {
		in.Quit()
	}
}

func (w *scripted) frame(s *Screen) {
	w.drawn++
	w.said = append(w.said[:0], s.lines...)
	if w.onFrame != nil {
		w.onFrame()
	}
}

func TestAHeldFailureStaysUntilTheWindowClosesASignalOrAMinute(t *testing.T) {
	s := &Screen{}
	s.Say(FailureLines("the host at 192.0.2.7:7777 does not know the code ABCDEFGH12345678.", "Try: check -code against the code the host's window shows.")...)
	var slept time.Duration
	sleep := func(d time.Duration) { slept += d }
	now := func() time.Duration { return slept }

	closed := &scripted{quitAt: 5}
	hold(t.Context(), closed, s, now, sleep)
	if closed.drawn != 4 {
		t.Errorf("closed at the 5th frame: %d frames drawn, want 4", closed.drawn)
	}
	if said := strings.Join(closed.said, " "); !strings.Contains(said, "does not know the code ABCDEFGH12345678") {
		t.Errorf("held: the screen says %q, want the failure", said)
	}

	ctx, cancel := context.WithCancel(t.Context())
	cancel() // a signal
	signalled := &scripted{}
	hold(ctx, signalled, s, now, sleep)
	if signalled.drawn != 0 {
		t.Errorf("after a signal: %d frames drawn, want none", signalled.drawn)
	}

	slept = 0
	never := &scripted{}
	hold(t.Context(), never, s, now, sleep)
	if slept < FailureHold-waitFrame || slept > FailureHold {
		t.Errorf("never closed: held %v, want about %v", slept, FailureHold)
	}
	if never.drawn != int(FailureHold/waitFrame) {
		t.Errorf("never closed: %d frames, want %d", never.drawn, FailureHold/waitFrame)
	}
}

func TestAFailureIsHeldAMinuteAtMostWhenFramesAreSlow(t *testing.T) {
	s := Join("192.0.2.7:7777", false)
	for _, cost := range []time.Duration{0, 20 * time.Millisecond, 400 * time.Millisecond, 2 * time.Minute} {
		var clock time.Duration
		slow := &scripted{onFrame: func() { clock += cost }} // drawing and presenting take cost
		hold(t.Context(), slow, s, func() time.Duration { return clock }, func(d time.Duration) { clock += d })
		if clock > FailureHold+cost {
			t.Errorf("frames taking %v: held %v, want at most %v and the frame in progress", cost, clock, FailureHold)
		}
		if clock < FailureHold-waitFrame {
			t.Errorf("frames taking %v: held only %v, want %v", cost, clock, FailureHold)
		}
	}
}
