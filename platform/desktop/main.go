package desktop

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"path/filepath"
	"time"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/physics"
	"github.com/lockstep-engine/lockstep/physics/backend"
	"github.com/lockstep-engine/lockstep/platform/desktop/internal/signals"
	"github.com/lockstep-engine/lockstep/platform/sdl2"
)

// HeadlessDuration bounds a headless run that was given no stop condition,
// so a run with no display always ends by itself.
const HeadlessDuration = 10 * time.Second

// Namer is a game with a name for summaries, recordings and the window's
// title; without it the program's file name stands in.
type Namer interface {
	Name() string
}

// Starter is a game that sets itself up once the command line is parsed
// and the window is open: it reads the seed, builds its world on the
// physics engine the user chose, loads its textures.
type Starter interface {
	Start(s *Setup) error
}

// Setup is what a Starter is given.
type Setup struct {
	Seed    uint64         // -seed: the game's randomness
	Physics backend.Engine // -physics: the engine NewWorld builds on
	Window  *sdl2.Window   // open, to load textures and fonts into
	Log     *slog.Logger
}

// NewWorld returns an empty world on the physics engine the command line
// chose (-physics). The game owns it: close it when done, for instance
// in a Close method, which Main calls after the run.
func (s *Setup) NewWorld(cfg physics.Config) (physics.World, error) {
	return backend.New(s.Physics, cfg)
}

// Main runs game with the process's command line and exits: status 0 on a
// clean end, 2 for a bad command line, 1 when the run failed. It must be
// called from the main goroutine.
func Main(game sdl2.Game) {
	os.Exit(Run(game, os.Args[1:], os.Stdout, os.Stderr))
}

// Run runs game with args and returns the exit status. It must be called
// from the main goroutine.
func Run(game sdl2.Game, args []string, stdout, stderr io.Writer) int {
	defer signals.DropBrokenPipes()() // a closed stdout or stderr must not end the run
	name := nameOf(game)
	opts, err := Parse(name, args, game, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", name, err)
		return 2
	}
	log := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelInfo}))
	_, err = Execute(game, &opts, Env{Stdout: stdout, Logger: log})
	if err == nil {
		return 0
	}
	fmt.Fprintf(stderr, "%s: %v\n", name, err)
	if pe := (*engine.PanicError)(nil); errors.As(err, &pe) {
		fmt.Fprintf(stderr, "\n%s", pe.Stack)
	}
	if errors.Is(err, ErrUsage) { // found only once the run was set up, such as a -replay of another seed
		return 2
	}
	return 1
}

func nameOf(game any) string {
	if n, ok := game.(Namer); ok {
		return n.Name()
	}
	return filepath.Base(os.Args[0])
}

// Env is what a run takes from its surroundings; the zero Env means the
// process's: standard output, slog's default logger, the system clock,
// a window, and SIGINT, SIGTERM or SIGHUP to stop.
type Env struct {
	Stdout io.Writer
	Logger *slog.Logger
	// Clock replaces the system clock (tools use one that runs as fast as
	// the CPU allows).
	Clock engine.Clock
	// Context ends the run when done; nil means until SIGINT, SIGTERM or
	// SIGHUP (see internal/signals; SIGQUIT keeps Go's default: a stack
	// dump and exit status 2, nothing written).
	Context context.Context
}

