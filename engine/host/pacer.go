package host

import (
	"fmt"
	"log/slog"
	"time"

	"github.com/lockstep-engine/lockstep/engine"
)

// pacer ends each frame the way the power mode says: nothing (uncapped),
// the display's own wait inside Present (vsync), or a wait for the next of
// a series of absolute deadlines (cap, and vsync when the driver ignores
// it). Absolute deadlines keep the average rate exact however late single
// wakes are.
//
// Under vsync the pacer also judges whether the driver honours it, and
// while it judges it paces: a present that comes back far sooner than the
// display could have taken it is followed by a wait for the display
// period's next deadline, so the frames before the verdict run at the
// display rate, not as fast as the CPU allows. A present that waited for
// the display is never followed by a wait of the loop's own, which could
// make the next present miss its vblank: the deadlines start afresh from
// it instead.
type pacer struct {
	clock    Clock
	vsync    VSyncer // nil when the platform cannot switch vsync
	refresh  time.Duration
	fps      int
	log      *slog.Logger
	mode     engine.Mode // what the user asked for
	fallback bool        // vsync asked for but not honoured: capping instead
	headless bool        // no display: vsync is a cap from the start

	// The deadlines: deadline k is base + k·num/den, computed afresh
	// each time so integer rounding never accumulates. capping waits for
	// each; paceNext, under vsync, for the next one only.
	capping  bool
	paceNext bool
	payBack  bool // the next deadline may lie up to vsyncIgnoredAfter+1 periods ahead
	num, den int64
	base     time.Duration
	k        int64
	next     time.Duration

	// Judging vsync: the later of the last present and the end of the
	// loop's last wait, and how many presents in a row came back within
	// half a period of it.
	mark   time.Duration
	prompt int

	meter refreshMeter
	rater RefreshRater // nil when the platform cannot say
}

// Vsync is judged ignored after this many presents in a row came back in
// under half a refresh period. Ten in a row is no honoured vsync; the
// frames until then are paced at the display rate.
const vsyncIgnoredAfter = 10

// vsyncLead is how many presents in a row may come back at once before the
// loop waits for the display's deadlines itself. A swap chain lets two or
// three through while it has room, and only a full one shows an honoured
// vsync: paced at the display rate from the first frame, it would never
// fill, and would look ignored. The first wait after the lead pays it
// back, so the frames until the verdict average the display rate.
const vsyncLead = 3

// rebaseEvery is how many cap deadlines pass before their series is
// re-based (see wait).
const rebaseEvery = 1 << 20

// throttlePeriod is the frame period while the window cannot be seen.
const throttlePeriod = 50 * time.Millisecond

