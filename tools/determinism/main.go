// Command determinism checks that a scene's simulation does not depend on
// how it is drawn: it runs each sample scene with the same seed for the
// same number of ticks under several power modes, frame caps, step limits
// and injected stalls (the process is stopped and resumed), and compares
// the state hashes every run recorded, reporting the first tick where two
// runs part.
//
//	go run ./tools/determinism [-ticks N] [-seed N] [-scenes a,b] [-physics a,b] [-samples DIR]
//
// Each scene runs on every physics engine given (default: every engine
// this build of the tool has; go run -tags box2d for Box2D too), and each
// engine's runs must agree among themselves.
//
// Scenes are found as samples/*/main.go. The stalls are injected right
// after the recording's checkpoints at ticks 0, 60 and 120 (those at least
// stallMargin ticks before the end), so a configuration with stalls counts
// as failed unless its summary shows every injected stall, and the one
// with -max-steps 1 unless it also shows bailouts. Exit status: 0 when
// every scene agrees with itself, 1 when one does not, 2 for a bad command
// line.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/lockstep-engine/lockstep/engine/host"
	"github.com/lockstep-engine/lockstep/engine/tape"
	"github.com/lockstep-engine/lockstep/physics/backend"
	"github.com/lockstep-engine/lockstep/tools/internal/samplebin"
)

// config is one way of running a scene.
type config struct {
	name     string
	args     []string
	stalls   int  // times the process is stopped for stallFor
	bailouts bool // the stalls must make it bail out (-max-steps 1)
}

var configs = []config{
	{name: "vsync", args: []string{"-mode", "vsync"}},
	{name: "cap 30", args: []string{"-mode", "cap", "-fps", "30"}},
	{name: "cap 144", args: []string{"-mode", "cap", "-fps", "144"}},
	{name: "uncapped", args: []string{"-mode", "uncapped"}},
	{name: "uncapped, no interp, stalls", args: []string{"-mode", "uncapped", "-interp=false"}, stalls: 3},
	{name: "cap 60, max-steps 1, stalls", args: []string{"-mode", "cap", "-fps", "60", "-max-steps", "1"}, stalls: 3, bailouts: true},
	{name: "cap 24, max-frame 50ms, stalls", args: []string{"-mode", "cap", "-fps", "24", "-max-frame", "50ms"}, stalls: 3},
}

// stallFor is longer than every configuration's -max-frame (250 ms by
// default), so each stall clamps a frame, which the summary counts.
const stallFor = 400 * time.Millisecond

// stallMargin is how many ticks a run must still have ahead of it at a
// checkpoint for a stall injected there to land inside its loop: the loop
// runs at most -max-steps (8) ticks in the frame that wrote the
// checkpoint, and the next frame measures the stall.
const stallMargin = 30

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

// options are the tool's command line, checked.
type options struct {
	ticks, seed uint64
	tps         int
	samples     string
	scenes      []string
	physics     []backend.Engine
}

func run(args []string, stdout, stderr io.Writer) int {
	o, status := parseArgs(args, stderr)
	if status != 0 {
		return status
	}
	tmp, err := os.MkdirTemp("", "lockstep-determinism-")
	if err != nil {
		fmt.Fprintln(stderr, "determinism:", err)
		return 1
	}
	defer os.RemoveAll(tmp)
	for _, s := range o.scenes {
		bin, err := samplebin.Build(o.samples, s, tmp, buildTags(o.physics)...)
		if err != nil {
			fmt.Fprintf(stdout, "FAIL %s: %v\n", s, err)
			status = 1
			continue
		}
		for _, e := range o.physics {
			if err := check(bin, s, e, tmp, o.ticks, o.seed, o.tps, stdout); err != nil {
				fmt.Fprintf(stdout, "FAIL %s on %s: %v\n", s, e, err)
				status = 1
			}
		}
	}
	return status
}

