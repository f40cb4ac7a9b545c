package netplay

import (
	"cmp"
	"fmt"
	"time"

	"github.com/lockstep-engine/lockstep/engine/host"
	"github.com/lockstep-engine/lockstep/engine/tape"
)

// DefaultHandshake is how long a joiner waits for the host to answer at
// all when Local.Handshake is zero.
const DefaultHandshake = 10 * time.Second

// Terms are what every peer of a session must agree on. The host's are
// the session's: a transport sends them to every joiner, which takes
// them. As a wish (what a peer asks its transport for), a zero
// InputDelay asks for one picked from the round trip, and a joiner's
// zero Players, InputDelay and Ticks take the host's.
type Terms struct {
	// Players is the number of player slots, 2 to host.MaxPlayers; no
	// default.
	Players int
	// TPS is the tick rate, for aligning tick clocks and reckoning the
	// input delay; 0 means 60.
	TPS int
	// InputDelay is how many ticks after it is taken a peer's input is
	// played, 1 to MaxInputDelay; 0 means 1, but for a peer that draws
	// ahead (Local.Rollback), for which 0 is no delay (see
	// PredictedDelayFor).
	InputDelay int
	// AdaptDelay lets the input delay follow the round trip during the
	// session: the host picks a new delay from the round trips it
	// measures over the slowest path an input takes (joiner to joiner
	// through the host with 3 or more players) and the least prediction
	// depth of the players (see PathDelay), and every peer switches to it
	// on one tick the host names. It is the host's policy; false keeps
	// InputDelay.
	AdaptDelay bool
	// PlayOn keeps a session going without a player whose slot was given
	// up: its input is the zero Input from then on. It is the host's
	// policy (only the host's matters); false ends the session after the
	// slot's last tick.
	PlayOn bool
	// LateJoin lets a player join the session under way in a slot given
	// up (with PlayOn): the host gives it to a peer that comes to play
	// when no player's place is held for them (Session.Vacant,
	// Session.Rejoin), and the slot is engine.Playing again from the
	// first tick whose input the host lacks, on every peer; the newcomer
	// catches up as a player back does. It is the host's policy and needs
	// PlayOn; false keeps a slot given up Gone.
	LateJoin bool
	// Empty are the slots nobody holds when the session starts (a host
	// that starts before every place is filled, with LateJoin): they are
	// engine.Gone from tick 0 on every peer, their input the zero Input,
	// until a newcomer takes one (Session.Vacant names it, Session.Rejoin
	// gives it) and it is Playing from the first tick the host lacks. A
	// transport sends them in its welcome; a peer that comes later learns
	// them from the history, which holds them Gone from tick 0. Each is 1
	// to Players-1, once; nil: every slot is held from the start.
	Empty []int
	// HashInterval is the ticks between the state hashes peers compare;
	// 0 means DefaultHashInterval.
	HashInterval uint64
	// Settings are what the peers' simulations must agree on beyond the
	// above: what a recording keeps (the seed, tick rate and physics
	// engine, the game's own settings), by name. Nil: none.
	Settings []tape.Setting
	// Ticks is the tick every peer stops after; 0: until a player quits.
	Ticks uint64
}

// WithDefaults returns t with its zero fields set to their defaults for
// a peer drawing ahead by rollback ticks, and reports the first field
// out of its range (see Check); a session's terms need a player count.
func (t Terms) WithDefaults(rollback int) (Terms, error) {
	if t.InputDelay == 0 && rollback == 0 {
		t.InputDelay = 1
	}
	if t.HashInterval == 0 {
		t.HashInterval = DefaultHashInterval
	}
	if t.TPS == 0 {
		t.TPS = 60
	}
	return t, t.check(false)
}

// Check reports the first term of a wish out of its range as a
// *RangeError: the player count, 2 to host.MaxPlayers (0: the host's),
// the input delay, 0 (picked from the round trip, or none for a peer
// drawing ahead) to MaxInputDelay ticks, the tick rate, 0 (60) or 1
// to host.MaxTPS, and each empty slot, a joiner's slot named once. It is the one range check of a session's player
// count and input delay: the layers above call it and name the term
// their way.
func (t Terms) Check() error { return t.check(true) }

// check is Check; in a wish, zero players are the host's.
func (t Terms) check(wish bool) error {
	switch {
	case (t.Players != 0 || !wish) && (t.Players < 2 || t.Players > host.MaxPlayers):
		return &RangeError{What: "players", Value: t.Players, Min: 2, Max: host.MaxPlayers}
	case t.InputDelay < 0 || t.InputDelay > MaxInputDelay:
		return &RangeError{What: "input delay", Value: t.InputDelay, Min: 0, Max: MaxInputDelay}
	case t.TPS < 0 || t.TPS > host.MaxTPS || t.TPS == 0 && !wish:
		return &RangeError{What: "tick rate", Value: t.TPS, Min: 1, Max: host.MaxTPS}
	}
	return t.checkEmpty()
}

