package engine

import "time"

// refreshMeter learns a display's refresh period from the presents of an
// honoured vsync, for displays that do not say it (Xvfb, some drivers).
// The estimate is the mean interval since the series began: timestamp
// noise cancels out of a mean taken end to end, so a millisecond of jitter
// costs 1 µs of error after a thousand frames. An interval far from the
// estimate (a hitch, a missed vblank) starts the series again.
type refreshMeter struct {
	start  time.Duration
	n      int64
	period time.Duration // 0 until enough presents were seen
}

// Presents before the meter trusts its mean.
const refreshMeterMin = 60

func (m *refreshMeter) reset() { *m = refreshMeter{} }

// presented adds a present that came interval after the one before, at now.
func (m *refreshMeter) presented(interval, now time.Duration) {
	if m.n > 0 {
		mean := (now - m.start) / time.Duration(m.n)
		if interval < mean*3/4 || interval > mean*5/4 {
			m.start, m.n = now, 0
			return
		}
	}
	if m.n == 0 {
		m.start = now
	}
	m.n++
	if m.n > refreshMeterMin {
		m.period = (now - m.start) / time.Duration(m.n-1)
	}
}
