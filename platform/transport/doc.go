// Package transport connects the peers of a lockstep session over the
// network: QUIC (quic-go) with unreliable datagrams for inputs and one
// stream for the greeting, under TLS 1.3 whose keys both ends derive from
// the session's code, so nothing outside the session can connect, read
// or inject. Host waits for the joiners, checks that they run the same
// build, game and settings, picks the input delay from the measured round
// trip, and hands back the links engine/netplay's Session runs over.
//
// It is the real counterpart of engine/netplay/netsim, as platform/sdl2
// is of the engine's fake platform: engine/netplay does no I/O.
package transport
