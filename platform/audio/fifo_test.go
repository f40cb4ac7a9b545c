//go:build unix

package audio

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A sound named by a FIFO is refused at once: its open would wait for a
// writer where no signal can end the wait, and a sound must be seekable.
func TestASoundFileThatIsAFIFOIsRefusedWithoutWaiting(t *testing.T) {
	path := filepath.Join(t.TempDir(), "fifo.ogg")
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		t.Fatal(err)
	}
	for name, open := range map[string]func() error{
		"Load":       func() error { _, err := Load(path); return err },
		"OpenStream": func() error { _, err := OpenStream(path); return err },
	} {
		done := make(chan error, 1)
		go func() { done <- open() }()
		select {
		case err := <-done:
			if err == nil || !strings.Contains(err.Error(), "not a regular file") {
				t.Errorf("%s of a FIFO: %v, want it refused as not a regular file", name, err)
			}
		case <-time.After(10 * time.Second):
			// Release the stuck open, so that the test can end.
			if f, err := os.OpenFile(path, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
				f.Close()
			}
			t.Fatalf("%s of a FIFO with no writer still waits after 10 s", name)
		}
	}
}
