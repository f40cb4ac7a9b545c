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

	"github.com/lockstep-engine/lockstep/engine/host"
	"github.com/lockstep-engine/lockstep/platform/desktop/internal/signals"
)

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
	err = runCommandLine(ctx, game, &line) // parsed and checked: the game's flags are registered once
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
