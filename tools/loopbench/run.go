package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// config is one run: a power mode with its settings.
type config struct {
	Mode   string // cap, uncapped or vsync
	Wait   string // how a cap waits: hybrid, sleep or spin
	FPS    int    // the cap
	TPS    int
	Bodies int // passed as -bodies when not 0
	Rep    int // which repetition, when there are several
}

// name is the run's name in tables and file names.
func (c config) name() string {
	var b strings.Builder
	switch c.Mode {
	case "cap":
		fmt.Fprintf(&b, "cap%d-%s", c.FPS, c.Wait)
	default:
		b.WriteString(c.Mode)
	}
	fmt.Fprintf(&b, "-tps%d", c.TPS)
	if c.Bodies > 0 {
		fmt.Fprintf(&b, "-b%d", c.Bodies)
	}
	if c.Rep > 0 {
		fmt.Fprintf(&b, "-%d", c.Rep)
	}
	return b.String()
}

// args is the scene's command line for the run.
func (c config) args(headless bool, d time.Duration, jsonPath, tracePath string) []string {
	a := []string{
		"-mode", c.Mode, "-fps", strconv.Itoa(c.FPS), "-tps", strconv.Itoa(c.TPS),
		"-wait", c.Wait, "-duration", d.String(), "-stats-json", jsonPath,
	}
	if headless {
		a = append(a, "-headless")
	}
	if c.Bodies > 0 {
		a = append(a, "-bodies", strconv.Itoa(c.Bodies))
	}
	if tracePath != "" {
		a = append(a, "-trace", tracePath)
	}
	return a
}

// buildScene builds samples/NAME of the repository at root into dir.
func buildScene(ctx context.Context, root, name, dir string) (string, error) {
	bin := filepath.Join(dir, name)
	cmd := exec.CommandContext(ctx, "go", "build", "-o", bin, "./samples/"+name)
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("build samples/%s: %w\n%s", name, err, out)
	}
	return bin, nil
}

// findRoot walks up from dir to the directory of the engine's go.mod.
func findRoot(dir string) (string, error) {
	for d := dir; ; {
		b, err := os.ReadFile(filepath.Join(d, "go.mod"))
		if err == nil && bytes.HasPrefix(b, []byte("module github.com/lockstep-engine/lockstep\n")) {
			return d, nil
		}
		parent := filepath.Dir(d)
		if parent == d {
			return "", fmt.Errorf("no lockstep repository above %s: run from inside it or pass -repo", dir)
		}
		d = parent
	}
}

// runScene runs the scene binary once and returns the main thread's CPU
// samples and the time it started.
func runScene(ctx context.Context, bin string, args []string) (samples []cpuSample, started time.Time, err error) {
	cmd := exec.CommandContext(ctx, bin, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	started = time.Now()
	if err := cmd.Start(); err != nil {
		return nil, time.Time{}, fmt.Errorf("start %s: %w", bin, err)
	}
	done := make(chan struct{})
	got := make(chan []cpuSample)
	go func() { got <- sampleThread(cmd.Process.Pid, done) }()
	err = cmd.Wait()
	close(done)
	samples = <-got
	if err != nil {
		return samples, started, fmt.Errorf("%s %s: %w\n%s", filepath.Base(bin), strings.Join(args, " "), err, stderr.Bytes())
	}
	return samples, started, nil
}