// Execute runs game once with o and returns its summary. Every output o
// asks for is written even when the run fails; when it fails before the
// loop starts, the JSON summary says why. It must be called from the main
// goroutine.
func Execute(game sdl2.Game, o *Options, env Env) (sum Summary, err error) {
	if env.Stdout == nil {
		env.Stdout = os.Stdout
	}
	if env.Logger == nil {
		env.Logger = slog.Default()
	}
	log := env.Logger
	name := nameOf(game)
	sum.Scene, sum.Seed, sum.Physics = name, o.Seed, o.Physics.String()
	looped := false
	defer func() {
		if err != nil && !looped && o.StatsJSON != "" {
			sum.Error = err.Error()
			err = errors.Join(err, sum.writeJSON(o.StatsJSON))
		}
	}()
	if c, ok := game.(io.Closer); ok {
		defer func() {
			if cerr := c.Close(); cerr != nil {
				err = errors.Join(err, fmt.Errorf("close %s: %w", name, cerr))
			}
		}()
	}
	prof, err := startProfiling(o, log)
	if err != nil {
		return sum, err
	}
	defer func() { err = errors.Join(err, prof.stop()) }()

	nr, err := openNet(env.Context, game, o, log) // before the window: a joiner starts with the host's settings
	if err != nil {
		return sum, err
	}
	defer nr.closeEarly(&looped, &err)
	sum.Seed, sum.Physics = o.Seed, o.Physics.String()

	win, err := sdl2.Open(sdl2.Options{Title: "lockstep: " + name, Headless: o.Headless, Fullscreen: o.Fullscreen})
	if err != nil {
		return sum, fmt.Errorf("open window: %w", err)
	}
	defer func() { err = errors.Join(err, win.Close()) }()
	sum.Headless, sum.VideoDriver, sum.Renderer = win.Headless(), win.Driver(), win.Renderer()
	sum.HeadlessReason = win.HeadlessReason()

	if s, ok := game.(Starter); ok {
		if err := s.Start(&Setup{Seed: o.Seed, Physics: o.Physics, Window: win, Log: log}); err != nil {
			return sum, fmt.Errorf("start %s: %w", name, err)
		}
	}
	r := newRunner(game, win, name, log, o.HUD)
	cfg := engine.Config{
		TPS: o.TPS, MaxSteps: o.MaxSteps, MaxFrame: o.MaxFrame, Mode: o.Mode, FPS: o.FPS,
		NoInterp: !o.Interp, Frames: o.Frames, Ticks: o.Ticks, Duration: o.Duration,
		Clock: env.Clock, Logger: log, Platform: win,
		ProfileLabels: o.CPUProfile != "" || o.PProf != "",
	}
	if cfg.Clock == nil {
		cfg.Clock = engine.NewSystemClock(o.Wait)
	}
	nr.configure(&cfg, r, sum.Headless, log)
	var idle *engine.IdleGC
	if o.IdleGC {
		idle = engine.NewIdleGC(engine.IdleGCConfig{})
		defer idle.Stop()
		cfg.GC = idle
	}
	if sum.Headless && o.Frames == 0 && cfg.Ticks == 0 && o.Duration == 0 && o.Replay == "" {
		cfg.Duration = HeadlessDuration
		log.Info("running headless", "why", sum.HeadlessReason, "duration", cfg.Duration)
	}
	var tp *tapeRun
	if o.Record != "" || o.Replay != "" {
		if tp, err = openTape(o, name, log); err != nil {
			return sum, err
		}
		defer func() { err = errors.Join(err, tp.close(0)) }() // on early returns only: closed below after a run
		tp.configure(&cfg, env.Clock == nil && sum.Headless)
	}

	ctx := env.Context
	if ctx == nil {
		var stop context.CancelFunc
		ctx, stop = signal.NotifyContext(context.Background(), signals.Ending()...)
		defer stop()
	}
	before := readUsage()
	looped = true
	rep, runErr := engine.Run(ctx, cfg, win.Adapt(r))
	after := readUsage()
	if ctx.Err() != nil && errors.Is(runErr, context.Canceled) {
		log.Info("interrupted: stopping cleanly")
		runErr = nil
	}
	if lost := win.Err(); lost != nil && !errors.Is(runErr, sdl2.ErrDisplayLost) {
		runErr = errors.Join(runErr, lost) // hidden or minimised: nothing presented to report it
	}
	if pe := (*engine.PanicError)(nil); errors.As(runErr, &pe) {
		r.panicked = true
	}
	sum.Netplay, runErr = nr.end(cfg.Clock, runErr, &rep)
	if tp != nil { // before the summary, which reports its verdict
		runErr = errors.Join(runErr, tp.close(rep.StateHash))
	}

	sum.addReport(&rep)
	sum.addUsage(before, after)
	if idle != nil {
		st := idle.Stats()
		sum.IdleGC = &IdleGCSummary{Collections: st.Collections, Forced: st.Forced,
			TotalMS: float64(st.Total) / 1e6, MaxMS: float64(st.Max) / 1e6}
	}
	if runErr != nil {
		sum.Error = runErr.Error()
	}
	return sum, errors.Join(runErr, r.finish(o, &sum, env.Stdout))
}

// finish writes what the user asked to keep: screenshot, summaries, heap
// profile. Each is attempted whatever happened to the others.
func (r *runner) finish(o *Options, sum *Summary, stdout io.Writer) error {
	var errs []error
	if o.Screenshot != "" {
		errs = append(errs, r.finalScreenshot(o.Screenshot))
	}
	if o.Stats {
		sum.writeText(stdout)
	}
	if o.StatsJSON != "" {
		errs = append(errs, sum.writeJSON(o.StatsJSON))
	}
	if o.MemProfile != "" {
		errs = append(errs, writeHeapProfile(o.MemProfile))
	}
	return errors.Join(errs...)
}
