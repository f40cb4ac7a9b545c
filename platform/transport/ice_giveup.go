package transport

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/pion/ice/v4"
	"github.com/pion/stun/v4"
)

// errPairsFailed ends the checks early: the relay refused this end, both
// ends have sent every candidate, and every pair between them has failed
// its checks, so nothing is left that could connect. It wraps ErrNoPath,
// and explain adds ErrRelayRefused.
var errPairsFailed = fmt.Errorf("%w: every pair of candidates failed its checks, and this end has no relay to try", ErrNoPath)

// pairsPoll is how often giveUpWhenRefused looks at the pairs: pion
// checks a pair every 200 ms and fails it after 7 unanswered requests.
const pairsPoll = 250 * time.Millisecond

// failedPolls is how many polls in a row must find every pair failed:
// 2 s, longer than a peer's own checks of a pair take (8 requests 200 ms
// apart), so a check of the peer's still on its way, which would revive
// a failed pair here through a triggered check, has arrived by then.
const failedPolls = 8

// giveUpWhenRefused cancels ctx with errPairsFailed as soon as the relay
// has refused this end and no candidate pair is left that could work,
// instead of letting the connect timeout run out. Until both ends have
// gathered, a new candidate may still bring a pair that works. After
// that pion checks no failed pair again unless a check from the peer
// reaches this end (a triggered check, or a new peer-reflexive pair), so
// every pair failed for failedPolls in a row, longer than the peer's own
// checks last, is final. It returns when ctx ends.
func giveUpWhenRefused(ctx context.Context, cancel context.CancelCauseFunc, a *ice.Agent, urls []*stun.URI, gathered, peerGathered *done) {
	for _, d := range [...]*done{gathered, peerGathered} {
		select {
		case <-d.c:
		case <-ctx.Done():
			return
		}
	}
	if !relayRefused(a, urls) {
		return // the relay is there to try: the timeout decides
	}
	t := time.NewTicker(pairsPoll)
	defer t.Stop()
	for n := 0; ; {
		if n = n + 1; !allFailed(a.GetCandidatePairsStats()) {
			n = 0
		}
		if n >= failedPolls {
			cancel(errPairsFailed)
			return
		}
		select {
		case <-t.C:
		case <-ctx.Done():
			return
		}
	}
}

// allFailed reports whether there are pairs and every one has failed.
func allFailed(ps []ice.CandidatePairStats) bool {
	for _, p := range ps {
		if p.State != ice.CandidatePairStateFailed {
			return false
		}
	}
	return len(ps) > 0
}

// done is closed once, by whichever of its callers comes first.
type done struct {
	c    chan struct{}
	once sync.Once
}

func newDone() *done { return &done{c: make(chan struct{})} }

func (d *done) close() { d.once.Do(func() { close(d.c) }) }

// isClosed reports whether close was called.
func (d *done) isClosed() bool {
	select {
	case <-d.c:
		return true
	default:
		return false
	}
}
