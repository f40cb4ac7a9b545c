// Command replay verifies recordings made with -record: it checks each
// file's format and checksums, then replays it headless in its scene, as
// fast as the CPU allows, and reports whether every state hash matched.
//
//	go run ./tools/replay [-check] [-samples DIR] FILE...
//
// Exit status: 0 when every recording verified, 1 when one did not, 2 for
// a bad command line.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/lockstep-engine/lockstep/engine/tape"
	"github.com/lockstep-engine/lockstep/tools/internal/samplebin"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("replay", flag.ContinueOnError)
	fs.SetOutput(stderr)
	check := fs.Bool("check", false, "only check the files' format and checksums; run no scene")
	samples := fs.String("samples", "", "directory of the sample scenes (default: samples/ of the module)")
	compare := fs.Bool("diff", false, "compare two recordings of one run (two netplay peers' tapes) and print where they first differ; exit 1 when they do")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: replay [-check] [-samples DIR] FILE...\n       replay -diff FILE1 FILE2")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *compare {
		return diffStatus(fs.Args(), stdout, stderr)
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return 2
	}
	if *samples == "" && !*check {
		dir, err := samplebin.Dir()
		if err != nil {
			fmt.Fprintln(stderr, "replay:", err)
			return 2
		}
		*samples = dir
	}
	tmp, err := os.MkdirTemp("", "lockstep-replay-")
	if err != nil {
		fmt.Fprintln(stderr, "replay:", err)
		return 1
	}
	defer os.RemoveAll(tmp)
	built := map[string]string{}
	status := 0
	for _, path := range fs.Args() {
		if err := verify(path, *check, *samples, tmp, built, stdout); err != nil {
			fmt.Fprintf(stdout, "FAIL %s: %v\n", path, err)
			status = 1
		}
	}
	return status
}

func verify(path string, checkOnly bool, samples, tmp string, built map[string]string, stdout io.Writer) error {
	t, err := tape.ReadFile(path)
	if err != nil {
		return err
	}
	ticks, _ := t.Checkpoints()
	desc := fmt.Sprintf("scene %s, seed %d, %d tps, %d ticks (%.1f s), %d hashes, made on %s",
		t.Scene, t.Seed, t.TPS, t.Ticks, float64(t.Ticks)/float64(t.TPS), len(ticks)+1, t.Platform)
	if checkOnly {
		fmt.Fprintf(stdout, "ok   %s: format and checksums: %s\n", path, desc)
		return nil
	}
	// A recording made on Box2D needs a build with it.
	var tags []string
	if e, _ := t.Setting("physics"); e == "box2d" {
		tags = []string{"box2d"}
	}
	key := t.Scene + " " + strings.Join(tags, ",")
	bin := built[key]
	if bin == "" {
		// The header is untrusted input: only a scene of this repository
		// may be built and run.
		known, err := samplebin.Known(samples, t.Scene)
		if err != nil {
			return err
		}
		if !known {
			return fmt.Errorf("the recording names scene %q, which is not one of the samples in %s: "+
				"replay it with the game that made it, which checks every hash the same way: "+
				"GAME -replay %s -headless (go run ./path/to/game -replay %s); -check checks the file alone", t.Scene, samples, path, path)
		}
		if bin, err = samplebin.Build(samples, t.Scene, tmp, tags...); err != nil {
			return err
		}
		built[key] = bin
	}
	stats := filepath.Join(tmp, "stats.json")
	// Every setting the run was made with comes from the recording.
	cmd := exec.Command(bin, "-headless", "-replay", path, "-stats-json", stats)
	start := time.Now()
	out, runErr := cmd.CombinedOutput()
	elapsed := time.Since(start)
	var sum struct {
		Ticks     uint64 `json:"ticks"`
		StateHash string `json:"state_hash"`
		Error     string `json:"error"`
	}
	if b, err := os.ReadFile(stats); err == nil {
		_ = json.Unmarshal(b, &sum)
	}
	os.Remove(stats)
	if runErr != nil {
		if sum.Error != "" {
			return fmt.Errorf("%s", sum.Error)
		}
		return fmt.Errorf("%v\n%s", runErr, out)
	}
	if sum.Ticks != t.Ticks || sum.StateHash != t.Final.String() {
		return fmt.Errorf("replay ran %d ticks to hash %s; the recording has %d ticks and %v", sum.Ticks, sum.StateHash, t.Ticks, t.Final)
	}
	fmt.Fprintf(stdout, "ok   %s: %s; every hash matched, final %s, in %v (%.0fx real time)\n",
		path, desc, sum.StateHash, elapsed.Round(time.Millisecond), float64(t.Ticks)/float64(t.TPS)/elapsed.Seconds())
	return nil
}

// diffStatus runs -diff on two files and returns the exit status.
func diffStatus(files []string, stdout, stderr io.Writer) int {
	if len(files) != 2 {
		fmt.Fprintf(stderr, "replay: -diff compares two recordings, got %d files\n", len(files))
		return 2
	}
	same, err := diff(files[0], files[1], stdout)
	switch {
	case err != nil:
		fmt.Fprintln(stderr, "replay:", err)
		return 1
	case !same:
		return 1
	}
	return 0
}
