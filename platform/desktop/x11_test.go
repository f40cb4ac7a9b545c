package desktop_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/platform/desktop"
	"github.com/lockstep-engine/lockstep/platform/sdl2"
	"github.com/veandco/go-sdl2/sdl"
)

// toggler presses F11 in frame 3 and Alt+Enter in frame 13 (as SDL
// events, the way a user's keys arrive) and notes whether the window was
// fullscreen in frames 10 and 20.
type toggler struct {
	win   *sdl2.Window
	frame int
	at10  bool
	at20  bool
}

func (g *toggler) Start(s *desktop.Setup) error { g.win = s.Window; return nil }
func (*toggler) Tick(*engine.Tick) error        { return nil }

func (g *toggler) Draw(c *sdl2.Canvas, _ *engine.Frame) error {
	key := func(sc sdl.Scancode, down bool) {
		typ, state := uint32(sdl.KEYUP), uint8(sdl.RELEASED)
		if down {
			typ, state = sdl.KEYDOWN, sdl.PRESSED
		}
		e := &struct {
			e sdl.KeyboardEvent
			_ [64]byte // PushEvent reads a whole C SDL_Event
		}{e: sdl.KeyboardEvent{Type: typ, State: state, Keysym: sdl.Keysym{Scancode: sc}}}
		sdl.PushEvent(&e.e)
	}
	switch g.frame {
	case 3:
		key(sdl.SCANCODE_F11, true)
		key(sdl.SCANCODE_F11, false)
	case 10:
		g.at10 = g.win.Fullscreen()
	case 13:
		key(sdl.SCANCODE_LALT, true)
		key(sdl.SCANCODE_RETURN, true)
		key(sdl.SCANCODE_RETURN, false)
		key(sdl.SCANCODE_LALT, false)
	case 20:
		g.at20 = g.win.Fullscreen()
	}
	g.frame++
	return nil
}

// F11 and Alt+Enter switch a real X11 window in and out of fullscreen.
func TestFullscreenHotkeysX11(t *testing.T) {
	if os.Getenv("DISPLAY") == "" {
		if os.Getenv("LOCKSTEP_X11") == "1" {
			t.Fatal("LOCKSTEP_X11=1 but DISPLAY is unset: the X11 pass must run under xvfb-run -a")
		}
		t.Skip("no DISPLAY: the Makefile's test-x11 runs this under xvfb-run -a")
	}
	g := &toggler{}
	if code, stderr := run(g, "-mode", "uncapped", "-frames", "25"); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !g.at10 || g.at20 {
		t.Fatalf("fullscreen after F11: %v (want true); after Alt+Enter: %v (want false)", g.at10, g.at20)
	}
}

// sizer resizes its window at start and, on a real display, looks at
// whether Alt is held after Alt+Enter switched fullscreen twice.
type sizer struct {
	toggler
	altAfter bool
}

func (g *sizer) Start(s *desktop.Setup) error {
	g.win = s.Window
	return s.Window.SetSize(700, 400)
}

func (g *sizer) Update(f *engine.Frame) error {
	if g.frame == 24 {
		g.altAfter = f.Input.Down.Has(engine.KeyLeftAlt)
	}
	return nil
}

// The player's window size is saved at the end of a windowed run, and
// Alt+Enter leaves no Alt held.
func TestPlayerWindowSizeIsKeptX11(t *testing.T) {
	if os.Getenv("DISPLAY") == "" {
		if os.Getenv("LOCKSTEP_X11") == "1" {
			t.Fatal("LOCKSTEP_X11=1 but DISPLAY is unset: the X11 pass must run under xvfb-run -a")
		}
		t.Skip("no DISPLAY: the Makefile's test-x11 runs this under xvfb-run -a")
	}
	dir := t.TempDir()
	g := &sizer{}
	cfg := desktop.Config{SaveDir: dir, PlayerSettings: true, Loop: engine.Config{Mode: engine.ModeUncapped, Frames: 30}}
	var err error
	sdl.Do(func() { _, err = desktop.Run(context.Background(), g, cfg) })
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dir, desktop.PlayerFile))
	if err != nil || !strings.Contains(string(b), `"window_width": 700`) || !strings.Contains(string(b), `"fullscreen": false`) {
		t.Errorf("saved %s (%v): want a 700-wide window, not fullscreen", b, err)
	}
	if g.altAfter {
		t.Error("Alt is held after Alt+Enter")
	}
}
