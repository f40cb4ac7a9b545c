// Package netplay runs one game on several machines in deterministic
// lockstep: every peer ticks with every player's input, so every peer's
// simulation stays the same bit for bit, which the peers check by
// exchanging state hashes.
//
// A Session is the engine's Lockstep (host.Wiring.Lockstep). It holds a
// tick until every player's input for it has arrived, sends this peer's
// input a few ticks ahead (the input delay) so that it usually arrives in
// time, and repeats in every datagram every input the other side has not
// acknowledged, so a lost datagram costs no round trip. Peers form a star:
// the host relays each joiner's input to the others.
//
// A Session is also a host.Predicting: with Config.Rollback above 0 the
// loop draws frames up to Rollback ticks ahead of the confirmed input on a
// copy of the game, a peer's missing input guessed as its last one
// held, while the verified timeline stays the lockstep one above.
//
// Round trips are measured from the datagrams' own times (a Link that is
// an AgedLink says when each arrived), and with Config.AdaptDelay the
// host changes the input delay as they change, on a tick every peer
// switches on: enough for the slowest path an input takes (PathDelay),
// more while its own frames keep being held. Every peer keeps its tick
// clock in step with the peers it links to, holding a tick now and then
// while it runs ahead (timesync.go), so no seat waits while another
// runs free.
//
// The package does no I/O of its own: a Session is handed the time and
// its Links, so it runs the same over the real transport
// (platform/transport, QUIC) and over the link emulator its tests use
// (engine/netplay/netsim), where whole sessions run on fake clocks.
package netplay