func newPacer(cfg engine.Config, w *Wiring) *pacer {
	p := &pacer{clock: w.Clock, fps: cfg.FPS, log: w.Logger}
	p.vsync, _ = w.Platform.(VSyncer)
	p.rater, _ = w.Platform.(RefreshRater)
	if h, ok := w.Platform.(Headless); ok {
		p.headless = h.Headless()
	}
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
// The period learnt from presents stays: the display has not changed.
func (p *pacer) setMode(m engine.Mode, now time.Duration) error {
	p.readRefresh()
	p.mode, p.prompt, p.paceNext, p.mark = m, 0, false, now
	if m != engine.ModeVSync {
		p.fallback = false
	}
	if m == engine.ModeVSync && (p.vsync == nil || p.headless) {
		if p.headless && !p.fallback {
			p.log.Info("no display to wait for: vsync is a cap at the display rate", "refresh", p.displayPeriod())
		}
		p.fallback = true
	}
	p.applyCap(now)
	if p.vsync == nil {
		return nil
	}
	wantVSync := m == engine.ModeVSync && !p.fallback
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
// the cap's rate, or the display's under vsync (60 Hz when the display
// does not say and none was learnt).
func (p *pacer) applyCap(now time.Duration) {
	p.capping = p.mode == engine.ModeCap || (p.mode == engine.ModeVSync && p.fallback)
	switch per := p.vsyncPeriod(); {
	case p.mode == engine.ModeCap:
		p.num, p.den = int64(time.Second), int64(p.fps)
	case per > 0:
		p.num, p.den = int64(per), 1
	default:
		p.num, p.den = int64(time.Second), 60
	}
	p.resync(now)
	if !p.capping {
		p.k = -1 // under vsync the first present is the series' deadline 0
	}
}

// period is the length of one frame the loop aims at: the cap's or the
// display's, or 0 when it does not know or does not aim.
func (p *pacer) period() time.Duration {
	switch {
	case p.capping:
		return time.Duration(p.num / p.den)
	case p.mode != engine.ModeVSync:
		return 0
	}
	return p.vsyncPeriod()
}

// vsyncPeriod is the display's period as far as it is known: measured from
// presents when that is close to what the display says (SDL2 reports whole
// hertz, 59 or 60 for a 59.94 Hz panel) or the display says nothing, else
// what it says, else 0.
func (p *pacer) vsyncPeriod() time.Duration {
	if m := p.meter.period; m > 0 && (p.refresh == 0 || near(m, p.refresh, 20)) {
		return m
	}
	return p.refresh
}

// displayPeriod is the refresh period, or 60 Hz's when it is unknown.
func (p *pacer) displayPeriod() time.Duration {
	if per := p.vsyncPeriod(); per > 0 {
		return per
	}
	return time.Second / 60
}

// near reports whether a is within 1/parts of b.
func near(a, b time.Duration, parts time.Duration) bool {
	d := a - b
	return d <= b/parts && d >= -b/parts
}

// effective names the pacing actually in force.
func (p *pacer) effective() string {
	switch {
	case p.mode == engine.ModeVSync && p.headless:
		return "cap (no display)"
	case p.mode == engine.ModeVSync && p.fallback:
		return "cap (vsync ignored)"
	default:
		return p.mode.String()
	}
}

// target is the frame rate aimed at, 0 when uncapped. Under vsync it is
// the display's rate, known, learnt or assumed (60 Hz, as the fallback cap
// assumes), whatever rate the scene manages: a scene slower than the
// display presents at its own pace, and under Xvfb, whose vsync only
// throttles, such presents do not even land on a refresh grid to learn
// from.
func (p *pacer) target() float64 {
	per := p.period()
	if p.mode == engine.ModeVSync {
		per = p.displayPeriod()
	}
	if per > 0 {
		return float64(time.Second) / float64(per)
	}
	return 0
}

func (p *pacer) resync(now time.Duration) {
	p.base, p.k = now, 0
	p.next = now
}

// presentBlocked is the share of a period a present must take, from its
// call to its return, to count as having waited for the display when it
// came back too soon after the one before: the first present that finds a
// swap chain full waits only until the next vblank, which may be soon.
// Pacing after it would let the chain drain and never fill again. A
// driver that ignores vsync returns from a present in microseconds.
const presentBlocked = 16

// presented tells the pacer that a frame's present, called at called,
// returned at now. Under vsync that is how it learns the display's
// period, paces the frames while the verdict is out, and notices a driver
// that ignores vsync.
func (p *pacer) presented(called, now time.Duration) {
	since := now - p.mark
	p.mark = now
	if p.mode != engine.ModeVSync || p.fallback {
		return
	}
	if p.readRefresh() {
		p.prompt = 0
		p.applyCap(now)
	}
	p.k++ // this present's deadline
	per := p.displayPeriod()
	if since >= per/2 {
		// The present waited for the display (or the frame took that
		// long by itself): no wait of the loop's own after it, and the
		// deadlines count from here. Only a present that blocked landed
		// on a refresh: under a vsync that merely throttles (Xvfb) a
		// frame slower than the display presents at once, at its own
		// pace, which the meter must not take for the display's.
		p.prompt = 0
		if now-called >= per/presentBlocked {
			p.meter.presented(now, p.refresh)
		}
		p.resync(now)
		return
	}
	if p.prompt++; p.prompt >= vsyncIgnoredAfter {
		p.fallBack()
		return
	}
	p.paceNext = p.prompt > vsyncLead && now-called < per/presentBlocked
	p.payBack = p.paceNext
}

// fallBack caps at the display rate once vsync is judged ignored. The cap
// carries on the deadlines the judging frames were paced by.
func (p *pacer) fallBack() {
	p.log.Info("presents return much faster than the display refreshes: the driver ignores vsync; capping at the display rate instead",
		"refresh", p.displayPeriod())
	p.fallback, p.capping, p.paceNext, p.payBack = true, true, false, true
	if p.vsync == nil {
		return
	}
	if err := p.vsync.SetVSync(false); err != nil {
		p.log.Warn("vsync fallback: the cap is in force, but vsync could not be switched off", "err", err)
	}
}

// wait blocks until the next deadline when capping, or when vsync let the
// last present through far too soon. It returns how late it woke after
// the deadline and whether it waited for one at all.
func (p *pacer) wait() (late time.Duration, waited bool) {
	if !p.capping && !p.paceNext {
		return 0, false
	}
	// The deadline may lie further ahead than a period only when it pays
	// back the presents that came early while vsync was being judged: up
	// to the verdict's count of them. Presents that are prompt but slow
	// (a headless present that reads a pixel back waits for the frame to
	// be drawn, over a millisecond on llvmpipe) are not paced one by one,
	// so the verdict's first wait pays them all back: 8 such frames made a
	// 5 s run average 61.4 fps against 60. Under vsync the next present's
	// deadline is counted when it returns.
	ahead := time.Duration(1)
	if p.payBack {
		ahead += vsyncIgnoredAfter + 1
	}
	p.paceNext, p.payBack = false, false
	k := p.k + 1
	if p.capping {
		if p.k = k; p.k == rebaseEvery {
			// k·num would overflow int64 after ~9·10⁹ frames: move the
			// base up to deadline k and count afresh. The deadlines after
			// it move by less than a nanosecond of rounding.
			p.base = p.deadline(p.k)
			p.k, k = 0, 0
		}
	}
	p.next = p.deadline(k)
	now := p.clock.Now()
	// Deadlines are a period apart give or take a nanosecond of rounding.
	if per := time.Duration(p.num / p.den); now > p.next+per || p.next > now+ahead*per+1 {
		// More than a period behind (a hitch): start the series again from
		// here rather than rushing frames out to catch up. Further ahead
		// than the loop ever aims, the clock stepped back (Clock promises
		// it will not, but a broken one should not freeze the loop for as
		// long as it stepped): likewise.
		p.resync(now)
		p.mark = now
		return 0, false
	}
	p.clock.SleepUntil(p.next)
	p.mark = p.clock.Now()
	return p.mark - p.next, true
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
	p.mark, p.paceNext = p.next, false
	if p.mode == engine.ModeVSync && !p.fallback {
		p.k = -1
	}
}
