//go:build linux

package output

import (
	"context"
	"errors"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// fifo makes a FIFO in the test's directory.
func fifo(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// within runs f, failing the test if it has not returned after 10 s
// (the FIFO waits tested end after 100 ms).
func within(t *testing.T, what string, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() { defer close(done); f() }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatalf("%s still blocked after 10 s", what)
	}
}

// noOpener checks that nothing of this process holds the FIFO open for
// reading: a writer that does not wait would be refused.
func noReader(t *testing.T, path string) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_WRONLY|syscall.O_NONBLOCK, 0)
	if err == nil {
		f.Close()
		t.Errorf("something still holds %s open for reading", path)
	} else if !errors.Is(err, syscall.ENXIO) {
		t.Errorf("opening %s without waiting: %v, want ENXIO (no reader)", path, err)
	}
}

func TestAFIFOWithNoReaderIsWaitedForOnlyUntilTheContextEnds(t *testing.T) {
	path := fifo(t)
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	var err error
	within(t, "CreateContext of a FIFO with no reader", func() { _, err = CreateContext(ctx, path) })
	if !errors.Is(err, context.DeadlineExceeded) || !strings.Contains(err.Error(), "reader") {
		t.Errorf("CreateContext: %v, want the deadline, saying a reader was awaited", err)
	}
	noReader(t, path)
	// A context already done still writes to a FIFO that has its reader.
	r, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	within(t, "CreateContext of a FIFO being read", func() {
		f, err := CreateContext(ctx, path)
		if err != nil {
			t.Errorf("CreateContext with a reader there: %v", err)
			return
		}
		f.Write([]byte("summary")) // the pipe's buffer holds it
		if err := f.Commit(); err != nil {
			t.Error(err)
		}
	})
	// Read once the writer is gone: before it came, a read found the end.
	if b, err := io.ReadAll(r); err != nil || string(b) != "summary" {
		t.Errorf("the reader got %q, %v", b, err)
	}
}

func TestAFIFOWithNoWriterIsWaitedForOnlyUntilTheContextEnds(t *testing.T) {
	path := fifo(t)
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	var err error
	within(t, "Open of a FIFO with no writer", func() { _, err = Open(ctx, path) })
	if !errors.Is(err, context.DeadlineExceeded) || !strings.Contains(err.Error(), "writer") {
		t.Errorf("Open: %v, want the deadline, saying a writer was awaited", err)
	}
	// A writer that comes later is waited for.
	go func() {
		time.Sleep(50 * time.Millisecond)
		if f, err := os.OpenFile(path, os.O_WRONLY, 0); err == nil {
			f.Write([]byte("tape"))
			f.Close()
		}
	}()
	within(t, "Open of a FIFO whose writer comes", func() {
		f, err := Open(context.Background(), path)
		if err != nil {
			t.Error(err)
			return
		}
		defer f.Close()
		if b, err := io.ReadAll(f); err != nil || string(b) != "tape" {
			t.Errorf("read %q, %v", b, err)
		}
	})
}

// TestASignalEndsTheWaitForAFIFOsReader runs TestMain's child, which
// prints a line and then creates an output on a FIFO nobody reads, and
// interrupts it once it waits in the kernel: the child must give up
// (status 3, the error on stderr), not sleep on or die of the signal.
func TestASignalEndsTheWaitForAFIFOsReader(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP} {
		t.Run(sig.String(), func(t *testing.T) {
			path := fifo(t)
			cmd := helper(path)
			var stderr strings.Builder
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			defer cmd.Process.Kill()
			if !waitsForPartner(cmd.Process.Pid, 10*time.Second) {
				t.Fatalf("the child never waited in the FIFO's open (no thread's /proc wchan said wait_for_partner)")
			}
			cmd.Process.Signal(sig)
			select {
			case err := <-done:
				var ee *exec.ExitError
				if !errors.As(err, &ee) || ee.ExitCode() != 3 || !strings.Contains(stderr.String(), "FIFO") {
					t.Errorf("child: %v, stderr %q; want status 3 and the FIFO named", err, stderr.String())
				}
			case <-time.After(10 * time.Second):
				t.Fatalf("%v left the child waiting for the FIFO's reader", sig)
			}
		})
	}
}

// waitsForPartner reports whether a thread of process pid comes to sleep
// in a FIFO's open within d, looking every 10 ms.
func waitsForPartner(pid int, d time.Duration) bool {
	for end := time.Now().Add(d); time.Now().Before(end); time.Sleep(10 * time.Millisecond) {
		tasks, _ := filepath.Glob(filepath.Join("/proc", strconv.Itoa(pid), "task", "*", "wchan"))
		for _, w := range tasks {
			if b, _ := os.ReadFile(w); string(b) == "wait_for_partner" {
				return true
			}
		}
	}
	return false
}

func TestOpenRegularRefusesWhatIsNotARegularFileWithoutWaiting(t *testing.T) {
	path := fifo(t)
	dir := t.TempDir()
	file := filepath.Join(dir, "asset")
	if err := os.WriteFile(file, []byte("bytes"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{path, "/dev/zero", dir} {
		var err error
		within(t, "OpenRegular of "+p, func() {
			var f *os.File
			if f, err = OpenRegular(p); f != nil {
				f.Close()
			}
		})
		if err == nil || !strings.Contains(err.Error(), "not a regular file") {
			t.Errorf("OpenRegular(%s): %v, want it refused", p, err)
		}
	}
	f, err := OpenRegular(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if b, err := io.ReadAll(f); err != nil || string(b) != "bytes" {
		t.Errorf("read %q, %v", b, err)
	}
}

func TestOpenOfOwnDescriptorReadsOnFromWhereItIs(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	w.Write([]byte("recording"))
	w.Close()
	var f *os.File
	within(t, "Open of a pipe by its descriptor", func() {
		f, err = Open(context.Background(), "/dev/fd/"+strconv.Itoa(int(r.Fd())))
	})
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if b, err := io.ReadAll(f); err != nil || string(b) != "recording" {
		t.Errorf("read %q, %v", b, err)
	}
	if _, err := Open(context.Background(), filepath.Join(t.TempDir(), "missing")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Open of a missing file: %v, want fs.ErrNotExist", err)
	}
}
