package engine

import (
	"fmt"

	"github.com/lockstep-engine/lockstep/engine/internal/statehash"
	"github.com/lockstep-engine/lockstep/physics"
)

// save copies the state tick n starts from into its place in the ring,
// and checks the copy hashes as its source does.
func (st *syncTest) save(n uint64) error {
	s := &st.saved[n%uint64(st.cfg.Check)]
	if err := s.Predictor.CopyFrom(st.main.Predictor); err != nil {
		return fmt.Errorf("engine: sync test: copy the state of tick %d: %w", n, err)
	}
	if st.hashOf(s) != st.hashOf(&st.main) {
		return &SyncTestError{Tick: n, What: "the game and a copy of it"}
	}
	return nil
}

// step runs tick n on one instance with the input kept for it.
func (st *syncTest) step(g syncInstance, n uint64) error {
	in := st.inputs[n%uint64(st.cfg.Check)]
	st.tick.N = n
	if st.tick.Players != nil {
		copy(st.tick.Players, in)
	} else {
		st.tick.Input = in[0]
	}
	if err := g.Tick(&st.tick); err != nil {
		return fmt.Errorf("engine: sync test: tick %d: %w", n, err)
	}
	if g.world != nil {
		if err := g.world.Step(st.tick.DT); err != nil {
			return fmt.Errorf("engine: sync test: physics step in tick %d: %w", n, err)
		}
	}
	return nil
}

// check copies the state tick k started from into the reused instance
// and into a fresh one, and ticks both to the present, comparing them.
func (st *syncTest) check(k uint64) (err error) {
	src := &st.saved[k%uint64(st.cfg.Check)]
	fresh, err := st.fork()
	if err != nil {
		return err
	}
	if fresh.Close != nil {
		defer func() {
			if cerr := fresh.Close(); err == nil && cerr != nil {
				err = fmt.Errorf("engine: sync test: close a fresh copy: %w", cerr)
			}
		}()
	}
	for _, g := range [...]*syncInstance{&st.reused, &fresh} {
		if err := g.Predictor.CopyFrom(src.Predictor); err != nil {
			return fmt.Errorf("engine: sync test: copy the state of tick %d: %w", k, err)
		}
		if st.hashOf(g) != st.hashOf(src) {
			return &SyncTestError{Tick: k, What: "a saved state and a copy of it"}
		}
	}
	for t := k; t < k+uint64(st.cfg.Check); t++ {
		if err := st.step(st.reused, t); err != nil {
			return err
		}
		if err := st.step(fresh, t); err != nil {
			return err
		}
		if st.hashOf(&st.reused) != st.hashOf(&fresh) {
			return &SyncTestError{Tick: t, After: true, What: "a reused copy and a fresh copy ticked alike"}
		}
	}
	return nil
}

// hashOf fingerprints an instance as the loop does: its world's
// snapshot and its own hash.
func (st *syncTest) hashOf(g *syncInstance) uint64 {
	var world, game uint64
	if g.world != nil {
		st.snap = g.world.Snapshot(st.snap[:0])
		world = uint64(physics.Hash(st.snap))
	}
	if g.StateHash != nil {
		game = g.StateHash()
	}
	return statehash.Combine(world, game, g.world != nil, g.StateHash != nil)
}
