package desktop_test

import (
	"os"
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
