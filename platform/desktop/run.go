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
	"github.com/lockstep-engine/lockstep/platform/desktop/internal/cli"
	"github.com/lockstep-engine/lockstep/platform/desktop/internal/connect"
	"github.com/lockstep-engine/lockstep/platform/desktop/internal/framewatch"
	"github.com/lockstep-engine/lockstep/platform/desktop/internal/netrun"
	"github.com/lockstep-engine/lockstep/platform/desktop/internal/procstat"
	"github.com/lockstep-engine/lockstep/platform/desktop/internal/profiling"
	"github.com/lockstep-engine/lockstep/platform/desktop/internal/recording"
	"github.com/lockstep-engine/lockstep/platform/desktop/internal/runner"
	"github.com/lockstep-engine/lockstep/platform/desktop/internal/sound"
	"github.com/lockstep-engine/lockstep/platform/desktop/internal/waitscreen"
	"github.com/lockstep-engine/lockstep/platform/sdl2"
)

// Run runs game once with cfg and no command line until the window closes,
// the game returns engine.ErrQuit, a stop condition in cfg.Loop is met or
// ctx is done (a clean end, not an error), and returns its summary. Every
// output cfg.Output asks for is written even when the run fails; when it
// fails before the loop starts, the JSON summary says why. Errors from a
// bad cfg wrap ErrUsage. Call it from the main goroutine.
func Run(ctx context.Context, game Game, cfg Config) (Summary, error) {
	return newRun(game, cfg).execute(ctx)
}

// runCommandLine is Main's run of game, with the command line parsed and
// checked (line): Run's work, configured by line instead of a Config.
func runCommandLine(ctx context.Context, game Game, line *commandLine) error {
	r := &run{game: game, cfg: line.checked, name: line.checked.Name, log: line.checked.Logger,
		line: func() (commandLine, error) { return *line, nil }}
	_, err := r.execute(ctx)
	return err
}

// execute is Run's work, for a run prepared by newRun.
func (r *run) execute(ctx context.Context) (sum Summary, err error) {
	defer func() {
		if r.looped { // the loop's summary (or the wait's) is returned
			return
		}
		sum = r.summary(nil, err)
		if err != nil && r.cfg.Output.StatsJSON != "" {
			err = errors.Join(err, sum.writeJSON(ctx, r.cfg.Output.StatsJSON))
		}
	}()
	if err := r.check(); err != nil {
		return Summary{}, err
	}
	if c := r.parts.Close; c != nil {
		defer func() {
			if cerr := c(); cerr != nil {
				err = errors.Join(err, fmt.Errorf("close %s: %w", r.name, cerr))
			}
		}()
	}
	prof, err := startProfiling(ctx, &r.cfg.Output, r.log)
	if err != nil {
		return Summary{}, err
	}
	defer func() { err = errors.Join(err, prof.Stop()) }()
	if r.player, err = openPlayer(&r.cfg); err != nil {
		return Summary{}, err
	}
	if err := r.open(); err != nil { // first: a host's window says at once that it waits
		return Summary{}, err
	}
	defer func() { err = errors.Join(err, r.win.Close()) }()
	var screen *waitscreen.Screen
	if r.net, err = r.openNet(ctx, &screen); err != nil { // before the game starts: a joiner takes the host's settings
		if errors.Is(err, connect.ErrGaveUp) {
			return r.endWaiting(ctx, screen, err)
		}
		return Summary{}, err
	}
	defer r.net.CloseEarly(&r.looped, &err)
	if r.sound, err = openSound(ctx, &r.cfg, r.win.Headless(), r.log); err != nil {
		return Summary{}, err
	}
	defer func() { err = errors.Join(err, r.sound.Close()) }()
	r.player.wire(r.sound.Mixer(), r.win)
	if err := r.start(); err != nil {
		return Summary{}, err
	}
	loop, wire, stopLoop, err := r.loopConfig(ctx)
	defer stopLoop()
	if err != nil {
		return Summary{}, err
	}
	r.runner.InSession(r.net.Configure(&loop, &wire, r.win.Headless(), r.cfg.Loop.Duration, HeadlessDuration, r.log))
	loopCtx, stopNet := r.net.LoopContext(ctx)
	defer stopNet()
	sum, runErr := r.loop(loopCtx, loop, wire)
	r.player.saveWindow(r.win)
	return sum, errors.Join(runErr, r.finish(ctx, &sum))
}

