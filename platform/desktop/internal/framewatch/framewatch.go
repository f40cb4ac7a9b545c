// Package framewatch is what a desktop run does with every frame's
// record (the loop's AfterFrame hook): -frames-out writes it for
// tools/framereport, and -hitch keeps a flight recorder and writes the
// last seconds of execution trace when a frame takes too long.
package framewatch

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"runtime/trace"
	"strings"
	"sync"
	"time"

	"github.com/lockstep-engine/lockstep/engine/framefile"
	"github.com/lockstep-engine/lockstep/engine/host"
	"github.com/lockstep-engine/lockstep/platform/internal/output"
)

// What -hitch's flight recorder keeps and when it writes.
const (
	// hitchWindow is how much execution trace the flight recorder keeps
	// at least (its minimum age); hitchBytes bounds its memory.
	hitchWindow = 2 * time.Second
	hitchBytes  = 64 << 20
	// hitchDelay is how long after a hitch its trace is written, on the
	// loop's clock: the trace then holds the second before the hitch and
	// the second after, and the hitches in that second share it.
	hitchDelay = time.Second
	// maxCaught bounds the hitches the summary lists.
	maxCaught = 100
	// MaxTraces is the most hitch traces a run writes.
	MaxTraces = 10
)

// Options are what a run watches its frames for. The zero Options
// watches nothing.
type Options struct {
	FramesOut string        // -frames-out: every frame's record to this file; "" none
	Hitch     time.Duration // -hitch: a frame longer than this writes a trace; 0 off
	Dir       string        // where hitch traces go
	Name      string        // the game's name: traces are NAME-hitch-N.trace
	TPS       int           // ticks a second, for the frames file
}

// Hitch is a frame -hitch caught.
type Hitch struct {
	File     string        // the trace that holds it
	Frame    uint64        // the frame's index
	Tick     uint64        // ticks run when it ended
	Duration time.Duration // the frame's
	Error    string        // why its trace could not be written; "" when it was
}

// Found is what -frames-out and -hitch found, for the summary.
type Found struct {
	Hitches   []Hitch // the hitches caught, each with its trace; nil without -hitch
	Unwritten int     // hitches in no trace: MaxTraces were written, or too many listed
	Full      bool    // -frames-out stopped at its limit of frames
}

// Watch is what a run does with every frame's record (the loop's
// AfterFrame hook): -frames-out writes it, and -hitch keeps a flight
// recorder and writes its trace when a frame is too long.
//
// A hitch's trace is written hitchDelay after it, by a goroutine of its
// own: the loop hands it the file's name without blocking, so the frame
// that asks does not wait for a disk (writing a trace of a few hundred
// kilobytes to a few megabytes takes milliseconds). Hitches until then
// share the trace; once MaxTraces traces are written, later hitches are
// counted but not traced.
type Watch struct {
	frames  *output.File
	framesW *framefile.Writer
	hitch   time.Duration // 0: off
	flight  *trace.FlightRecorder
	paths   [MaxTraces]string // made at start, so a hitch allocates nothing
	jobs    chan int          // the index of the trace to write
	done    chan struct{}

	due       time.Duration // when the pending trace is written, on the loop's clock; -1: none pending
	files     int           // traces handed to the writer
	caught    [maxCaught]Hitch
	nCaught   int
	unwritten int // hitches in no trace: MaxTraces were written, or past maxCaught

	mu     sync.Mutex
	errors [MaxTraces]string // why a trace could not be written, by index
}

// Start starts what o asks for; nil when it asks for neither.
func Start(ctx context.Context, o Options) (fw *Watch, err error) {
	if o.FramesOut == "" && o.Hitch == 0 {
		return nil, nil
	}
	fw = &Watch{hitch: o.Hitch, due: -1}
	defer func() {
		if err != nil {
			fw.Abort()
		}
	}()
	if o.FramesOut != "" {
		if fw.frames, err = output.CreateContext(ctx, o.FramesOut); err != nil {
			return fw, fmt.Errorf("-frames-out: %w", err)
		}
		if fw.framesW, err = framefile.NewWriter(fw.frames, o.Name, o.TPS); err != nil {
			return fw, fmt.Errorf("-frames-out %s: %w", o.FramesOut, err)
		}
	}
	if o.Hitch > 0 {
		fw.flight = trace.NewFlightRecorder(trace.FlightRecorderConfig{MinAge: hitchWindow, MaxBytes: hitchBytes})
		if err = fw.flight.Start(); err != nil {
			fw.flight = nil
			return fw, fmt.Errorf("-hitch: start the flight recorder: %w", err)
		}
		for i := range fw.paths {
			fw.paths[i] = filepath.Join(o.Dir, fmt.Sprintf("%s-hitch-%d.trace", o.Name, i+1))
		}
		fw.jobs, fw.done = make(chan int, 1), make(chan struct{})
		go fw.writeHitches(ctx)
	}
	return fw, nil
}