// checkEmpty refuses an empty slot that is not a joiner's (the host's
// own, or past the players), or one named twice.
func (t Terms) checkEmpty() error {
	var seen [host.MaxPlayers]bool
	for _, e := range t.Empty {
		if e < 1 || e >= t.Players {
			return &RangeError{What: "empty slot", Value: e, Min: 1, Max: t.Players - 1}
		}
		if seen[e] {
			return fmt.Errorf("netplay: empty slot %d named twice", e)
		}
		seen[e] = true
	}
	return nil
}

// empty reports whether slot starts empty (Empty).
func (t *Terms) empty(slot int) bool {
	for _, e := range t.Empty {
		if e == slot {
			return true
		}
	}
	return false
}

// RangeError is a term out of its range: which, its value and the range.
// Layers above name the setting their way (a flag, a field).
type RangeError struct {
	What     string // "players", "input delay"
	Value    int    // the value refused
	Min, Max int    // the range it wants, inclusive
}

// Error names the term, its value and its range.
func (e *RangeError) Error() string {
	return fmt.Sprintf("netplay: %s %d out of range: want %d to %d", e.What, e.Value, e.Min, e.Max)
}

// Local is what is a peer's alone in a session: its peers need not
// agree on any of it. The zero Local is pure lockstep with the default
// times.
type Local struct {
	// Rollback is the most ticks this peer draws ahead of the confirmed
	// input (see host.Predicting), 0 to MaxRollback; 0 is pure
	// lockstep.
	Rollback int
	// WarnAfter is the silence after which Waiting names a peer; 0 means
	// DefaultWarnAfter.
	WarnAfter time.Duration
	// DropAfter is the rejoin window: while a peer is silent the session
	// holds, and a peer whose link comes back within it plays on. Past
	// it the host gives the peer's slot up: it is engine.Gone from the
	// first tick the host lacks its input, on every peer, and the session
	// ends cleanly after that tick (or plays on, with Terms.PlayOn). A
	// joiner whose host is silent for it ends with a *SilentError. 0
	// means DefaultDropAfter.
	DropAfter time.Duration
	// LagAfter bounds how long a peer that still answers may keep this
	// one waiting for its input at a stretch (it acknowledges and sends
	// none): past it the peer is lagging (Session.Lagging names it after
	// WarnAfter) and is dropped as a silent peer is (the host gives its
	// slot up; a joiner ends with a *LaggingError). 0 means
	// DefaultLagAfter.
	LagAfter time.Duration
	// CrawlAfter bounds how long, net of the time it keeps up, a peer
	// that still answers may hold the session for its input: each moment
	// the session is held for it adds, each moment it is not takes as
	// much away, so a peer whose input comes late every time (or whose
	// ticks are slow: busy or not) and holds the session a fraction
	// f > 1/2 of the time passes it after CrawlAfter/(2f−1), while a
	// while of slow ticks drains again. Past it the peer is lagging, as
	// past LagAfter. Drawing ahead, the session is held when the present
	// is at the Rollback limit. 0 means DefaultCrawlAfter.
	CrawlAfter time.Duration
	// Handshake bounds a joiner's wait for the host to answer at all
	// (its transport's handshake); 0 means DefaultHandshake.
	Handshake time.Duration
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

// WithDefaults returns l with its zero fields set to their defaults and
// reports the first one out of its range.
func (l Local) WithDefaults() (Local, error) {
	l.WarnAfter = cmp.Or(l.WarnAfter, DefaultWarnAfter)
	l.DropAfter = cmp.Or(l.DropAfter, DefaultDropAfter)
	l.LagAfter = cmp.Or(l.LagAfter, DefaultLagAfter)
	l.CrawlAfter = cmp.Or(l.CrawlAfter, DefaultCrawlAfter)
	l.Handshake = cmp.Or(l.Handshake, DefaultHandshake)
	l.MaxHistory = cmp.Or(l.MaxHistory, DefaultMaxHistory)
	l.MaxSpectators = cmp.Or(l.MaxSpectators, DefaultMaxSpectators)
	switch {
	case l.Rollback < 0 || l.Rollback > MaxRollback:
		return l, &RangeError{What: "rollback", Value: l.Rollback, Min: 0, Max: MaxRollback}
	case l.WarnAfter < 0 || l.DropAfter < l.WarnAfter || l.LagAfter < l.WarnAfter || l.CrawlAfter < l.WarnAfter:
		return l, fmt.Errorf("netplay: notice after %v, drop after %v, lag bound %v and crawl bound %v: want 0 <= notice <= drop, lag and crawl bounds", l.WarnAfter, l.DropAfter, l.LagAfter, l.CrawlAfter)
	case l.Handshake < 0:
		return l, fmt.Errorf("netplay: handshake wait %v: want 0 (the default) or more", l.Handshake)
	}
	return l, nil
}
