package desktop

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"runtime/trace"
	"strings"
	"sync"
	"time"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/internal/framefile"
	"github.com/lockstep-engine/lockstep/platform/internal/output"
)

// Bounds of -hitch, and how many hitch traces a run writes at most.
const (
	MinHitch   = time.Millisecond
	MaxHitch   = 10 * time.Second
	maxHitches = 10
	// hitchWindow is how much execution trace a hitch keeps: the flight
	// recorder's minimum age. hitchBytes bounds its memory.
	hitchWindow = 2 * time.Second
	hitchBytes  = 64 << 20
)

// Hitch is a frame -hitch caught, as the summary lists it.
type Hitch struct {
	File  string  `json:"file"`  // the trace written: NAME-hitch-N.trace beside the outputs
	Frame uint64  `json:"frame"` // the frame's index
	Tick  uint64  `json:"tick"`  // ticks run when it ended
	MS    float64 `json:"ms"`    // its duration
	// Error says why the trace could not be written; empty when it was.
	Error string `json:"error,omitempty"`
}

// frameWatch is what a run does with every frame's record (the loop's
// AfterFrame hook): -frames-out writes it, and -hitch keeps a flight
// recorder and writes its trace when a frame is too long.
//
// A hitch's trace (a few megabytes) is written by a goroutine of its
// own, so the frame after a hitch does not wait for a disk: the loop
// hands it the hitch without blocking, and a hitch that comes while the
// last one is being written is counted but not written (the trace being
// written already holds the two seconds before it).
type frameWatch struct {
	frames    *output.File
	framesW   *framefile.Writer
	hitch     time.Duration // 0: off
	flight    *trace.FlightRecorder
	paths     [maxHitches]string // made at start, so a hitch allocates nothing
	jobs      chan Hitch
	done      chan struct{}
	n         int // hitches handed to the writer
	unwritten int // hitches not written: the writer was busy, or maxHitches were written

	mu      sync.Mutex
	written []Hitch
}

// newFrameWatch starts what o asks for; nil when it asks for neither.
func newFrameWatch(ctx context.Context, o *Output, name string, tps int) (fw *frameWatch, err error) {
	if o.FramesOut == "" && o.Hitch == 0 {
		return nil, nil
	}
	fw = &frameWatch{hitch: o.Hitch}
	defer func() {
		if err != nil {
			fw.abort()
		}
	}()
	if o.FramesOut != "" {
		if fw.frames, err = output.CreateContext(ctx, o.FramesOut); err != nil {
			return fw, fmt.Errorf("-frames-out: %w", err)
		}
		if fw.framesW, err = framefile.NewWriter(fw.frames, name, tps); err != nil {
			return fw, fmt.Errorf("-frames-out %s: %w", o.FramesOut, err)
		}
	}
	if o.Hitch > 0 {
		fw.flight = trace.NewFlightRecorder(trace.FlightRecorderConfig{MinAge: hitchWindow, MaxBytes: hitchBytes})
		if err = fw.flight.Start(); err != nil {
			fw.flight = nil
			return fw, fmt.Errorf("-hitch: start the flight recorder: %w", err)
		}
		dir := hitchDir(o)
		for i := range fw.paths {
			fw.paths[i] = filepath.Join(dir, fmt.Sprintf("%s-hitch-%d.trace", name, i+1))
		}
		fw.jobs, fw.done = make(chan Hitch, 1), make(chan struct{})
		go fw.writeHitches(ctx)
	}
	return fw, nil
}

// hitchDir is where hitch traces go: beside the first output file named
// (-frames-out, -stats-json, -trace, -cpuprofile), or the working
// directory.
func hitchDir(o *Output) string {
	for _, p := range []string{o.FramesOut, o.StatsJSON, o.Trace, o.CPUProfile} {
		if p != "" && p != "-" && !strings.HasPrefix(p, "/dev/") {
			return filepath.Dir(p)
		}
	}
	return "."
}

// frame takes one frame's record: written to -frames-out, and a frame
// longer than -hitch (but the first, which carries start-up work) hands
// its hitch to the writer. It allocates nothing.
func (fw *frameWatch) frame(r *engine.FrameRecord) (hitch bool) {
	hitch = fw.hitch > 0 && r.N > 0 && r.Duration > fw.hitch
	if hitch {
		fw.catch(r)
	}
	if fw.framesW != nil {
		_ = fw.framesW.Frame(r, hitch) // its error is kept for end
	}
	return hitch
}

func (fw *frameWatch) catch(r *engine.FrameRecord) {
	if fw.n >= maxHitches {
		fw.unwritten++
		return
	}
	select {
	case fw.jobs <- Hitch{File: fw.paths[fw.n], Frame: r.N, Tick: r.Tick, MS: ms(r.Duration)}:
		fw.n++
	default:
		fw.unwritten++
	}
}

// writeHitches writes each hitch's trace whole, until jobs is closed.
func (fw *frameWatch) writeHitches(ctx context.Context) {
	defer close(fw.done)
	for h := range fw.jobs {
		err := writeOutput(ctx, "-hitch", h.File, func(f *output.File) error {
			_, err := fw.flight.WriteTo(f)
			return err
		})
		if err != nil {
			h.Error = err.Error()
		}
		fw.mu.Lock()
		fw.written = append(fw.written, h)
		fw.mu.Unlock()
	}
}

// end waits for the hitch traces, stops the flight recorder, finishes
// -frames-out and puts the hitches in sum.
func (fw *frameWatch) end(sum *Summary) error {
	if fw == nil {
		return nil
	}
	var errs []error
	if fw.jobs != nil {
		close(fw.jobs)
		<-fw.done
		fw.jobs = nil
		fw.flight.Stop()
		fw.flight = nil
		sum.Hitches = append([]Hitch{}, fw.written...)
		sum.HitchesUnwritten = fw.unwritten
		for _, h := range fw.written {
			if h.Error != "" {
				errs = append(errs, errors.New(h.Error))
			}
		}
	}
	if fw.frames != nil {
		err := fw.framesW.Flush()
		if err == nil && fw.framesW.Full() {
			sum.FramesOutFull = true
		}
		if err != nil {
			fw.frames.Abort()
			errs = append(errs, fmt.Errorf("-frames-out %s: %w", fw.frames.Name(), err))
		} else if err := fw.frames.Commit(); err != nil {
			errs = append(errs, fmt.Errorf("-frames-out: %w", err))
		}
		fw.frames = nil
	}
	return errors.Join(errs...)
}

// abort stops what was started and gives its files up.
func (fw *frameWatch) abort() {
	if fw == nil {
		return
	}
	if fw.jobs != nil {
		close(fw.jobs)
		<-fw.done
		fw.jobs = nil
	}
	if fw.flight != nil {
		fw.flight.Stop()
		fw.flight = nil
	}
	if fw.frames != nil {
		fw.frames.Abort()
		fw.frames = nil
	}
}
