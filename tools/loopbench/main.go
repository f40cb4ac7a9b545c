// Command loopbench measures the loop: it builds a sample scene, runs it
// headless in each power mode (and at several tick rates, frame caps and
// body counts when asked), and prints a table per run and one of them
// all: frame rate, frame interval p50/p99/max, how far it is from the
// target, lateness after each deadline, ticks per frame, time per loop
// phase, CPU per second of wall time, what pacing costs beyond the
// scene's own work, allocations per frame and GC. It keeps each run's JSON
// summary and draws the frame intervals of every run, read from an
// execution trace of a second, shorter run, into one plot.
//
//	cd tools/loopbench && go run . -duration 10s
//	go run . -modes cap -waits hybrid -fps 60,144 -tps 60,240
//	go run . -scene tumble -bodies 100,1000   # scenes with a -bodies flag
//
// Pacing cost is measured against a plain time.Sleep: the loop thread's
// CPU time (the engine runs the loop on the main thread; Linux counts it
// to the nanosecond in schedstat, which loopbench reads while the scene
// runs) less that of the -wait sleep run of the same configuration, whose
// waiting costs the thread next to nothing (it blocks until the runtime
// wakes it). The frames' own work is the same in both. The traced run's
// CPU profile, whose samples carry the engine's phase label, gives a
// second, coarser figure: the CPU sampled in the wait phase (100 samples
// a second, so ±0.2% of a core over 10 s).
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// options is loopbench's command line.
type options struct {
	scene, bin, repo, out string
	modes, waits          []string
	fps, tps, bodies      []int
	duration, plotFor     time.Duration
	headless, profile     bool
	count                 int
	plot                  string
	args                  []string
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	o, err := parse(os.Args[1:], os.Stderr)
	if errors.Is(err, flag.ErrHelp) {
		return
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "loopbench:", err)
		os.Exit(2)
	}
	if err := run(ctx, o, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "loopbench:", err)
		os.Exit(1)
	}
}

func parse(args []string, stderr io.Writer) (*options, error) {
	o := &options{}
	fs := flag.NewFlagSet("loopbench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&o.scene, "scene", "tumble", "the sample to run: samples/`NAME`")
	fs.StringVar(&o.bin, "bin", "", "run this scene `binary` instead of building samples/NAME")
	fs.StringVar(&o.repo, "repo", "", "the lockstep repository (default: the one around the working directory)")
	fs.StringVar(&o.out, "out", "", "where the summaries, traces and plot go (default: REPO/out/loopbench)")
	modes := fs.String("modes", "cap,uncapped,vsync", "power modes to run, comma-separated")
	waits := fs.String("waits", "hybrid,sleep,spin", "how -mode cap waits, comma-separated; vsync runs use the first")
	fps := fs.String("fps", "60", "frame caps for -mode cap, comma-separated")
	tps := fs.String("tps", "60", "tick rates, comma-separated")
	bodies := fs.String("bodies", "", "body counts, comma-separated, passed as -bodies (the scene must take it)")
	fs.DurationVar(&o.duration, "duration", 10*time.Second, "length of each measured run")
	fs.DurationVar(&o.plotFor, "plot-duration", 5*time.Second, "length of each traced and profiled run, for the plot and the CPU by phase (0: none)")
	fs.StringVar(&o.plot, "plot", "frames.png", "the plot's file name in -out (.png or .svg)")
	fs.BoolVar(&o.headless, "headless", true, "run without a visible window")
	fs.IntVar(&o.count, "count", 1, "run each configuration this many times (the plot shows the first)")
	fs.BoolVar(&o.profile, "profile", true, "CPU-profile the traced run, for the CPU of each loop phase")
	extra := fs.String("args", "", "more flags for the scene, space-separated")
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	if fs.NArg() > 0 {
		return nil, fmt.Errorf("unexpected argument %q: every option is a flag (-h lists them)", fs.Arg(0))
	}
	var err error
	o.modes, err = words("modes", *modes, "cap", "uncapped", "vsync")
	if err != nil {
		return nil, err
	}
	if o.waits, err = words("waits", *waits, "hybrid", "sleep", "spin"); err != nil {
		return nil, err
	}
	if o.fps, err = ints("fps", *fps, 1, 10000, false); err != nil {
		return nil, err
	}
	if o.tps, err = ints("tps", *tps, 1, 10000, false); err != nil {
		return nil, err
	}
	if o.bodies, err = ints("bodies", *bodies, 1, 1<<20, true); err != nil {
		return nil, err
	}
	if o.duration < time.Second {
		return nil, fmt.Errorf("invalid value %v for -duration: want at least 1s", o.duration)
	}
	if o.plotFor < 0 {
		return nil, fmt.Errorf("invalid value %v for -plot-duration: want 0 (no plot) or more", o.plotFor)
	}
	if o.count < 1 || o.count > 100 {
		return nil, fmt.Errorf("invalid value %d for -count: want 1 to 100", o.count)
	}
	o.args = strings.Fields(*extra)
	return o, nil
}

// words splits a comma-separated list and checks each against valid.
func words(flagName, s string, valid ...string) ([]string, error) {
	var out []string
	for w := range strings.SplitSeq(s, ",") {
		w = strings.TrimSpace(w)
		ok := false
		for _, v := range valid {
			ok = ok || v == w
		}
		if !ok {
			return nil, fmt.Errorf("invalid value %q in -%s: want some of %s", w, flagName, strings.Join(valid, ","))
		}
		out = append(out, w)
	}
	return out, nil
}

// ints splits a comma-separated list of integers in [lo, hi].
func ints(flagName, s string, lo, hi int, emptyOK bool) ([]int, error) {
	if strings.TrimSpace(s) == "" {
		if emptyOK {
			return []int{0}, nil
		}
		return nil, fmt.Errorf("-%s is empty: want numbers from %d to %d, comma-separated", flagName, lo, hi)
	}
	var out []int
	for w := range strings.SplitSeq(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(w))
		if err != nil || n < lo || n > hi {
			return nil, fmt.Errorf("invalid value %q in -%s: want numbers from %d to %d, comma-separated", w, flagName, lo, hi)
		}
		out = append(out, n)
	}
	return out, nil
}

