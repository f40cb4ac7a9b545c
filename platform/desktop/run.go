package desktop

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/host"
	"github.com/lockstep-engine/lockstep/engine/tape"
	"github.com/lockstep-engine/lockstep/platform/sdl2"
	"github.com/lockstep-engine/lockstep/platform/settings"
)

// run is one Run of a game: what it set up, for the steps of Run to share.
type run struct {
	game   Game
	parts  engine.Parts // the game's, found once in check
	canvas *sdl2.Canvas // the window's, which parts draws onto; nil until open
	cfg    Config       // with its defaults once check ran
	raw    Config       // as given, for check
	name   string
	log    *slog.Logger
	sum    Summary
	win    *sdl2.Window
	runner *runner
	sound  *sound
	tape   *tapeRun
	idle   *host.IdleGC
	net    *netRun // the netplay session; nil alone
	looped bool    // the loop started: its summary is written by finish
	// line is the command line parsed for this run (Main's); nil for a
	// Run with no command line.
	line *commandLine
	// flags are the game's own flags, registered once.
	flags *gameFlags
	// recorded is what a recording of the run keeps (gameFlags.recorded).
	recorded []tape.Setting
	// player is the player's settings (Config.PlayerSettings); nil without.
	player *settings.Store[settings.Player]
}

// newRun prepares a Run of game with cfg; check fills in the defaults and
// checks them.
func newRun(game Game, cfg Config) *run {
	r := &run{game: game, raw: cfg, cfg: cfg, log: cfg.Logger}
	if r.log == nil {
		r.log = slog.Default()
	}
	r.name = cmp.Or(cfg.Name, programName())
	r.sum.Scene = r.name
	return r
}

// check refuses what cannot run, before anything is opened: a game
// method that would silently never be called, a bad cfg (naming its
// fields) or game flags the game refuses.
func (r *run) check() error {
	if err := checkContract(r.game); err != nil {
		return err
	}
	r.parts = partsOf(r.game, &r.canvas)
	if err := checkSyncGame(r.game, &r.parts, &r.raw); err != nil {
		return err
	}
	if err := r.checkConfig(); err != nil {
		return err
	}
	r.recorded = r.flags.recorded(&r.cfg)
	return nil
}

// checkConfig fills in r's Config's defaults and checks it, with the
// game's flags set as it says, unless the command line (Main) did.
func (r *run) checkConfig() error {
	if r.line != nil {
		r.setConfig(r.line.run)
		r.flags = r.line.game
		return nil
	}
	cfg, err := r.raw.withDefaults(fieldNames)
	r.setConfig(cfg)
	if err != nil {
		return err
	}
	r.flags = newGameFlags(r.game, nil, nil)
	if err := r.flags.setAll(cfg.GameFlags, fieldNames); err != nil {
		return err
	}
	return r.flags.check(&cfg, fieldNames)
}

// setConfig makes cfg, with its defaults, the run's.
func (r *run) setConfig(cfg Config) {
	r.cfg, r.log = cfg, cfg.Logger
	r.sum.Seed, r.sum.Physics = cfg.Seed, cfg.Physics.String()
}

// open opens the window, titled with the game's name unless cfg says.
func (r *run) open() error {
	opts := r.cfg.Window
	if opts.Title == "" {
		opts.Title = r.cfg.Name
	}
	win, err := sdl2.Open(opts)
	if err != nil {
		return fmt.Errorf("open window: %w", err)
	}
	r.win, r.canvas = win, win.Canvas()
	r.sum.Headless, r.sum.VideoDriver, r.sum.Renderer = win.Headless(), win.Driver(), win.Renderer()
	r.sum.HeadlessReason = win.HeadlessReason()
	return nil
}

// endWaiting ends a run interrupted (a signal, the window closed) before
// its session started: a clean end, with the summary and the waiting
// screen as its outputs.
func (r *run) endWaiting(ctx context.Context, screen *waitScreen, why error) error {
	r.log.Info("interrupted while waiting for the session: stopping cleanly", "why", why)
	r.looped = true // the summary is written here
	var errs []error
	o := &r.cfg.Output
	if o.Screenshot != "" && screen != nil {
		errs = append(errs, screen.screenshot(ctx, r.win, o.Screenshot))
	}
	if o.Stats {
		r.sum.writeText(o.StatsOut)
	}
	if o.StatsJSON != "" {
		errs = append(errs, r.sum.writeJSON(ctx, o.StatsJSON))
	}
	return errors.Join(errs...)
}

// start hands a Starter what the run made for it.
func (r *run) start() error {
	s, ok := r.game.(Starter)
	if !ok {
		return nil
	}
	save, err := newSaveData(r.cfg.SaveDir, r.name, r.cfg.Output.Replay != "", r.log)
	if err != nil {
		return err
	}
	setup := &Setup{Seed: r.cfg.Seed, Physics: r.cfg.Physics, Window: r.win, Log: r.log, Audio: r.sound.mixer.Mixer(), Save: save,
		Player: r.player, Replaying: r.cfg.Output.Replay != ""}
	r.net.setup(setup)
	if err := s.Start(setup); err != nil {
		return fmt.Errorf("start %s: %w", r.name, err)
	}
	return nil
}

