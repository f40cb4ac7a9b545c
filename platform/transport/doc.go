// Package transport connects the peers of a lockstep session over the
// network: QUIC (quic-go) with unreliable datagrams for inputs and one
// stream for the greeting, under TLS 1.3 whose keys both ends derive from
// the session's code, so nothing outside the session can connect, read
// or inject. Host waits for the joiners, checks that they run the same
// build, game and settings, picks the input delay from the measured round
// trip, and hands back the links engine/netplay's Session runs over;
// once the session runs it goes on admitting peers that know the code
// (Joined.Admit): a player whose game started again takes their slot
// back, a spectator watches.
//
// The key is derived from the code with argon2id (19 MiB, two passes),
// once per Host, Join or Meet, never with a fast hash: every peer's
// certificate carries the public key, so anyone who can reach a host (a
// lobby knows its address) can take one handshake home and test guesses
// at the code offline, and a short code chosen by a player would fall in
// hours at a fast hash's speed. At about 30 ms and 19 MiB a guess, an
// 8-character code costs years of a core. The salt differs from the
// lobby's, so a room id or sealing key says nothing about the session key.
//
// It is the real counterpart of engine/netplay/netsim, as platform/sdl2
// is of the engine's fake platform: engine/netplay does no I/O.
package transport
