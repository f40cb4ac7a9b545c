//go:build unix

package signals

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strings"
	"syscall"
	"testing"
)

// TestMain runs the tests, or as their child process writes to the
// stream $PIPE_STREAM, whose reader is gone, then reports on the other
// stream and exits 0, if it is still alive. PIPE_DROP says whether to
// DropBrokenPipes first (1), and also stop it (2).
func TestMain(m *testing.M) {
	which := os.Getenv("PIPE_STREAM")
	if which == "" {
		os.Exit(m.Run())
	}
	switch os.Getenv("PIPE_DROP") {
	case "1":
		DropBrokenPipes()
	case "2":
		DropBrokenPipes()()
	}
	w, report := os.Stdout, os.Stderr
	if which == "stderr" {
		w, report = os.Stderr, os.Stdout
	}
	var errs []error
	for range 100 {
		_, err := fmt.Fprintln(w, "a summary line nobody reads")
		errs = append(errs, err)
	}
	fmt.Fprintf(report, "survived; first write error: %v; last: %v\n", errs[0], errs[len(errs)-1])
	os.Exit(0)
}

// runWithClosedReader runs the helper with stream's reader closed before it
// starts, and returns what it printed on the other stream.
func runWithClosedReader(t *testing.T, stream string, drop int) (string, error) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	r.Close() // the reader is gone, like head after its bytes
	defer w.Close()
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), "PIPE_STREAM="+stream, fmt.Sprintf("PIPE_DROP=%d", drop))
	var report bytes.Buffer
	if stream == "stdout" {
		cmd.Stdout, cmd.Stderr = w, &report
	} else {
		cmd.Stdout, cmd.Stderr = &report, w
	}
	err = cmd.Run()
	return report.String(), err
}

func TestAClosedStdoutOrStderrNoLongerKillsTheRun(t *testing.T) {
	for _, stream := range []string{"stdout", "stderr"} {
		t.Run(stream, func(t *testing.T) {
			out, err := runWithClosedReader(t, stream, 1)
			if err != nil {
				t.Fatalf("the child died: %v; it printed %q", err, out)
			}
			if !strings.Contains(out, "survived; first write error: write /dev/"+stream+": broken pipe") {
				t.Fatalf("the child printed %q, want it alive with EPIPE from its writes", out)
			}
		})
	}
}

func TestWithoutItOrAfterStopAClosedStdoutKillsWithSIGPIPE(t *testing.T) {
	// The controls: what DropBrokenPipes is for, and that stop undoes it.
	for _, drop := range []int{0, 2} {
		out, err := runWithClosedReader(t, "stdout", drop)
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			t.Fatalf("PIPE_DROP=%d: the child exited with %v, printing %q; want death by SIGPIPE", drop, err, out)
		}
		ws, ok := ee.Sys().(syscall.WaitStatus)
		if !ok || !ws.Signaled() || ws.Signal() != syscall.SIGPIPE {
			t.Fatalf("PIPE_DROP=%d: the child ended with %v, want SIGPIPE", drop, ee)
		}
	}
}

func TestARunEndsOnInterruptTerminateAndHangup(t *testing.T) {
	got := Ending()
	for _, s := range []os.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP} {
		if !slices.Contains(got, s) {
			t.Errorf("Ending() = %v lacks %v", got, s)
		}
	}
	if slices.Contains(got, os.Signal(syscall.SIGQUIT)) {
		t.Error("Ending() takes SIGQUIT, which is kept for Go's stack dump")
	}
}
