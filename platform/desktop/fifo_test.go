//go:build unix

package desktop_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/platform/desktop"
	"github.com/lockstep-engine/lockstep/platform/sdl2"
	"github.com/veandco/go-sdl2/sdl"
)

// Run's context bounds the wait for a FIFO's other end, as it bounds the
// run: an output or a -replay no process opens fails the run when the
// context ends, naming the flag, instead of blocking it in open.
func TestRunsContextEndsTheWaitForAFIFO(t *testing.T) {
	for _, tc := range []struct {
		flag string
		set  func(o *desktop.Config, path string)
	}{
		{"-record", func(c *desktop.Config, p string) { c.Output.Record = p }},
		{"-replay", func(c *desktop.Config, p string) { c.Output.Replay = p }},
		{"-cpuprofile", func(c *desktop.Config, p string) { c.Output.CPUProfile = p }},
		{"-trace", func(c *desktop.Config, p string) { c.Output.Trace = p }},
		{"-audio-out", func(c *desktop.Config, p string) { c.Sound.AudioOut = p }},
		{"-stats-json", func(c *desktop.Config, p string) { c.Output.StatsJSON = p }},
		{"-screenshot", func(c *desktop.Config, p string) { c.Output.Screenshot = p }},
		{"-memprofile", func(c *desktop.Config, p string) { c.Output.MemProfile = p }},
	} {
		t.Run(tc.flag[1:], func(t *testing.T) {
			fifo := filepath.Join(t.TempDir(), "fifo")
			if err := syscall.Mkfifo(fifo, 0o600); err != nil {
				t.Fatal(err)
			}
			cfg := desktop.Config{Window: sdl2.Options{Headless: true}, Loop: engine.Config{Ticks: 3, Mode: engine.ModeUncapped}}
			tc.set(&cfg, fifo)
			ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
			defer cancel()
			done := make(chan error, 1)
			go sdl.Do(func() {
				_, err := desktop.Run(ctx, &box{}, cfg)
				done <- err
			})
			select {
			case err := <-done:
				if !errors.Is(err, context.DeadlineExceeded) || !strings.Contains(err.Error(), tc.flag) || !strings.Contains(err.Error(), "FIFO") {
					t.Errorf("Run: %v; want the deadline, naming %s and the FIFO", err, tc.flag)
				}
			case <-time.After(20 * time.Second):
				// Be the other end, so that the run can end.
				for _, flag := range []int{os.O_RDONLY, os.O_WRONLY} {
					if f, err := os.OpenFile(fifo, flag|syscall.O_NONBLOCK, 0); err == nil {
						f.Close()
					}
				}
				t.Fatalf("Run still waits for the FIFO 20 s after its context's deadline")
			}
		})
	}
}
