package scene

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/physics"
	"github.com/lockstep-engine/lockstep/physics/chipmunk"
	"github.com/lockstep-engine/lockstep/platform/sdl2"
)

// HeadlessDuration bounds a headless run that was given no stop condition,
// so a run with no display always ends by itself.
const HeadlessDuration = 10 * time.Second

// Main runs s with the process's command line and exits: status 0 on a
// clean end, 2 for a bad command line, 1 when the run failed.
func Main(s Scene) {
	os.Exit(Run(s, os.Args[1:], os.Stdout, os.Stderr))
}

// Run runs s with args and returns the exit status. It must be called from
// the main goroutine.
func Run(s Scene, args []string, stdout, stderr io.Writer) int {
	opts, err := Parse(s.Name(), args, s, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", s.Name(), err)
		return 2
	}
	log := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelInfo}))
	_, err = Execute(s, &opts, Env{Stdout: stdout, Logger: log})
	if err == nil {
		return 0
	}
	fmt.Fprintf(stderr, "%s: %v\n", s.Name(), err)
	if pe := (*engine.PanicError)(nil); errors.As(err, &pe) {
		fmt.Fprintf(stderr, "\n%s", pe.Stack)
	}
	if errors.Is(err, ErrUsage) { // found only once the run was set up, such as a -replay of another seed
		return 2
	}
	return 1
}

// Env is what a run takes from its surroundings; the zero Env means the
// process's: standard output, slog's default logger, the system clock,
// a window, and SIGINT or SIGTERM to stop.
type Env struct {
	Stdout io.Writer
	Logger *slog.Logger
	// Clock replaces the system clock (tools use one that runs as fast as
	// the CPU allows).
	Clock engine.Clock
	// Context ends the run when done; nil means until SIGINT or SIGTERM.
	Context context.Context
}

// Execute runs s once with o and returns its summary. Every output o asks
// for is written even when the run fails; when it fails before the loop
// starts, the JSON summary says why. It must be called from the main
// goroutine.
func Execute(s Scene, o *Options, env Env) (sum Summary, err error) {
	if env.Stdout == nil {
		env.Stdout = os.Stdout
	}
	if env.Logger == nil {
		env.Logger = slog.Default()
	}
	log := env.Logger
	looped := false
	defer func() {
		if err != nil && !looped && o.StatsJSON != "" {
			sum.Scene, sum.Seed, sum.Error = s.Name(), o.Seed, err.Error()
			err = errors.Join(err, sum.writeJSON(o.StatsJSON))
		}
	}()
	prof, err := startProfiling(o, log)
	if err != nil {
		return sum, err
	}
	defer func() { err = errors.Join(err, prof.stop()) }()

	world, err := chipmunk.New(defaultWorldConfig(s))
	if err != nil {
		return sum, fmt.Errorf("create world: %w", err)
	}
	view, err := s.Build(world, o.Seed)
	if err != nil {
		return sum, fmt.Errorf("build scene: %w", err)
	}
	g := &game{scene: s, world: world, view: view, log: log, opts: o, hud: true}
	g.ticker, _ = s.(Ticker)
	g.drawer, _ = s.(Drawer)
	cfg := engine.Config{
		TPS: o.TPS, MaxSteps: o.MaxSteps, MaxFrame: o.MaxFrame, Mode: o.Mode, FPS: o.FPS,
		NoInterp: !o.Interp, Frames: o.Frames, Ticks: o.Ticks, Duration: o.Duration,
		Clock: env.Clock, Logger: log,
		ProfileLabels: o.CPUProfile != "" || o.PProf != "",
	}
	if cfg.Clock == nil {
		cfg.Clock = engine.NewSystemClock(o.Wait)
	}
	var idle *physics.IdleGC
	if o.IdleGC {
		idle = physics.NewIdleGC(physics.IdleGCConfig{})
		defer idle.Stop()
		cfg.GC = idle
	}
	win, err := sdl2.Open(sdl2.Options{Title: "lockstep: " + s.Name(), Headless: o.Headless, VSync: o.Mode == engine.ModeVSync})
	if err != nil {
		return sum, fmt.Errorf("open window: %w", err)
	}
	defer func() { err = errors.Join(err, win.Close()) }()
	g.win, cfg.Platform = win, win
	sum.Headless, sum.VideoDriver, sum.Renderer = win.Headless(), win.Driver(), win.Renderer()
	if sum.Headless && o.Frames == 0 && o.Ticks == 0 && o.Duration == 0 && o.Replay == "" {
		cfg.Duration = HeadlessDuration
		log.Info("no display: running headless", "duration", cfg.Duration)
	}
	if o.Record != "" || o.Replay != "" {
		if g.tape, err = openTape(o, s.Name(), world, log); err != nil {
			return sum, err
		}
		defer func() { err = errors.Join(err, g.tape.close()) }()
		g.tape.configure(&cfg, env.Clock == nil && sum.Headless)
	}

	ctx := env.Context
	if ctx == nil {
		var stop context.CancelFunc
		ctx, stop = signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
		defer stop()
	}
	before := readUsage()
	looped = true
	es, runErr := engine.Run(ctx, cfg, g)
	after := readUsage()
	if ctx.Err() != nil && errors.Is(runErr, context.Canceled) {
		log.Info("interrupted: stopping cleanly")
		runErr = nil
	}
	if g.tape != nil { // before the summary, which reports its verdict
		runErr = errors.Join(runErr, g.tape.close())
	}
	var pe *engine.PanicError
	if errors.As(runErr, &pe) {
		g.win = nil // the engine closed it: nothing more can be drawn
	}

	sum.Scene, sum.Summary, sum.Seed = s.Name(), es, o.Seed
	sum.addUsage(before, after)
	if idle != nil {
		st := idle.Stats()
		sum.IdleGC = &IdleGCSummary{Collections: st.Collections, Forced: st.Forced,
			TotalMS: float64(st.Total) / 1e6, MaxMS: float64(st.Max) / 1e6}
	}
	states := world.Snapshot(nil)
	sum.Bodies = len(states)
	sum.StateHash = physics.Hash(states).String()
	if runErr != nil {
		sum.Error = runErr.Error()
	}
	return sum, errors.Join(runErr, g.finish(o, &sum, env.Stdout))
}

// finish writes what the user asked to keep: screenshot, summaries, heap
// profile. Each is attempted whatever happened to the others.
func (g *game) finish(o *Options, sum *Summary, stdout io.Writer) error {
	var errs []error
	if o.Screenshot != "" {
		errs = append(errs, g.finalScreenshot(o.Screenshot))
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

// finalScreenshot draws the last frame again, exactly as it was drawn, and
// saves it: what a present leaves behind is undefined in SDL.
func (g *game) finalScreenshot(path string) error {
	if g.win == nil {
		return fmt.Errorf("screenshot %s: no window to take it from (the run had none, or a panic closed it)", path)
	}
	if !g.last.valid {
		return fmt.Errorf("screenshot %s: no frame was drawn", path)
	}
	if err := g.render(&g.last.frame); err != nil {
		return fmt.Errorf("screenshot %s: %w", path, err)
	}
	if err := g.win.Screenshot(path); err != nil {
		return fmt.Errorf("screenshot: %w", err)
	}
	return nil
}
