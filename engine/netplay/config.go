package netplay

import (
	"fmt"
	"time"
)

// Limits and defaults of a Config.
const (
	// MaxInputDelay is the longest input delay, in ticks.
	MaxInputDelay = 30
	// DefaultHashInterval is the ticks between state hashes peers compare.
	DefaultHashInterval = 60
	// DefaultWarnAfter is how long a peer may be silent, or a tick held
	// for its input, before the session says it waits for it (GGPO's
	// notice).
	DefaultWarnAfter = 750 * time.Millisecond
	// DefaultDropAfter is the rejoin window: how long a silent peer's
	// slot is held for its link to come back before the host gives it up
	// (and a joiner gives up on a silent host).
	DefaultDropAfter = time.Minute
	// DefaultLagAfter bounds how long a peer that still answers may keep
	// the session waiting for its input (see Local.LagAfter).
	DefaultLagAfter = 10 * time.Second
	// DefaultCrawlAfter bounds how long, net of the time it keeps up, a
	// peer that still answers may hold the session for its input (see
	// Local.CrawlAfter).
	DefaultCrawlAfter = 20 * time.Second
)

// Config sets up a Session: the session's Terms, which every peer must
// agree on (a transport's handshake gives them), this peer's Local
// choices, its slot and its links.
type Config struct {
	Terms // what every peer agrees on
	Local // this peer's alone
	// Slot is this peer's slot: 0 is the host, which relays between the
	// others; the zero value is the host.
	Slot int
	// Peers are this peer's links: the host has one to each other slot
	// but the empty ones (Terms.Empty), a joiner one to the host. No
	// default.
	Peers []Peer
}

// Peer is the link to another peer and that peer's slot.
type Peer struct {
	Slot int  // the peer's slot
	Link Link // never nil
}

func (c Config) withDefaults() (Config, error) {
	var err error
	if c.Local, err = c.Local.WithDefaults(); err != nil {
		return c, err
	}
	if c.Terms, err = c.Terms.WithDefaults(c.Rollback); err != nil {
		return c, err
	}
	if c.Spectate {
		if c.Rollback > 0 || c.Rejoin {
			return c, fmt.Errorf("netplay: Spectate with Rollback %d or Rejoin: a watcher follows the verified timeline only", c.Rollback)
		}
		c.Slot = watcherSlot
	}
	if (c.Slot < 0 || c.Slot >= c.Players) && !c.Spectate {
		return c, fmt.Errorf("netplay: slot %d out of range: want 0 to %d", c.Slot, c.Players-1)
	}
	if c.LateJoin && !c.PlayOn && c.Slot == 0 {
		return c, fmt.Errorf("netplay: LateJoin without PlayOn: a player can join only a session that plays on without the one who left")
	}
	if len(c.Empty) > 0 && !c.LateJoin && c.Slot == 0 {
		return c, fmt.Errorf("netplay: empty slots %v without LateJoin: a session may start with a slot empty only when a newcomer can take it", c.Empty)
	}
	if c.Rejoin && (c.Slot == 0 || c.Rollback > 0) {
		return c, fmt.Errorf("netplay: Rejoin on slot %d with Rollback %d: only a joiner rejoins, in lockstep (Rollback 0)", c.Slot, c.Rollback)
	}
	return c, c.checkPeers()
}

// checkPeers refuses a star that is not one: the host links to every
// other slot once but the empty ones (Terms.Empty), a joiner to the host
// only.
func (c Config) checkPeers() error {
	want := 1
	if c.Slot == 0 {
		want = c.Players - 1 - len(c.Empty)
	}
	if len(c.Peers) != want {
		return fmt.Errorf("netplay: slot %d has %d peers: want %d (the host links to every joiner, a joiner to the host)", c.Slot, len(c.Peers), want)
	}
	seen := make(map[int]bool)
	for _, p := range c.Peers {
		ok := p.Slot > 0 && p.Slot < c.Players
		if c.Slot != 0 {
			ok = p.Slot == 0
		}
		if !ok || seen[p.Slot] || p.Link == nil || p.Slot == c.Slot || c.Slot == 0 && c.empty(p.Slot) {
			return fmt.Errorf("netplay: slot %d cannot link to slot %d (or its link is nil)", c.Slot, p.Slot)
		}
		seen[p.Slot] = true
	}
	return nil
}

// DelayFor returns the input delay that lets an input sent now arrive
// before its tick over a round trip of rtt at tps ticks a second: half
// the round trip in whole ticks plus at most one (the whole ticks of
// half the round trip, and one).
func DelayFor(rtt time.Duration, tps int) int {
	dt := time.Second / time.Duration(max(tps, 1))
	d := int(max(rtt, 0)/2/dt) + 1
	return min(max(d, 1), MaxInputDelay)
}
