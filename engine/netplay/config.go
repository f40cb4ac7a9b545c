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

// withDefaults returns c with the zero fields of its Local and Terms
// set to their defaults; its role's checks are its own (newRole).
func (c Config) withDefaults() (Config, error) {
	var err error
	if c.Local, err = c.Local.WithDefaults(); err != nil {
		return c, err
	}
	if c.Terms, err = c.Terms.WithDefaults(c.Rollback); err != nil {
		return c, err
	}
	return c, nil
}

// checkSlot refuses a player's slot out of range.
func (c *Config) checkSlot() error {
	if c.Slot < 0 || c.Slot >= c.Players {
		return fmt.Errorf("netplay: slot %d out of range: want 0 to %d", c.Slot, c.Players-1)
	}
	return nil
}

// checkHostLink refuses a joiner's or a watcher's links unless they are
// one, to the host.
func (c *Config) checkHostLink() error {
	if len(c.Peers) != 1 {
		return c.peersError(1)
	}
	if p := c.Peers[0]; p.Slot != 0 || p.Link == nil {
		return fmt.Errorf("netplay: slot %d cannot link to slot %d (or its link is nil)", c.Slot, p.Slot)
	}
	return nil
}

// checkJoinerLinks refuses the host's links unless they are one to each
// other slot but the empty ones (Terms.Empty).
func (c *Config) checkJoinerLinks() error {
	if want := c.Players - 1 - len(c.Empty); len(c.Peers) != want {
		return c.peersError(want)
	}
	seen := make(map[int]bool)
	for _, p := range c.Peers {
		if p.Slot <= 0 || p.Slot >= c.Players || seen[p.Slot] || p.Link == nil || c.empty(p.Slot) {
			return fmt.Errorf("netplay: slot %d cannot link to slot %d (or its link is nil)", c.Slot, p.Slot)
		}
		seen[p.Slot] = true
	}
	return nil
}

// peersError says c has the wrong number of links: want.
func (c *Config) peersError(want int) error {
	return fmt.Errorf("netplay: slot %d has %d peers: want %d (the host links to every joiner, a joiner to the host)", c.Slot, len(c.Peers), want)
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