// parseArgs parses and checks the command line, returning a non-zero exit
// status (2) with the message written to stderr when it is bad.
func parseArgs(args []string, stderr io.Writer) (options, int) {
	fs := flag.NewFlagSet("determinism", flag.ContinueOnError)
	fs.SetOutput(stderr)
	ticks := fs.Uint64("ticks", 300, "ticks each run simulates")
	seed := fs.Uint64("seed", 1, "scene seed")
	tps := fs.Int("tps", 60, "ticks per second")
	list := fs.String("scenes", "", "comma-separated scenes (default: every samples/*/main.go)")
	samples := fs.String("samples", "", "directory of the sample scenes (default: samples/ of the module)")
	var builtNames []string
	for _, e := range backend.Built() {
		builtNames = append(builtNames, e.String())
	}
	engines := fs.String("physics", strings.Join(builtNames, ","), "comma-separated physics engines: "+backend.Usage())
	if err := fs.Parse(args); err != nil {
		return options{}, 2
	}
	if fs.NArg() > 0 || *ticks == 0 {
		fmt.Fprintln(stderr, "usage: determinism [-ticks N>0] [-seed N] [-tps N] [-scenes a,b] [-physics a,b] [-samples DIR]")
		return options{}, 2
	}
	var physics []backend.Engine
	for _, name := range strings.Split(*engines, ",") {
		e, err := backend.Parse(name)
		if err == nil {
			err = e.Available()
		}
		if err != nil {
			fmt.Fprintf(stderr, "determinism: invalid value %q for -physics: %v\n", name, err)
			return options{}, 2
		}
		physics = append(physics, e)
	}
	if *samples == "" {
		dir, err := samplebin.Dir()
		if err != nil {
			fmt.Fprintln(stderr, "determinism:", err)
			return options{}, 2
		}
		*samples = dir
	}
	if *tps < 1 || *tps > host.MaxTPS {
		fmt.Fprintf(stderr, "determinism: invalid value %d for -tps: want 1 to %d ticks per second\n", *tps, host.MaxTPS)
		return options{}, 2
	}
	known, err := samplebin.Discover(*samples)
	if err != nil {
		fmt.Fprintln(stderr, "determinism:", err)
		return options{}, 2
	}
	scenes := known
	if *list != "" {
		scenes = strings.Split(*list, ",")
		for _, s := range scenes {
			if !slices.Contains(known, s) {
				fmt.Fprintf(stderr, "determinism: invalid value %q for -scenes: want some of %s\n", s, strings.Join(known, ", "))
				return options{}, 2
			}
		}
	}
	return options{ticks: *ticks, seed: *seed, tps: *tps, samples: *samples, scenes: scenes, physics: physics}, 0
}

// result is what one run left behind.
type result struct {
	cfg        config
	hash       string
	bailouts   uint64
	stalls     uint64 // frames the summary counts as clamped to -max-frame
	injected   int    // stalls delivered while the run was in its loop
	frames     uint64
	fps        float64
	checks     []string // recorded hashes, by checkpoint, then the final one
	checkTicks []uint64 // the tick each of checks was taken before
	err        error
}

// buildTags are the build tags a scene needs to have the engines given.
func buildTags(engines []backend.Engine) []string {
	if slices.Contains(engines, backend.Box2D) {
		return []string{"box2d"}
	}
	return nil
}

func check(bin, scene string, e backend.Engine, tmp string, ticks, seed uint64, tps int, stdout io.Writer) error {
	fmt.Fprintf(stdout, "%s on %s: seed %d, %d ticks at %d tps, %d configurations in parallel\n", scene, e, seed, ticks, tps, len(configs))
	results := make([]result, len(configs))
	var wg sync.WaitGroup
	for i, c := range configs {
		c.args = append([]string{"-physics", e.String()}, c.args...)
		wg.Go(func() {
			results[i] = runOne(bin, filepath.Join(tmp, fmt.Sprintf("%s-%s-%d", scene, e, i)), c, ticks, seed, tps)
		})
	}
	wg.Wait()
	ref := results[0]
	var bad []string
	for _, r := range results {
		v := verdict(ref, r)
		if v != "same" {
			bad = append(bad, r.cfg.name)
		}
		fmt.Fprintf(stdout, "  %-32s hash %s  frames %5d  fps %7.1f  stalls %d (%d injected)  bailouts %d  %s\n",
			r.cfg.name, r.hash, r.frames, r.fps, r.stalls, r.injected, r.bailouts, v)
	}
	if len(bad) > 0 {
		return fmt.Errorf("%d of %d configurations disagree: %s", len(bad), len(results), strings.Join(bad, "; "))
	}
	fmt.Fprintf(stdout, "ok   %s on %s: every configuration ends at %s\n", scene, e, ref.hash)
	return nil
}

// verdict is "same" when r ran, ended on ref's hash and went through what
// its configuration is there to test: every injected stall in its summary,
// and bailouts when they were asked for.
func verdict(ref, r result) string {
	switch {
	case r.err != nil:
		return "FAILED: " + r.err.Error()
	case r.stalls < uint64(r.injected):
		return fmt.Sprintf("FAILED: %d stalls injected, the summary counts %d", r.injected, r.stalls)
	case r.cfg.bailouts && r.injected > 0 && r.bailouts == 0:
		return fmt.Sprintf("FAILED: %d stalls under -max-steps 1 and no bailout", r.injected)
	case ref.err == nil && r.hash != ref.hash:
		return "DIFFERS" + firstDifference(ref, r)
	}
	return "same"
}

