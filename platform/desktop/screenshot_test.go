package desktop_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lockstep-engine/lockstep/platform/desktop"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/platform/sdl2"
	"github.com/veandco/go-sdl2/sdl"
)

// snapper presses F12 in its third frame, as a user's key arrives.
type snapper struct{ frame int }

func (*snapper) name() string            { return "snap" }
func (*snapper) Tick(*engine.Tick) error { return nil }

func (s *snapper) Draw(c *sdl2.Canvas, _ *engine.Frame) error {
	if s.frame == 2 {
		for _, typ := range []uint32{sdl.KEYDOWN, sdl.KEYUP} {
			e := &struct {
				e sdl.KeyboardEvent
				_ [64]byte // PushEvent reads a whole C SDL_Event
			}{e: sdl.KeyboardEvent{Type: typ, Keysym: sdl.Keysym{Scancode: sdl.SCANCODE_F12}}}
			sdl.PushEvent(&e.e)
		}
	}
	s.frame++
	return nil
}

// F12 saves NAME-N.png with the first N no file has: a second run keeps
// the first run's screenshot, and the log gives the absolute path.
func TestF12KeepsEarlierScreenshotsAndLogsTheAbsolutePath(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	if err := os.WriteFile("snap-1.png", []byte("an earlier screenshot"), 0o644); err != nil {
		t.Fatal(err)
	}
	for i, want := range []string{"snap-2.png", "snap-3.png"} {
		code, stderr := run(&snapper{}, "-headless", "-mode", "uncapped", "-frames", "8")
		if code != 0 {
			t.Fatalf("run %d: exit %d: %s", i, code, stderr)
		}
		abs := filepath.Join(dir, want)
		if _, err := os.Stat(abs); err != nil || !strings.Contains(stderr, abs) {
			t.Fatalf("run %d: %s: %v; the log does not give its absolute path:\n%s", i, want, err, stderr)
		}
	}
	if b, err := os.ReadFile("snap-1.png"); err != nil || string(b) != "an earlier screenshot" {
		t.Errorf("snap-1.png after two runs: %q, %v", b, err)
	}
}

// A game that takes F12 for itself gets it: no screenshot is saved.
func TestF12IsTheGamesWhenItFreesTheKey(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	cfg := desktop.Config{Debug: desktop.Debug{NoScreenshotKey: true}}
	if code, stderr := runWith(&snapper{}, cfg, "-headless", "-mode", "uncapped", "-frames", "8"); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if names, _ := os.ReadDir(dir); len(names) != 0 {
		t.Errorf("F12 saved %v in a game that frees the key", names)
	}
}