// run is one Run of a game: what it set up, for the steps of Run to share.
type run struct {
	game   Game
	parts  engine.Parts // the game's, found once in check
	canvas *sdl2.Canvas // the window's, which parts draws onto; nil until open
	cfg    Config       // with its defaults, checked, once check ran
	name   string
	log    *slog.Logger
	win    *sdl2.Window
	runner *runner.Runner
	sync   *syncRun          // -synctest's check; nil without it
	watch  *framewatch.Watch // -frames-out and -hitch; nil without them
	sound  *sound.Sound
	tape   *recording.Tape
	idle   *host.IdleGC
	net    *netrun.Session // the netplay session; nil alone
	// configured says cfg holds its defaults, checked (setConfig ran).
	configured bool
	looped     bool // the loop started: its summary is written by finish
	// line makes the run's configuration, once, when check asks: Main's
	// command line, parsed and checked, or Run's Config checked.
	line func() (commandLine, error)
	// flags are the game's own flags, registered once.
	flags *cli.GameFlags
	// recorded is what a recording of the run keeps (cli.Settings.Recorded).
	recorded []tape.Setting
	player   *player // the player's settings (Config.PlayerSettings); nil without
}

// newRun prepares a Run of game with cfg and no command line; check
// fills in the defaults and checks them.
func newRun(game Game, cfg Config) *run {
	r := &run{game: game, cfg: cfg, log: cfg.Logger,
		line: func() (commandLine, error) { return noCommandLine(game, cfg) }}
	if r.log == nil {
		r.log = slog.Default()
	}
	r.name = cmp.Or(cfg.Name, programName())
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
	if err := checkSyncGame(r.game, &r.parts, r.cfg.SyncTest); err != nil {
		return err
	}
	line, err := r.line()
	r.setConfig(line.checked)
	r.flags, r.recorded = line.game, line.recorded
	return err
}

// setConfig makes cfg, with its defaults, the run's.
func (r *run) setConfig(cfg Config) {
	r.cfg, r.log, r.configured = cfg, cfg.Logger, true
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
	return nil
}

// endWaiting ends a run interrupted (a signal, the window closed) before
// its session started: a clean end, with the summary and the waiting
// screen as its outputs.
func (r *run) endWaiting(ctx context.Context, screen *waitscreen.Screen, why error) (Summary, error) {
	r.log.Info("interrupted while waiting for the session: stopping cleanly", "why", why)
	r.looped = true // the summary is written here
	sum := r.summary(nil, nil)
	var errs []error
	o := &r.cfg.Output
	if o.Screenshot != "" && screen != nil {
		errs = append(errs, waitScreenshot(ctx, r.win, screen, o.Screenshot))
	}
	if o.Stats {
		sum.writeText(o.StatsOut)
	}
	if o.StatsJSON != "" {
		errs = append(errs, sum.writeJSON(ctx, o.StatsJSON))
	}
	return sum, errors.Join(errs...)
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
	setup := &Setup{Seed: r.cfg.Seed, Physics: r.cfg.Physics, Window: r.win, Log: r.log, Audio: r.sound.Mixer(), Save: save,
		Player: r.player.settings(), Replaying: r.cfg.Output.Replay != ""}
	setup.Slot, setup.Players, setup.Watching = r.net.Seat()
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
	if r.win.Headless() && cfg.Frames == 0 && cfg.Ticks == 0 && cfg.Duration == 0 && o.Replay == "" {
		cfg.Duration = HeadlessDuration
		r.log.Info("running headless", "why", r.win.HeadlessReason(), "duration", cfg.Duration)
	}
	if o.Record != "" || o.Replay != "" {
		recording.WarnUnhashed(&r.parts, r.log)
		if r.tape, err = openTape(ctx, &r.cfg, r.recorded, &cfg, &w, fast); err != nil {
			return cfg, w, stop, err
		}
		// On early returns only: closed by loop after a run.
		stops = append(stops, func() { _ = r.tape.Close(0) })
	}
	watching := framewatch.Options{FramesOut: o.FramesOut, Hitch: o.Hitch, Dir: framewatch.Dir(o.FramesOut, o.StatsJSON, o.Trace, o.CPUProfile), Name: r.name, TPS: cmp.Or(cfg.TPS, 60)}
	if r.watch, err = framewatch.Start(ctx, watching); err != nil {
		return cfg, w, stop, err
	}
	stops = append(stops, r.watch.Abort) // on early returns only: ended by loop after a run
	d := &r.cfg.Debug
	r.runner = runner.New(runner.Options{Draw: r.parts.Draw, Win: r.win, Name: r.name, Log: r.log, HUD: d.HUD, Feed: r.sound.Feed, Watch: r.watch,
		Keys: d.keys()})
	w.BeforeUpdate, w.AfterDraw, w.AfterFrame = r.runner.BeforeUpdate, r.runner.AfterDraw, r.runner.AfterFrame
	if r.cfg.SyncTest != 0 {
		// The copies' ticks play their sounds as predicted ones (heard
		// once, never recorded).
		if r.sync, err = newSyncRun(r.cfg.SyncTest, r.sound.Parts(r.parts, true), &cfg, r.log); err != nil {
			return cfg, w, stop, err
		}
	}
	stops = append(stops, func() { _, _ = r.sync.end(nil) }) // on early returns only
	return cfg, w, stop, nil
}

