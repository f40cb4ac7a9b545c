package scene

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"github.com/lockstep-engine/lockstep/platform/desktop"
	"image/png"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/engine/host"
	tapefmt "github.com/lockstep-engine/lockstep/engine/tape"
	"github.com/lockstep-engine/lockstep/physics"
	"github.com/veandco/go-sdl2/sdl"
)

// outputs asks a run for every file it can write.
func outputs(dir string, o *desktop.Output) {
	o.StatsJSON = filepath.Join(dir, "sum.json")
	o.Record = filepath.Join(dir, "run.tape")
	o.CPUProfile = filepath.Join(dir, "cpu.pprof")
	o.MemProfile = filepath.Join(dir, "mem.pprof")
	o.Trace = filepath.Join(dir, "trace.out")
	o.Screenshot = filepath.Join(dir, "shot.png")
}

// checkOutputs checks that every file a run was asked for is complete and
// valid, and returns the summary it wrote.
func checkOutputs(t *testing.T, dir string, wantShot bool) desktop.Summary {
	t.Helper()
	var sum desktop.Summary
	b, err := os.ReadFile(filepath.Join(dir, "sum.json"))
	if err == nil {
		err = json.Unmarshal(b, &sum)
	}
	if err != nil {
		t.Fatalf("summary: %v", err)
	}
	if _, err := tapefmt.ReadFile(filepath.Join(dir, "run.tape")); err != nil {
		t.Errorf("recording: %v", err)
	}
	for _, p := range []string{"cpu.pprof", "mem.pprof"} {
		f, err := os.Open(filepath.Join(dir, p))
		if err != nil {
			t.Errorf("%s: %v", p, err)
			continue
		}
		zr, err := gzip.NewReader(f)
		if err == nil {
			_, err = io.Copy(io.Discard, zr) // checks the gzip trailer: the file is whole
		}
		f.Close()
		if err != nil {
			t.Errorf("%s is not a complete profile: %v", p, err)
		}
	}
	if b, err := os.ReadFile(filepath.Join(dir, "trace.out")); err != nil || !bytes.HasPrefix(b, []byte("go 1.")) || len(b) < 1000 {
		t.Errorf("trace: %v, %d bytes", err, len(b))
	}
	f, err := os.Open(filepath.Join(dir, "shot.png"))
	if wantShot {
		if err == nil {
			_, err = png.Decode(f)
			f.Close()
		}
		if err != nil {
			t.Errorf("screenshot: %v", err)
		}
	} else if err == nil {
		f.Close()
		t.Error("a screenshot was written after the window was gone")
	}
	return sum
}

// sdlDown reports whether SDL's video has been shut down.
func sdlDown() bool {
	var v uint32
	onMain(func() { v = sdl.WasInit(sdl.INIT_VIDEO) })
	return v == 0
}

func TestFaultsEndWithACleanErrorAndEveryOutputWritten(t *testing.T) {
	tests := []struct {
		name     string
		setup    func(*lab)
		check    func(error) bool
		wantShot bool // a panic closes the window before the last frame can be redrawn
		wantMsg  string
	}{
		{"panic in tick", func(l *lab) { l.panicTick = 40 },
			func(err error) bool { var pe *host.PanicError; return errors.As(err, &pe) }, false, "boom in tick"},
		{"panic in render", func(l *lab) { l.panicDraw = 8 },
			func(err error) bool { var pe *host.PanicError; return errors.As(err, &pe) }, false, "boom in draw"},
		{"physics diverges to NaN", func(l *lab) { l.divergeAt = 50 },
			func(err error) bool { return errors.Is(err, physics.ErrDiverged) }, true, "simulation diverged"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			o := quickOptions(300)
			outputs(dir, &o.Output)
			l := newLab()
			tc.setup(l)
			_, err := execute(l, o)
			if !tc.check(err) || !strings.Contains(err.Error(), tc.wantMsg) {
				t.Fatalf("Execute = %v, want the fault named (%q)", err, tc.wantMsg)
			}
			if tc.wantShot == false && !strings.Contains(err.Error(), "screenshot") {
				t.Errorf("error %q does not say why there is no screenshot", err)
			}
			sum := checkOutputs(t, dir, tc.wantShot)
			if sum.Error == "" || !strings.Contains(sum.Error, tc.wantMsg) || sum.StateHash == "" {
				t.Errorf("summary error %q, hash %q: want the fault and the state", sum.Error, sum.StateHash)
			}
			if !sdlDown() {
				t.Error("SDL video is still up after the run")
			}
		})
	}
}

// The sample binary, built once for the tests that run it as a process.
func buildTumble(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "tumble")
	out, err := exec.Command("go", "build", "-o", bin, "../tumble").CombinedOutput()
	if err != nil {
		t.Fatalf("build tumble: %v\n%s", err, out)
	}
	return bin
}

func TestSIGINTStopsCleanlyWithEveryOutputComplete(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the tumble sample")
	}
	bin := buildTumble(t)
	dir := t.TempDir()
	var o desktop.Output
	outputs(dir, &o)
	cmd := exec.Command(bin, "-headless", "-duration", "2m", "-mode", "cap", "-fps", "120",
		"-stats-json", o.StatsJSON, "-record", o.Record, "-cpuprofile", o.CPUProfile,
		"-memprofile", o.MemProfile, "-trace", o.Trace, "-screenshot", o.Screenshot)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// The recording's first checkpoint is written in the first tick: by
	// then the loop runs and the signal handler is installed. Until the
	// run ends, the recording grows in a temporary file beside its path.
	deadline := time.Now().Add(30 * time.Second)
	for {
		tmps, _ := filepath.Glob(filepath.Join(dir, "."+filepath.Base(o.Record)+".*.tmp"))
		if len(tmps) == 1 {
			if fi, err := os.Stat(tmps[0]); err == nil && fi.Size() > 40 {
				break
			}
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatalf("the run never started ticking:\n%s", stderr.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
	time.Sleep(300 * time.Millisecond) // let it run some ticks
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("after SIGINT: %v, want exit status 0\n%s", err, stderr.String())
		}
	case <-time.After(30 * time.Second):
		cmd.Process.Kill()
		t.Fatalf("still running 30 s after SIGINT\n%s", stderr.String())
	}
	if !strings.Contains(stderr.String(), "interrupted") {
		t.Errorf("the log does not say the run was interrupted:\n%s", stderr.String())
	}
	sum := checkOutputs(t, dir, true)
	if sum.Ticks == 0 || sum.Error != "" || sum.StateHash == "" {
		t.Errorf("summary after SIGINT: %d ticks, error %q, hash %q", sum.Ticks, sum.Error, sum.StateHash)
	}
	tp, err := tapefmt.ReadFile(o.Record)
	if err != nil || tp.Ticks != sum.Ticks || tp.Final.String() != sum.StateHash {
		t.Errorf("recording after SIGINT: %v; %v ticks ending %v, summary %d ending %s", err, tp.Ticks, tp.Final, sum.Ticks, sum.StateHash)
	}
}
