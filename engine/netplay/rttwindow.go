package netplay

import (
	"slices"
	"time"
)

// rttWindow keeps a link's latest round trips, measured from the
// datagrams' own timestamps, for a robust figure: a quantile of the
// last rttSamples, which a few late datagrams (a busy machine, a burst
// of jitter) do not move, where a mean plus deviations does.
type rttWindow struct {
	n       int // samples taken, up to len(samples)
	next    int // where the next goes
	samples [rttSamples]time.Duration
	sorted  [rttSamples]time.Duration // scratch, so that median allocates nothing
}

// rttSamples is how many round trips the window holds: about a second
// of datagrams at 60 a second.
const rttSamples = 64

// add takes one round trip in.
func (w *rttWindow) add(rtt time.Duration) {
	w.samples[w.next] = rtt
	w.next = (w.next + 1) % len(w.samples)
	w.n = min(w.n+1, len(w.samples))
}

// quantile returns the round trip below which a share q (0 to 1) of the
// window's lie (q 0.5: the median), 0 when it holds fewer than
// rttSamples/4 (too few to judge by).
func (w *rttWindow) quantile(q float64) time.Duration {
	if w.n < len(w.samples)/4 {
		return 0
	}
	s := w.sorted[:w.n]
	copy(s, w.samples[:w.n])
	slices.Sort(s)
	return s[min(int(q*float64(w.n)), w.n-1)]
}
