package host_test

import (
	"errors"
	"testing"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/enginetest"
	"github.com/lockstep-engine/lockstep/engine/host"
)

// drifter moves at a speed the A key raises; its CopyFrom forgets the
// speed, which it does not hash.
type drifter struct{ pos, vel int64 }

func (d *drifter) Tick(t *engine.Tick) error {
	if t.Input.Down.Has(engine.KeyA) {
		d.vel++
	}
	d.pos += d.vel
	return nil
}

func (d *drifter) StateHash() uint64               { return uint64(d.pos) }
func (d *drifter) Fork() (engine.Predictor, error) { return &drifter{}, nil }
func (d *drifter) CopyFrom(src engine.Predictor) error {
	d.pos = src.(*drifter).pos
	return nil
}

func (d *drifter) parts() engine.Parts {
	return engine.Parts{Tick: d.Tick, StateHash: d.StateHash, Predictor: d,
		Fork: func() (engine.Parts, error) {
			f, err := d.Fork()
			return f.(*drifter).parts(), err
		}}
}

// pressA holds A from tick 5 on.
func pressA(n uint64, in []engine.Input) {
	if n >= 5 {
		in[0].Down.Add(engine.KeyA)
	}
}

// A SyncChecker, for a run that ticks the game itself, finds what
// enginetest.SyncTest finds, and takes the ticks in order only.
func TestSyncCheckerFindsWhatSyncTestFinds(t *testing.T) {
	err := enginetest.SyncTest((&drifter{}).parts(), enginetest.Config{Ticks: 300, Check: 2, Input: pressA})
	var want *host.SyncError
	if !errors.As(err, &want) {
		t.Fatalf("SyncTest: %v, want a *host.SyncError", err)
	}
	g := &drifter{}
	c, err := host.NewSyncChecker(g.parts(), 2, engine.Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	var in [1]engine.Input
	var failed error
	for n := uint64(0); n < 300 && failed == nil; n++ {
		in[0] = engine.Input{}
		pressA(n, in[:])
		tick := engine.Tick{N: n, Input: in[0], DT: c.DT()}
		if failed = c.Before(&tick); failed == nil {
			failed = g.Tick(&tick)
		}
	}
	var se *host.SyncError
	if !errors.As(failed, &se) || *se != *want || se.Tick != 5 || !se.After || c.Checked() != 5 {
		t.Fatalf("got %v after %d checked; want %v, the states of ticks 0 to 4 checked", failed, c.Checked(), want)
	}
	if err := c.Before(&engine.Tick{N: 99}); err == nil {
		t.Fatal("tick 99 was taken out of order")
	}
}

func TestSyncCheckerRefusesWhatItCannotCheck(t *testing.T) {
	for _, tc := range []struct {
		name  string
		game  engine.Parts
		check int
		loop  engine.Config
	}{
		{"check 65 ticks back", (&drifter{}).parts(), 65, engine.Config{}},
		{"check -1 ticks back", (&drifter{}).parts(), -1, engine.Config{}},
		{"a tick rate beyond MaxTPS", (&drifter{}).parts(), 2, engine.Config{TPS: host.MaxTPS + 1}},
		{"more slots than MaxPlayers", (&drifter{}).parts(), 2, engine.Config{Players: host.MaxPlayers + 1}},
		{"a game without Fork", engine.Parts{Tick: (&drifter{}).Tick}, 2, engine.Config{}},
	} {
		if c, err := host.NewSyncChecker(tc.game, tc.check, tc.loop); err == nil || c != nil {
			t.Errorf("%s: got %v, %v; want no checker and an error", tc.name, c, err)
		}
	}
}
