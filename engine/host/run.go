package host

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"runtime/debug"
	"time"

	"github.com/lockstep-engine/lockstep/engine"

	"github.com/lockstep-engine/lockstep/engine/internal/statehash"
	"github.com/lockstep-engine/lockstep/physics"
)

// PanicError is what Run returns when the game panicked: the value it
// panicked with and the stack where it did.
type PanicError struct {
	Value any    // what the game panicked with, as recover returned it
	Stack []byte // the panicking goroutine's stack, as runtime/debug.Stack gives it
}

// Error says what the game panicked with, in one line; the stack is in
// Stack.
func (e *PanicError) Error() string {
	return fmt.Sprintf("engine: game panicked: %v", e.Value)
}

// Unwrap returns the panic value when it is an error.
func (e *PanicError) Unwrap() error {
	err, _ := e.Value.(error)
	return err
}

// Run runs game, connected as w says, until it returns ErrQuit, the user
// closes the window, ctx is done or a stop condition in cfg is met, and
// returns a report of the run. The error is nil on a clean end. Run must
// be called from the main goroutine when the platform is bound to the
// main thread.
//
// When ctx is done Run stops before the next tick, not at the end of the
// frame (a frame can owe hundreds of ticks): that frame draws and
// presents what the ticks so far made, and Run returns context.Cause(ctx)
// with the report.
//
// Run refuses (ErrPlatformInUse) a platform another Run is driving, such
// as the one it was called from inside. If the game panics, Run recovers
// and returns a *PanicError with the stack. It never closes the platform
// nor the game: whoever opened them closes them (as platform/desktop's
// Run does), after a panic too. It closes the predicted copy it forks.
func Run(ctx context.Context, cfg engine.Config, game engine.Parts, w Wiring) (rep Report, err error) {
	cfg, err = WithDefaults(cfg)
	if err != nil {
		return Report{}, err
	}
	if err := checkParts(&game, "the game", true); err != nil {
		return Report{}, err
	}
	if err := checkMainThread(w.Platform); err != nil {
		return Report{}, err
	}
	release, err := usePlatform(w.Platform)
	if err != nil {
		return Report{}, err
	}
	defer release()
	// The phases' CPU times are read from the calling thread's clock: the
	// loop must stay on one thread for them to be its own. The main
	// goroutine is locked already (init); another caller is, for the run.
	// A clock that reads no CPU time (a test's fake) needs no thread of
	// its own: netplay's tests run several peers' loops as coroutines
	// (iter.Pull), which Go cannot switch between once a loop locks its
	// thread; as goroutines, each hand-off was an OS thread switch.
	w = w.withDefaults()
	if _, cpu := w.Clock.(ThreadCPUClock); cpu {
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
	}
	l := newLoop(cfg, game, w)
	if err := l.mp.init(cfg, &l.wire, game.Seat); err != nil {
		return Report{}, err
	}
	if err := l.initPrediction(); err != nil {
		return Report{}, err
	}
	defer func() {
		if r := recover(); r != nil {
			err = &PanicError{Value: r, Stack: debug.Stack()}
		}
		l.phases.stop()
		rep = l.report()
		err = errors.Join(err, l.pred.close())
	}()
	err = l.run(ctx)
	if errors.Is(err, engine.ErrQuit) {
		err = nil
	}
	return rep, err
}

func newLoop(cfg engine.Config, game engine.Parts, w Wiring) *Loop {
	l := &Loop{
		cfg:       cfg,
		wire:      w,
		game:      game,
		world:     worldOf(&game),
		platform:  w.Platform,
		clock:     w.Clock,
		stats:     newStats(cfg.MaxSteps, cfg.WorstFrames),
		gc:        newGCWatch(),
		interp:    !cfg.NoInterp,
		timeScale: cfg.TimeScale,
	}
	l.ts = timestep{
		dt:       time.Second / time.Duration(cfg.TPS),
		maxFrame: cfg.MaxFrame,
		maxSteps: cfg.MaxSteps,
		scale:    newRatio(cfg.TimeScale),
	}
	l.pacer = newPacer(cfg, &w)
	l.phases = newPhaseTimer(l.clock, l.stats, &l.rec, cfg.ProfileLabels)
	l.flush, _ = w.Platform.(Flusher)
	l.tick.DT = l.ts.dt
	l.frame.Loop = l
	return l
}

func (l *Loop) run(ctx context.Context) error {
	if l.world != nil {
		l.cur = l.world.Snapshot(l.cur)
		l.prev = append(l.prev[:0], l.cur...)
	}
	l.start = l.clock.Now()
	l.last, l.lastPresent = l.start, l.start
	if err := l.pacer.setMode(l.cfg.Mode, l.start); err != nil {
		return err
	}
	l.done = ctx.Done()
	for !l.stopping { // runTicks looks at ctx every frame
		if err := l.runFrame(); err != nil {
			return err
		}
	}
	return context.Cause(ctx)
}

