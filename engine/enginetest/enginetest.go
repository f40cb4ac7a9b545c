// Package enginetest checks a game against the contracts its tests can
// hold it to, without a window or a network: SyncTest, that the game's
// copies are whole, as a netplay session that draws ahead of its
// confirmed input needs them (engine.Predictor). engine/predicttest
// drives the predicted frames themselves.
package enginetest

import (
	"cmp"
	"fmt"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/host"
)

// Config sets up a SyncTest. The zero value checks 2 ticks back (as
// GGRS's SyncTestSession defaults) for 600 ticks at 60 a second with
// zero input.
type Config struct {
	// Ticks is how many ticks the game runs; 0 means 600.
	Ticks uint64
	// Check is how many ticks back each tick is simulated again, 1 to
	// 64; 0 means 2.
	Check int
	// TPS is the tick rate, 1 to 10,000 (host.MaxTPS); 0 means 60.
	TPS int
	// Players is the game's player slots, as its loop would have them
	// (engine.Config.Players); 0 is a game without slots, which reads
	// Tick.Input.
	Players int
	// Input fills tick n's input: one Input per player slot, or one for
	// a game without slots (its Tick.Input). Nil means zero input.
	Input func(n uint64, in []engine.Input)
}

// Error is what SyncTest returns when copies differ: the first tick whose
// hashes disagree and how. It is the error desktop's -synctest run ends
// with too, so a game's test can check for it without naming the host.
type Error = host.SyncError

// SyncTest runs game alone and checks that its copies are whole, as
// GGRS's SyncTestSession does for saving and restoring: every tick it
// copies the state of Check ticks ago into a reused instance and into a
// fresh one (Fork), ticks both through the same input again, and
// compares their state hashes after every tick; it also compares the hash
// of each copy with its source's right after copying (a
// host.SyncChecker, as platform/desktop's -synctest runs on any game).
// Copies are compared with copies, not with the game itself: a copied
// physics world need not continue the original's trajectory bit for
// bit. It returns an *Error naming the first tick that differs.
//
// The game must be copyable (Parts.Fork and Parts.Predictor set); its
// world, when it has one, is stepped after each Tick, as the loop does.
// SyncTest closes the copies it forks, never the game.
//
// SyncTest calls no Start: it has no window, command line or run to
// build a desktop.Setup from. Set the game up first as its run would,
// for a desktop.Starter with a Setup holding what its Start reads, such
// as
//
//	g := &game{}
//	err := g.Start(&desktop.Setup{Seed: 1, Physics: backend.Chipmunk})
//	// then enginetest.SyncTest(desktop.PartsOf(g, nil), enginetest.Config{...})
//
// (samples/versus and samples/breakout do so in their tests). A game
// that panics because it was not set up, or for any other reason, fails
// the test with an error saying so rather than crashing it.
func SyncTest(game engine.Parts, cfg Config) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("engine: sync test: the game panicked: %v (SyncTest calls no Start: set the game up first, as its run would)", r)
		}
	}()
	c, err := host.NewSyncChecker(game, cfg.Check, engine.Config{TPS: cfg.TPS, Players: cfg.Players})
	if err != nil {
		return err
	}
	defer c.Close()
	t := engine.Tick{DT: c.DT()}
	in := make([]engine.Input, max(cfg.Players, 1))
	if cfg.Players > 0 {
		t.Players = in
	}
	for n := range cmp.Or(cfg.Ticks, 600) {
		t.N = n
		clear(in)
		if cfg.Input != nil {
			cfg.Input(n, in)
		}
		t.Input = engine.Input{}
		if t.Players == nil {
			t.Input = in[0]
		}
		if err := c.Tick(&t); err != nil {
			return err
		}
	}
	return c.Finish()
}
