//go:build linux && !nox11

package desktop_test

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/engine/tape"
	"github.com/lockstep-engine/lockstep/platform/desktop"
	"github.com/lockstep-engine/lockstep/platform/internal/xvfb"
)

// How long the game may take to say what a step waits for (the first,
// "running", comes after pulseRunning frames), and to end once its display
// is gone: each takes about a second here; the limits catch a hang.
const (
	gameStartLimit = time.Minute
	gameEndLimit   = time.Minute
)

// Each case runs a game process (this test binary as pulse) on a private
// X server with every output flag, takes its display away as the case
// says, and checks the run ended with an error and wrote every output.
func TestX11LostDisplayEndsTheRunWithEveryOutputWritten(t *testing.T) {
	kill := func(t *testing.T, srv *xvfb.Server) {
		if err := srv.Kill(); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		name string
		// what to do once the game says it is "running", and, for a
		// second step, what it must say next and what to do then
		first  func(t *testing.T, srv *xvfb.Server)
		next   string
		second func(t *testing.T, srv *xvfb.Server)
	}{
		{name: "server killed", first: kill},
		{name: "server terminated", first: func(t *testing.T, srv *xvfb.Server) {
			if err := srv.Stop(syscall.SIGTERM); err != nil {
				t.Fatal(err)
			}
		}},
		{name: "window killed by xdotool", first: func(t *testing.T, srv *xvfb.Server) {
			xdotool(t, srv.Display, "search", "--sync", "--name", "^pulse$", "windowkill")
		}},
		// Destroyed, the window is gone but the connection stays: Xlib's
		// default error handler ended the process at the next request.
		{name: "window destroyed by xdotool", first: func(t *testing.T, srv *xvfb.Server) {
			xdotool(t, srv.Display, "search", "--sync", "--name", "^pulse$", "windowclose")
		}},
		// A hidden window presents nothing: the loss reaches the loop
		// only as a quit from PollEvents, and the run's end must still
		// report it.
		{name: "server killed under a hidden window", first: func(t *testing.T, srv *xvfb.Server) {
			xdotool(t, srv.Display, "search", "--sync", "--name", "^pulse$", "windowunmap", "--sync")
		}, next: "hidden", second: kill},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := xvfb.Start(t)
			dir := t.TempDir()
			out := func(name string) string { return filepath.Join(dir, name) }
			cmd := exec.Command(os.Args[0], "-mode", "vsync", "-stats-json", out("run.json"), "-record", out("run.tape"),
				"-cpuprofile", out("cpu.pprof"), "-memprofile", out("heap.pprof"), "-trace", out("run.trace"),
				"-screenshot", out("last.png"))
			cmd.Env = append(os.Environ(), asGame+"=1", "DISPLAY="+srv.Display, "SDL_VIDEODRIVER=x11")
			steps := []step{{"running", func() { tc.first(t, srv) }}}
			if tc.next != "" {
				steps = append(steps, step{tc.next, func() { tc.second(t, srv) }})
			}
			code, stderr := runInSteps(t, cmd, steps...)

			if code != 1 || !strings.Contains(stderr, "display connection was lost") || !strings.Contains(stderr, "X server "+srv.Display) {
				t.Errorf("exit %d, stderr:\n%s\nwant exit 1 and the lost display (X server %s) named", code, stderr, srv.Display)
			}
			checkOutputsAfterLoss(t, dir, stderr)
		})
	}
}

