// Package ids keeps a world's bodies and joints by ID for the backends:
// lookups in O(log n), adding and removing in amortised O(1), and a walk in
// ascending ID order, the order snapshots use. IDs only grow, so adding
// appends; removing leaves a hole that a later compaction closes, rather
// than shifting everything after it (which made removing n bodies cost
// O(n²)).
package ids

import (
	"slices"
)

// List holds values by ascending key. The zero List is empty and ready.
type List[K ~uint32, T any] struct {
	keys []K
	vals []*T // nil where a value was removed
	dead int  // how many of vals are nil

	// moved counts the entries compactions have copied, so a test can
	// check that removals cost linear work without timing them.
	moved int
}

// Add appends v under k, which must be greater than every key added
// before; it reports false, adding nothing, otherwise.
func (l *List[K, T]) Add(k K, v *T) bool {
	if v == nil || (len(l.keys) > 0 && k <= l.keys[len(l.keys)-1]) {
		return false
	}
	l.keys = append(l.keys, k)
	l.vals = append(l.vals, v)
	return true
}

// Get returns the value under k, or nil.
func (l *List[K, T]) Get(k K) *T {
	if i, ok := slices.BinarySearch(l.keys, k); ok {
		return l.vals[i]
	}
	return nil
}

// Remove removes and returns the value under k, or returns nil. Once
// more than half the entries are holes it compacts the list, so n
// removals copy at most n entries in all.
func (l *List[K, T]) Remove(k K) *T {
	i, ok := slices.BinarySearch(l.keys, k)
	if !ok || l.vals[i] == nil {
		return nil
	}
	v := l.vals[i]
	l.vals[i] = nil
	l.dead++
	if 2*l.dead > len(l.vals) {
		l.compact()
	}
	return v
}

// Len returns the number of values held.
func (l *List[K, T]) Len() int { return len(l.vals) - l.dead }

// Values returns the values in ascending key order, closing the holes
// removals left first. The slice is the list's own: read it, and call no
// other method while walking it.
func (l *List[K, T]) Values() []*T {
	if l.dead > 0 {
		l.compact()
	}
	return l.vals
}

// Clear removes every value, keeping the memory for values to come.
func (l *List[K, T]) Clear() {
	clear(l.vals)
	l.keys, l.vals, l.dead = l.keys[:0], l.vals[:0], 0
}

// Moved returns how many entries compactions have copied so far.
func (l *List[K, T]) Moved() int { return l.moved }

func (l *List[K, T]) compact() {
	n := 0
	for i, v := range l.vals {
		if v != nil {
			l.keys[n], l.vals[n] = l.keys[i], v
			n++
		}
	}
	l.moved += n
	clear(l.vals[n:])
	l.keys, l.vals, l.dead = l.keys[:n], l.vals[:n], 0
}