// Dir is where hitch traces go: beside the first of outputs named (a
// run's -frames-out, -stats-json, -trace, -cpuprofile, in that order)
// that is a file, or the working directory.
func Dir(outputs ...string) string {
	for _, p := range outputs {
		if p != "" && p != "-" && !strings.HasPrefix(p, "/dev/") {
			return filepath.Dir(p)
		}
	}
	return "."
}

// Frame takes one frame's record: written to -frames-out, and a frame
// longer than -hitch (but the first, which carries start-up work) is
// caught. It allocates nothing.
func (fw *Watch) Frame(r *host.FrameRecord) (hitch bool) {
	hitch = fw.hitch > 0 && r.N > 0 && r.Duration > fw.hitch
	end := r.Start + r.Duration
	if hitch {
		fw.catch(r, end)
	}
	if fw.due >= 0 && end >= fw.due {
		select { // the writer is idle unless the last trace is still being written: then try next frame
		case fw.jobs <- fw.files:
			fw.files++
			fw.due = -1
		default:
		}
	}
	if fw.framesW != nil {
		_ = fw.framesW.Frame(r, hitch) // its error is kept for end
	}
	return hitch
}

// catch notes a hitch that ended at end in the pending trace, or starts
// one.
func (fw *Watch) catch(r *host.FrameRecord, end time.Duration) {
	if fw.due < 0 && fw.files < MaxTraces {
		fw.due = end + hitchDelay
	}
	if fw.due < 0 || fw.nCaught == maxCaught {
		fw.unwritten++
		return
	}
	fw.caught[fw.nCaught] = Hitch{File: fw.paths[fw.files], Frame: r.N, Tick: r.Tick, Duration: r.Duration}
	fw.nCaught++
}

// writeHitches writes each trace asked for whole, until jobs is closed.
func (fw *Watch) writeHitches(ctx context.Context) {
	defer close(fw.done)
	for i := range fw.jobs {
		err := fw.writeTrace(ctx, fw.paths[i])
		if err != nil {
			fw.mu.Lock()
			fw.errors[i] = err.Error()
			fw.mu.Unlock()
		}
	}
}

// writeTrace writes the flight recorder's trace to path, whole or not
// at all.
func (fw *Watch) writeTrace(ctx context.Context, path string) error {
	f, err := output.CreateContext(ctx, path)
	if err != nil {
		return fmt.Errorf("-hitch: %w", err)
	}
	if _, err := fw.flight.WriteTo(f); err != nil {
		f.Abort()
		return fmt.Errorf("-hitch %s: %w", path, err)
	}
	if err := f.Commit(); err != nil {
		return fmt.Errorf("-hitch: %w", err)
	}
	return nil
}

// endHitches writes the pending trace, waits for the writer and stops
// the flight recorder; it returns the hitches caught.
func (fw *Watch) endHitches(got *Found) []error {
	if fw.due >= 0 {
		fw.jobs <- fw.files
		fw.files++
		fw.due = -1
	}
	close(fw.jobs)
	<-fw.done
	fw.jobs = nil
	fw.flight.Stop()
	fw.flight = nil
	var errs []error
	for i := range fw.files {
		if fw.errors[i] != "" {
			errs = append(errs, errors.New(fw.errors[i]))
		}
	}
	got.Hitches = make([]Hitch, 0, fw.nCaught)
	for _, h := range fw.caught[:fw.nCaught] {
		for i, p := range fw.paths[:fw.files] {
			if p == h.File {
				h.Error = fw.errors[i]
			}
		}
		got.Hitches = append(got.Hitches, h)
	}
	got.Unwritten = fw.unwritten
	return errs
}

// End waits for the hitch traces, stops the flight recorder, finishes
// -frames-out and returns what they found.
func (fw *Watch) End() (got Found, err error) {
	if fw == nil {
		return got, nil
	}
	var errs []error
	if fw.jobs != nil {
		errs = fw.endHitches(&got)
	}
	if fw.frames != nil {
		err := fw.framesW.Flush()
		if err == nil && fw.framesW.Full() {
			got.Full = true
		}
		if err != nil {
			fw.frames.Abort()
			errs = append(errs, fmt.Errorf("-frames-out %s: %w", fw.frames.Name(), err))
		} else if err := fw.frames.Commit(); err != nil {
			errs = append(errs, fmt.Errorf("-frames-out: %w", err))
		}
		fw.frames = nil
	}
	return got, errors.Join(errs...)
}

// Abort stops what was started and gives its files up.
func (fw *Watch) Abort() {
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
