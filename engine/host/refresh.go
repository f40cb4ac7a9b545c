package host

import (
	"math"
	"time"
)

// refreshMeter learns a display's refresh period from the presents of an
// honoured vsync, for displays that do not say it (Xvfb, some drivers) or
// round it (SDL reports whole hertz: 59 or 60 for a 59.94 Hz panel).
//
// Each present is placed on the vblank it landed on, counted from the
// first of the series, and the period is the slope of a least-squares
// line through (vblank, time). A frame that missed vblanks simply counts
// more of them, so a hitch does not throw the estimate away; timestamp
// noise of ±1 ms leaves under 5 µs of error after 60 presents and under
// 0.1 µs after 1,000 (the mean of the intervals, for comparison, keeps
// 2 ms / n, and restarted at every missed vblank). A present far off the
// line (the display changed, or vsync does not pace the presents) starts
// the series again; the period learnt so far stays until a new series has
// enough presents to replace it.
type refreshMeter struct {
	period time.Duration // learnt; 0 until a series had refreshMeterMin presents
	est    time.Duration // the period vblanks are counted in: learnt, said, or a first interval
	fails  int           // presents in a row that started the series again

	// The series: its first present's time, and the last present's
	// vblank and time since then.
	start        time.Duration
	n            int64
	lastV        int64
	lastY        time.Duration
	mx, my       float64 // means of vblank and time (ns since start)
	sxx, sxy     float64 // sums of squared vblank and of product deviations
	slope, inter float64 // the fitted line, once two vblanks apart
}

// Presents before the meter trusts its fit.
const refreshMeterMin = 60

// After this many presents in a row off the line, the period vblanks are
// counted in is forgotten and taken afresh from the next interval.
const refreshMeterFails = 8

func (m *refreshMeter) reset() { *m = refreshMeter{} }

// presented adds a present that returned at now from an honoured vsync.
// hint is the period the display says it has, 0 when it does not say.
func (m *refreshMeter) presented(now, hint time.Duration) {
	if m.est == 0 {
		m.est = m.period
		if m.est == 0 {
			m.est = hint
		}
	}
	if m.n == 0 || m.est == 0 {
		if m.n > 0 { // no period to count in yet: the first interval is one
			m.est = now - m.start - m.lastY
		}
		m.restart(now)
		return
	}
	y := now - m.start
	v := m.lastV + int64((y-m.lastY+m.est/2)/m.est)
	want := m.lastY + time.Duration(v-m.lastV)*m.est
	if m.lastV >= 2 {
		want = time.Duration(math.Round(m.inter + m.slope*float64(v)))
	}
	if d := y - want; v <= m.lastV || d > m.est/4 || d < -m.est/4 {
		if m.fails++; m.fails >= refreshMeterFails {
			m.est, m.fails = m.period, 0
		}
		m.restart(now)
		return
	}
	m.fails = 0
	m.add(v, y)
	if m.lastV >= 2 {
		m.slope = m.sxy / m.sxx
		m.inter = m.my - m.slope*m.mx
	}
	if m.n >= refreshMeterMin {
		m.period = time.Duration(math.Round(m.slope))
		m.est = m.period
	}
}

func (m *refreshMeter) restart(now time.Duration) {
	m.start, m.n, m.lastV, m.lastY = now, 0, 0, 0
	m.mx, m.my, m.sxx, m.sxy = 0, 0, 0, 0
	m.add(0, 0)
}

// add puts the present at vblank v and time y into the fit (Welford's
// updates, which stay exact in float64 over hours of nanoseconds).
func (m *refreshMeter) add(v int64, y time.Duration) {
	m.n++
	m.lastV, m.lastY = v, y
	x, fy := float64(v), float64(y)
	dx := x - m.mx
	m.mx += dx / float64(m.n)
	m.my += (fy - m.my) / float64(m.n)
	m.sxx += dx * (x - m.mx)
	m.sxy += dx * (fy - m.my)
}