// firstDifference names the first checkpoint where b's recording parts
// from a's.
func firstDifference(a, b result) string {
	for i := range min(len(a.checks), len(b.checks), len(a.checkTicks)) {
		if a.checks[i] == b.checks[i] {
			continue
		}
		if i == 0 {
			return fmt.Sprintf(" from the first checkpoint (tick %d)", a.checkTicks[0])
		}
		return fmt.Sprintf(" from tick %d (matched through tick %d)", a.checkTicks[i], a.checkTicks[i-1])
	}
	return " after the last checkpoint"
}

func runOne(bin, base string, c config, ticks, seed uint64, tps int) result {
	r := result{cfg: c}
	rec, stats := base+".tape", base+".json"
	args := append([]string{"-headless", "-ticks", strconv.FormatUint(ticks, 10), "-seed", strconv.FormatUint(seed, 10),
		"-tps", strconv.Itoa(tps), "-record", rec, "-stats-json", stats}, c.args...)
	cmd := exec.Command(bin, args...)
	var out strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &out
	if r.err = cmd.Start(); r.err != nil {
		return r
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	if c.stalls > 0 {
		r.injected = injectStalls(cmd.Process, rec, c.stalls, ticks, exited)
	}
	if err := <-exited; err != nil {
		r.err = fmt.Errorf("%v: %s", err, lastLine(out.String()))
		return r
	}
	var sum struct {
		StateHash string  `json:"state_hash"`
		Bailouts  uint64  `json:"bailouts"`
		Stalls    uint64  `json:"stalls"`
		Frames    uint64  `json:"frames"`
		Ticks     uint64  `json:"ticks"`
		FPS       float64 `json:"fps"`
	}
	b, err := os.ReadFile(stats)
	if err == nil {
		err = json.Unmarshal(b, &sum)
	}
	if err != nil {
		r.err = fmt.Errorf("summary: %v", err)
		return r
	}
	if sum.Ticks != ticks {
		r.err = fmt.Errorf("ran %d ticks, want %d", sum.Ticks, ticks)
		return r
	}
	r.hash, r.bailouts, r.stalls, r.frames, r.fps = sum.StateHash, sum.Bailouts, sum.Stalls, sum.Frames, sum.FPS
	t, err := tape.ReadFile(rec)
	if err != nil {
		r.err = err
		return r
	}
	at, digests := t.Checkpoints()
	for _, d := range digests {
		r.checks = append(r.checks, d.String())
	}
	r.checks = append(r.checks, t.Final.String())
	r.checkTicks = append(at, t.Ticks)
	return r
}

// injectStalls stops the process for stallFor right after each of its
// first n checkpoints, at ticks 0, 60, 120 and so on, which it notices as
// the recording growing: the recording is flushed at checkpoints and at
// its end only (an input-free run never fills the writer's buffer), into
// a hidden temporary file beside it until the run commits it, and
// the scenes record a hash every tape.DefaultInterval ticks. A checkpoint
// fewer than stallMargin ticks before the end gets no stall, which might
// land after the loop. It returns how many stalls it delivered, and stops
// once the process has exited (its error is then sent to exited again).
func injectStalls(p *os.Process, rec string, n int, ticks uint64, exited chan error) int {
	delivered, flushes := 0, 0
	var size int64
	tick := time.NewTicker(5 * time.Millisecond)
	defer tick.Stop()
	for delivered < n {
		at := uint64(delivered) * tape.DefaultInterval
		if at+stallMargin > ticks {
			return delivered
		}
		select {
		case err := <-exited:
			exited <- err
			return delivered
		case <-tick.C:
		}
		grown := recordingSize(rec)
		if grown == size {
			continue
		}
		size = grown
		flushes++
		if flushes <= delivered {
			continue // a checkpoint that came while the last stall was injected
		}
		if err := stall(p, stallFor); err != nil {
			return delivered
		}
		delivered++
	}
	return delivered
}

// recordingSize is how much of the recording at rec has been written: the
// temporary file the run writes it to (.NAME.*.tmp beside it), or the
// file once committed; 0 before either exists.
func recordingSize(rec string) int64 {
	tmps, _ := filepath.Glob(filepath.Join(filepath.Dir(rec), "."+filepath.Base(rec)+".*.tmp"))
	for _, p := range append(tmps, rec) {
		if fi, err := os.Stat(p); err == nil {
			return fi.Size()
		}
	}
	return 0
}

func lastLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		return s[i+1:]
	}
	return s
}