// loopConfig is the loop's configuration for this run: cfg.Loop, and its
// wiring: the window, the tape, the idle-time collector, the clock and
// the runner's hooks. stop releases what it started, also when it fails.
func (r *run) loopConfig(ctx context.Context) (cfg engine.Config, w host.Wiring, stop func(), err error) {
	cfg = r.cfg.Loop
	o := &r.cfg.Output
	w = host.Wiring{Platform: r.win.Platform(), Clock: r.cfg.Clock, Logger: r.log}
	cfg.ProfileLabels = cfg.ProfileLabels || o.CPUProfile != "" || o.PProf != ""
	fast := w.Clock == nil && r.win.Headless() // nobody is watching a headless replay
	if w.Clock == nil {
		w.Clock = host.NewSystemClock(r.cfg.Wait)
	}
	var stops []func()
	stop = func() {
		for _, s := range stops {
			s()
		}
	}
	if !r.cfg.NoIdleGC {
		r.idle = host.NewIdleGC(host.IdleGCConfig{})
		stops = append(stops, r.idle.Stop)
		w.GC = r.idle
	}
	if r.sum.Headless && cfg.Frames == 0 && cfg.Ticks == 0 && cfg.Duration == 0 && o.Replay == "" {
		cfg.Duration = HeadlessDuration
		r.log.Info("running headless", "why", r.sum.HeadlessReason, "duration", cfg.Duration)
	}
	if o.Record != "" || o.Replay != "" {
		warnUnhashed(&r.parts, r.log)
		if r.tape, err = openTape(ctx, &r.cfg, r.recorded, r.log); err != nil {
			return cfg, w, stop, err
		}
		// On early returns only: closed by loop after a run.
		stops = append(stops, func() { _ = r.tape.close(0) })
		r.sum.FastReplay = r.tape.configure(&cfg, &w, fast)
	}
	r.runner = newRunner(r.parts.Draw, r.win, r.name, r.log, &r.cfg.Debug)
	r.runner.sound = r.sound
	w.BeforeUpdate, w.AfterDraw, w.AfterFrame = r.runner.beforeUpdate, r.runner.afterDraw, r.runner.afterFrame
	if r.runner.watch, err = newFrameWatch(ctx, o, r.name, cmp.Or(cfg.TPS, 60)); err != nil {
		return cfg, w, stop, err
	}
	stops = append(stops, r.runner.watch.abort) // on early returns only: ended by loop after a run
	if r.runner.sync, err = newSyncRun(r, &cfg); err != nil {
		return cfg, w, stop, err
	}
	stops = append(stops, func() { _ = r.runner.sync.end(&r.sum, nil) }) // on early returns only
	return cfg, w, stop, nil
}

// loopParts are the game's parts as this run's loop ticks them: each
// tick checked by -synctest first, and its sounds placed on the ticks'
// timeline (a predicted copy's heard only).
func (r *run) loopParts() engine.Parts {
	p := r.sound.parts(r.parts, false)
	if sync := r.runner.sync; sync != nil {
		tick := p.Tick
		p.Tick = func(t *engine.Tick) error {
			if err := sync.before(t); err != nil {
				return err
			}
			return tick(t)
		}
	}
	return p
}

// loop runs the loop and fills the summary from its report.
func (r *run) loop(ctx context.Context, cfg engine.Config, w host.Wiring) error {
	before := readUsage()
	r.looped = true
	rep, runErr := host.Run(ctx, cfg, r.loopParts(), w)
	after := readUsage()
	if ctx.Err() != nil && errors.Is(runErr, context.Canceled) {
		r.log.Info("interrupted: stopping cleanly")
		runErr = nil
	}
	runErr = r.runner.sync.end(&r.sum, runErr) // the ticks run are checked, interrupted or not
	if lost := r.win.Err(); lost != nil && !errors.Is(runErr, sdl2.ErrDisplayLost) {
		runErr = errors.Join(runErr, lost) // hidden or minimised: nothing presented to report it
	}
	if pe := (*host.PanicError)(nil); errors.As(runErr, &pe) {
		r.runner.panicked = true
	}
	if r.tape != nil { // before the summary, which reports its verdict
		runErr = errors.Join(runErr, r.tape.close(rep.StateHash))
	}
	runErr = errors.Join(runErr, r.runner.watch.end(&r.sum))
	r.runner.watch = nil
	r.sum.Netplay, runErr = r.net.end(w.Clock, runErr, &rep)
	r.sum.addReport(&rep)
	r.sum.addUsage(before, after)
	r.sound.summarize(&r.sum)
	if r.idle != nil {
		st := r.idle.Stats()
		r.sum.IdleGC = &IdleGCSummary{Collections: st.Collections, Forced: st.Forced,
			TotalMS: ms(st.Total), MaxMS: ms(st.Max), Overran: st.Overran,
			HandedOver: st.HandedOver, RuntimeCycles: st.RuntimeCycles}
	}
	if runErr != nil {
		r.sum.Error = runErr.Error()
	}
	return runErr
}
