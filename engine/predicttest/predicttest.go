// Package predicttest drives a game's predicted frames without a network,
// for the tests and benchmarks of a game that is an engine.Predictor: a
// Lockstep that confirms every player's input a fixed number of ticks
// late, so that every frame is drawn that far ahead, and a loop run one
// frame at a time.
package predicttest

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/host"
)

// Lag is a host.Predicting that confirms every player's input Ticks
// ticks after this machine gave its own, the same input Guess predicted
// (Input's), so the loop draws Ticks ahead without ever mispredicting.
type Lag struct {
	// Ticks is how far behind the present the verified tick stays.
	Ticks int
	// Depth is the Rollback it reports: the most ticks drawn ahead; 0
	// means Ticks+1 (a frame's present runs one tick past Ticks before
	// the frame's verified tick catches up, so that frames are drawn Ticks
	// ahead; with Ticks the verified tick would never come).
	Depth int
	// Input fills tick n's input for every slot; nil is zero input.
	Input func(n uint64, players []engine.Input)

	present uint64 // 1 + the last present tick given
}

var _ host.Predicting = (*Lag)(nil)

// Frame ends the run when asked to quit: there is no network to agree
// on a tick with.
func (l *Lag) Frame(_ time.Duration, quit bool) error {
	if quit {
		return engine.ErrQuit
	}
	return nil
}

// Rollback returns Depth, or Ticks+1.
func (l *Lag) Rollback() int {
	if l.Depth > 0 {
		return l.Depth
	}
	return l.Ticks + 1
}

// Local notes the present tick.
func (l *Lag) Local(p uint64, _ *engine.Input) (bool, error) {
	l.present = p + 1
	return true, nil
}

// Inputs confirms tick n once the present is Ticks past it.
func (l *Lag) Inputs(n uint64, _ *engine.Input, players []engine.Input, _ engine.StateHasher) (bool, error) {
	if n+uint64(l.Ticks) >= l.present {
		return false, nil
	}
	l.Guess(n, players)
	return true, nil
}

// Guess fills players with Input's.
func (l *Lag) Guess(n uint64, players []engine.Input) {
	if l.Input != nil {
		l.Input(n, players)
	}
}

// Loop is a host.Run going one frame at a time: each Frame runs the
// loop until its next present. It is the run's Platform.
type Loop struct {
	run, paused chan struct{}
	done        chan struct{}
	rep         host.Report
	err         error
	now         time.Duration
	quit        bool
}

// Start runs game with cfg, uncapped, wired as w says (its Lockstep, a
// Lag), on a goroutine of its own, up to its first present. The Loop is
// w.Platform; a nil w.Clock is a fake clock that moves 1/60 s at each
// present.
func Start(game engine.Parts, cfg engine.Config, w host.Wiring) *Loop {
	l := &Loop{run: make(chan struct{}), paused: make(chan struct{}), done: make(chan struct{})}
	cfg.Mode, w.Platform = engine.ModeUncapped, l
	if w.Clock == nil {
		w.Clock = fakeClock{l}
	}
	go func() {
		defer close(l.done)
		<-l.run
		l.rep, l.err = host.Run(context.Background(), cfg, game, w)
	}()
	l.Frame()
	return l
}

// Frame runs the loop up to its next present; false when the run is over.
func (l *Loop) Frame() bool {
	select {
	case l.run <- struct{}{}:
	case <-l.done:
		return false
	}
	select {
	case <-l.paused:
		return true
	case <-l.done:
		return false
	}
}

// Stop ends the run after its next frame and returns its report.
func (l *Loop) Stop() (host.Report, error) {
	l.quit = true
	for l.Frame() {
	}
	<-l.done
	return l.rep, l.err
}

// PollEvents asks to quit once Stop was called (a Lag ends the run then).
func (l *Loop) PollEvents(e host.EventSink) {
	if l.quit {
		e.Quit()
	}
}

// Present hands control back to Frame.
func (l *Loop) Present() error {
	l.now += time.Second / 60
	l.paused <- struct{}{}
	<-l.run
	return nil
}

type fakeClock struct{ l *Loop }

func (c fakeClock) Now() time.Duration { return c.l.now }

func (c fakeClock) SleepUntil(t time.Duration) { c.l.now = max(c.l.now, t) }

// Measure runs b's frames of l (with b.Loop) and reports, besides the
// time per frame, its 50th and 99th percentiles in milliseconds.
func Measure(b *testing.B, l *Loop) {
	times := make([]time.Duration, 0, 1<<16)
	for b.Loop() {
		start := time.Now()
		l.Frame()
		if len(times) < cap(times) {
			times = append(times, time.Since(start))
		}
	}
	slices.Sort(times)
	at := func(q float64) float64 {
		if len(times) == 0 {
			return 0
		}
		return float64(times[int(q*float64(len(times)-1))]) / float64(time.Millisecond)
	}
	b.ReportMetric(at(0.5), "p50_ms")
	b.ReportMetric(at(0.99), "p99_ms")
}
