package enginetest_test

import (
	"errors"
	"testing"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/enginetest"
	"github.com/lockstep-engine/lockstep/engine/host"
)

// host.SyncChecker is tested here, beside SyncTest, because it is held to
// what SyncTest finds: desktop's -synctest runs it on a game that ticks
// itself.

// A SyncChecker, for a run that ticks the game itself, finds what
// SyncTest finds, and takes the ticks in order only.
func TestSyncCheckerFindsWhatSyncTestFinds(t *testing.T) {
	err := enginetest.SyncTest((&glider{copyScore: true}).parts(), enginetest.Config{Ticks: 300, Check: 2, Input: pressFrom5})
	var want *host.SyncError
	if !errors.As(err, &want) {
		t.Fatalf("SyncTest: %v, want a *host.SyncError", err)
	}
	g := &glider{copyScore: true}
	c, err := host.NewSyncChecker(g.parts(), 2, engine.Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	var in [1]engine.Input
	var failed error
	for n := uint64(0); n < 300 && failed == nil; n++ {
		in[0] = engine.Input{}
		pressFrom5(n, in[:])
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
		{"check 65 ticks back", (&glider{}).parts(), 65, engine.Config{}},
		{"check -1 ticks back", (&glider{}).parts(), -1, engine.Config{}},
		{"a tick rate beyond MaxTPS", (&glider{}).parts(), 2, engine.Config{TPS: host.MaxTPS + 1}},
		{"more slots than MaxPlayers", (&glider{}).parts(), 2, engine.Config{Players: host.MaxPlayers + 1}},
		{"a game without Fork", engine.Parts{Tick: (&glider{}).Tick}, 2, engine.Config{}},
	} {
		if c, err := host.NewSyncChecker(tc.game, tc.check, tc.loop); err == nil || c != nil {
			t.Errorf("%s: got %v, %v; want no checker and an error", tc.name, c, err)
		}
	}
}
