package desktop

import (
	"errors"
	"fmt"
	"log/slog"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/host"
)

// SyncTestSummary is what -synctest found: the "synctest" object of the
// JSON summary.
type SyncTestSummary struct {
	// Depth is how many ticks back each tick's state was restored and
	// simulated again (-synctest).
	Depth int `json:"depth"`
	// Checked counts the saved states restored and simulated Depth ticks
	// on without a difference.
	Checked uint64 `json:"checked"`
	// FirstMismatch is the first tick whose copies differed; nil when
	// none did.
	FirstMismatch *uint64 `json:"first_mismatch"`
	// Mismatch says how they differed (host.SyncError's message);
	// "" when none did.
	Mismatch string `json:"mismatch,omitempty"`
}

// syncRun is a run's -synctest: the check before each tick of the game.
type syncRun struct {
	check *host.SyncChecker
	sum   SyncTestSummary
	ended bool
}

// newSyncRun prepares -synctest's check, depth ticks deep, of the game
// whose copies tick copies in a loop of loop's configuration.
func newSyncRun(depth int, copies engine.Parts, loop *engine.Config, log *slog.Logger) (*syncRun, error) {
	c, err := host.NewSyncChecker(copies, depth, *loop)
	if err != nil {
		return nil, fmt.Errorf("-synctest: %w", err)
	}
	log.Info("sync test: each tick, the state of this many ticks ago is restored and simulated again",
		"ticks", depth)
	return &syncRun{check: c, sum: SyncTestSummary{Depth: c.Check()}}, nil
}

// before checks the ticks before t, saves the state t starts from.
func (s *syncRun) before(t *engine.Tick) error {
	if s == nil {
		return nil
	}
	return s.failed(s.check.Before(t))
}

// end checks the last ticks, closes the copies and returns what the
// check found; after the first call it does nothing (and returns nil).
func (s *syncRun) end(runErr error) (*SyncTestSummary, error) {
	if s == nil || s.ended {
		return nil, runErr
	}
	s.ended = true
	var ste *host.SyncError
	if !errors.As(runErr, &ste) { // a failed check ran no more ticks
		runErr = errors.Join(runErr, s.failed(s.check.Finish()))
	}
	s.check.Close()
	s.sum.Checked = s.check.Checked()
	return &s.sum, runErr
}

// failed notes a check's difference in the summary.
func (s *syncRun) failed(err error) error {
	var ste *host.SyncError
	if errors.As(err, &ste) {
		n := ste.Tick
		s.sum.FirstMismatch, s.sum.Mismatch = &n, ste.Error()
	}
	return err
}