// runFrame runs one frame: measure, events, ticks, draw, present, pace.
func (l *Loop) runFrame() error {
	now := l.clock.Now()
	frameTime := now - l.last
	l.last = now
	l.phases.beginFrame(now)

	l.pollInput()
	// frameTime passed under the pause state the previous frame left;
	// Update may change it now, for this frame's ticks.
	pausedBefore := l.paused
	if err := l.update(); err != nil {
		return err
	}
	if l.modeChanged {
		l.modeChanged = false
		if err := l.pacer.setMode(l.pendingMode, now); err != nil {
			return err
		}
	}

	if err := l.netFrame(now); err != nil {
		return err
	}
	if err := l.runTicks(frameTime, now, pausedBefore); err != nil {
		return err
	}

	visible := l.input.window.Visible()
	if visible {
		if err := l.draw(); err != nil {
			return err
		}
	}
	l.stats.Frames++
	if n := l.cfg.Frames; n > 0 && l.stats.Frames >= n {
		l.stopping = true
	}
	if d := l.cfg.Duration; d > 0 && now-l.start >= d {
		l.stopping = true
	}
	if l.stopping {
		l.endFrame(visible)
		return nil
	}

	if l.wire.GC != nil {
		l.phases.enter(PhaseIdle)
		l.wire.GC.Collect(l.pacer.idleBudget(l.clock.Now(), l.lastWork))
	}
	l.phases.enter(PhaseWait)
	if !visible {
		l.pacer.throttle(now, time.Duration(l.cfg.MaxSteps)*l.ts.dt)
	} else if late, waited := l.pacer.wait(); waited {
		record(l.stats.late, late)
	}
	l.endFrame(visible)
	return nil
}

// endFrame closes the frame's time. A frame that drew nothing (the window
// minimised or hidden) ends a stretch of hidden time since the last
// present: it is counted apart and the next present's interval starts
// here, so the stretch never shows as one long frame in the frame
// intervals, Recent or the FPS.
func (l *Loop) endFrame(drawn bool) {
	end := l.phases.endFrame()
	l.stats.Wall = end - l.start
	if !drawn {
		l.stats.Hidden += max(end-l.lastPresent, 0)
		l.lastPresent = end
	}
	r := &l.rec
	r.N, r.Tick, r.Steps = l.stats.Frames-1, l.stats.Ticks, l.stats.LastSteps
	r.Start, r.Duration = l.last-l.start, end-l.last
	l.gc.frame(r)
	l.stats.keepWorst(r)
	if h := l.wire.AfterFrame; h != nil {
		h(r)
	}
	r.Resimulated, r.Copied = 0, false
}

// pollInput takes the platform's events into the frame's input. A quit
// stops a run alone at once; a session ends on a tick every peer agrees
// on (netFrame).
func (l *Loop) pollInput() {
	// The frame's input is copied out only when events changed it, in the
	// last frame (beginFrame clears their edges) or in this one.
	changed := l.input.frameDirty
	l.input.beginFrame()
	l.platform.PollEvents(&l.input)
	if l.input.quit && l.mp.lockstep == nil {
		l.stopping = true
	}
	l.frame.N = l.stats.Frames
	if changed || l.input.frameDirty {
		l.frame.Input = l.input.frame
	}
	l.frame.Window, l.frame.Quit = l.input.window, l.input.quit
	l.frame.Text = l.input.text.Bytes()
}

// netFrame tells a session the frame has begun (Lockstep.Frame), with a
// quit asked for, and takes in its connections for the frame; alone it
// does nothing.
func (l *Loop) netFrame(now time.Duration) error {
	if l.mp.lockstep == nil {
		return nil
	}
	l.phases.enter(PhaseNet)
	if err := l.mp.lockstep.Frame(now, l.input.quit); err != nil {
		return err
	}
	l.phases.enter(PhaseInput)
	l.mp.linkAt = now
	l.mp.connections(&l.frame)
	return nil
}

// runTicks feeds the frame's time to the accumulator and runs the ticks it
// buys. Time that passed while paused (pausedBefore: the frame before
// this one was paused) is never fed, or unpausing after a long paused
// frame would pay it out in a burst; a paused frame feeds nothing, not
// even the cadence's carry.
func (l *Loop) runTicks(frameTime, now time.Duration, pausedBefore bool) error {
	steps, stepOnce := l.owedSteps(frameTime, now, pausedBefore)
	ran, err := l.tickSteps(steps, stepOnce)
	if err != nil {
		return err
	}
	return l.endTicks(ran)
}

