// Package profiling is what a desktop run writes and serves about its
// own execution: a CPU profile (-cpuprofile), an execution trace
// (-trace), net/http/pprof on a loopback address (-pprof), and the heap
// at exit (-memprofile). Every file is written whole or not at all
// (platform/internal/output).
package profiling

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

// Options are the profiles a run asks for, by the flags' values; ""
// asks for none.
type Options struct {
	CPUProfile string // -cpuprofile: a pprof CPU profile to this file
	Trace      string // -trace: an execution trace to this file
	PProf      string // -pprof: serve net/http/pprof on this loopback address
}

// Profiling holds the profiles a run writes; Stop flushes them all.
type Profiling struct {
	cpu, trace *output.File
	server     *http.Server
}

// Start starts what o asks for. On error, whatever it started is stopped
// again, and the files it began are given up; an address -pprof may not
// listen on is an error wrapping loopback.ErrAddress.
func Start(ctx context.Context, o Options, log *slog.Logger) (p *Profiling, err error) {
	p = &Profiling{}
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
			return p, fmt.Errorf("invalid value %s for -pprof: %w", o.PProf, err)
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

// Stop ends and flushes every profile; each file is complete and in place
// afterwards, or the error names it and an older file is left as it was.
func (p *Profiling) Stop() error {
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
func (p *Profiling) abort() {
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

// WriteHeap writes the heap as of now to path (-memprofile), after a
// collection so it shows what is live.
func WriteHeap(ctx context.Context, path string) error {
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
