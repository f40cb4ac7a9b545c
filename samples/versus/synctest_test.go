package main

import (
	"context"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/engine/host"
	"github.com/lockstep-engine/lockstep/platform/desktop"
	"github.com/veandco/go-sdl2/sdl"
)

// versus played alone by its -bot passes -synctest 8 from the command
// line: every tick, the state of 8 ticks before is copied and simulated
// again with the same players' input, and the copies agree. It runs in
// this process on a clock that runs a tick a frame and never waits: as a
// process on the real clock it spent 20 s waiting for the ticks' times.
func TestVersusWithItsBotPassesTheSyncTestMode(t *testing.T) {
	g := &game{}
	cfg, err := desktop.Parse(g, config(g), []string{"-headless", "-mode", "uncapped", "-bot", "3", "-ticks", "1200", "-synctest", "8"})
	if err != nil {
		t.Fatal(err)
	}
	cfg.Clock = host.NewFastClock(time.Second / 60)
	cfg.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	cfg.Output.StatsOut = io.Discard
	cfg.SaveDir = t.TempDir() // whatever a run keeps stays out of the user's
	var s desktop.Summary
	sdl.Do(func() { s, err = desktop.Run(context.Background(), g, cfg) })
	if err != nil {
		t.Fatal(err)
	}
	st := s.SyncTest
	if s.Ticks != 1200 || st == nil || st.Depth != 8 || st.Checked != 1193 || st.FirstMismatch != nil {
		t.Fatalf("%d ticks, synctest %+v: want 1200 ticks, depth 8, 1193 checked, no mismatch", s.Ticks, st)
	}
}
