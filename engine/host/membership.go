package host

import "github.com/lockstep-engine/lockstep/engine"

// Membership is a Lockstep whose slots' players can leave a session
// (engine/netplay's Session). The loop hands the game what it says in
// Tick.Members and Frame.Connections.
type Membership interface {
	// Members fills members (one per slot) as of tick n, which Inputs has
	// just made ready: the same on every peer.
	Members(n uint64, members []engine.Member)
	// Connections fills conns (one per slot) with what this machine knows
	// now, after the frame's Frame call.
	Connections(conns []engine.Connection)
}

// MembersTape is a PlayersTape that also records or replays every slot's
// Member (engine/tape's Recorder and Replayer): a recording of a session
// whose players came and went.
type MembersTape interface {
	// TickMembers is TickPlayers, with members (one per slot) as of tick
	// n, which a player replaces with the recorded ones.
	TickMembers(n uint64, players []engine.Input, members []engine.Member, state engine.StateHasher) error
}
