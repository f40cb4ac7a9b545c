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
	rater        RefreshRater // nil when the platform cannot say
}

// Vsync is judged ignored after this many presents in a row returned in
// under half a refresh period. A swap chain lets two or three presents
// through at once when it starts; ten in a row is no honoured vsync, and
// judging sooner keeps the burst of frames before the verdict short.
const vsyncIgnoredAfter = 10

// rebaseEvery is how many cap deadlines pass before their series is
// re-based (see wait).
const rebaseEvery = 1 << 20

// throttlePeriod is the frame period while the window cannot be seen.
const throttlePeriod = 50 * time.Millisecond

func newPacer(cfg Config) *pacer {
	p := &pacer{clock: cfg.Clock, fps: cfg.FPS, log: cfg.Logger}
	p.vsync, _ = cfg.Platform.(VSyncer)
	p.rater, _ = cfg.Platform.(RefreshRater)
	p.readRefresh()
	return p
}

// readRefresh asks the platform for the display's period again: a window
// moved to another monitor has another. It reports whether it changed.
func (p *pacer) readRefresh() bool {
	if p.rater == nil {
		return false
	}
	r := p.rater.RefreshPeriod()
	if r == p.refresh {
		return false
	}
	p.refresh = r
	p.meter.reset()
	return true
}

// setMode switches to m from the frame that starts at now. The pacing is
// in force even when it returns an error (vsync could not be switched).
func (p *pacer) setMode(m Mode, now time.Duration) error {
	p.readRefresh()
	p.mode, p.fastPresents = m, 0
	p.meter.reset()
	if m != ModeVSync {
		p.fallback = false
	}
	if m == ModeVSync && p.vsync == nil {
		p.fallback = true
	}
	p.applyCap(now)
	if p.vsync == nil {
		return nil
	}
	wantVSync := m == ModeVSync && !p.fallback
	err := p.vsync.SetVSync(wantVSync)
	switch {
	case err == nil:
		return nil
	case wantVSync:
		p.log.Warn("vsync could not be turned on; capping at the display rate instead", "err", err)
		p.fallback = true
		p.applyCap(now)
		return nil
	default:
		return fmt.Errorf("engine: turn vsync off for %v mode: %w", p.effective(), err)
	}
}

// applyCap sets whether and at what rate the loop waits for deadlines:
// the cap's rate, or the display's when vsync is ignored (60 Hz when the
// display does not say).
func (p *pacer) applyCap(now time.Duration) {
	p.capping = p.mode == ModeCap || (p.mode == ModeVSync && p.fallback)
	switch {
	case p.mode == ModeCap:
		p.num, p.den = int64(time.Second), int64(p.fps)
	case p.refresh > 0:
		p.num, p.den = int64(p.refresh), 1
	default:
		p.num, p.den = int64(time.Second), 60
	}
	p.resync(now)
}

// period is the length of one frame the loop aims at: the cap's or the
// display's, or 0 when it does not know or does not aim. Under vsync the
// period measured from presents wins over what the display says when they
// are close: SDL2 reports whole hertz, 59 or 60 for a 59.94 Hz panel.
func (p *pacer) period() time.Duration {
	switch {
	case p.capping:
		return time.Duration(p.num / p.den)
	case p.mode != ModeVSync:
		return 0
	case p.meter.period > 0 && (p.refresh == 0 || near(p.meter.period, p.refresh, 20)):
		return p.meter.period
	}
	return p.refresh
}

// near reports whether a is within 1/parts of b.
func near(a, b time.Duration, parts time.Duration) bool {
	d := a - b
	return d <= b/parts && d >= -b/parts
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

// displayPeriod is the refresh period, or 60 Hz's when it is unknown.
func (p *pacer) displayPeriod() time.Duration {
	if p.refresh > 0 {
		return p.refresh
	}
	return time.Second / 60
}

// presented tells the pacer how long the last frame took between
// presents, which is how it learns the display's period and notices a
// driver that ignores vsync.
func (p *pacer) presented(interval, now time.Duration) {
	if p.mode != ModeVSync || p.fallback {
		return
	}
	if p.readRefresh() {
		p.fastPresents = 0
	}
	expect := p.displayPeriod()
	if interval >= expect/2 {
		p.fastPresents = 0
		p.meter.presented(now, p.refresh)
		return
	}
	if p.fastPresents++; p.fastPresents < vsyncIgnoredAfter {
		return
	}
	p.log.Info("presents return much faster than the display refreshes: the driver ignores vsync; capping at the display rate instead",
		"refresh", expect)
	p.fallback = true
	if err := p.setMode(ModeVSync, now); err != nil {
		p.log.Warn("vsync fallback: the cap is in force, but vsync could not be switched off", "err", err)
	}
}

// wait blocks until the next deadline when capping. It returns how late
// it woke after the deadline and whether it waited for one at all.
func (p *pacer) wait() (late time.Duration, waited bool) {
	if !p.capping {
		return 0, false
	}
	p.k++
	if p.k == rebaseEvery {
		// k·num would overflow int64 after ~9·10⁹ frames: move the base
		// up to deadline k and count afresh. The deadlines after it move
		// by less than a nanosecond of rounding.
		p.base = p.deadline(p.k)
		p.k = 0
	}
	p.next = p.deadline(p.k)
	now := p.clock.Now()
	// Deadlines are a period apart give or take a nanosecond of rounding.
	if per := time.Duration(p.num / p.den); now > p.next+per || p.next > now+per+1 {
		// More than a period behind (a hitch): start the series again from
		// here rather than rushing frames out to catch up. More than a
		// period ahead, the clock stepped back (Clock promises it will
		// not, but a broken one should not freeze the loop for as long as
		// it stepped): likewise.
		p.resync(now)
		return 0, false
	}
	p.clock.SleepUntil(p.next)
	return p.clock.Now() - p.next, true
}

// deadline is the k-th deadline of the cap's series, computed afresh from
// its base so that integer rounding never accumulates.
func (p *pacer) deadline(k int64) time.Duration {
	return p.base + time.Duration(k*p.num/p.den)
}

// throttle waits out a frame while nothing can be seen: a throttle
// period from the frame's start, and never longer than that from now (the
// clock may have stepped back since the frame started).
func (p *pacer) throttle(frameStart time.Duration, maxPeriod time.Duration) {
	per := min(throttlePeriod, maxPeriod)
	p.clock.SleepUntil(min(frameStart, p.clock.Now()) + per)
	p.resync(p.clock.Now())
}
