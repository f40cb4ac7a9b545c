package engine

import (
	"cmp"
	"errors"
	"fmt"
	"time"

	"github.com/lockstep-engine/lockstep/physics"
)

// SyncTestConfig sets up a SyncTest. The zero value checks 2 ticks back
// (as GGRS's SyncTestSession defaults) for 600 ticks at 60 a second with
// zero input.
type SyncTestConfig struct {
	// Ticks is how many ticks the game runs; 0 means 600.
	Ticks uint64
	// Check is how many ticks back each tick is simulated again, 1 to
	// 64; 0 means 2.
	Check int
	// TPS is the tick rate; 0 means 60.
	TPS int
	// Players is the game's player slots, as its loop would have them;
	// 0 is a game without slots, which reads Tick.Input.
	Players int
	// Input fills tick n's input: one Input per player slot, or one for
	// a game without slots (its Tick.Input). Nil means zero input.
	Input func(n uint64, in []Input)
}

// SyncTestError names the first tick at which two copies of one state,
// ticked alike, disagreed: a field CopyFrom misses, or randomness a tick
// draws from outside the game's state.
type SyncTestError struct {
	// Tick is the tick whose state differed: the state it started from
	// when After is false, the one it left otherwise.
	Tick  uint64
	After bool // false: the states a tick started from differed
	// What says which two states were compared.
	What string
}

// Error says which tick differed and what was compared.
func (e *SyncTestError) Error() string {
	when := "at the start of"
	if e.After {
		when = "after"
	}
	return fmt.Sprintf("engine: sync test: %s differ %s tick %d: CopyFrom misses part of the game's state, or a tick reads something outside it", e.What, when, e.Tick)
}

// SyncTest runs game alone and checks that its copies are whole, as
// GGRS's SyncTestSession does for saving and restoring: every tick it
// copies the state of Check ticks ago into a reused instance and into a
// fresh one (Fork), ticks both through the same input again, and
// compares their state hashes after every tick; it also compares the hash
// of each copy with its source's right after copying. Copies are compared
// with copies, not with the game itself: a copied physics world need not
// continue the original's trajectory bit for bit. It returns a
// *SyncTestError naming the first tick that differs.
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
//	// then engine.SyncTest(desktop.PartsOf(g, nil), engine.SyncTestConfig{...})
//
// (samples/versus and samples/breakout do so in their tests). A game
// that panics because it was not set up, or for any other reason, fails
// the test with an error saying so rather than crashing it.
func SyncTest(game Parts, cfg SyncTestConfig) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("engine: sync test: the game panicked: %v (SyncTest calls no Start: set the game up first, as its run would)", r)
		}
	}()
	c, err := NewSyncChecker(game, cfg)
	if err != nil {
		return err
	}
	defer c.Close()
	st := c.st
	t := Tick{DT: st.tick.DT}
	in := make([]Input, max(st.cfg.Players, 1))
	if st.cfg.Players > 0 {
		t.Players = in
	}
	for n := range st.cfg.Ticks {
		t.N = n
		clear(in)
		if st.cfg.Input != nil {
			st.cfg.Input(n, in)
		}
		t.Input = Input{}
		if t.Players == nil {
			t.Input = in[0]
		}
		if err := c.Before(&t); err != nil {
			return err
		}
		if err := st.step(st.main, n); err != nil {
			return err
		}
	}
	return c.Finish()
}

// syncTest is a SyncTest's state: the game, a ring of saved copies (the
// state each of the last Check ticks started from), their inputs, and
// the reused instance.
type syncTest struct {
	cfg    SyncTestConfig
	main   syncInstance
	saved  []syncInstance
	inputs [][]Input
	reused syncInstance
	tick   Tick
	snap   []physics.BodyState
}

// syncInstance is one instance of the game with what the test drives.
type syncInstance struct {
	Parts
	world physics.Stepper
}

// close closes the copies the test made.
func (st *syncTest) close() {
	for _, g := range append(st.saved, st.reused) {
		if g.Close != nil {
			_ = g.Close()
		}
	}
}

func newSyncTest(game Parts, cfg SyncTestConfig) (*syncTest, error) {
	st := &syncTest{}
	cfg.Ticks = cmp.Or(cfg.Ticks, 600)
	cfg.Check = cmp.Or(cfg.Check, 2)
	cfg.TPS = cmp.Or(cfg.TPS, 60)
	if cfg.Check < 1 || cfg.Check > 64 {
		return st, fmt.Errorf("engine: SyncTestConfig.Check %d out of range: want 1 to 64 ticks", cfg.Check)
	}
	if cfg.TPS < 1 || cfg.TPS > MaxTPS {
		return st, fmt.Errorf("engine: SyncTestConfig.TPS %d out of range: want 1 to %d", cfg.TPS, MaxTPS)
	}
	st.cfg = cfg
	var err error
	if st.main, err = instance(game, "the game"); err != nil {
		return st, err
	}
	players := cfg.Players
	if players < 0 || players > MaxPlayers {
		return st, fmt.Errorf("engine: SyncTestConfig.Players %d out of range: want 0 (none) to %d", players, MaxPlayers)
	}
	if st.reused, err = st.fork(); err != nil {
		return st, err
	}
	for range cfg.Check {
		s, err := st.fork()
		if err != nil {
			return st, err
		}
		st.saved = append(st.saved, s)
		st.inputs = append(st.inputs, make([]Input, max(players, 1)))
	}
	st.tick.DT = time.Second / time.Duration(cfg.TPS)
	if players > 0 {
		st.tick.Players = make([]Input, players)
	}
	return st, nil
}

// instance checks what the test drives on one instance of the game.
func instance(p Parts, what string) (syncInstance, error) {
	if err := p.check("sync test: "+what, false); err != nil {
		return syncInstance{}, err
	}
	if p.Fork == nil {
		return syncInstance{}, errors.New("engine: sync test: the game cannot be copied: set Parts.Fork and Parts.Predictor (an engine.Predictor)")
	}
	return syncInstance{Parts: p, world: p.world()}, nil
}

// fork makes another instance of the game.
func (st *syncTest) fork() (syncInstance, error) {
	f, err := st.main.Fork()
	if err != nil {
		return syncInstance{}, fmt.Errorf("engine: sync test: fork the game: %w", err)
	}
	return instance(f, "the game's fork")
}
