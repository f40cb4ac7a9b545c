package desktop

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/http/pprof"
	"runtime"
	rpprof "runtime/pprof"
	"runtime/trace"

	"github.com/lockstep-engine/lockstep/platform/desktop/internal/loopback"
	"github.com/lockstep-engine/lockstep/platform/internal/output"
)

// profiling holds the profiles a run writes; stop flushes them all.
type profiling struct {
	cpu, trace *output.File
	server     *http.Server
}

// startProfiling starts what the flags ask for. On error, whatever it
// started is stopped again, and the files it began are given up.
func startProfiling(ctx context.Context, o *Output, log *slog.Logger) (p *profiling, err error) {
	p = &profiling{}
	defer func() {
		if err != nil {
			p.abort()
		}
	}()
	if o.CPUProfile != "" {
		if p.cpu, err = output.CreateContext(ctx, o.CPUProfile); err != nil {
			return p, fmt.Errorf("-cpuprofile: %w", err)
		}
		if err = rpprof.StartCPUProfile(p.cpu); err != nil {
			return p, fmt.Errorf("-cpuprofile %s: %w", o.CPUProfile, err)
		}
	}
	if o.Trace != "" {
		if p.trace, err = output.CreateContext(ctx, o.Trace); err != nil {
			return p, fmt.Errorf("-trace: %w", err)
		}
		if err = trace.Start(p.trace); err != nil {
			return p, fmt.Errorf("-trace %s: %w", o.Trace, err)
		}
	}
	if o.PProf != "" {
		ln, err := loopback.Listen(context.Background(), o.PProf, net.DefaultResolver)
		if errors.Is(err, loopback.ErrAddress) {
			return p, usagef("invalid value %s for -pprof: %v", o.PProf, err)
		}
		if err != nil {
			return p, fmt.Errorf("-pprof: %w", err)
		}
		mux := http.NewServeMux()
		mux.HandleFunc("/debug/pprof/", pprof.Index)
		mux.HandleFunc("/debug/pprof/cmdline", pprof.Cmdline)
		mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
		mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
		mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
		p.server = &http.Server{Handler: mux}
		go func() { _ = p.server.Serve(ln) }()
		log.Info("serving pprof", "url", "http://"+ln.Addr().String()+"/debug/pprof/")
	}
	return p, nil
}

// stop ends and flushes every profile; each file is complete and in place
// afterwards, or the error names it and an older file is left as it was.
func (p *profiling) stop() error {
	var errs []error
	if p.cpu != nil {
		rpprof.StopCPUProfile()
		if err := p.cpu.Commit(); err != nil {
			errs = append(errs, fmt.Errorf("-cpuprofile: %w", err))
		}
		p.cpu = nil
	}
	if p.trace != nil {
		trace.Stop()
		if err := p.trace.Commit(); err != nil {
			errs = append(errs, fmt.Errorf("-trace: %w", err))
		}
		p.trace = nil
	}
	if p.server != nil {
		errs = append(errs, p.server.Close())
		p.server = nil
	}
	return errors.Join(errs...)
}

// abort stops what was started and gives its files up.
func (p *profiling) abort() {
	if p.cpu != nil {
		rpprof.StopCPUProfile()
		p.cpu.Abort()
		p.cpu = nil
	}
	if p.trace != nil {
		trace.Stop()
		p.trace.Abort()
		p.trace = nil
	}
	if p.server != nil {
		p.server.Close()
		p.server = nil
	}
}

// writeHeapProfile writes the heap as of now, after a collection so it
// shows what is live.
func writeHeapProfile(ctx context.Context, path string) error {
	f, err := output.CreateContext(ctx, path)
	if err != nil {
		return fmt.Errorf("-memprofile: %w", err)
	}
	runtime.GC()
	if err := rpprof.WriteHeapProfile(f); err != nil {
		f.Abort()
		return fmt.Errorf("-memprofile %s: %w", path, err)
	}
	if err := f.Commit(); err != nil {
		return fmt.Errorf("-memprofile: %w", err)
	}
	return nil
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
