package host

import (
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/gamepad"
	"github.com/lockstep-engine/lockstep/engine/mouse"
)

// taps sends n press-release pairs of k.
func taps(k engine.Key, n int) func(EventSink) {
	return func(s EventSink) {
		for range n {
			s.Key(k, true)
			s.Key(k, false)
		}
	}
}

// seen is what one reader saw of a key over its reads.
type seen struct{ pressed, released, downAtEnd int }

func countKey(reads []engine.Input, k engine.Key) seen {
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
		{"one tap", taps(engine.KeyA, 1), 3, seen{1, 1, 0}},
		{"four taps", taps(engine.KeyA, 4), 6, seen{4, 4, 0}},
		{"four taps read only twice", taps(engine.KeyA, 4), 2, seen{2, 2, 0}},
		{"press release press", func(s EventSink) {
			s.Key(engine.KeyA, true)
			s.Key(engine.KeyA, false)
			s.Key(engine.KeyA, true)
		}, 3, seen{2, 1, 1}},
		{"auto-repeat is no press", func(s EventSink) {
			s.Key(engine.KeyA, true)
			s.Key(engine.KeyA, true)
			s.Key(engine.KeyA, true)
		}, 3, seen{1, 0, 1}},
		{"held", func(s EventSink) { s.Key(engine.KeyA, true) }, 2, seen{1, 0, 1}},
		{"release press release of a held key", func(s EventSink) {
			s.Key(engine.KeyA, true)
			s.Key(engine.KeyA, false)
			s.Key(engine.KeyA, true)
			s.Key(engine.KeyA, false)
		}, 3, seen{2, 2, 0}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var in inputs
			in.beginFrame()
			c.events(&in)
			var ticks, frames []engine.Input
			for range c.reads {
				var tick engine.Input
				in.takeTick(&tick)
				ticks = append(ticks, tick)
				frames = append(frames, in.frame)
				in.beginFrame()
			}
			for name, reads := range map[string][]engine.Input{"ticks": ticks, "frames": frames} {
				if got := countKey(reads, engine.KeyA); got != c.want {
					t.Errorf("%s saw %+v, want %+v", name, got, c.want)
				}
			}
		})
	}
}

func TestMoreTapsThanTheQueueHoldsKeepTheHeldState(t *testing.T) {
	var in inputs
	taps(engine.KeyA, 2*maxDeferred)(&in)
	in.Key(engine.KeyA, true)
	var reads []engine.Input
	for range 4 * maxDeferred {
		var tick engine.Input
		in.takeTick(&tick)
		reads = append(reads, tick)
	}
	got := countKey(reads, engine.KeyA)
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
		in.Button(mouse.Left, true)
		in.Button(mouse.Left, false)
		in.PadButton(2, gamepad.A, true)
		in.PadButton(2, gamepad.A, false)
	}
	var clicks, pad int
	for range 5 {
		var tick engine.Input
		in.takeTick(&tick)
		if tick.ButtonsPressed.Has(mouse.Left) {
			clicks++
		}
		if tick.Pads[2].Pressed.Has(gamepad.A) {
			pad++
		}
	}
	if clicks != 3 || pad != 3 {
		t.Fatalf("ticks saw %d mouse and %d pad presses, want 3 and 3", clicks, pad)
	}
}

func TestAPadThatGoesAwayForgetsItsDeferredPresses(t *testing.T) {
	var in inputs
	in.PadConnected(0, true)
	in.PadButton(0, gamepad.B, true)
	in.PadButton(0, gamepad.B, false)
	in.PadButton(0, gamepad.B, true) // deferred
	in.PadConnected(0, false)
	var first, second engine.Input
	in.takeTick(&first)
	in.takeTick(&second)
	if p := first.Pads[0]; p.Connected || !p.Pressed.Has(gamepad.B) || p.Buttons != 0 {
		t.Fatalf("first tick: pad %+v, want gone after one press of B", p)
	}
	if second.Pads[0] != (gamepad.State{}) {
		t.Fatalf("second tick: pad %+v, want nothing", second.Pads[0])
	}
}

func TestOtherKeysAreNotHeldBackBehindADeferredOne(t *testing.T) {
	var in inputs
	taps(engine.KeyA, 2)(&in)
	in.Key(engine.KeyB, true)
	var first, second engine.Input
	in.takeTick(&first)
	in.takeTick(&second)
	if !first.Pressed.Has(engine.KeyB) || second.Pressed.Has(engine.KeyB) {
		t.Fatal("B must reach the first tick and only it")
	}
	if !first.Pressed.Has(engine.KeyA) || !second.Pressed.Has(engine.KeyA) {
		t.Fatal("A's two taps must reach the first two ticks")
	}
}

// A menu drawn at 8 frames a second under 60 ticks a second: four taps of
// Down inside one frame move it four rows, and the ticks see four too.
func TestAMenuAt8FPSSeesFourPressesAsFour(t *testing.T) {
	c := &fakeClock{}
	var framePresses int
	g := &recorder{onUpdate: func(f *engine.Frame) error {
		if f.Input.Pressed.Has(engine.KeyDown) {
			framePresses++
		}
		return nil
	}}
	events := func(frame int, in EventSink) {
		if frame == 1 {
			taps(engine.KeyDown, 4)(in)
		}
	}
	runFake(t, engine.Config{TPS: 60, Mode: engine.ModeUncapped, Frames: 8},
		g, &fakePlatform{clock: c, work: every(125 * time.Millisecond), events: events}, c)
	if framePresses != 4 {
		t.Errorf("frames saw %d presses, want 4", framePresses)
	}
	if got := countKey(g.inputs, engine.KeyDown); got.pressed != 4 || got.released != 4 {
		t.Errorf("ticks saw %+v, want 4 presses and 4 releases", got)
	}
}

func TestDeferredPressesAllocateNothing(t *testing.T) {
	var in inputs
	var tick engine.Input
	allocs := testing.AllocsPerRun(100, func() {
		in.beginFrame()
		taps(engine.KeyA, 3)(&in)
		for range 4 {
			in.takeTick(&tick)
		}
	})
	if allocs != 0 {
		t.Fatalf("%v allocations a frame, want 0", allocs)
	}
}
