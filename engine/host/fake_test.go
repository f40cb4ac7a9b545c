package host

import (
	"time"

	"github.com/lockstep-engine/lockstep/engine"
)

// fakeClock is a clock that moves only when told to.
type fakeClock struct {
	now     time.Duration
	sleeps  int
	longest time.Duration // the longest sleep
	onWake  func()        // if set, runs as each sleep ends: a clock that jumps
}

func (c *fakeClock) Now() time.Duration { return c.now }

func (c *fakeClock) SleepUntil(t time.Duration) {
	c.sleeps++
	if t > c.now {
		c.longest = max(c.longest, t-c.now)
		c.now = t
	}
	if c.onWake != nil {
		c.onWake()
	}
}

// fakePlatform advances its clock at each present by the next scripted
// frame time, as if drawing and presenting had taken that long.
type fakePlatform struct {
	clock    *fakeClock
	work     func(frame int) time.Duration // time a frame takes, by frame number
	events   func(frame int, in EventSink) // events arriving before a frame
	presents int
	polls    int
	closed   int
}

func (p *fakePlatform) PollEvents(in EventSink) {
	if p.events != nil {
		p.events(p.polls, in)
	}
	p.polls++
}

func (p *fakePlatform) Present() error {
	if p.work != nil {
		p.clock.now += p.work(p.presents)
	}
	p.presents++
	return nil
}

func (p *fakePlatform) Close() error { p.closed++; return nil }

// vsyncPlatform is a fakePlatform on a display with a known refresh
// period that honours or ignores vsync.
type vsyncPlatform struct {
	fakePlatform
	period    time.Duration
	vsync     bool
	setVSyncs []bool
}

func (p *vsyncPlatform) SetVSync(on bool) error {
	p.vsync = on
	p.setVSyncs = append(p.setVSyncs, on)
	return nil
}

func (p *vsyncPlatform) RefreshPeriod() time.Duration { return p.period }

// recorder is a game that writes down what the loop did.
type recorder struct {
	ticks      int       // ticks in the current frame
	perFrame   []int     // ticks run by each drawn frame
	alphas     []float64 // alpha of each drawn frame
	debts      []time.Duration
	inputs     []engine.Input
	frameStart []time.Duration // clock at each Update
	clock      *fakeClock
	onTick     func(t *engine.Tick) error
	onUpdate   func(f *engine.Frame) error
}

func (g *recorder) Update(f *engine.Frame) error {
	if g.clock != nil {
		g.frameStart = append(g.frameStart, g.clock.now)
	}
	if g.onUpdate != nil {
		return g.onUpdate(f)
	}
	return nil
}

func (g *recorder) Tick(t *engine.Tick) error {
	g.ticks++
	g.inputs = append(g.inputs, t.Input)
	if g.onTick != nil {
		return g.onTick(t)
	}
	return nil
}

func (g *recorder) Draw(f *engine.Frame) error {
	g.perFrame = append(g.perFrame, g.ticks)
	g.ticks = 0
	g.alphas = append(g.alphas, f.Alpha)
	g.debts = append(g.debts, LoopOf(f).TickDebt())
	return nil
}

// every returns a work script of a constant frame time.
func every(d time.Duration) func(int) time.Duration {
	return func(int) time.Duration { return d }
}
