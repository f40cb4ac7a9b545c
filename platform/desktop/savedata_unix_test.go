//go:build unix

package desktop

import (
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestLoadingASaveThatIsAFIFOFailsAtOnce(t *testing.T) {
	dir := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(dir, "best"), 0o600); err != nil {
		t.Fatal(err)
	}
	d, err := newSaveData(dir, "game", false, slog.Default())
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { _, err := d.Load("best"); done <- err }()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "not a regular file") {
			t.Errorf("Load of a FIFO: %v, want it refused", err)
		}
	case <-time.After(10 * time.Second):
		if f, err := os.OpenFile(filepath.Join(dir, "best"), os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
			f.Close() // releases the stuck open
		}
		t.Fatal("Load of a FIFO still waits after 10 s")
	}
}
