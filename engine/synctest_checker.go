package engine

import "fmt"

// SyncChecker is SyncTest's check for a run that ticks the game itself
// (platform/desktop's -synctest): before each tick it saves the state the
// tick starts from and its input, and re-simulates the ticks since the
// state saved Check ticks before, in a reused copy and a fresh one,
// comparing them as SyncTest does. The run ticks the game (and steps its
// world) between two calls of Before, the ticks in order from 0.
type SyncChecker struct {
	st      *syncTest
	next    uint64 // the tick Before expects
	checked uint64
}

// NewSyncChecker prepares the check of game. cfg's Check, TPS and
// Players are the run's (Players as the loop has them); Ticks and Input
// are SyncTest's and ignored here. Close the checker when done; when
// this fails it has closed the copies it made, and returns nil.
func NewSyncChecker(game Predictor, cfg SyncTestConfig) (*SyncChecker, error) {
	st, err := newSyncTest(game, cfg)
	if err != nil {
		st.close()
		return nil, err
	}
	return &SyncChecker{st: st}, nil
}

// Before is called with tick t before the game runs it: it first
// re-simulates the Check ticks that ended with the tick before (once
// Check ticks have run), then saves the state t starts from, checking the
// copy hashes as the game does, and keeps t's input (Tick.Players, or
// Tick.Input in a game without slots). It returns a *SyncTestError naming
// the first tick whose copies differ.
func (c *SyncChecker) Before(t *Tick) error {
	if t.N != c.next {
		return fmt.Errorf("engine: sync test: got tick %d, want %d: the ticks must come in order from 0", t.N, c.next)
	}
	st := c.st
	if err := c.checkBack(t.N); err != nil {
		return err
	}
	if err := st.save(t.N); err != nil {
		return err
	}
	in := st.inputs[t.N%uint64(st.cfg.Check)]
	clear(in)
	if t.Players != nil {
		copy(in, t.Players)
	} else {
		in[0] = t.Input
	}
	c.next++
	return nil
}

// Finish re-simulates the last Check ticks run, which no Before checked.
func (c *SyncChecker) Finish() error { return c.checkBack(c.next) }

// checkBack re-simulates the Check ticks before tick n, if that many ran.
func (c *SyncChecker) checkBack(n uint64) error {
	check := uint64(c.st.cfg.Check)
	if n < check {
		return nil
	}
	if err := c.st.check(n - check); err != nil {
		return err
	}
	c.checked++
	return nil
}

// Checked returns how many saved states were restored and re-simulated
// Check ticks on without a difference.
func (c *SyncChecker) Checked() uint64 { return c.checked }

// Check returns how many ticks back each check goes (SyncTestConfig.Check
// with its default).
func (c *SyncChecker) Check() int { return c.st.cfg.Check }

// Close closes the copies the checker made that are io.Closers.
func (c *SyncChecker) Close() { c.st.close() }
