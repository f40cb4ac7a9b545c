// Package recording is a desktop run's -record or -replay: the
// recording's file written whole (platform/internal/output) or read and
// checked against the run (its scene, seed, tick rate, settings and
// platform), and the host.Tape the loop feeds.
package recording

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

// Refusal is a recording the run refuses to replay with what it was
// given: a bad command line (the scene, the seed, the tick rate or a
// setting differs). Its message is its whole error.
type Refusal struct {
	// Msg says what differs and what to give instead; never "".
	Msg string
}

// Error returns Msg.
func (r *Refusal) Error() string { return r.Msg }

// refusef is a *Refusal saying format with args, as fmt.Sprintf does.
func refusef(format string, args ...any) error { return &Refusal{fmt.Sprintf(format, args...)} }

// Options are what a run records, or replays, and with what. One of
// Record and Replay is set; Log must not be nil.
type Options struct {
	Record string // -record: the file to write; "" replays Replay
	Replay string // -replay: the recording to play; read only when Record is ""
	// Piped is Replay read already from a pipe, which cannot be read
	// again (ReadHeader); nil for a regular file.
	Piped *Piped
	// Name, Seed, TPS and Players are the run's, its defaults set: a
	// recording keeps them, and a replay must have been made with
	// them. Zero is the value itself (no player slots, seed 0), not a
	// default.
	Name    string
	Seed    uint64
	TPS     int
	Players int
	// Settings are what a recording of the run keeps (the settings a
	// replay must have been made with); nil keeps none.
	Settings []tape.Setting
	// Log is told what the tape did (recorded, replayed, a platform
	// that differs); never nil.
	Log *slog.Logger
}

// Tape is a run's -record or -replay: the host.Tape the loop feeds, and
// the file behind it.
type Tape struct {
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

// Open opens o.Record for writing, keeping o's settings, or reads
// o.Replay and checks that it was made with them; then it hands the loop
// of loop and w the tape (see configure). A replay the run's options
// contradict is a *Refusal.
func Open(ctx context.Context, o Options, loop *engine.Config, w *host.Wiring, fast bool) (*Tape, error) {
	t, err := open(ctx, &o)
	if err != nil {
		return nil, err
	}
	t.configure(loop, w, fast)
	return t, nil
}

// open is Open's tape, not yet handed to a loop.
func open(ctx context.Context, o *Options) (*Tape, error) {
	name, players, log, settings := o.Name, o.Players, o.Log, o.Settings
	t := &Tape{log: log}
	if o.Record != "" {
		t.path = o.Record
		f, err := output.CreateContext(ctx, o.Record)
		if err != nil {
			return nil, fmt.Errorf("-record: %w", err)
		}
		t.file = f
		t.rec, err = tape.NewRecorder(f, tape.Header{Scene: name, Seed: o.Seed, TPS: o.TPS, Players: players,
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
	if p := o.Piped; p != nil && p.path == o.Replay {
		rec, err = p.tape() // what ReadHeader read: a pipe cannot be read again
	} else {
		rec, err = readReplay(ctx, o.Replay)
	}
	if err != nil {
		return nil, fmt.Errorf("-replay: %w", err)
	}
	switch {
	case rec.Scene != name:
		return nil, refusef("-replay %s: the recording is of scene %q, not %q: replay it with that scene's command", o.Replay, rec.Scene, name)
	case rec.Seed != o.Seed || rec.TPS != o.TPS:
		return nil, refusef("-replay %s: the recording was made with -seed %d -tps %d, this run has -seed %d -tps %d: give the recording's",
			o.Replay, rec.Seed, rec.TPS, o.Seed, o.TPS)
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
func (t *Tape) configure(cfg *engine.Config, w *host.Wiring, fast bool) {
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

// Fast says a replay runs on a clock that never waits (nobody is
// watching).
func (t *Tape) Fast() bool { return t.fast }

// Close ends a recording with the final state's hash, or checks a replay
// that ran every tick against it. Only the first call does anything.
func (t *Tape) Close(final uint64) error {
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

// WarnUnhashed says when no hash covers game's state (it has no World
// and no StateHash): a recording then keeps its input but every hash is
// 0, so a replay, or a netplay peer, can find no difference.
func WarnUnhashed(game *engine.Parts, log *slog.Logger) {
	if game.World == nil && game.StateHash == nil {
		log.Warn("the game has no World and no StateHash: recordings keep its input, but replays and netplay peers check none of its state (add StateHash() uint64)")
	}
}

// sameSettings refuses a replay of a recording made with other settings
// than the run's, naming the first that differs.
func sameSettings(path string, recorded, run []tape.Setting) error {
	for _, s := range recorded {
		i := slices.IndexFunc(run, func(r tape.Setting) bool { return r.Name == s.Name })
		switch {
		case i < 0:
			return refusef("-replay %s: the recording was made with -%s %s, which this run does not keep: replay it with the program that made it", path, s.Name, s.Value)
		case run[i].Value != s.Value:
			return refusef("-replay %s: the recording was made with -%s %s, this run has -%s %s: give the recording's", path, s.Name, s.Value, s.Name, run[i].Value)
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
