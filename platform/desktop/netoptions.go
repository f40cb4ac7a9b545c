package desktop

import (
	"time"
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

// active reports whether the run is a netplay session.
func (n *NetOptions) active() bool { return n.Host != "" || n.Join != "" || n.Lobby != "" }
