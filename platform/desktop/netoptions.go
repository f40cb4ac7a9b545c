package desktop

import (
	"time"

	"github.com/lockstep-engine/lockstep/engine/netplay"
	"github.com/lockstep-engine/lockstep/platform/transport"
)

// NetOptions are the netplay session's options, set by the netplay flags.
// The zero value plays alone.
type NetOptions struct {
	Host string // -host: listen on this address for the other players; "" not hosting
	Join string // -join: join the host at this address; "" not joining
	// Code is the session's secret (-code); "" on the host means generate one.
	Code string
	// InputDelay fixes the input delay in ticks (-input-delay); 0 means
	// chosen from the measured round trip.
	InputDelay int
	// DropAfter is the rejoin window (-net-timeout): how long a silent
	// player's place is held for their link to come back; past it the
	// host gives the place up and the session ends for everyone else,
	// cleanly (or plays on without them, PlayOn). 0 means
	// engine/netplay's DefaultDropAfter (a minute).
	DropAfter time.Duration
	// JoinTimeout is how long a joiner waits for the host to answer at
	// all (-join-timeout); 0 means engine/netplay's DefaultHandshake
	// (10 s).
	JoinTimeout time.Duration
	// PlayOn keeps the session going without a player whose place was
	// given up (-play-on, for a game that can play on with a slot idle);
	// their slot's input is then the zero Input and the game sees them
	// engine.Gone in Tick.Members. false ends the session for everyone
	// after that player's last tick. Only the host's counts.
	PlayOn bool
	// LateJoin lets a player join the session under way (-late-join, for
	// a game that can take a new player): one who runs -join ADDR -code
	// CODE while no player's place is held takes the slot of a player
	// given up, or one empty from the start (StartWith), catching up as a
	// player who comes back does, and every peer's game sees the slot
	// Playing again on one tick in Tick.Members. It needs PlayOn. false: a
	// slot given up stays Gone. Only the host's counts.
	LateJoin bool
	// StartWith starts the host's session as soon as this many players,
	// the host included, are there (-start-with N, 1 to Loop.Players,
	// with LateJoin): the other slots are engine.Gone from tick 0 on
	// every peer until newcomers take them. On the host's waiting screen
	// of a LateJoin game, Enter starts with whoever is there. 0 waits for
	// every slot.
	StartWith int
	// Rollback is the most ticks this machine draws ahead of the
	// confirmed input (-rollback N), 1 to engine/netplay's MaxRollback;
	// 0 means DefaultRollback (8). It takes a game that is an
	// engine.Predictor; others play in pure lockstep.
	Rollback int
	// NoRollback turns prediction off: pure lockstep, every frame drawn
	// from confirmed input (-rollback 0).
	NoRollback bool
	// Lobby is the address of a lobby (tools/lobby) the peers meet
	// through (-lobby): every peer gives the same Code and the first to
	// arrive hosts; ICE finds a path between them, through a relay when
	// it must. A game can set it so its players never type an address
	// (every run then plays through it; -lobby "" plays alone); "" means
	// no lobby (-host and -join).
	Lobby string
	// ListenAll makes a peer meeting through Lobby listen on every
	// interface and offer each one's address to the others, for a
	// machine whose route to the lobby is not its way to the players.
	// false (no flag sets it): only the address this machine reaches the
	// lobby from. -host and -join listen where their address says.
	ListenAll bool
	// Spectate watches the session at Join's address instead of playing
	// in it (-spectate): this machine plays no slot, replays the session
	// from its first tick as fast as it can and then follows it a little
	// behind; -record records what it sees, which replays to the
	// players' state. The players never wait for it. false plays.
	Spectate bool
	// MaxSpectators is the most spectators a host takes (code only); 0
	// means engine/netplay's DefaultMaxSpectators (16).
	MaxSpectators int
}

// endWait bounds the wait for the peers' last acknowledgements after the
// session's last tick, and for the session to end after an interrupt.
func (n *NetOptions) endWait() time.Duration { return min(n.DropAfter, 3*time.Second) }

// active reports whether the run is a netplay session.
func (n *NetOptions) active() bool { return n.Host != "" || n.Join != "" || n.Lobby != "" }

// check checks a defaulted n in a run with c, calling fields as name says:
// each of its parts in turn, the first error found.
func (n *NetOptions) check(c *Config, name names) error {
	parts := [...]func(*NetOptions, *Config, names) error{
		(*NetOptions).checkMeeting, (*NetOptions).checkLateJoin, (*NetOptions).checkSpectate,
		(*NetOptions).checkCode, (*NetOptions).checkDelay, (*NetOptions).checkLimits, (*NetOptions).checkRun,
	}
	for _, part := range parts {
		if err := part(n, c, name); err != nil {
			return err
		}
	}
	return nil
}

// checkMeeting checks how this peer finds the others: hosting, joining
// or through a lobby, one at a time, and a joiner's code.
func (n *NetOptions) checkMeeting(_ *Config, name names) error {
	host, join, lobby := name("Net.Host"), name("Net.Join"), name("Net.Lobby")
	switch {
	case n.Host != "" && n.Join != "":
		return usagef("%s and %s cannot be used together: host a session, or join one", host, join)
	case n.Lobby != "" && (n.Host != "" || n.Join != ""):
		return usagef("%s finds the host itself: drop %s and %s, or drop %s", lobby, host, join, lobby)
	case n.Join != "" && n.Code == "":
		return usagef("%s needs %s: the host printed it", join, name("Net.Code"))
	}
	return nil
}

