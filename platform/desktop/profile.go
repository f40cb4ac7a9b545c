package desktop

import (
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/http/pprof"
	"os"
	"runtime"
	rpprof "runtime/pprof"
	"runtime/trace"
)

// profiling holds the profiles a run writes; stop flushes them all.
type profiling struct {
	cpu, trace *os.File
	server     *http.Server
}

// startProfiling starts what the flags ask for. On error, whatever it
// started is stopped again.
func startProfiling(o *Options, log *slog.Logger) (p *profiling, err error) {
	p = &profiling{}
	defer func() {
		if err != nil {
			err = errors.Join(err, p.stop())
		}
	}()
	if o.CPUProfile != "" {
		if p.cpu, err = os.Create(o.CPUProfile); err != nil {
			return p, fmt.Errorf("cpu profile: %w", err)
		}
		if err = rpprof.StartCPUProfile(p.cpu); err != nil {
			return p, fmt.Errorf("cpu profile: %w", err)
		}
	}
	if o.Trace != "" {
		if p.trace, err = os.Create(o.Trace); err != nil {
			return p, fmt.Errorf("trace: %w", err)
		}
		if err = trace.Start(p.trace); err != nil {
			return p, fmt.Errorf("trace: %w", err)
		}
	}
	if o.PProf != "" {
		ln, err := net.Listen("tcp", o.PProf)
		if err != nil {
			return p, fmt.Errorf("-pprof %s: %w", o.PProf, err)
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

// stop ends and flushes every profile; the files are complete afterwards.
func (p *profiling) stop() error {
	var errs []error
	if p.cpu != nil {
		rpprof.StopCPUProfile()
		errs = append(errs, p.cpu.Close())
		p.cpu = nil
	}
	if p.trace != nil {
		trace.Stop()
		errs = append(errs, p.trace.Close())
		p.trace = nil
	}
	if p.server != nil {
		errs = append(errs, p.server.Close())
		p.server = nil
	}
	return errors.Join(errs...)
}

// writeHeapProfile writes the heap as of now, after a collection so it
// shows what is live.
func writeHeapProfile(path string) error {
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("heap profile: %w", err)
	}
	runtime.GC()
	if err := rpprof.WriteHeapProfile(f); err != nil {
		f.Close()
		return fmt.Errorf("heap profile: %w", err)
	}
	return f.Close()
}
