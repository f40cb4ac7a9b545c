package ids

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestListMatchesAMapOverRandomOperations runs random adds, removals and
// lookups over 60 seeds against a map and a sorted key slice.
func TestListMatchesAMapOverRandomOperations(t *testing.T) {
	for seed := range uint64(60) {
		r := rand.New(rand.NewPCG(seed, 1))
		var l List[uint32, int]
		model := map[uint32]*int{}
		next := uint32(1)
		for range 2000 {
			switch op := r.IntN(10); {
			case op < 5:
				v := new(int)
				*v = int(next)
				if !l.Add(next, v) {
					t.Fatalf("seed %d: Add(%d) refused", seed, next)
				}
				model[next] = v
				next += uint32(1 + r.IntN(3))
			case op < 8:
				k := uint32(r.IntN(int(next) + 1))
				if got, want := l.Remove(k), model[k]; got != want {
					t.Fatalf("seed %d: Remove(%d) = %v, want %v", seed, k, got, want)
				}
				delete(model, k)
			default:
				k := uint32(r.IntN(int(next) + 1))
				if got := l.Get(k); got != model[k] {
					t.Fatalf("seed %d: Get(%d) = %v, want %v", seed, k, got, model[k])
				}
			}
			if l.Len() != len(model) {
				t.Fatalf("seed %d: Len %d, want %d", seed, l.Len(), len(model))
			}
		}
		var keys []uint32
		for k := range model {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		vals := l.Values()
		if len(vals) != len(keys) {
			t.Fatalf("seed %d: Values has %d, want %d", seed, len(vals), len(keys))
		}
		for i, v := range vals {
			if uint32(*v) != keys[i] {
				t.Fatalf("seed %d: Values[%d] is %d, want %d (ascending)", seed, i, *v, keys[i])
			}
		}
		if l.Add(0, new(int)) {
			t.Fatalf("seed %d: Add of a key below the last was taken", seed)
		}
	}
}

// mover is what the work bound is checked on: a list of n values that
// counts the entries it copies.
type mover interface {
	removeKey(k uint32)
	work() int
}

func (l *List[K, T]) removeKey(k uint32) { l.Remove(K(k)) }
func (l *List[K, T]) work() int          { return l.Moved() }

// shifting is the bookkeeping the backends had before: removal shifts
// every later entry down (slices.Delete), counting the entries shifted.
type shifting struct {
	keys  []uint32
	count int
}

func (s *shifting) removeKey(k uint32) {
	i, ok := slices.BinarySearch(s.keys, k)
	if ok {
		s.count += len(s.keys) - i - 1
		s.keys = slices.Delete(s.keys, i, i+1)
	}
}
func (s *shifting) work() int { return s.count }

// linearRemoval removes n values in a random order and reports whether
// the entries moved stay within 2n: work linear in n, not n².
func linearRemoval(m mover, n int, r *rand.Rand) (int, bool) {
	order := r.Perm(n)
	for _, i := range order {
		m.removeKey(uint32(i + 1))
	}
	return m.work(), m.work() <= 2*n
}

// TestRemovingNValuesMovesAtMost2N removes every value of lists of 1,000
// to 16,000 in random orders (and first-added first, and last-added
// first) over 60 seeds: a List moves at most 2n entries in all, where the
// old shifting bookkeeping moved about n²/2 (checked here too, so the
// bound is one that can fail).
func TestRemovingNValuesMovesAtMost2N(t *testing.T) {
	for seed := range uint64(60) {
		r := rand.New(rand.NewPCG(seed, 2))
		n := 1000 << (seed % 5)
		var l List[uint32, int]
		old := &shifting{}
		for k := 1; k <= n; k++ {
			l.Add(uint32(k), new(int))
			old.keys = append(old.keys, uint32(k))
		}
		if moved, ok := linearRemoval(&l, n, r); !ok || l.Len() != 0 {
			t.Fatalf("seed %d: removing %d values moved %d entries, want at most %d, and left %d", seed, n, moved, 2*n, l.Len())
		}
		if moved, ok := linearRemoval(old, n, rand.New(rand.NewPCG(seed, 2))); ok {
			t.Fatalf("seed %d: the shifting list moved only %d entries for %d removals; the bound cannot tell it from a linear one", seed, moved, n)
		}
	}
}
