package scene

import (
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"time"

	"github.com/lockstep-engine/lockstep/engine"
	tapefmt "github.com/lockstep-engine/lockstep/engine/tape"
	"github.com/lockstep-engine/lockstep/physics"
	"github.com/lockstep-engine/lockstep/physics/chipmunk"
)

// errDiverged marks a replay whose state stopped matching the recording.
var errDiverged = errors.New("replay diverged from the recording")

// tape records a run's per-tick input with -record, or feeds a recording
// back with -replay and checks the state against its hashes.
type tape struct {
	path  string
	world *chipmunk.World
	log   *slog.Logger
	buf   []physics.BodyState

	// -record
	file *os.File
	w    *tapefmt.Writer

	// -replay
	rec       *tapefmt.Tape
	play      *tapefmt.Player
	lastMatch uint64 // tick of the last checkpoint that matched, +1

	closed bool
}

// openTape opens o.Record for writing or reads and checks o.Replay, for a
// run of scene whose world, already built, is w.
func openTape(o *Options, scene string, w *chipmunk.World, log *slog.Logger) (*tape, error) {
	t := &tape{world: w, log: log}
	if o.Record != "" {
		t.path = o.Record
		f, err := os.Create(o.Record)
		if err != nil {
			return nil, fmt.Errorf("-record: %w", err)
		}
		t.file = f
		t.w, err = tapefmt.NewWriter(f, tapefmt.Header{Scene: scene, Seed: o.Seed, TPS: o.TPS,
			Interval: tapefmt.DefaultInterval, Platform: tapefmt.ThisPlatform()})
		if err != nil {
			f.Close()
			return nil, fmt.Errorf("-record %s: %w", o.Record, err)
		}
		return t, nil
	}
	t.path = o.Replay
	rec, err := tapefmt.ReadFile(o.Replay)
	if err != nil {
		return nil, fmt.Errorf("-replay: %w", err)
	}
	switch {
	case rec.Scene != scene:
		return nil, usagef("-replay %s: the recording is of scene %q, not %q: replay it with that scene's command", o.Replay, rec.Scene, scene)
	case rec.Seed != o.Seed || rec.TPS != o.TPS:
		return nil, usagef("-replay %s: the recording was made with -seed %d -tps %d, this run has -seed %d -tps %d: give the recording's",
			o.Replay, rec.Seed, rec.TPS, o.Seed, o.TPS)
	}
	if p := tapefmt.ThisPlatform(); rec.Platform != p {
		log.Warn("the recording was made on another platform: floating point, and so the hashes, may differ", "recorded", rec.Platform, "here", p)
	}
	t.rec, t.play = rec, rec.Play()
	return t, nil
}

// configure bounds a replay's ticks to the recording's, and runs it on a
// clock that never waits when fast (nobody is watching).
func (t *tape) configure(cfg *engine.Config, fast bool) {
	if t.rec == nil {
		return
	}
	if t.rec.Ticks > 0 && (cfg.Ticks == 0 || cfg.Ticks > t.rec.Ticks) {
		cfg.Ticks = t.rec.Ticks
	}
	if fast {
		cfg.Clock = newFastClock(time.Second / time.Duration(cfg.TPS))
		cfg.Mode = engine.ModeUncapped
		t.log.Info("replaying headless: as fast as the CPU allows", "ticks", t.rec.Ticks)
	}
}

// tick runs at the start of every tick, before the scene's: it records the
// tick's input, or replaces it with the recorded one, and checks or writes
// the state hash at checkpoints.
func (t *tape) tick(tk *engine.Tick, w *chipmunk.World) error {
	if t.w != nil {
		if t.w.Due() {
			if err := t.w.Check(t.hash(w)); err != nil {
				return fmt.Errorf("-record %s: %w", t.path, err)
			}
		}
		if err := t.w.Tick(&tk.Input); err != nil {
			return fmt.Errorf("-record %s: %w", t.path, err)
		}
		return nil
	}
	want, check, err := t.play.Next(&tk.Input)
	if check {
		if err := t.match(tk.N, want, w); err != nil {
			return err
		}
	}
	if err == io.EOF {
		return engine.ErrQuit // the recording is over
	}
	if err != nil {
		return fmt.Errorf("-replay %s: %w", t.path, err)
	}
	return nil
}

// match compares the state before tick n with the recorded hash.
func (t *tape) match(n uint64, want physics.Digest, w *chipmunk.World) error {
	got := t.hash(w)
	if got == want {
		t.lastMatch = n + 1
		return nil
	}
	since := "the scene was built differently (other scene flags, or another version of the scene or physics)"
	if t.lastMatch > 0 {
		since = fmt.Sprintf("it matched before tick %d", t.lastMatch-1)
	}
	msg := fmt.Sprintf("-replay %s: %v at tick %d: state hash %v, recorded %v; %s", t.path, errDiverged, n, got, want, since)
	if p := tapefmt.ThisPlatform(); p != t.rec.Platform {
		msg += fmt.Sprintf("; the recording was made on %s, this is %s", t.rec.Platform, p)
	}
	return &divergedError{msg}
}

type divergedError struct{ msg string }

func (e *divergedError) Error() string { return e.msg }
func (e *divergedError) Unwrap() error { return errDiverged }

func (t *tape) hash(w *chipmunk.World) physics.Digest {
	t.buf = w.Snapshot(t.buf[:0])
	return physics.Hash(t.buf)
}

// close ends a recording with the final state's hash, or checks a replay
// that ran every tick against it.
func (t *tape) close() error {
	if t.closed {
		return nil
	}
	t.closed = true
	if t.w != nil {
		err := t.w.Close(t.hash(t.world))
		if cerr := t.file.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return fmt.Errorf("-record %s: %w", t.path, err)
		}
		t.log.Info("recorded", "file", t.path, "ticks", t.w.Ticks())
		return nil
	}
	if t.play.Ran() < t.rec.Ticks {
		t.log.Info("replay stopped before the recording's end", "ticks", t.play.Ran(), "recorded", t.rec.Ticks)
		return nil
	}
	if err := t.match(t.rec.Ticks, t.rec.Final, t.world); err != nil {
		return err
	}
	t.log.Info("replay matched every hash", "file", t.path, "ticks", t.rec.Ticks)
	return nil
}

// fastClock stands in for the system clock when nothing is watching: every
// reading takes a quarter of a tick and sleeps end at once, so frames run
// several ticks each and no time is spent waiting.
type fastClock struct{ now, step time.Duration }

func newFastClock(dt time.Duration) *fastClock { return &fastClock{step: max(dt/4, 1)} }

func (c *fastClock) Now() time.Duration {
	c.now += c.step
	return c.now
}

func (c *fastClock) SleepUntil(t time.Duration) { c.now = max(c.now, t) }
