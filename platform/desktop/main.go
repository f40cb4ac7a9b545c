package desktop

import (
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"time"

	"github.com/lockstep-engine/lockstep/engine/host"
	"github.com/lockstep-engine/lockstep/platform/desktop/internal/signals"
)

// HeadlessDuration bounds a headless run that was given no stop condition,
// so a run with no display always ends by itself.
const HeadlessDuration = 10 * time.Second

// Main runs game as a program and exits: it parses the process's command
// line over cfg's values as defaults (see Parse), runs the game until the
// window closes, the game quits or SIGINT, SIGTERM or SIGHUP arrives, and
// exits with status 0 on a clean end, 2 for a bad command line and 1 when
// the run failed. Call it from the main goroutine.
func Main(game Game, cfg Config) {
	os.Exit(mainStatus(game, cfg, os.Args[1:], os.Stdout, os.Stderr))
}

// mainStatus is Main with the command line and the standard streams given,
// returning the exit status.
func mainStatus(game Game, cfg Config, args []string, stdout, stderr io.Writer) int {
	defer signals.DropBrokenPipes()() // a closed stdout or stderr must not end the run
	// Before the window opens: an interrupt while it does still ends the
	// run cleanly, outputs written, instead of killing the process.
	ctx, stop := signal.NotifyContext(context.Background(), signals.Ending()...)
	defer stop()
	name := cmp.Or(cfg.Name, programName())
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelInfo}))
	}
	if cfg.Output.StatsOut == nil {
		cfg.Output.StatsOut = stdout
	}
	line, err := parse(game, cfg, args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", name, err)
		return 2
	}
	r := newRun(game, line.cfg)
	r.line = &line // parsed and checked: the game's flags are registered once
	_, err = r.execute(ctx)
	if err == nil {
		return 0
	}
	fmt.Fprintf(stderr, "%s: %v\n", name, err)
	if pe := (*host.PanicError)(nil); errors.As(err, &pe) {
		fmt.Fprintf(stderr, "\n%s", pe.Stack)
	}
	if errors.Is(err, ErrUsage) { // found only once the run was set up, such as a -replay of another seed
		return 2
	}
	return 1
}

// Run runs game once with cfg and no command line until the window closes,
// the game returns engine.ErrQuit, a stop condition in cfg.Loop is met or
// ctx is done (a clean end, not an error), and returns its summary. Every
// output cfg.Output asks for is written even when the run fails; when it
// fails before the loop starts, the JSON summary says why. Errors from a
// bad cfg wrap ErrUsage. Call it from the main goroutine.
func Run(ctx context.Context, game Game, cfg Config) (Summary, error) {
	return newRun(game, cfg).execute(ctx)
}

// execute is Run's work, for a run prepared by newRun.
func (r *run) execute(ctx context.Context) (sum Summary, err error) {
	defer func() {
		if err != nil && !r.looped && r.cfg.Output.StatsJSON != "" {
			r.sum.Error = err.Error()
			err = errors.Join(err, r.sum.writeJSON(ctx, r.cfg.Output.StatsJSON))
		}
		sum = r.sum
	}()
	if err := r.check(); err != nil {
		return r.sum, err
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
		return r.sum, err
	}
	defer func() { err = errors.Join(err, prof.stop()) }()
	if err := r.loadPlayer(); err != nil {
		return r.sum, err
	}
	if err := r.open(); err != nil { // first: a host's window says at once that it waits
		return r.sum, err
	}
	defer func() { err = errors.Join(err, r.win.Close()) }()
	var screen *waitScreen
	if r.net, err = r.openNet(ctx, &screen); err != nil { // before the game starts: a joiner takes the host's settings
		if errors.Is(err, errGaveUp) {
			return r.sum, r.endWaiting(ctx, screen, err)
		}
		return r.sum, err
	}
	defer r.net.closeEarly(&r.looped, &err)
	r.sum.Seed, r.sum.Physics = r.cfg.Seed, r.cfg.Physics.String() // a joiner's, from the host
	if r.sound, err = openSound(ctx, &r.cfg, r.win.Headless(), r.log); err != nil {
		return r.sum, err
	}
	defer func() { err = errors.Join(err, r.sound.close()) }()
	r.wirePlayer()
	if err := r.start(); err != nil {
		return r.sum, err
	}
	loop, wire, stopLoop, err := r.loopConfig(ctx)
	defer stopLoop()
	if err != nil {
		return r.sum, err
	}
	r.net.configure(&loop, &wire, r.runner, r.sum.Headless, r.cfg.Loop.Duration, r.log)
	loopCtx, stopNet := r.net.loopContext(ctx)
	defer stopNet()
	runErr := r.loop(loopCtx, loop, wire)
	r.savePlayerWindow()
	return r.sum, errors.Join(runErr, r.runner.finish(ctx, &r.cfg.Output, &r.sum))
}
