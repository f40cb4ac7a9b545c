package desktop

import (
	"context"
	"fmt"
	"log/slog"
	"slices"
	"time"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/host"
	"github.com/lockstep-engine/lockstep/engine/tape"
	"github.com/lockstep-engine/lockstep/platform/internal/output"
)

// tapeRun is a run's -record or -replay: the host.Tape the loop feeds,
// and the file behind it.
type tapeRun struct {
	path string
	log  *slog.Logger

	file *output.File // -record
	rec  *tape.Recorder

	recorded *tape.Tape // -replay
	play     *tape.Replayer

	closed bool
	// fast says a replay runs on a clock that never waits (configure's).
	fast bool
}

// openTape opens c.Output.Record for writing, keeping settings, or reads
// c.Output.Replay and checks that it was made with settings; then it
// hands the loop of loop and w the tape (see configure).
func openTape(ctx context.Context, c *Config, settings []tape.Setting, loop *engine.Config, w *host.Wiring, fast bool) (*tapeRun, error) {
	t, err := newTape(ctx, c, settings)
	if err != nil {
		return nil, err
	}
	t.configure(loop, w, fast)
	return t, nil
}

// newTape is openTape's tape, not yet handed to a loop.
func newTape(ctx context.Context, c *Config, settings []tape.Setting) (*tapeRun, error) {
	name, players, log := c.Name, c.Loop.Players, c.Logger
	t := &tapeRun{log: log}
	o := &c.Output
	if o.Record != "" {
		t.path = o.Record
		f, err := output.CreateContext(ctx, o.Record)
		if err != nil {
			return nil, fmt.Errorf("-record: %w", err)
		}
		t.file = f
		t.rec, err = tape.NewRecorder(f, tape.Header{Scene: name, Seed: c.Seed, TPS: c.Loop.TPS, Players: players,
			Interval: tape.PlayersInterval(players), Platform: tape.ThisPlatform(), Settings: settings})
		if err != nil {
			f.Abort()
			return nil, fmt.Errorf("-record %s: %w", o.Record, err)
		}
		return t, nil
	}
	t.path = o.Replay
	var rec *tape.Tape
	var err error
	if p := c.piped; p != nil && p.path == o.Replay {
		rec, err = p.tape() // what Parse read: a pipe cannot be read again
	} else {
		rec, err = readReplay(ctx, o.Replay)
	}
	if err != nil {
		return nil, fmt.Errorf("-replay: %w", err)
	}
	switch {
	case rec.Scene != name:
		return nil, usagef("-replay %s: the recording is of scene %q, not %q: replay it with that scene's command", o.Replay, rec.Scene, name)
	case rec.Seed != c.Seed || rec.TPS != c.Loop.TPS:
		return nil, usagef("-replay %s: the recording was made with -seed %d -tps %d, this run has -seed %d -tps %d: give the recording's",
			o.Replay, rec.Seed, rec.TPS, c.Seed, c.Loop.TPS)
	}
	if err := sameSettings(o.Replay, rec.Settings, settings); err != nil {
		return nil, err
	}
	if err := samePlatform(o.Replay, rec.Header, log); err != nil {
		return nil, err
	}
	t.recorded, t.play = rec, tape.NewReplayer(rec)
	return t, nil
}

// configure hands the loop the tape, bounds a replay's ticks to the
// recording's, and runs a replay on a clock that never waits when fast
// (nobody is watching).
func (t *tapeRun) configure(cfg *engine.Config, w *host.Wiring, fast bool) {
	if t.rec != nil {
		w.Tape = t.rec
		return
	}
	w.Tape = t.play
	if n := t.recorded.Ticks; n > 0 && (cfg.Ticks == 0 || cfg.Ticks > n) {
		cfg.Ticks = n
	}
	t.fast = fast
	if fast {
		w.Clock = host.NewFastClock(time.Second / time.Duration(cfg.TPS) / 4)
		cfg.Mode = engine.ModeUncapped
		t.log.Info("replaying headless: as fast as the CPU allows", "ticks", t.recorded.Ticks)
	}
}

// close ends a recording with the final state's hash, or checks a replay
// that ran every tick against it. Only the first call does anything.
func (t *tapeRun) close(final uint64) error {
	if t.closed {
		return nil
	}
	t.closed = true
	if t.rec != nil {
		// A run that failed still keeps its recording up to the last
		// whole tick; one whose writes failed keeps the older file.
		if err := t.rec.Close(final); err != nil {
			t.file.Abort()
			return fmt.Errorf("-record %s: %w", t.path, err)
		}
		if err := t.file.Commit(); err != nil {
			return fmt.Errorf("-record: %w", err)
		}
		t.log.Info("recorded", "file", t.path, "ticks", t.rec.Ticks())
		return nil
	}
	if t.play.Ran() < t.recorded.Ticks {
		t.log.Info("replay stopped before the recording's end", "ticks", t.play.Ran(), "recorded", t.recorded.Ticks)
		return nil
	}
	if err := t.play.Close(final); err != nil {
		return fmt.Errorf("-replay %s: %w", t.path, err)
	}
	t.log.Info("replay matched every hash", "file", t.path, "ticks", t.recorded.Ticks)
	return nil
}

// warnUnhashed says when no hash covers game's state (it has no World
// and no StateHash): a recording then keeps its input but every hash is
// 0, so a replay, or a netplay peer, can find no difference.
func warnUnhashed(game *engine.Parts, log *slog.Logger) {
	if game.World == nil && game.StateHash == nil {
		log.Warn("the game has no World and no StateHash: recordings keep its input, but replays and netplay peers check none of its state (add StateHash() uint64)")
	}
}

// ErrDiverged marks a replay whose state stopped matching the recording.
var ErrDiverged = tape.ErrDiverged

// sameSettings refuses a replay of a recording made with other settings
// than the run's, naming the first that differs.
func sameSettings(path string, recorded, run []tape.Setting) error {
	for _, s := range recorded {
		i := slices.IndexFunc(run, func(r tape.Setting) bool { return r.Name == s.Name })
		switch {
		case i < 0:
			return usagef("-replay %s: the recording was made with -%s %s, which this run does not keep: replay it with the program that made it", path, s.Name, s.Value)
		case run[i].Value != s.Value:
			return usagef("-replay %s: the recording was made with -%s %s, this run has -%s %s: give the recording's", path, s.Name, s.Value, s.Name, run[i].Value)
		}
	}
	return nil
}

// samePlatform refuses to replay a recording made on a platform whose
// floating point differs from this one's in a way known to change the
// ticks (another processor kind, FMA, Box2D on another system), saying
// why; it warns of other differences, which the recording may not say
// enough about to tell.
func samePlatform(path string, h tape.Header, log *slog.Logger) error {
	here := tape.Here()
	physics, ok := h.Setting("physics")
	if !ok {
		physics = "chipmunk"
	}
	if why := tape.Mismatch(here, tape.ParsePlatform(h.Platform), "the recording computer's", physics); why != "" {
		return fmt.Errorf("-replay %s: cannot be replayed here (recorded on %s, this is %s): %s", path, h.Platform, here, why)
	}
	if h.Platform != here.String() {
		log.Warn("the recording was made on another platform: floating point, and so the hashes, may differ", "recorded", h.Platform, "here", here.String())
	}
	return nil
}
