package netplay

import (
	"errors"
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/engine"
)

// A peer that answers (acknowledges, echoes) but never sends input froze
// the other at its first ticks with no end: its lag now passes a bound
// (LagAfter) and the session takes its usual course, the host giving the slot up
// and a joiner ending with a *LaggingError, after a "lagging" notice.
func TestAPeerThatAnswersButSendsNoInputIsLagging(t *testing.T) {
	for _, frozenIsHost := range []bool{false, true} {
		h, j, hl, jl := pair(t)
		players := make([]engine.Input, 2)
		active, frozen := h, j
		if frozenIsHost {
			active, frozen = j, h
		}
		var n uint64
		var err error
		var noticed time.Duration
		now := time.Duration(0)
		for range 1500 { // 15 s of 10 ms frames, bounded
			now += 10 * time.Millisecond
			_ = frozen.Frame(now, false) // talks, never takes a tick: no input
			if err = active.Frame(now, false); err != nil {
				break
			}
			ok, ierr := active.Inputs(n, &engine.Input{}, players, constHash(1))
			if ierr != nil {
				err = ierr
				break
			}
			if ok {
				n++
			}
			if _, _, lag := active.Lagging(); lag && noticed == 0 {
				noticed = now
			}
			hl.in, jl.sent = append(hl.in, jl.sent...), nil
			jl.in, hl.sent = append(jl.in, hl.sent...), nil
		}
		var lagging *LaggingError
		switch {
		case noticed == 0 || noticed > time.Second:
			t.Errorf("frozen host %v: the lag was noticed at %v, want within a second", frozenIsHost, noticed)
		case frozenIsHost && (!errors.As(err, &lagging) || lagging.Slot != 0):
			t.Errorf("a joiner whose host sends no input: %v at %v, want a *LaggingError for slot 0", err, now)
		case !frozenIsHost && (!errors.Is(err, engine.ErrQuit) || active.Stats().Lagging != 1):
			t.Errorf("a host whose joiner sends no input: %v at %v (lagging %d), want the slot given up and the session's end", err, now, active.Stats().Lagging)
		case now > DefaultLagAfter+500*time.Millisecond:
			t.Errorf("frozen host %v: ended at %v, want just after LagAfter %v", frozenIsHost, now, DefaultLagAfter)
		}
	}
}
