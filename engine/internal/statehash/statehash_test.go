package statehash

import (
	"math/rand/v2"
	"testing"
)

func TestCombinedHashesDependOnBothAndKeepEitherAlone(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 200 {
		w, g := r.Uint64(), r.Uint64()
		both := Combine(w, g, true, true)
		if Combine(w, w, true, true) == 0 || both == w^g {
			t.Fatalf("Combine(%x, %x) cancels or is their XOR", w, g)
		}
		if both == Combine(g, w, true, true) {
			t.Fatalf("Combine(%x, %x) does not tell the world's hash from the game's", w, g)
		}
		if both == Combine(w^1, g, true, true) || both == Combine(w, g^1<<63, true, true) {
			t.Fatalf("Combine(%x, %x) misses a flipped bit", w, g)
		}
		if Combine(w, 0, true, false) != w || Combine(0, g, false, true) != g || Combine(0, 0, false, false) != 0 {
			t.Fatal("one hash alone is not kept as it is")
		}
	}
}
