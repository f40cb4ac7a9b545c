package engine

import (
	"fmt"
	"log/slog"
	"time"
)

// pacer ends each frame the way the power mode says: nothing (uncapped),
// the display's own wait inside Present (vsync), or a wait for the next of
// a series of absolute deadlines (cap, and vsync when the driver ignores
// it). Absolute deadlines keep the average rate exact however late single
// wakes are.
type pacer struct {
	clock    Clock
	vsync    VSyncer // nil when the platform cannot switch vsync
	refresh  time.Duration
	fps      int
	log      *slog.Logger
	mode     Mode // what the user asked for
	fallback bool // vsync asked for but not honoured: capping instead

	// The cap: deadline k is base + k·num/den, computed afresh each time
	// so integer rounding never accumulates.
	capping  bool
	num, den int64
	base     time.Duration
	k        int64
	next     time.Duration

	fastPresents int // consecutive presents far quicker than the refresh
	meter        refreshMeter
}

// Vsync is judged ignored after this many presents in a row returned in
// under half a refresh period. A swap chain lets two or three presents
// through at once when it starts; ten in a row is no honoured vsync, and
// judging sooner keeps the burst of frames before the verdict short.
const vsyncIgnoredAfter = 10

// throttlePeriod is the frame period while the window cannot be seen.
const throttlePeriod = 50 * time.Millisecond

func newPacer(cfg Config) *pacer {
	p := &pacer{clock: cfg.Clock, fps: cfg.FPS, log: cfg.Logger}
	p.vsync, _ = cfg.Platform.(VSyncer)
	if r, ok := cfg.Platform.(RefreshRater); ok {
		p.refresh = r.RefreshPeriod()
	}
	return p
}

// setMode switches to m from the frame that starts at now.
func (p *pacer) setMode(m Mode, now time.Duration) error {
	p.mode, p.fastPresents = m, 0
	p.meter.reset()
	if m != ModeVSync {
		p.fallback = false
	}
	wantVSync := m == ModeVSync && !p.fallback && p.vsync != nil
	if p.vsync != nil {
		if err := p.vsync.SetVSync(wantVSync); err != nil {
			if !wantVSync {
				return fmt.Errorf("engine: turn vsync off for %v mode: %w", m, err)
			}
			p.log.Warn("vsync could not be turned on; capping at the display rate instead", "err", err)
			p.fallback = true
		}
	}
	if m == ModeVSync && p.vsync == nil {
		p.fallback = true
	}
	p.capping = m == ModeCap || (m == ModeVSync && p.fallback)
	switch {
	case m == ModeCap:
		p.num, p.den = int64(time.Second), int64(p.fps)
	case p.refresh > 0:
		p.num, p.den = int64(p.refresh), 1
	default:
		p.num, p.den = int64(time.Second), 60
	}
	p.resync(now)
	return nil
}

// period is the length of one frame the loop aims at: the cap's or the
// display's, or 0 when it does not know or does not aim.
func (p *pacer) period() time.Duration {
	switch {
	case p.capping:
		return time.Duration(p.num / p.den)
	case p.mode == ModeVSync && p.refresh > 0:
		return p.refresh
	case p.mode == ModeVSync:
		return p.meter.period
	}
	return 0
}

// effective names the pacing actually in force.
func (p *pacer) effective() string {
	switch {
	case p.mode == ModeVSync && p.fallback:
		return "cap (vsync ignored)"
	default:
		return p.mode.String()
	}
}

// target is the frame rate aimed at, 0 when uncapped or unknown.
func (p *pacer) target() float64 {
	if per := p.period(); per > 0 {
		return float64(time.Second) / float64(per)
	}
	return 0
}

func (p *pacer) resync(now time.Duration) {
	p.base, p.k = now, 0
	p.next = now
}

// presented tells the pacer how long the last frame took between
// presents, which is how it notices a driver that ignores vsync.
func (p *pacer) presented(interval, now time.Duration) {
	if p.mode != ModeVSync || p.fallback {
		return
	}
	expect := p.refresh
	if expect == 0 {
		expect = time.Second / 60
	}
	if interval >= expect/2 {
		p.fastPresents = 0
		if p.refresh == 0 {
			p.meter.presented(interval, now)
		}
		return
	}
	if p.fastPresents++; p.fastPresents < vsyncIgnoredAfter {
		return
	}
	p.log.Info("presents return much faster than the display refreshes: the driver ignores vsync; capping at the display rate instead",
		"refresh", expect)
	p.fallback = true
	_ = p.setMode(ModeVSync, now)
}

// wait blocks until the next deadline when capping. It returns how late
// it woke after the deadline and whether it waited for one at all.
func (p *pacer) wait() (late time.Duration, waited bool) {
	if !p.capping {
		return 0, false
	}
	p.k++
	p.next = p.base + time.Duration(p.k*p.num/p.den)
	now := p.clock.Now()
	if now > p.next+time.Duration(p.num/p.den) {
		// More than a period behind (a hitch): start the series again from
		// here rather than rushing frames out to catch up.
		p.resync(now)
		return 0, false
	}
	p.clock.SleepUntil(p.next)
	return p.clock.Now() - p.next, true
}

// throttle waits out a frame while nothing can be seen.
func (p *pacer) throttle(frameStart time.Duration, maxPeriod time.Duration) {
	p.clock.SleepUntil(frameStart + min(throttlePeriod, maxPeriod))
	p.resync(p.clock.Now())
}
