package host

import (
	"cmp"
	"errors"
	"fmt"
	"time"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/physics"
)

// SyncError names the first tick at which two copies of one state,
// ticked alike, disagreed: a field CopyFrom misses, or randomness a tick
// draws from outside the game's state. A SyncChecker and
// engine/enginetest's SyncTest return it.
type SyncError struct {
	// Tick is the tick whose state differed: the state it started from
	// when After is false, the one it left otherwise.
	Tick  uint64
	After bool // false: the states a tick started from differed
	// What says which two states were compared.
	What string
}

// Error says which tick differed and what was compared.
func (e *SyncError) Error() string {
	when := "at the start of"
	if e.After {
		when = "after"
	}
	return fmt.Sprintf("engine: sync test: %s differ %s tick %d: CopyFrom misses part of the game's state, or a tick reads something outside it", e.What, when, e.Tick)
}

// SyncChecker checks that a game's copies are whole, as GGRS's
// SyncTestSession does for saving and restoring, in a run that ticks the
// game itself (platform/desktop's -synctest; engine/enginetest's SyncTest
// for a game's tests): before each tick it saves the state the tick
// starts from and its input, and re-simulates the ticks since the state
// saved Check ticks before, in a reused copy and a fresh one (Fork),
// comparing their state hashes after every tick; it also compares the
// hash of each copy with its source's right after copying. Copies are
// compared with copies, not with the game itself: a copied physics world
// need not continue the original's trajectory bit for bit. The run ticks
// the game (and steps its world) between two calls of Before, the ticks
// in order from 0. Make one with NewSyncChecker: the zero SyncChecker
// has no game to check.
type SyncChecker struct {
	check   int // how many ticks back, 1 to 64
	saved   []syncInstance
	inputs  [][]engine.Input
	reused  syncInstance
	main    syncInstance
	tick    engine.Tick
	snap    []physics.BodyState
	next    uint64 // the tick Before expects
	checked uint64
}

// syncInstance is one instance of the game with what the check drives.
type syncInstance struct {
	engine.Parts
	world physics.Stepper
}

// NewSyncChecker prepares the check of game, check ticks back (1 to 64;
// 0 means 2), for a run of loop's TPS and Players (with WithDefaults'
// defaults and ranges; its other fields are not read). The game must be
// copyable (Parts.Fork and Parts.Predictor set). Close the checker when
// done; when this fails it has closed the copies it made, and returns
// nil.
func NewSyncChecker(game engine.Parts, check int, loop engine.Config) (*SyncChecker, error) {
	c, err := newSyncChecker(game, check, loop)
	if err != nil {
		c.Close()
		return nil, err
	}
	return c, nil
}

func newSyncChecker(game engine.Parts, check int, loop engine.Config) (*SyncChecker, error) {
	c := &SyncChecker{check: cmp.Or(check, 2)}
	if c.check < 1 || c.check > 64 {
		return c, fmt.Errorf("engine: sync test: check distance %d out of range: want 1 to 64 ticks", c.check)
	}
	loop, err := WithDefaults(engine.Config{TPS: loop.TPS, Players: loop.Players})
	if err != nil {
		return c, fmt.Errorf("sync test: %w", err)
	}
	if c.main, err = syncInstanceOf(game, "the game"); err != nil {
		return c, err
	}
	if c.reused, err = c.fork(); err != nil {
		return c, err
	}
	for range c.check {
		s, err := c.fork()
		if err != nil {
			return c, err
		}
		c.saved = append(c.saved, s)
		c.inputs = append(c.inputs, make([]engine.Input, max(loop.Players, 1)))
	}
	c.tick.DT = time.Second / time.Duration(loop.TPS)
	if loop.Players > 0 {
		c.tick.Players = make([]engine.Input, loop.Players)
	}
	return c, nil
}

// syncInstanceOf checks what the check drives on one instance of the game.
func syncInstanceOf(p engine.Parts, what string) (syncInstance, error) {
	if err := checkParts(&p, "sync test: "+what, false); err != nil {
		return syncInstance{}, err
	}
	if p.Fork == nil {
		return syncInstance{}, errors.New("engine: sync test: the game cannot be copied: set Parts.Fork and Parts.Predictor (an engine.Predictor)")
	}
	return syncInstance{Parts: p, world: worldOf(&p)}, nil
}

// fork makes another instance of the game.
func (c *SyncChecker) fork() (syncInstance, error) {
	f, err := c.main.Fork()
	if err != nil {
		return syncInstance{}, fmt.Errorf("engine: sync test: fork the game: %w", err)
	}
	return syncInstanceOf(f, "the game's fork")
}

// Before is called with tick t before the game runs it: it first
// re-simulates the Check ticks that ended with the tick before (once
// Check ticks have run), then saves the state t starts from, checking the
// copy hashes as the game does, and keeps t's input (Tick.Players, or
// Tick.Input in a game without slots). It returns a *SyncError naming
// the first tick whose copies differ.
func (c *SyncChecker) Before(t *engine.Tick) error {
	if t.N != c.next {
		return fmt.Errorf("engine: sync test: got tick %d, want %d: the ticks must come in order from 0", t.N, c.next)
	}
	if err := c.checkBack(t.N); err != nil {
		return err
	}
	if err := c.save(t.N); err != nil {
		return err
	}
	in := c.inputs[t.N%uint64(c.check)]
	clear(in)
	if t.Players != nil {
		copy(in, t.Players)
	} else {
		in[0] = t.Input
	}
	c.next++
	return nil
}

// Tick is Before, then tick t run on the game the checker was made with
// and its world stepped, as the loop does: for a caller that ticks the
// game through the checker (enginetest.SyncTest) rather than in a run of
// its own.
func (c *SyncChecker) Tick(t *engine.Tick) error {
	if err := c.Before(t); err != nil {
		return err
	}
	return c.main.run(t)
}

// Finish re-simulates the last Check ticks run, which no Before checked.
func (c *SyncChecker) Finish() error { return c.checkBack(c.next) }

// checkBack re-simulates the Check ticks before tick n, if that many ran.
func (c *SyncChecker) checkBack(n uint64) error {
	check := uint64(c.check)
	if n < check {
		return nil
	}
	if err := c.recheck(n - check); err != nil {
		return err
	}
	c.checked++
	return nil
}

// Checked returns how many saved states were restored and re-simulated
// Check ticks on without a difference.
func (c *SyncChecker) Checked() uint64 { return c.checked }

// Check returns how many ticks back each check goes (NewSyncChecker's
// check, with its default).
func (c *SyncChecker) Check() int { return c.check }

// DT returns the fixed step of the ticks the checker runs again: one
// tick at the loop's TPS.
func (c *SyncChecker) DT() time.Duration { return c.tick.DT }

// Close closes the copies the checker made, never the game.
func (c *SyncChecker) Close() {
	for _, g := range append(c.saved, c.reused) {
		if g.Close != nil {
			_ = g.Close()
		}
	}
}
