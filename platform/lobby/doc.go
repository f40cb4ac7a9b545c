// Package lobby lets the peers of a netplay session find each other
// through a small rendezvous service (tools/lobby) when none of them can
// accept a connection from the internet: every peer gives the lobby the
// same code, the first to arrive hosts (slot 0), and the lobby forwards
// the few messages the peers need to set up a direct or relayed path
// (their ICE candidates), and hands out short-lived credentials for a
// TURN relay (coturn's TURN REST scheme). A room has the game's player
// seats and guest seats after them, for peers that come when every
// player seat is taken or come to watch; once every player seat has
// been taken the room is under way, and lives as long as its host polls
// it (within ServerConfig.SessionTTL), so that players coming back,
// arriving late or watching meet the host for the session's whole
// length.
//
// The lobby is trusted with neither the session nor its code. The room
// it sees is derived from the code one way, through a deliberately slow
// KDF (argon2id), so that a room id cannot be turned back into a short
// code by guessing; the messages it forwards are sealed with a key
// derived from the code (XChaCha20-Poly1305), bound to the sender's and
// the receiver's slot and instance and to a counter, so the lobby cannot
// read, forge, replay, reorder or redirect them. A lobby that lies can
// make a session fail; it cannot join one: the session's TLS stays end
// to end between the peers, keyed by the code as on a direct -host/-join.
//
// The transport is plain HTTP with JSON bodies and long polling (TLS when
// the server has a certificate or sits behind a reverse proxy): Join
// registers, Send posts one sealed message, and a background poll fetches
// what others sent and the room's fill. Everything the server accepts is
// bounded in size, rate and lifetime (see ServerConfig).
package lobby
