package recording

import (
	"errors"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/host"
	"github.com/lockstep-engine/lockstep/engine/tape"
)

// state is a game's state, all of it its hash.
type state uint64

func (s state) StateHash() uint64 { return uint64(s) }

// A recording made by -record replays with the same options, bounding
// the loop's ticks to the recording's; a replay with another scene, seed,
// tick rate or setting is refused as a bad command line (*Refusal),
// naming what differs.
func TestAReplayTakesOnlyTheRecordingsOwnOptions(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.tape")
	settings := []tape.Setting{{Name: "seed", Value: "3"}, {Name: "speed", Value: "2"}}
	o := Options{Record: path, Name: "g", Seed: 3, TPS: 60, Settings: settings, Log: slog.New(slog.DiscardHandler)}
	var loop engine.Config
	var w host.Wiring
	rec, err := Open(t.Context(), o, &loop, &w, false)
	if err != nil {
		t.Fatal(err)
	}
	var in engine.Input
	for n := range uint64(5) {
		if err := w.Tape.(*tape.Recorder).Tick(n, &in, state(7)); err != nil {
			t.Fatal(err)
		}
	}
	if err := rec.Close(0); err != nil {
		t.Fatal(err)
	}
	replay := o
	replay.Record, replay.Replay = "", path
	loop = engine.Config{}
	if _, err := Open(t.Context(), replay, &loop, &w, false); err != nil || loop.Ticks != 5 {
		t.Fatalf("replay with the recording's options: %v, ticks bounded to %d; want 5", err, loop.Ticks)
	}
	for _, tc := range []struct {
		name string
		set  func(*Options)
		want string
	}{
		{"scene", func(o *Options) { o.Name = "h" }, `of scene "g", not "h"`},
		{"seed", func(o *Options) { o.Seed = 4 }, "made with -seed 3 -tps 60, this run has -seed 4 -tps 60"},
		{"setting", func(o *Options) { o.Settings = []tape.Setting{{Name: "seed", Value: "3"}, {Name: "speed", Value: "5"}} }, "-speed 2, this run has -speed 5"},
	} {
		other := replay
		tc.set(&other)
		_, err := Open(t.Context(), other, &engine.Config{}, &host.Wiring{}, false)
		var ref *Refusal
		if !errors.As(err, &ref) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("another %s: %v, want a refusal saying %q", tc.name, err, tc.want)
		}
	}
}
