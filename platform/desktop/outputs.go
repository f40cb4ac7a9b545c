package desktop

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/lockstep-engine/lockstep/platform/desktop/internal/loopback"
	"github.com/lockstep-engine/lockstep/platform/desktop/internal/profiling"
	"github.com/lockstep-engine/lockstep/platform/internal/output"
)

// startProfiling starts the profiles o asks for (package profiling); an
// address -pprof may not listen on is a usage error.
func startProfiling(ctx context.Context, o *Output, log *slog.Logger) (*profiling.Profiling, error) {
	p, err := profiling.Start(ctx, profiling.Options{CPUProfile: o.CPUProfile, Trace: o.Trace, PProf: o.PProf}, log)
	if errors.Is(err, loopback.ErrAddress) {
		return p, usagef("%v", err)
	}
	return p, err
}

// writeOutput writes one output whole through write, or not at all. A
// FIFO with no reader is waited for until ctx is done or a signal asks
// the run to end (see output.CreateContext).
func writeOutput(ctx context.Context, flag, path string, write func(*output.File) error) error {
	f, err := output.CreateContext(ctx, path)
	if err != nil {
		return fmt.Errorf("%s: %w", flag, err)
	}
	if err := write(f); err != nil {
		f.Abort()
		return fmt.Errorf("%s %s: %w", flag, path, err)
	}
	if err := f.Commit(); err != nil {
		return fmt.Errorf("%s: %w", flag, err)
	}
	return nil
}
