package host

import (
	"context"
	"runtime/trace"
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/engine"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/lockstep-engine/lockstep/physics"
)

type noopGame struct{}

func (noopGame) Tick(*engine.Tick) error    { return nil }
func (noopGame) Draw(*engine.Frame) error   { return nil }
func (noopGame) Update(*engine.Frame) error { return nil }

// movingWorld is a world of n bodies drifting right, with no physics
// engine behind it: what the loop itself costs around a world.
type movingWorld struct{ bodies []physics.BodyState }

func newMovingWorld(n int) *movingWorld {
	w := &movingWorld{bodies: make([]physics.BodyState, n)}
	for i := range w.bodies {
		w.bodies[i] = physics.BodyState{ID: physics.BodyID(i + 1), Vel: mgl64.Vec2{1, 0}, AngVel: 1}
	}
	return w
}

func (w *movingWorld) Step(dt time.Duration) error {
	s := dt.Seconds()
	for i := range w.bodies {
		b := &w.bodies[i]
		b.Pos = b.Pos.Add(b.Vel.Mul(s))
		b.Angle += b.AngVel * s
	}
	return nil
}

func (w *movingWorld) Snapshot(dst []physics.BodyState) []physics.BodyState {
	return append(dst[:0], w.bodies...)
}

type worldGame struct {
	noopGame
	w physics.Stepper
}

func (g worldGame) World() physics.Stepper { return g.w }

// warmLoop returns a loop that has run a second of frames on a fake
// platform whose frames take one tick each.
func warmLoop(tb testing.TB, g game, labels bool) *Loop {
	c := &fakeClock{}
	return startLoop(tb, g, engine.Config{ProfileLabels: labels}, Wiring{Platform: &fakePlatform{clock: c, work: every(time.Second / 60)}, Clock: c}, 60)
}

// startLoop prepares an uncapped loop the way Run does and runs frames of it.
func startLoop(tb testing.TB, g game, cfg engine.Config, w Wiring, frames int) *Loop {
	cfg.Mode = engine.ModeUncapped
	cfg, err := WithDefaults(cfg)
	if err != nil {
		tb.Fatal(err)
	}
	l := newLoop(cfg, partsOf(g), w.withDefaults())
	// A context that can be cancelled, as signal.NotifyContext's can: the
	// loop checks it before every tick.
	ctx, cancel := context.WithCancel(context.Background())
	tb.Cleanup(cancel)
	l.done = ctx.Done()
	if l.world != nil {
		l.cur = l.world.Snapshot(l.cur)
		l.prev = append(l.prev[:0], l.cur...)
	}
	if err := l.pacer.setMode(cfg.Mode, 0); err != nil {
		tb.Fatal(err)
	}
	l.start = l.clock.Now()
	l.last, l.lastPresent = l.start, l.start
	for range frames {
		if err := l.runFrame(); err != nil {
			tb.Fatal(err)
		}
	}
	return l
}

// frameCase is a game a frame of the loop is measured with.
type frameCase struct {
	name   string
	game   game
	labels bool
}

// frameCases are nothing, nothing with profiler labels on, and a world of
// 1,000 moving bodies.
func frameCases() []frameCase {
	return []frameCase{
		{"noop", noopGame{}, false},
		{"noop+labels", noopGame{}, true},
		{"world1000", worldGame{w: newMovingWorld(1000)}, false},
	}
}

func TestFrameAllocatesNothingOnceWarm(t *testing.T) {
	for _, tc := range frameCases() {
		t.Run(tc.name, func(t *testing.T) {
			l := warmLoop(t, tc.game, tc.labels)
			allocs := testing.AllocsPerRun(200, func() {
				if err := l.runFrame(); err != nil {
					t.Fatal(err)
				}
			})
			if allocs != 0 {
				t.Fatalf("a frame allocates %v times, want 0", allocs)
			}
		})
	}
}

// BenchmarkFrame is one frame of the loop (one tick, draw, present) with a
// game and platform that do nothing: the loop's own overhead.
func BenchmarkFrame(b *testing.B) {
	for _, tc := range frameCases() {
		b.Run(tc.name, func(b *testing.B) {
			l := warmLoop(b, tc.game, tc.labels)
			b.ReportAllocs()
			for b.Loop() {
				if err := l.runFrame(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkFrameSystemClock is the loop's overhead per frame on the real
// monotonic clock, uncapped: what a frame costs beyond the game's own
// work, measuring each phase's wall time only ("wall"), and its thread
// CPU time too, as the system clock does ("wall+cpu"), and with an
// AfterFrame hook that copies the record ("wall+cpu+hook").
func BenchmarkFrameSystemClock(b *testing.B) {
	var kept FrameRecord
	for _, bc := range []struct {
		name string
		cpu  bool
		hook func(*FrameRecord)
	}{{"wall", false, nil}, {"wall+cpu", true, nil}, {"wall+cpu+hook", true, func(r *FrameRecord) { kept = *r }}} {
		b.Run(bc.name, func(b *testing.B) {
			var c Clock = NewSystemClock(WaitHybrid)
			if !bc.cpu {
				c = wallClock{c}
			}
			l := startLoop(b, noopGame{}, engine.Config{}, Wiring{Clock: c, AfterFrame: bc.hook}, 60)
			b.ReportAllocs()
			for b.Loop() {
				if err := l.runFrame(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
	_ = kept
}

// BenchmarkFrameFlightRecorder is BenchmarkFrameSystemClock's
// "wall+cpu" frame while a flight recorder runs, as -hitch keeps one:
// tracing is on, so each frame is a trace task with a region a phase.
func BenchmarkFrameFlightRecorder(b *testing.B) {
	if trace.IsEnabled() {
		b.Fatal("a trace is already running: the benchmark would measure it, not the flight recorder alone")
	}
	fr := trace.NewFlightRecorder(trace.FlightRecorderConfig{MinAge: 2 * time.Second, MaxBytes: 64 << 20})
	if err := fr.Start(); err != nil {
		b.Fatal(err)
	}
	defer fr.Stop()
	l := startLoop(b, noopGame{}, engine.Config{}, Wiring{Clock: NewSystemClock(WaitHybrid)}, 60)
	b.ReportAllocs()
	for b.Loop() {
		if err := l.runFrame(); err != nil {
			b.Fatal(err)
		}
	}
}