// owedSteps feeds the frame's time to the accumulator, counting stalls
// and bailouts, and returns the ticks it buys: one when a paused loop was
// asked to step (stepOnce), none once Run's context is done.
func (l *Loop) owedSteps(frameTime, now time.Duration, pausedBefore bool) (steps int, stepOnce bool) {
	var dropped time.Duration
	var stalled bool
	if !l.paused && !pausedBefore {
		// The pacer owns the frame period (the cap's, the display's or the
		// one learnt from presents); the cadence snaps to whatever it is
		// now, after this frame's mode switch and the last present.
		l.ts.setPeriod(l.pacer.period())
		steps, dropped, stalled = l.ts.advance(frameTime)
	}
	if stalled {
		l.stats.Stalls++
	}
	if dropped > 0 {
		l.stats.Bailouts++
		l.stats.Dropped += dropped
		l.slowUntil = now + time.Second
	}
	stepOnce = l.paused && l.stepRequested
	l.stepRequested = false
	if stepOnce {
		steps = 1
	}
	if l.cancelled() { // during Update or the frame's wait: no tick at all
		l.stopping, steps = true, 0
	}
	return steps, stepOnce
}

// tickSteps runs up to steps ticks, stopping at Config.Ticks, when Run's
// context is done or when the Lockstep holds a tick, and returns how many
// ran. A step asked for while paused (stepOnce) takes nothing from the
// accumulator.
func (l *Loop) tickSteps(steps int, stepOnce bool) (ran int, err error) {
	for ; ran < steps; ran++ {
		if n := l.cfg.Ticks; n > 0 && l.Present() >= n {
			// The present waits at the last tick for the verified one.
			if l.stopping = l.stats.Ticks >= n; !l.stopping {
				l.holdTicks(false)
			}
			break
		}
		if ran > 0 && l.cancelled() { // during a tick: no more
			l.stopping = true
			break
		}
		held, err := l.nextTick()
		if err != nil {
			return ran, err
		}
		if held {
			l.holdTicks(l.mp.yielded())
			if ran == 0 {
				l.repeated()
			}
			break
		}
		l.stall, l.repeat = 0, 0 // a tick ran: a stretch of held frames ends
		if !stepOnce {
			l.ts.consume()
		}
	}
	return ran, nil
}

// endTicks ends the frame's ticks, ran of them: prediction's check, a
// rejoiner's catching up, and the frame's counts.
func (l *Loop) endTicks(ran int) error {
	if l.pred != nil && !l.stopping && !l.pred.checked {
		if err := l.verifyTimed(); err != nil {
			return err
		}
	}
	if l.pred != nil {
		l.pred.checked = false
	}
	if err := l.catchUp(); err != nil {
		return err
	}
	l.stats.StepsPerFrame[ran]++
	l.stats.LastSteps = ran
	l.stats.Measured, l.stats.Ticked, l.stats.Carried = l.ts.measured, l.ts.ticked, l.ts.held()
	if n := l.cfg.Ticks; n > 0 && l.stats.Ticks >= n {
		l.stopping = true
	}
	return nil
}

// cancelled reports whether Run's context is done. It is asked before
// every tick, not once a frame, so that a frame of many slow ticks (a
// stall paid with a high MaxSteps) stops within a tick of a SIGINT: a
// non-blocking receive costs a few nanoseconds and allocates nothing.
func (l *Loop) cancelled() bool {
	select {
	case <-l.done:
		return true
	default:
		return false
	}
}

// nextTick runs the next tick, or with prediction on moves the present
// on by one; it reports that the Lockstep held it.
func (l *Loop) nextTick() (held bool, err error) {
	if l.pred != nil {
		return l.pred.advance(l)
	}
	return l.runTick()
}

// runTick runs the next tick, or reports that the Lockstep held it.
func (l *Loop) runTick() (held bool, err error) {
	l.phases.enter(PhaseTick)
	l.tick.N = l.stats.Ticks
	if l.mp.players != nil {
		if ready, err := l.mp.gather(l); err != nil || !ready {
			return !ready, err
		}
	} else {
		l.input.takeTick(&l.tick.Input)
	}
	return false, l.stepTick()
}