// checkOutputsAfterLoss checks what a run whose display was lost left
// in dir and said on stderr: a summary naming the loss after some ticks,
// the recording of those ticks, both profiles, a trace, no screenshot
// (refused by name), and nothing else.
func checkOutputsAfterLoss(t *testing.T, dir, stderr string) {
	t.Helper()
	out := func(name string) string { return filepath.Join(dir, name) }
	var sum desktop.Summary
	raw, err := os.ReadFile(out("run.json"))
	if err == nil {
		err = json.Unmarshal(raw, &sum)
	}
	if err != nil {
		t.Fatalf("-stats-json: %v", err)
	}
	if !strings.Contains(sum.Error, "display connection was lost") || sum.Ticks == 0 {
		t.Errorf("summary: error %q after %d ticks; want the lost display, after some ticks", sum.Error, sum.Ticks)
	}
	rec, err := tape.ReadFile(out("run.tape"))
	if err != nil {
		t.Errorf("-record: %v", err)
	} else if rec.Scene != "pulse" || rec.Ticks != sum.Ticks {
		t.Errorf("-record: scene %q, %d ticks; want pulse and the summary's %d", rec.Scene, rec.Ticks, sum.Ticks)
	}
	for _, name := range []string{"cpu.pprof", "heap.pprof"} {
		if err := checkGzip(out(name)); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	if b, err := os.ReadFile(out("run.trace")); err != nil || !bytes.HasPrefix(b, []byte("go 1.")) || len(b) < 1024 {
		t.Errorf("-trace: %d bytes, %v; want an execution trace", len(b), err)
	}
	// The last frame cannot be drawn again on a display that is
	// gone: the screenshot is refused, by name.
	if _, err := os.Stat(out("last.png")); !errors.Is(err, os.ErrNotExist) || !strings.Contains(stderr, "screenshot "+out("last.png")+": not taken") {
		t.Errorf("-screenshot: %v; want no file and the refusal on stderr", err)
	}
	var names []string
	entries, err := os.ReadDir(dir)
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if want := []string{"cpu.pprof", "heap.pprof", "run.json", "run.tape", "run.trace"}; err != nil || !slices.Equal(names, want) {
		t.Errorf("the outputs' directory holds %q (%v), want %q: no temporaries left", names, err, want)
	}
}

// step is a line a game process says on stdout, and what to do then.
type step struct {
	line string
	do   func()
}

// runInSteps starts cmd, takes each step as cmd says its line, and returns
// cmd's exit status and stderr once it has ended.
func runInSteps(t *testing.T, cmd *exec.Cmd, steps ...step) (int, string) {
	t.Helper()
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := make(chan string, 8)
	done := make(chan error, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
		_, _ = io.Copy(io.Discard, stdout)
		done <- cmd.Wait()
	}()
	stop := func(format string, args ...any) {
		cmd.Process.Signal(syscall.SIGQUIT) // its stacks, on stderr
		for range lines {
		}
		<-done
		t.Fatalf(format+"\n%s", append(args, stderr.String())...)
	}
	for _, s := range steps {
		timeout := time.After(gameStartLimit)
	wait:
		for {
			select {
			case line, ok := <-lines:
				if !ok {
					stop("the game ended before it said %q", s.line)
				}
				if line == s.line {
					break wait
				}
			case <-timeout:
				stop("the game did not say %q within %v", s.line, gameStartLimit)
			}
		}
		s.do()
	}
	go func() {
		for range lines {
		}
	}()
	select {
	case err = <-done:
	case <-time.After(gameEndLimit):
		stop("the game was still running %v after its display was lost", gameEndLimit)
	}
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		t.Fatal(err)
	}
	return cmd.ProcessState.ExitCode(), stderr.String()
}

// checkGzip reads the gzip file at path to its end: a profile cut short
// fails with io.ErrUnexpectedEOF.
func checkGzip(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		return err
	}
	n, err := io.Copy(io.Discard, z)
	if err == nil && n == 0 {
		err = errors.New("empty")
	}
	return err
}

// xdotool runs xdotool on display with args. Without it the test is
// skipped, except in the Makefile's X11 pass (LOCKSTEP_X11=1), which
// installs it (make deps-test).
func xdotool(t *testing.T, display string, args ...string) {
	t.Helper()
	bin, err := exec.LookPath("xdotool")
	if err != nil {
		if os.Getenv("LOCKSTEP_X11") == "1" {
			t.Fatalf("LOCKSTEP_X11=1 but %v: install xdotool (make deps-test)", err)
		}
		t.Skipf("%v: install xdotool (make deps-test)", err)
	}
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), "DISPLAY="+display)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("xdotool %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}
