package netplay

import (
	"fmt"
	"time"

	"github.com/lockstep-engine/lockstep/engine"
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
	// the session waiting for its input (see Config.LagAfter).
	DefaultLagAfter = 10 * time.Second
)

// Config sets up a Session. Every peer of a session must agree on
// Players, InputDelay, HashInterval and TPS (the host sends them).
type Config struct {
	// Players is the number of player slots, 2 to engine.MaxPlayers; no
	// default.
	Players int
	// Slot is this peer's slot: 0 is the host, which relays between the
	// others; the zero value is the host.
	Slot int
	// Peers are this peer's links: the host has one to each other slot,
	// a joiner one to the host. No default.
	Peers []Peer
	// InputDelay is how many ticks after it is taken this peer's input is
	// played, 1 to MaxInputDelay; 0 means 1 (see DelayFor). With Rollback
	// set it may be 0 and is 0 when zero (see PredictedDelayFor).
	InputDelay int
	// Rollback is the most ticks this peer draws ahead of the confirmed
	// input (see engine.Predicting), 0 to MaxRollback; 0 is pure
	// lockstep. Peers need not agree on it, but on InputDelay they must.
	Rollback int
	// HashInterval is the ticks between the state hashes peers compare;
	// 0 means DefaultHashInterval.
	HashInterval uint64
	// TPS is the tick rate, for aligning tick clocks; 0 means 60.
	TPS int
	// WarnAfter is the silence after which Waiting names a peer; 0 means
	// DefaultWarnAfter.
	WarnAfter time.Duration
	// DropAfter is the rejoin window: while a peer is silent the session
	// holds, and a peer whose link comes back within it plays on. Past
	// it the host gives the peer's slot up: it is engine.Gone from the
	// first tick the host lacks its input, on every peer, and the session
	// ends cleanly after that tick (or plays on, with PlayOn). A joiner
	// whose host is silent for it ends with a *SilentError. 0 means
	// DefaultDropAfter.
	DropAfter time.Duration
	// LagAfter bounds how long a peer that still answers may keep this
	// one waiting for its input at a stretch (it acknowledges and sends
	// none): past it the peer is lagging (Lagging names it after
	// WarnAfter) and is dropped as a silent peer is (the host gives its
	// slot up; a joiner ends with a *LaggingError). 0 means
	// DefaultLagAfter.
	LagAfter time.Duration
	// PlayOn keeps a session going without a player whose slot was given
	// up: its input is the zero Input from then on. Only the host's
	// matters; false ends the session after the slot's last tick.
	PlayOn bool
	// AdaptDelay lets the input delay follow the round trip during the
	// session: the host picks a new delay from the round trips it
	// measures (see DelayFor) and every peer switches to it on one tick
	// the host names. Only the host's matters; false keeps InputDelay.
	// It needs Rollback 0: a peer drawing ahead has sent its input for
	// ticks past the verified one, which a change could not reach in time.
	AdaptDelay bool
	// Rejoin starts this peer as one that rejoins a session under way,
	// its slot held by the host (see Session.Rejoin): it replays the
	// session's confirmed input from tick 0, its own slot's included, as
	// fast as it arrives, and plays its own input from the tick the host
	// names. Joiners only; it needs Rollback 0.
	Rejoin bool
	// MaxHistory is the most bytes of input history the host keeps for
	// peers that rejoin; 0 means DefaultMaxHistory.
	MaxHistory int
	// Spectate makes this peer a watcher of the host's session (see
	// Session.Watch): it plays no slot (Slot is ignored), takes every
	// slot's confirmed input from tick 0, replays it as fast as it
	// arrives and then follows the session a little behind; the players
	// never wait for it. It needs Rollback 0.
	Spectate bool
	// MaxSpectators is the most watchers the host takes; 0 means
	// DefaultMaxSpectators.
	MaxSpectators int
}

// Peer is the link to another peer and that peer's slot.
type Peer struct {
	Slot int  // the peer's slot
	Link Link // never nil
}

