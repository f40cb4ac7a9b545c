package host

import (
	"fmt"
	"time"

	"github.com/lockstep-engine/lockstep/engine"

	"github.com/lockstep-engine/lockstep/physics"
)

// Loop is a running loop, handed to Update and Draw through Frame.Loop so
// a game can read its stats and switch its modes while it runs. Changes
// take effect from the next frame.
type Loop struct {
	cfg      engine.Config
	wire     Wiring
	game     engine.Parts
	world    physics.Stepper
	platform Platform
	clock    Clock

	ts     timestep
	pacer  *pacer
	phases *phaseTimer
	stats  *Stats
	rec    FrameRecord // the frame's account, for Stats and Wiring.AfterFrame
	gc     *gcWatch
	flush  Flusher // the platform's; nil when it has none
	input  inputs
	tick   engine.Tick
	frame  engine.Frame
	mp     multiplayer   // player slots and the Lockstep; zero without them
	pred   *prediction   // the predicted timeline; nil without prediction
	stall  time.Duration // stalled time given up since a tick last ran (HoldStats.Longest)
	repeat uint64        // repeated frames since a tick last ran (HoldStats.RepeatedRun)
	held   HoldStats

	prev, cur, blend []physics.BodyState

	start, last   time.Duration // clock readings: Run's start, this frame's start
	lastPresent   time.Duration
	lastWork      time.Duration // the last drawn frame's time from its start to its present
	slowUntil     time.Duration
	paused        bool
	stepRequested bool
	stopping      bool
	done          <-chan struct{} // Run's context's; nil when it cannot be cancelled

	pendingMode engine.Mode
	modeChanged bool
	interp      bool
	timeScale   float64
	lastAlpha   float64
}

// The loop is what a game steers through Frame.Loop.
var _ engine.Controls = (*Loop)(nil)

// LoopOf returns the loop running f (its Frame.Loop), for a host's hooks
// (Wiring.BeforeUpdate, AfterDraw) that read what a game does not: stats,
// prediction, hold times. Nil for a frame no Loop handed out.
func LoopOf(f *engine.Frame) *Loop {
	l, _ := f.Loop.(*Loop)
	return l
}

// Stats returns the loop's statistics so far.
func (l *Loop) Stats() *Stats { return l.stats }

// Mode returns the power mode asked for.
func (l *Loop) Mode() engine.Mode {
	if l.modeChanged {
		return l.pendingMode
	}
	return l.pacer.mode
}

// EffectiveMode names the pacing in force: the mode, or the cap that
// stands in for vsync when the driver ignores it.
func (l *Loop) EffectiveMode() string { return l.pacer.effective() }

// SetMode switches the power mode from the next frame.
func (l *Loop) SetMode(m engine.Mode) error {
	if m > engine.ModeUncapped {
		return fmt.Errorf("engine: unknown power mode %d: want ModeVSync, ModeCap or ModeUncapped", m)
	}
	l.pendingMode, l.modeChanged = m, true
	return nil
}

// Interpolating reports whether frames are drawn blended between ticks.
func (l *Loop) Interpolating() bool { return l.interp }

// SetInterpolation turns blending between ticks on or off.
func (l *Loop) SetInterpolation(on bool) { l.interp = on }

// Paused reports whether ticks are held.
func (l *Loop) Paused() bool { return l.paused }

// SetPaused holds or releases the ticks, from the frame it is called in.
// Real time that passes while paused is never simulated: the frame that
// releases the pause runs no tick for the paused time before it.
func (l *Loop) SetPaused(p bool) { l.paused = p }

// StepOnce runs exactly one tick in the next frame while paused.
func (l *Loop) StepOnce() { l.stepRequested = true }

// TimeScale returns simulated seconds per real second.
func (l *Loop) TimeScale() float64 { return l.timeScale }

// SetTimeScale changes how many ticks real time buys (never the tick's
// dt, which stays fixed so physics stays stable and replays exact).
func (l *Loop) SetTimeScale(s float64) error {
	if !(s >= MinTimeScale && s <= MaxTimeScale) {
		return fmt.Errorf("engine: time scale %v out of range: want %v to %v", s, MinTimeScale, MaxTimeScale)
	}
	l.timeScale = s
	l.ts.scale = newRatio(s)
	return nil
}

// RunningSlowly reports that the max-steps bailout has cut a frame short
// within the last second: the machine cannot keep up and the game runs
// slower than real time.
func (l *Loop) RunningSlowly() bool { return l.last < l.slowUntil }

// TPS returns the fixed tick rate.
func (l *Loop) TPS() int { return l.cfg.TPS }

// DT returns the fixed tick length.
func (l *Loop) DT() time.Duration { return l.ts.dt }

// Alpha returns the blend factor of the last frame drawn.
func (l *Loop) Alpha() float64 { return l.lastAlpha }

// TickDebt returns the simulated time owed but not yet ticked.
func (l *Loop) TickDebt() time.Duration { return l.ts.acc }
