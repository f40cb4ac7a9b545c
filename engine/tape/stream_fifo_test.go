//go:build unix

package tape

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// fifo makes a named pipe in a test directory and writes b into it.
func fifo(t *testing.T, b []byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "rec.fifo")
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		t.Fatal(err)
	}
	go func() {
		f, err := os.OpenFile(path, os.O_WRONLY, 0)
		if err != nil {
			return
		}
		defer f.Close()
		f.Write(b) // fails once the reader gives up
	}()
	return path
}

func TestReadFileOfAFIFOKeepsTheRecordingToPlay(t *testing.T) {
	inputs := script(200, 14)
	tp, err := ReadFile(fifo(t, record(t, testHeader, inputs)))
	if err != nil {
		t.Fatal(err)
	}
	got, err := playAll(tp.Play())
	if err != io.EOF || !slicesEqual(got, inputs) {
		t.Fatalf("played %d ticks from a FIFO, then %v; want the 200 recorded and io.EOF", len(got), err)
	}
}

func TestReadFileRefusesAPipedRecordingTooLongToKeep(t *testing.T) {
	b := record(t, testHeader, script(200, 14))
	_, err := readFile(fifo(t, b), len(b)-1)
	if err == nil || !strings.Contains(err.Error(), "save it to a file first, or stream it with NewPlayer") {
		t.Fatalf("a piped recording over the cap: %v, want a refusal saying what to do", err)
	}
	if _, err := readFile(fifo(t, b), len(b)); err != nil {
		t.Fatalf("a piped recording exactly the cap: %v", err)
	}
}
