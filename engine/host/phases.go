package host

import (
	"context"
	"runtime/pprof"
	"runtime/trace"
	"time"
)

// phaseTimer attributes the frame's time to phases. Each switch reads the
// clock once, and the loop thread's CPU clock once when the clock can
// read it (ThreadCPUClock). With labels on, it also retags the goroutine
// for the CPU profiler, switching between label contexts built once at
// start (about 20 ns and no allocation, where pprof.Do costs ~330 ns and
// 3 allocations). While an execution trace runs, each frame is a task
// with a region per phase; otherwise that costs one check.
type phaseTimer struct {
	clock    Clock
	cpu      ThreadCPUClock // nil: no CPU time
	wall     *[NumPhases]time.Duration
	cpuTotal *[NumPhases]time.Duration
	rec      *FrameRecord // this frame's Wall and CPU
	cur      Phase
	since    time.Duration
	cpuSince time.Duration

	labels [NumPhases]context.Context // nil when labels are off
	base   context.Context            // no labels: what the goroutine is left with after Run (Go cannot read the caller's)

	taskCtx context.Context
	task    *trace.Task
	region  *trace.Region
}

func newPhaseTimer(clock Clock, s *Stats, rec *FrameRecord, labels bool) *phaseTimer {
	p := &phaseTimer{clock: clock, wall: &s.PhaseTime, cpuTotal: &s.PhaseCPU, rec: rec, base: context.Background()}
	p.cpu, _ = clock.(ThreadCPUClock)
	if labels {
		for ph := range NumPhases {
			p.labels[ph] = pprof.WithLabels(p.base, pprof.Labels("phase", ph.String()))
		}
	}
	return p
}

// beginFrame starts a frame in phase input.
func (p *phaseTimer) beginFrame(now time.Duration) {
	p.since = now
	p.cur = PhaseInput
	p.rec.Wall, p.rec.CPU = [NumPhases]time.Duration{}, [NumPhases]time.Duration{}
	if p.cpu != nil {
		p.cpuSince = p.cpu.ThreadCPU()
	}
	if trace.IsEnabled() {
		p.taskCtx, p.task = trace.NewTask(p.base, "frame")
		p.region = trace.StartRegion(p.taskCtx, PhaseInput.String())
	}
	p.label()
}

// account ends the current phase at now.
func (p *phaseTimer) account(now time.Duration) {
	d := now - p.since
	p.wall[p.cur] += d
	p.rec.Wall[p.cur] += d
	p.since = now
	if p.cpu != nil {
		c := p.cpu.ThreadCPU()
		d := max(c-p.cpuSince, 0) // a thread switch under an unlocked loop reads another thread's clock
		p.cpuTotal[p.cur] += d
		p.rec.CPU[p.cur] += d
		p.cpuSince = c
	}
}

// enter ends the current phase and starts ph; it returns the time.
func (p *phaseTimer) enter(ph Phase) time.Duration {
	now := p.clock.Now()
	p.account(now)
	p.cur = ph
	if p.task != nil {
		p.region.End()
		p.region = trace.StartRegion(p.taskCtx, ph.String())
	}
	p.label()
	return now
}

// endFrame closes the frame's phase and trace task.
func (p *phaseTimer) endFrame() time.Duration {
	now := p.clock.Now()
	p.account(now)
	if p.task != nil {
		p.region.End()
		p.task.End()
		p.task, p.region, p.taskCtx = nil, nil, nil
	}
	return now
}

func (p *phaseTimer) label() {
	if l := p.labels[p.cur]; l != nil {
		pprof.SetGoroutineLabels(l)
	}
}

// stop clears the labels Run set and ends a frame that an error or a
// panic cut short, so the trace holds no task that never ends.
func (p *phaseTimer) stop() {
	if p.task != nil {
		p.region.End()
		p.task.End()
		p.task, p.region, p.taskCtx = nil, nil, nil
	}
	if p.labels[0] != nil {
		pprof.SetGoroutineLabels(p.base)
	}
}
