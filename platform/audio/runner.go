package audio

import "fmt"

// Runner is the runner's side of a mixer: it tells the mixer which tick
// runs, mixes each tick's samples, feeds the audio device, and reads the
// counters. A game never holds one; desktop's runner does, and hands the
// game Mixer.
//
// A run has one verified timeline: ticks bracketed by BeginTick and
// EndTick, in order, each once. It is what -audio-out records and what is
// heard, mixed after each tick. A netplay run that draws a predicted copy
// of the game ahead of it also brackets each predicted tick with
// BeginPredictedTick and EndPredictedTick, as often as it simulates the
// tick again; see BeginPredictedTick for what is heard then.
type Runner struct {
	m *Mixer
}

// Mixer returns the mixer the game plays on.
func (r *Runner) Mixer() *Mixer { return r.m }

// TickStart returns the first sample of tick n on the timeline.
func (r *Runner) TickStart(n uint64) uint64 { return r.m.tickStart(n) }

func (m *Mixer) tickStart(n uint64) uint64 { return n * Rate / uint64(m.tps) }

// BeginTick tells the mixer that tick n of the verified timeline (n ticks
// ran before it) is about to run: sounds Play starts until EndTick begin
// at the tick's first sample.
func (r *Runner) BeginTick(n uint64) { r.m.phase, r.m.n = inTick, n }

// EndTick mixes the verified tick's samples, from its first sample to the
// next tick's, hands them to Capture and keeps them for the device. The
// sounds predicted ticks started for this tick (and earlier ones) that it
// did not play are faded out. Call it after every tick.
func (r *Runner) EndTick() error {
	m := r.m
	m.phase = inFrame
	m.pred.settle(m, m.n)
	k := int(m.tickStart(m.n+1) - m.tickStart(m.n))
	mus, fx, quiet := m.music[:2*k], m.effects[:2*k], m.quiet[:2*k]
	clear(mus)
	clear(fx)
	clear(quiet)
	if !m.paused {
		m.tick.mix(mus, fx, quiet, k)
	}
	m.stats.Frames += uint64(k)
	m.dev.push(mus, fx, &m.stats)
	if m.capture == nil || m.capErr != nil {
		return nil
	}
	out := m.out[:2*k]
	for i := range out {
		out[i] = clamp16(mus[i] + fx[i] + quiet[i])
	}
	b := m.capBuf[:4*k]
	for i, s := range out {
		b[2*i], b[2*i+1] = byte(s), byte(uint16(s)>>8)
	}
	if _, err := m.capture.Write(b); err != nil {
		m.capErr = fmt.Errorf("audio: capturing the mix: %w", err)
		return m.capErr
	}
	return nil
}

// Stats returns the mixer's counters.
func (r *Runner) Stats() Stats {
	s := r.m.stats
	s.Playing = r.m.tick.playing()
	return s
}
