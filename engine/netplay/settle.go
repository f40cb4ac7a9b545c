package netplay

import (
	"time"

	"github.com/lockstep-engine/lockstep/engine/host"
)

// settleStep is how often Settle services the links.
const settleStep = 5 * time.Millisecond

// Settle keeps the session's links serviced after its loop ended, on the
// clock the loop ran on, until every peer has what it needs from this
// one (see Settled) or limit passes, and reports whether they have: a
// peer's last inputs may have been lost and must be sent again before
// this one leaves.
func (s *Session) Settle(c host.Clock, limit time.Duration) bool {
	end := c.Now() + limit
	for !s.Settled() {
		now := c.Now()
		if now >= end {
			return false
		}
		_ = s.Frame(now, false)
		c.SleepUntil(now + settleStep)
	}
	// A few more datagrams say this peer's last tick to peers whose
	// acknowledgements crossed ours.
	for range 3 {
		_ = s.Frame(c.Now(), false)
		c.SleepUntil(c.Now() + settleStep)
	}
	return true
}