// configs lists the runs in order: for each tick rate and body count, the
// caps with each wait, then uncapped, then vsync.
func (o *options) configs() []config {
	var cs []config
	for _, tps := range o.tps {
		for _, b := range o.bodies {
			for _, m := range o.modes {
				switch m {
				case "cap":
					for _, f := range o.fps {
						for _, w := range o.waits {
							cs = append(cs, config{Mode: m, Wait: w, FPS: f, TPS: tps, Bodies: b})
						}
					}
				default:
					cs = append(cs, config{Mode: m, Wait: o.waits[0], FPS: o.fps[0], TPS: tps, Bodies: b})
				}
			}
		}
	}
	return cs
}

func run(ctx context.Context, o *options, stdout io.Writer) error {
	if o.repo == "" {
		wd, err := os.Getwd()
		if err != nil {
			return err
		}
		if o.repo, err = findRoot(wd); err != nil && (o.bin == "" || o.out == "") {
			return err
		}
	}
	if o.out == "" {
		o.out = filepath.Join(o.repo, "out", "loopbench")
	}
	if err := os.MkdirAll(o.out, 0o755); err != nil {
		return err
	}
	bin := o.bin
	if bin == "" {
		tmp, err := os.MkdirTemp("", "loopbench")
		if err != nil {
			return err
		}
		defer os.RemoveAll(tmp)
		fmt.Fprintf(stdout, "building samples/%s\n", o.scene)
		if bin, err = buildScene(ctx, o.repo, o.scene, tmp); err != nil {
			return err
		}
	}
	fmt.Fprintf(stdout, "machine: %s\n", loadAverage())
	var results []*result
	var plots []series
	for _, c := range o.configs() {
		for i := range o.count {
			if o.count > 1 {
				c.Rep = i + 1
			}
			r, err := measure(ctx, o, bin, c, i == 0)
			if err != nil {
				return err
			}
			results = append(results, r)
			if r.frames != nil {
				var target time.Duration
				if r.sum.FPSTarget > 0 {
					target = time.Duration(float64(time.Second) / r.sum.FPSTarget)
				}
				plots = append(plots, series{Title: c.describe() + " (traced run)", Target: target, Presents: r.frames.Presents})
			}
			writeRun(stdout, r)
		}
	}
	setBaselines(results)
	writeComparison(stdout, results)
	fmt.Fprintf(stdout, "machine after: %s\n", loadAverage())
	if len(plots) > 0 {
		path := filepath.Join(o.out, o.plot)
		if err := plotFrames(path, plots); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "frame-time plot: %s\n", path)
	}
	return nil
}

// measure runs c once for the figures and, when a plot is asked for, once
// more with an execution trace for the intervals of every frame and a CPU
// profile for the CPU of each phase: the instruments' own costs stay out
// of the figures.
func measure(ctx context.Context, o *options, bin string, c config, plot bool) (*result, error) {
	r := &result{cfg: c, json: filepath.Join(o.out, c.name()+".json")}
	samples, started, err := runScene(ctx, bin, append(c.args(o.headless, o.duration, r.json, ""), o.args...))
	if err != nil {
		return nil, err
	}
	if r.sum, err = readSummary(r.json); err != nil {
		return nil, err
	}
	r.loop = loopShare(samples, started, time.Duration(r.sum.WallS*float64(time.Second)))
	if o.plotFor == 0 || !plot {
		return r, nil
	}
	tracePath := filepath.Join(o.out, c.name()+".trace")
	args := c.args(o.headless, o.plotFor, filepath.Join(o.out, c.name()+".traced.json"), tracePath)
	prof := filepath.Join(o.out, c.name()+".pprof")
	if o.profile {
		args = append(args, "-cpuprofile", prof)
	}
	if _, _, err := runScene(ctx, bin, append(args, o.args...)); err != nil {
		return nil, err
	}
	if o.profile {
		if r.phases, err = readPhaseCPU(prof); err != nil {
			return nil, err
		}
		r.profWall = o.plotFor
	}
	f, err := os.Open(tracePath)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if r.frames, err = readFrames(f); err != nil {
		return nil, fmt.Errorf("%s: %w", tracePath, err)
	}
	return r, nil
}

func readPhaseCPU(path string) (map[string]time.Duration, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	m, err := phaseCPU(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return m, nil
}

// loadAverage is the machine's load, as uptime reports it.
func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "load unknown"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "load unknown"
	}
	return fmt.Sprintf("load average %s %s %s", f[0], f[1], f[2])
}
