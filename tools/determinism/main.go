// Command determinism checks that a scene's simulation does not depend on
// how it is drawn: it runs each sample scene with the same seed for the
// same number of ticks under several power modes, frame caps, step limits
// and injected stalls (the process is stopped and resumed), and compares
// the state hashes every run recorded, reporting the first tick where two
// runs part.
//
//	go run ./tools/determinism [-ticks N] [-seed N] [-scenes a,b] [-samples DIR]
//
// Scenes are found as samples/*/main.go. Exit status: 0 when every scene
// agrees with itself, 1 when one does not, 2 for a bad command line.
package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/lockstep-engine/lockstep/engine/tape"
	"github.com/lockstep-engine/lockstep/tools/internal/samplebin"
)

// config is one way of running a scene.
type config struct {
	name   string
	args   []string
	stalls int // times the process is stopped for stallFor
}

var configs = []config{
	{name: "vsync", args: []string{"-mode", "vsync"}},
	{name: "cap 30", args: []string{"-mode", "cap", "-fps", "30"}},
	{name: "cap 144", args: []string{"-mode", "cap", "-fps", "144"}},
	{name: "uncapped", args: []string{"-mode", "uncapped"}},
	{name: "uncapped, no interp, stalls", args: []string{"-mode", "uncapped", "-interp=false"}, stalls: 3},
	{name: "cap 60, max-steps 1, stalls", args: []string{"-mode", "cap", "-fps", "60", "-max-steps", "1"}, stalls: 3},
	{name: "cap 24, max-frame 50ms, stalls", args: []string{"-mode", "cap", "-fps", "24", "-max-frame", "50ms"}, stalls: 3},
}

const stallFor = 400 * time.Millisecond

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("determinism", flag.ContinueOnError)
	fs.SetOutput(stderr)
	ticks := fs.Uint64("ticks", 300, "ticks each run simulates")
	seed := fs.Uint64("seed", 1, "scene seed")
	tps := fs.Int("tps", 60, "ticks per second")
	list := fs.String("scenes", "", "comma-separated scenes (default: every samples/*/main.go)")
	samples := fs.String("samples", "", "directory of the sample scenes (default: samples/ of the module)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 || *ticks == 0 {
		fmt.Fprintln(stderr, "usage: determinism [-ticks N>0] [-seed N] [-tps N] [-scenes a,b] [-samples DIR]")
		return 2
	}
	if *samples == "" {
		root, err := samplebin.Root()
		if err != nil {
			fmt.Fprintln(stderr, "determinism:", err)
			return 2
		}
		*samples = filepath.Join(root, "samples")
	}
	var scenes []string
	if *list != "" {
		scenes = strings.Split(*list, ",")
	} else {
		var err error
		if scenes, err = samplebin.Discover(*samples); err != nil {
			fmt.Fprintln(stderr, "determinism:", err)
			return 2
		}
	}
	tmp, err := os.MkdirTemp("", "lockstep-determinism-")
	if err != nil {
		fmt.Fprintln(stderr, "determinism:", err)
		return 1
	}
	defer os.RemoveAll(tmp)
	status := 0
	for _, s := range scenes {
		if err := check(s, *samples, tmp, *ticks, *seed, *tps, stdout); err != nil {
			fmt.Fprintf(stdout, "FAIL %s: %v\n", s, err)
			status = 1
		}
	}
	return status
}

// result is what one run left behind.
type result struct {
	cfg      config
	hash     string
	bailouts uint64
	stalls   uint64
	frames   uint64
	fps      float64
	checks   []string // recorded hashes, by checkpoint
	every    int      // ticks between them
	err      error
}

func check(scene, samples, tmp string, ticks, seed uint64, tps int, stdout io.Writer) error {
	bin, err := samplebin.Build(samples, scene, tmp)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%s: seed %d, %d ticks at %d tps, %d configurations in parallel\n", scene, seed, ticks, tps, len(configs))
	results := make([]result, len(configs))
	var wg sync.WaitGroup
	for i, c := range configs {
		wg.Go(func() {
			results[i] = runOne(bin, filepath.Join(tmp, fmt.Sprintf("%s-%d", scene, i)), c, ticks, seed, tps)
		})
	}
	wg.Wait()
	ref := results[0]
	var bad []string
	for _, r := range results {
		verdict := "same"
		switch {
		case r.err != nil:
			verdict = "FAILED: " + r.err.Error()
		case ref.err == nil && r.hash != ref.hash:
			verdict = "DIFFERS" + firstDifference(ref, r)
		}
		if verdict != "same" {
			bad = append(bad, r.cfg.name)
		}
		fmt.Fprintf(stdout, "  %-32s hash %s  frames %5d  fps %7.1f  stalls %d  bailouts %d  %s\n",
			r.cfg.name, r.hash, r.frames, r.fps, r.stalls, r.bailouts, verdict)
	}
	if len(bad) > 0 {
		return fmt.Errorf("%d of %d configurations disagree: %s", len(bad), len(results), strings.Join(bad, "; "))
	}
	fmt.Fprintf(stdout, "ok   %s: every configuration ends at %s\n", scene, ref.hash)
	return nil
}

// firstDifference names the first checkpoint where b's recording parts
// from a's.
func firstDifference(a, b result) string {
	for i := range min(len(a.checks), len(b.checks)) {
		if a.checks[i] != b.checks[i] {
			return fmt.Sprintf(" from tick %d (matched through tick %d)", i*a.every, max(i-1, 0)*a.every)
		}
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
	if c.stalls > 0 {
		injectStalls(cmd.Process, rec, c.stalls)
	}
	if err := cmd.Wait(); err != nil {
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
	_, digests := t.Checkpoints()
	for _, d := range digests {
		r.checks = append(r.checks, d.String())
	}
	r.checks = append(r.checks, t.Final.String())
	r.every = t.Interval
	return r
}

// injectStalls waits for the run's loop to start (its recording gets its
// first checkpoint), then stops the process n times for stallFor.
func injectStalls(p *os.Process, rec string, n int) {
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if fi, err := os.Stat(rec); err == nil && fi.Size() > 40 {
			break
		}
	}
	for range n {
		time.Sleep(700 * time.Millisecond)
		if err := stall(p, stallFor); errors.Is(err, os.ErrProcessDone) {
			return
		}
	}
}

func lastLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		return s[i+1:]
	}
	return s
}
