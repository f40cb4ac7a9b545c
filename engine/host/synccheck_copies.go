package host

import (
	"fmt"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/internal/statehash"
	"github.com/lockstep-engine/lockstep/physics"
)

// save copies the state tick n starts from into its place in the ring,
// and checks the copy hashes as its source does.
func (c *SyncChecker) save(n uint64) error {
	s := &c.saved[n%uint64(c.check)]
	if err := s.Predictor.CopyFrom(c.main.Predictor); err != nil {
		return fmt.Errorf("engine: sync test: copy the state of tick %d: %w", n, err)
	}
	if c.hashOf(s) != c.hashOf(&c.main) {
		return &SyncError{Tick: n, What: "the game and a copy of it"}
	}
	return nil
}

// step runs tick n on one copy with the input kept for it.
func (c *SyncChecker) step(g syncInstance, n uint64) error {
	in := c.inputs[n%uint64(c.check)]
	c.tick.N = n
	if c.tick.Players != nil {
		copy(c.tick.Players, in)
	} else {
		c.tick.Input = in[0]
	}
	return g.run(&c.tick)
}

// run runs tick t on g and steps g's world, as the loop does.
func (g *syncInstance) run(t *engine.Tick) error {
	if err := g.Tick(t); err != nil {
		return fmt.Errorf("engine: sync test: tick %d: %w", t.N, err)
	}
	if g.world != nil {
		if err := g.world.Step(t.DT); err != nil {
			return fmt.Errorf("engine: sync test: physics step in tick %d: %w", t.N, err)
		}
	}
	return nil
}

// recheck copies the state tick k started from into the reused copy and
// into a fresh one, and ticks both to the present, comparing them.
func (c *SyncChecker) recheck(k uint64) (err error) {
	src := &c.saved[k%uint64(c.check)]
	fresh, err := c.fork()
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
	for _, g := range [...]*syncInstance{&c.reused, &fresh} {
		if err := g.Predictor.CopyFrom(src.Predictor); err != nil {
			return fmt.Errorf("engine: sync test: copy the state of tick %d: %w", k, err)
		}
		if c.hashOf(g) != c.hashOf(src) {
			return &SyncError{Tick: k, What: "a saved state and a copy of it"}
		}
	}
	for t := k; t < k+uint64(c.check); t++ {
		if err := c.step(c.reused, t); err != nil {
			return err
		}
		if err := c.step(fresh, t); err != nil {
			return err
		}
		if c.hashOf(&c.reused) != c.hashOf(&fresh) {
			return &SyncError{Tick: t, After: true, What: "a reused copy and a fresh copy ticked alike"}
		}
	}
	return nil
}

// hashOf fingerprints an instance as the loop does: its world's
// snapshot and its own hash.
func (c *SyncChecker) hashOf(g *syncInstance) uint64 {
	var world, game uint64
	if g.world != nil {
		c.snap = g.world.Snapshot(c.snap[:0])
		world = uint64(physics.Hash(c.snap))
	}
	if g.StateHash != nil {
		game = g.StateHash()
	}
	return statehash.Combine(world, game, g.world != nil, g.StateHash != nil)
}