func (c Config) withDefaults() (Config, error) {
	if c.InputDelay == 0 && c.Rollback == 0 {
		c.InputDelay = 1
	}
	if c.HashInterval == 0 {
		c.HashInterval = DefaultHashInterval
	}
	if c.TPS == 0 {
		c.TPS = 60
	}
	if c.WarnAfter == 0 {
		c.WarnAfter = DefaultWarnAfter
	}
	if c.DropAfter == 0 {
		c.DropAfter = DefaultDropAfter
	}
	if c.LagAfter == 0 {
		c.LagAfter = DefaultLagAfter
	}
	if c.MaxHistory == 0 {
		c.MaxHistory = DefaultMaxHistory
	}
	if c.MaxSpectators == 0 {
		c.MaxSpectators = DefaultMaxSpectators
	}
	if c.Spectate {
		if c.Rollback > 0 || c.Rejoin {
			return c, fmt.Errorf("netplay: Spectate with Rollback %d or Rejoin: a watcher follows the verified timeline only", c.Rollback)
		}
		c.Slot = watcherSlot
	}
	switch {
	case c.Players < 2 || c.Players > engine.MaxPlayers:
		return c, fmt.Errorf("netplay: %d players: a session needs 2 to %d", c.Players, engine.MaxPlayers)
	case (c.Slot < 0 || c.Slot >= c.Players) && !c.Spectate:
		return c, fmt.Errorf("netplay: slot %d out of range: want 0 to %d", c.Slot, c.Players-1)
	case c.Rejoin && (c.Slot == 0 || c.Rollback > 0):
		return c, fmt.Errorf("netplay: Rejoin on slot %d with Rollback %d: only a joiner rejoins, in lockstep (Rollback 0)", c.Slot, c.Rollback)
	case c.AdaptDelay && c.Rollback > 0:
		return c, fmt.Errorf("netplay: AdaptDelay with Rollback %d: the delay follows the round trip only in pure lockstep (Rollback 0)", c.Rollback)
	case c.Rollback < 0 || c.Rollback > MaxRollback:
		return c, fmt.Errorf("netplay: rollback %d out of range: want 0 (lockstep) to %d ticks", c.Rollback, MaxRollback)
	case c.InputDelay < 0 || c.InputDelay > MaxInputDelay:
		return c, fmt.Errorf("netplay: input delay %d out of range: want 1 to %d ticks (0 only with Rollback)", c.InputDelay, MaxInputDelay)
	case c.TPS < 1 || c.TPS > engine.MaxTPS:
		return c, fmt.Errorf("netplay: TPS %d out of range: want 1 to %d", c.TPS, engine.MaxTPS)
	case c.WarnAfter < 0 || c.DropAfter < c.WarnAfter || c.LagAfter < c.WarnAfter:
		return c, fmt.Errorf("netplay: WarnAfter %v, DropAfter %v and LagAfter %v: want 0 <= WarnAfter <= DropAfter and LagAfter", c.WarnAfter, c.DropAfter, c.LagAfter)
	}
	return c, c.checkPeers()
}

// checkPeers refuses a star that is not one: the host links to every
// other slot once, a joiner to the host only.
func (c Config) checkPeers() error {
	want := 1
	if c.Slot == 0 {
		want = c.Players - 1
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
		if !ok || seen[p.Slot] || p.Link == nil || p.Slot == c.Slot {
			return fmt.Errorf("netplay: slot %d cannot link to slot %d (or its link is nil)", c.Slot, p.Slot)
		}
		seen[p.Slot] = true
	}
	return nil
}

// DelayFor returns the input delay that lets an input sent now arrive
// before its tick over a round trip of rtt at tps ticks a second: half
// the round trip in whole ticks, plus one for the tick being run.
func DelayFor(rtt time.Duration, tps int) int {
	dt := time.Second / time.Duration(max(tps, 1))
	d := int((rtt/2+dt-1)/dt) + 1
	return min(max(d, 1), MaxInputDelay)
}
