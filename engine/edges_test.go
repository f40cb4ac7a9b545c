package engine

import (
	"testing"
	"time"
)

// taps sends n press-release pairs of k.
func taps(k Key, n int) func(EventSink) {
	return func(s EventSink) {
		for range n {
			s.Key(k, true)
			s.Key(k, false)
		}
	}
}

// seen is what one reader saw of a key over its reads.
type seen struct{ pressed, released, downAtEnd int }

func countKey(reads []Input, k Key) seen {
	var s seen
	for _, in := range reads {
		if in.Pressed.Has(k) {
			s.pressed++
		}
		if in.Released.Has(k) {
			s.released++
		}
	}
	if n := len(reads); n > 0 && reads[n-1].Down.Has(k) {
		s.downAtEnd = 1
	}
	return s
}

func TestEveryPressBetweenTwoReadsIsSeenByTicksAndFrames(t *testing.T) {
	cases := []struct {
		name   string
		events func(EventSink)
		reads  int
		want   seen
	}{
		{"one tap", taps(KeyA, 1), 3, seen{1, 1, 0}},
		{"four taps", taps(KeyA, 4), 6, seen{4, 4, 0}},
		{"four taps read only twice", taps(KeyA, 4), 2, seen{2, 2, 0}},
		{"press release press", func(s EventSink) {
			s.Key(KeyA, true)
			s.Key(KeyA, false)
			s.Key(KeyA, true)
		}, 3, seen{2, 1, 1}},
		{"auto-repeat is no press", func(s EventSink) {
			s.Key(KeyA, true)
			s.Key(KeyA, true)
			s.Key(KeyA, true)
		}, 3, seen{1, 0, 1}},
		{"held", func(s EventSink) { s.Key(KeyA, true) }, 2, seen{1, 0, 1}},
		{"release press release of a held key", func(s EventSink) {
			s.Key(KeyA, true)
			s.Key(KeyA, false)
			s.Key(KeyA, true)
			s.Key(KeyA, false)
		}, 3, seen{2, 2, 0}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var in inputs
			in.beginFrame()
			c.events(&in)
			var ticks, frames []Input
			for range c.reads {
				var tick Input
				in.takeTick(&tick)
				ticks = append(ticks, tick)
				frames = append(frames, in.frame)
				in.beginFrame()
			}
			for name, reads := range map[string][]Input{"ticks": ticks, "frames": frames} {
				if got := countKey(reads, KeyA); got != c.want {
					t.Errorf("%s saw %+v, want %+v", name, got, c.want)
				}
			}
		})
	}
}

func TestMoreTapsThanTheQueueHoldsKeepTheHeldState(t *testing.T) {
	var in inputs
	taps(KeyA, 2*maxDeferred)(&in)
	in.Key(KeyA, true)
	var reads []Input
	for range 4 * maxDeferred {
		var tick Input
		in.takeTick(&tick)
		reads = append(reads, tick)
	}
	got := countKey(reads, KeyA)
	// The first tap and a queue of taps; the rest are lost in pairs, and
	// the last press, kept, leaves A held.
	if want := (seen{1 + maxDeferred/2, maxDeferred / 2, 1}); got != want {
		t.Fatalf("saw %+v, want %+v", got, want)
	}
	if in.pendingQ.n != 0 || in.tickDirty {
		t.Fatalf("%d edges still held back after every read", in.pendingQ.n)
	}
}

func TestEveryMouseAndPadPressBetweenTwoReadsIsSeen(t *testing.T) {
	var in inputs
	in.PadConnected(2, true)
	for range 3 {
		in.Button(MouseLeft, true)
		in.Button(MouseLeft, false)
		in.PadButton(2, PadA, true)
		in.PadButton(2, PadA, false)
	}
	var mouse, pad int
	for range 5 {
		var tick Input
		in.takeTick(&tick)
		if tick.ButtonsPressed.Has(MouseLeft) {
			mouse++
		}
		if tick.Pads[2].Pressed.Has(PadA) {
			pad++
		}
	}
	if mouse != 3 || pad != 3 {
		t.Fatalf("ticks saw %d mouse and %d pad presses, want 3 and 3", mouse, pad)
	}
}

func TestAPadThatGoesAwayForgetsItsDeferredPresses(t *testing.T) {
	var in inputs
	in.PadConnected(0, true)
	in.PadButton(0, PadB, true)
	in.PadButton(0, PadB, false)
	in.PadButton(0, PadB, true) // deferred
	in.PadConnected(0, false)
	var first, second Input
	in.takeTick(&first)
	in.takeTick(&second)
	if p := first.Pads[0]; p.Connected || !p.Pressed.Has(PadB) || p.Buttons != 0 {
		t.Fatalf("first tick: pad %+v, want gone after one press of B", p)
	}
	if second.Pads[0] != (Pad{}) {
		t.Fatalf("second tick: pad %+v, want nothing", second.Pads[0])
	}
}

func TestOtherKeysAreNotHeldBackBehindADeferredOne(t *testing.T) {
	var in inputs
	taps(KeyA, 2)(&in)
	in.Key(KeyB, true)
	var first, second Input
	in.takeTick(&first)
	in.takeTick(&second)
	if !first.Pressed.Has(KeyB) || second.Pressed.Has(KeyB) {
		t.Fatal("B must reach the first tick and only it")
	}
	if !first.Pressed.Has(KeyA) || !second.Pressed.Has(KeyA) {
		t.Fatal("A's two taps must reach the first two ticks")
	}
}

// A menu drawn at 8 frames a second under 60 ticks a second: four taps of
// Down inside one frame move it four rows, and the ticks see four too.
func TestAMenuAt8FPSSeesFourPressesAsFour(t *testing.T) {
	c := &fakeClock{}
	var framePresses int
	g := &recorder{onUpdate: func(f *Frame) error {
		if f.Input.Pressed.Has(KeyDown) {
			framePresses++
		}
		return nil
	}}
	events := func(frame int, in EventSink) {
		if frame == 1 {
			taps(KeyDown, 4)(in)
		}
	}
	runFake(t, Config{TPS: 60, Mode: ModeUncapped, Frames: 8},
		g, &fakePlatform{clock: c, work: every(125 * time.Millisecond), events: events}, c)
	if framePresses != 4 {
		t.Errorf("frames saw %d presses, want 4", framePresses)
	}
	if got := countKey(g.inputs, KeyDown); got.pressed != 4 || got.released != 4 {
		t.Errorf("ticks saw %+v, want 4 presses and 4 releases", got)
	}
}

func TestDeferredPressesAllocateNothing(t *testing.T) {
	var in inputs
	var tick Input
	allocs := testing.AllocsPerRun(100, func() {
		in.beginFrame()
		taps(KeyA, 3)(&in)
		for range 4 {
			in.takeTick(&tick)
		}
	})
	if allocs != 0 {
		t.Fatalf("%v allocations a frame, want 0", allocs)
	}
}
