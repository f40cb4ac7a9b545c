package ids

// Match pairs the records a world holds with those of a world it is
// being made a copy of, both in ascending ID order: pairs[k] is the
// receiver's record under the ID of srcs[k] when reuse says it can become
// that record's copy, and nil otherwise. The receiver's records left
// unpaired are appended to free, to be taken for the nil places. pairs
// and free are appended to and returned, so a caller that keeps them
// allocates nothing once they are large enough.
func Match[K ~uint32, T any](old, srcs []*T, id func(*T) K, reuse func(old, src *T) bool, pairs, free []*T) ([]*T, []*T) {
	i := 0
	for _, s := range srcs {
		for i < len(old) && id(old[i]) < id(s) {
			free = append(free, old[i])
			i++
		}
		switch {
		case i < len(old) && id(old[i]) == id(s) && reuse(old[i], s):
			pairs = append(pairs, old[i])
			i++
			continue
		case i < len(old) && id(old[i]) == id(s):
			free = append(free, old[i])
			i++
		}
		pairs = append(pairs, nil)
	}
	return pairs, append(free, old[i:]...)
}

// Always is Match's reuse for records any of which can become a copy of
// any other.
func Always[T any](_, _ *T) bool { return true }

// Take removes the last record of *free and returns it, or returns nil
// when *free is empty; the slot it leaves is cleared, so free keeps no
// reference to it.
func Take[T any](free *[]*T) *T {
	f := *free
	if len(f) == 0 {
		return nil
	}
	v := f[len(f)-1]
	f[len(f)-1] = nil
	*free = f[:len(f)-1]
	return v
}
