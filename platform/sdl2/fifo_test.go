//go:build unix

package sdl2

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// An asset named by a FIFO, or a device, is refused at once: a FIFO's
// open waited for a writer where no signal could end the wait (and
// os.ReadFile of /dev/zero never ends).
func TestAssetsThatAreNotRegularFilesAreRefusedWithoutWaiting(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	w := openHeadless(t, Options{})
	for _, path := range []string{fifo, "/dev/null"} {
		for name, load := range map[string]func() error{
			"LoadFont": func() error { _, err := LoadFont(path); return err },
			"LoadTexture": func() (err error) {
				onMain(func() { _, err = w.Canvas().LoadTexture(path, TextureOptions{}) })
				return err
			},
		} {
			done := make(chan error, 1)
			go func() { done <- load() }()
			select {
			case err := <-done:
				if err == nil || !strings.Contains(err.Error(), "not a regular file") {
					t.Errorf("%s(%s): %v, want it refused as not a regular file", name, path, err)
				}
			case <-time.After(10 * time.Second):
				if f, err := os.OpenFile(fifo, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
					f.Close() // releases the stuck open
				}
				t.Fatalf("%s(%s) still waits after 10 s", name, path)
			}
		}
	}
}