// loopParts are the game's parts as this run's loop ticks them: each
// tick checked by -synctest first, and its sounds placed on the ticks'
// timeline (a predicted copy's heard only).
func (r *run) loopParts() engine.Parts {
	p := r.sound.Parts(r.parts, false)
	if sync := r.sync; sync != nil {
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

// loop runs the loop and returns the run's summary: the loop's report
// and what each of the run's parts measured, assembled once.
func (r *run) loop(ctx context.Context, cfg engine.Config, w host.Wiring) (Summary, error) {
	before := procstat.Read()
	r.looped = true
	rep, runErr := host.Run(ctx, cfg, r.loopParts(), w)
	after := procstat.Read()
	if ctx.Err() != nil && errors.Is(runErr, context.Canceled) {
		r.log.Info("interrupted: stopping cleanly")
		runErr = nil
	}
	synced, runErr := r.sync.end(runErr) // the ticks run are checked, interrupted or not
	if lost := r.win.Err(); lost != nil && !errors.Is(runErr, sdl2.ErrDisplayLost) {
		runErr = errors.Join(runErr, lost) // hidden or minimised: nothing presented to report it
	}
	if pe := (*host.PanicError)(nil); errors.As(runErr, &pe) {
		r.runner.Panicked()
	}
	if r.tape != nil { // before the summary, which reports its verdict
		runErr = errors.Join(runErr, r.tape.Close(rep.StateHash))
	}
	watch, werr := r.watch.End()
	runErr = errors.Join(runErr, werr)
	runErr = r.net.End(w.Clock, runErr)
	m := measured{report: &rep, before: before, after: after, fast: r.tape != nil && r.tape.Fast(),
		idle: idleSummary(r.idle), net: netSummary(r.net, &rep), sync: synced, watch: watch, sound: soundSummary(r.sound.Figures())}
	return r.summary(&m, runErr), runErr
}

// summary assembles the run's Summary, once: what it ran (its name, its
// Config's seed and physics once checked, a joiner's from the host, its
// window once open), what its loop's steps measured (m; nil when the
// loop did not run) and why it failed (err; nil when it did not).
func (r *run) summary(m *measured, err error) Summary {
	s := Summary{Scene: r.name}
	if r.configured {
		s.Seed, s.Physics = r.cfg.Seed, r.cfg.Physics.String()
	}
	if r.win != nil {
		s.Headless, s.VideoDriver, s.Renderer, s.HeadlessReason = r.win.Headless(), r.win.Driver(), r.win.Renderer(), r.win.HeadlessReason()
	}
	if m != nil {
		s.addMeasured(m)
	}
	if err != nil {
		s.Error = err.Error()
	}
	return s
}

// finish writes what the user asked to keep: screenshot, summaries, heap
// profile. Each is attempted whatever happened to the others. A FIFO
// with no reader fails at once when ctx is done (a signal ended the run).
func (r *run) finish(ctx context.Context, sum *Summary) error {
	var errs []error
	o := &r.cfg.Output
	if o.Screenshot != "" {
		errs = append(errs, r.runner.FinalScreenshot(ctx, o.Screenshot))
	}
	if o.Stats {
		sum.writeText(o.StatsOut)
	}
	if o.StatsJSON != "" {
		errs = append(errs, sum.writeJSON(ctx, o.StatsJSON))
	}
	if o.MemProfile != "" {
		errs = append(errs, profiling.WriteHeap(ctx, o.MemProfile))
	}
	return errors.Join(errs...)
}

// waitScreenshot writes the waiting screen s to path: the run's last frame when it
// ended before its session started.
func waitScreenshot(ctx context.Context, win *sdl2.Window, s *waitscreen.Screen, path string) error {
	c := win.Canvas()
	s.Draw(c)
	if err := c.Flush(); err != nil {
		return fmt.Errorf("-screenshot %s: %w", path, err)
	}
	img, err := win.Image()
	if err != nil {
		return fmt.Errorf("-screenshot %s: %w", path, err)
	}
	return runner.WritePNG(ctx, path, img)
}
