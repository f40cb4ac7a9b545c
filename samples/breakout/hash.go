package main

import (
	"math"

	"github.com/lockstep-engine/lockstep/engine"
)

// StateHash fingerprints the game's state outside the world, for -record
// and -replay: everything a later tick reads.
func (g *game) StateHash() uint64 {
	h := newFNV()
	h.mix(uint64(g.screen), boolBit(g.paused), uint64(g.score), uint64(g.best), uint64(g.lives),
		uint64(g.broken), uint64(g.serves), uint64(g.left), boolBit(g.mouse), math.Float64bits(g.lastMouse),
		uint64(g.ball), uint64(g.paddle), uint64(g.nTouched))
	for _, id := range g.touched[:g.nTouched] {
		h.mix(uint64(id))
	}
	for i := range g.bricks {
		h.mix(uint64(g.bricks[i].id), uint64(g.bricks[i].hits))
	}
	return uint64(h)
}

// fnv is 64-bit FNV-1a over whole words: hash/fnv's New64a returns an
// interface and allocates, and this runs at every recording checkpoint.
type fnv uint64

func newFNV() fnv { return 14695981039346656037 }

func (h *fnv) mix(vs ...uint64) {
	for _, v := range vs {
		for range 8 {
			*h ^= fnv(v & 0xff)
			*h *= 1099511628211
			v >>= 8
		}
	}
}

func boolBit(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

var _ engine.StateHasher = (*game)(nil)
