package physics

import (
	"encoding/binary"
	"fmt"
	"math"
)

// Digest is a fingerprint of a snapshot: equal snapshots, bit for bit, have
// equal digests. It is FNV-1a over the exact IEEE-754 bits of every body's
// position, angle and velocities in snapshot order, so it is the same in
// every process on the same architecture.
type Digest uint64

// String formats d as 16 lowercase hex digits, the form the run summary's
// state_hash and recordings use.
func (d Digest) String() string { return fmt.Sprintf("%016x", uint64(d)) }

const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

// Hash returns the digest of states. It allocates nothing.
func Hash(states []BodyState) Digest {
	h := uint64(fnvOffset)
	var b [8]byte
	mix := func(v uint64) {
		binary.LittleEndian.PutUint64(b[:], v)
		for _, c := range b {
			h ^= uint64(c)
			h *= fnvPrime
		}
	}
	for i := range states {
		s := &states[i]
		mix(uint64(s.ID))
		mix(math.Float64bits(s.Pos.X()))
		mix(math.Float64bits(s.Pos.Y()))
		mix(math.Float64bits(s.Angle))
		mix(math.Float64bits(s.Vel.X()))
		mix(math.Float64bits(s.Vel.Y()))
		mix(math.Float64bits(s.AngVel))
	}
	return Digest(h)
}