// checkLateJoin checks the host's late join policy: PlayOn under it,
// and StartWith under it, in range and the host's own.
func (n *NetOptions) checkLateJoin(c *Config, name names) error {
	switch {
	case n.LateJoin && !n.PlayOn:
		return usagef("%s needs %s: a player can join only a session that plays on without the one who left", name("Net.LateJoin"), name("Net.PlayOn"))
	case n.StartWith != 0 && !n.LateJoin:
		return usagef("%s needs %s: the places left empty at the start are for players who join late", name("Net.StartWith"), name("Net.LateJoin"))
	case n.StartWith < 0 || n.StartWith > c.Loop.Players:
		return usagef("invalid value %d for %s: want 1 to %d players, the host included (0: every place filled)", n.StartWith, name("Net.StartWith"), c.Loop.Players)
	case n.StartWith != 0 && n.Join != "":
		return usagef("%s is the host's to choose: give it to the host", name("Net.StartWith"))
	}
	return nil
}

// checkSpectate checks that a spectator names the session to watch.
func (n *NetOptions) checkSpectate(_ *Config, name names) error {
	if n.Spectate && (n.Join == "" && n.Lobby == "" || n.Code == "") {
		return usagef("%s needs %s ADDR or %s ADDR, and %s: the session to watch", name("Net.Spectate"), name("Net.Join"), name("Net.Lobby"), name("Net.Code"))
	}
	return nil
}

// checkCode checks that a code comes with a session, long enough.
func (n *NetOptions) checkCode(_ *Config, name names) error {
	code := name("Net.Code")
	switch {
	case n.Code != "" && !n.active():
		return usagef("%s needs %s, %s or %s", code, name("Net.Host"), name("Net.Join"), name("Net.Lobby"))
	case n.Code != "" && len(n.Code) < transport.MinCode:
		return usagef("invalid value for %s: want at least %d characters (leave it out on the host to have one generated)", code, transport.MinCode)
	}
	return nil
}

// checkDelay checks a fixed input delay: in the session's range, and the
// host's to choose.
func (n *NetOptions) checkDelay(_ *Config, name names) error {
	delay := name("Net.InputDelay")
	switch {
	case (netplay.Terms{InputDelay: n.InputDelay}).Check() != nil: // the session's range, netplay's to say
		return usagef("invalid value %d for %s: want 0 (from the round trip) or 1 to %d ticks", n.InputDelay, delay, netplay.MaxInputDelay)
	case n.InputDelay != 0 && n.Join != "":
		return usagef("%s is the host's to choose: give it to the host", delay)
	}
	return nil
}

// checkLimits checks the numbers that are this peer's alone: the
// spectators it takes, its prediction's depth and its waits.
func (n *NetOptions) checkLimits(_ *Config, name names) error {
	switch {
	case n.MaxSpectators < 0:
		return usagef("invalid value %d for %s: want 0 (the default, %d) or more", n.MaxSpectators, name("Net.MaxSpectators"), netplay.DefaultMaxSpectators)
	case n.Rollback < 0 || n.Rollback > netplay.MaxRollback:
		return usagef("invalid value %d for %s: want 0 (pure lockstep) or 1 to %d ticks", n.Rollback, name("Net.Rollback"), netplay.MaxRollback)
	case n.DropAfter < netplay.DefaultWarnAfter:
		return usagef("invalid value %v for %s: want %v or more", n.DropAfter, name("Net.DropAfter"), netplay.DefaultWarnAfter)
	case n.JoinTimeout < 0:
		return usagef("invalid value %v for %s: want 0 (the default) or more", n.JoinTimeout, name("Net.JoinTimeout"))
	}
	return nil
}

// checkRun checks that the rest of the run, c, can be a session's: a
// game of players, stopped on a tick, not replaying a recording.
func (n *NetOptions) checkRun(c *Config, name names) error {
	if !n.active() {
		return nil
	}
	host, join, lobby := name("Net.Host"), name("Net.Join"), name("Net.Lobby")
	switch {
	case c.Output.Replay != "":
		return usagef("%s plays a recording alone: drop %s, %s and %s", name("Output.Replay"), host, join, lobby)
	case c.Loop.Frames != 0 || c.Loop.Duration != 0:
		return usagef("%s and %s stop each peer on its own: in a session use %s, which stops every peer on the same tick",
			name("Loop.Frames"), name("Loop.Duration"), name("Loop.Ticks"))
	case c.Loop.Players == 0:
		return usagef("%s: this game is played alone, not in a netplay session (Config.Loop.Players is 0)", n.given(host, join, lobby))
	}
	return nil
}

// given is the name of the flag (or field) that makes the run a session:
// host, join or lobby, as n sets it.
func (n *NetOptions) given(host, join, lobby string) string {
	switch {
	case n.Lobby != "":
		return lobby
	case n.Join != "":
		return join
	}
	return host
}

// local is this peer's own part of the session, drawing ahead by
// rollback ticks.
func (n *NetOptions) local(rollback int) netplay.Local {
	return netplay.Local{Rollback: rollback, DropAfter: n.DropAfter, Handshake: n.JoinTimeout,
		Spectate: n.Spectate, MaxSpectators: n.MaxSpectators}
}
