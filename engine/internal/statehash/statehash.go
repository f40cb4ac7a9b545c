// Package statehash combines a game's state hash with its world's, the
// one way the loop and its sync check both fingerprint a game.
package statehash

// Combine is the state hash of a game from its world's hash and its
// own (StateHasher), each counted only when the game has it. With both,
// the pair goes through a mixing function, so that neither hash can
// cancel the other: a game whose StateHash is its world's hash, or
// shares a part of it, still fingerprints its state (their XOR, used
// before, was 0 there). Alone, either is the state hash as it is, so the
// recordings of games with one of them are unchanged.
func Combine(world, game uint64, hasWorld, hasGame bool) uint64 {
	switch {
	case hasWorld && hasGame:
		return mix64(mix64(world) ^ game ^ 0x9e3779b97f4a7c15)
	case hasWorld:
		return world
	case hasGame:
		return game
	}
	return 0
}

// mix64 is MurmurHash3's 64-bit finaliser: every input bit changes about
// half the output bits, and it is a bijection.
func mix64(h uint64) uint64 {
	h ^= h >> 33
	h *= 0xff51afd7ed558ccd
	h ^= h >> 33
	h *= 0xc4ceb9fe1a85ec53
	h ^= h >> 33
	return h
}