// stepTick runs tick l.tick.N with the input gathered for it: the tape,
// the game's Tick, the world's step and its snapshot.
func (l *Loop) stepTick() error {
	l.prev, l.cur = l.cur, l.prev
	if err := l.tapeTick(); err != nil {
		return wrapGame("tick", l.tick.N, err)
	}
	if err := l.game.Tick(&l.tick); err != nil {
		if errors.Is(err, engine.ErrQuit) {
			l.quitTick()
		}
		return wrapGame("tick", l.tick.N, err)
	}
	if l.world != nil {
		l.phases.enter(PhasePhysics)
		if err := l.world.Step(l.ts.dt); err != nil {
			return fmt.Errorf("engine: physics step in tick %d: %w", l.tick.N, err)
		}
		l.phases.enter(PhaseSnapshot)
		l.cur = l.world.Snapshot(l.cur[:0])
	}
	l.stats.Ticks++
	return l.keepAlive()
}

// quitTick ends a tick whose game quit: it ran, and a tape recorded it,
// so it counts; its state is what the game left (the world is not
// stepped), which is what the final hash covers.
func (l *Loop) quitTick() {
	if l.world != nil {
		l.cur = l.world.Snapshot(l.cur[:0])
	}
	l.stats.Ticks++
}

// draw blends, draws and presents the frame: the verified game's, or
// with prediction on a copy ticked on to the present.
func (l *Loop) draw() error {
	game, prev, cur := &l.game, l.prev, l.cur
	if l.pred != nil {
		var err error
		if game, prev, cur, err = l.predictFrame(); err != nil {
			return err
		}
	}
	alpha := l.ts.alpha()
	l.frame.Alpha, l.lastAlpha = alpha, alpha
	if l.world != nil {
		l.phases.enter(PhaseSnapshot)
		l.frame.Current = cur
		if l.interp {
			l.blend = physics.Blend(l.blend, prev, cur, alpha)
			l.frame.Bodies = l.blend
		} else {
			l.frame.Bodies = cur
		}
	}
	l.phases.enter(PhaseRender)
	if err := game.Draw(&l.frame); err != nil {
		return wrapGame("draw", l.frame.N, err)
	}
	if h := l.wire.AfterDraw; h != nil {
		if err := h(&l.frame); err != nil {
			return wrapGame("draw", l.frame.N, err)
		}
	}
	if l.flush != nil {
		l.phases.enter(PhaseFlush)
		if err := l.flush.Flush(); err != nil {
			return fmt.Errorf("engine: flush frame %d: %w", l.frame.N, err)
		}
	}
	called := l.phases.enter(PhasePresent)
	l.lastWork = called - l.last
	if err := l.platform.Present(); err != nil {
		return fmt.Errorf("engine: present frame %d: %w", l.frame.N, err)
	}
	now := l.clock.Now()
	interval := now - l.lastPresent
	l.lastPresent = now
	if l.stats.Frames > 0 {
		l.stats.recordInterval(interval)
	}
	l.stats.Presents++
	l.pacer.presented(called, now)
	return nil
}

// wrapGame names where a game's error came from; ErrQuit passes through.
func wrapGame(where string, n uint64, err error) error {
	if errors.Is(err, engine.ErrQuit) {
		return err
	}
	return fmt.Errorf("engine: game %s %d: %w", where, n, err)
}

// update runs the frame's BeforeUpdate hook and the game's Update.
func (l *Loop) update() error {
	if h := l.wire.BeforeUpdate; h != nil {
		if err := h(&l.frame); err != nil {
			return wrapGame("update", l.frame.N, err)
		}
	}
	if u := l.game.Update; u != nil {
		if err := u(&l.frame); err != nil {
			return wrapGame("update", l.frame.N, err)
		}
	}
	return nil
}

// StateHash fingerprints the state the next tick starts from: its
// world's snapshot (physics.Hash) when the game has a world, mixed
// with the game's own hash when it has one, so that neither can
// cancel the other; the one of them alone when the game has only one; 0
// when it has neither. Summaries, recordings from tape version 6 and
// netplay peers compare it.
func (l *Loop) StateHash() uint64 {
	world, game := l.stateHashes()
	return statehash.Combine(world, game, l.world != nil, l.game.StateHash != nil)
}

// XORStateHash is StateHash as recordings before tape version 6 kept it:
// the world's hash XOR the game's, so a game whose StateHash is its
// world's hash recorded 0. Replays of those recordings compare it;
// nothing new should.
func (l *Loop) XORStateHash() uint64 {
	world, game := l.stateHashes()
	return world ^ game
}

// stateHashes returns the world's hash and the game's own, 0 for either
// the game lacks.
func (l *Loop) stateHashes() (world, game uint64) {
	if l.world != nil {
		world = uint64(physics.Hash(l.cur))
	}
	if l.game.StateHash != nil {
		game = l.game.StateHash()
	}
	return world, game
}

// noPlatform stands in when Wiring.Platform is nil: no events, no window,
// and presents that return at once.
type noPlatform struct{}

func (noPlatform) PollEvents(EventSink) {}
func (noPlatform) Present() error       { return nil }
