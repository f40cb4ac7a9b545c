package sdl2

import (
	"image"
	"strings"
	"testing"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/veandco/go-sdl2/sdl"
)

func TestFullscreenSwitchesOnAndOff(t *testing.T) {
	// The offscreen driver keeps the window's size; the X11 pass checks
	// the size (TestX11FullscreenCoversTheScreenAndComesBack).
	w := openHeadless(t, Options{})
	var errOn, errOff, errAgain error
	var on, off bool
	onMain(func() {
		errOn = w.SetFullscreen(true)
		on = w.Fullscreen()
		errAgain = w.SetFullscreen(true)
		errOff = w.SetFullscreen(false)
		off = w.Fullscreen()
	})
	if errOn != nil || errOff != nil || errAgain != nil || !on || off {
		t.Errorf("SetFullscreen(true) = %v → Fullscreen() %v; again = %v; SetFullscreen(false) = %v → %v",
			errOn, on, errAgain, errOff, off)
	}
}

func TestTitleCursorAndIcon(t *testing.T) {
	w := openHeadless(t, Options{Title: "first"})
	var title string
	var hidden, shown bool
	var errHide, errShow error
	onMain(func() {
		w.SetTitle("second: ünïcode")
		title = w.Title()
		errHide = w.SetCursorVisible(false)
		hidden = !w.CursorVisible()
		errShow = w.SetCursorVisible(true)
		shown = w.CursorVisible()
	})
	if title != "second: ünïcode" {
		t.Errorf("Title() after SetTitle = %q", title)
	}
	if errHide != nil || errShow != nil || !hidden || !shown {
		t.Errorf("cursor: hide %v (hidden %v), show %v (shown %v)", errHide, hidden, errShow, shown)
	}
	for _, tt := range []struct {
		name string
		img  image.Image
		want string
	}{
		{"nil", nil, "nil"},
		{"empty", image.NewNRGBA(image.Rect(3, 3, 3, 9)), "no pixels"},
		{"an icon", quadImage(), ""},
		{"an icon not at the origin, premultiplied", image.NewRGBA(image.Rect(10, 10, 42, 42)), ""},
	} {
		var err error
		onMain(func() { err = w.SetIcon(tt.img) })
		if (tt.want == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), tt.want)) {
			t.Errorf("SetIcon(%s) = %v, want %q", tt.name, err, tt.want)
		}
	}
}

func TestRelativeMouseNeedsAWindowingSystem(t *testing.T) {
	w := openHeadless(t, Options{})
	var err error
	var on bool
	onMain(func() {
		err = w.SetRelativeMouse(true)
		on = w.RelativeMouse()
	})
	if onMain1(w.Driver) == "offscreen" && (err == nil || on || !strings.Contains(err.Error(), `"offscreen"`)) {
		t.Errorf("on the offscreen driver: SetRelativeMouse(true) = %v, RelativeMouse() = %v; want an error naming the driver", err, on)
	}
}

func TestOptionsSetTheInitialState(t *testing.T) {
	// A headless window takes the logical size and icon, and leaves the
	// pointer and fullscreen alone: there is no pointer, and the offscreen
	// driver refuses relative mode.
	w := openHeadless(t, Options{Width: 400, Height: 300, LogicalWidth: 160, LogicalHeight: 90, IntegerScale: true,
		Icon: quadImage(), Fullscreen: true, HideCursor: true, RelativeMouse: true})
	var cw, ch int
	var fullscreen, cursor bool
	var scale float64
	onMain(func() {
		cw, ch = w.Canvas().Size()
		fullscreen, cursor, scale = w.Fullscreen(), w.CursorVisible(), w.Canvas().PixelScale()
	})
	if cw != 160 || ch != 90 || scale != 2 || fullscreen || !cursor {
		t.Errorf("canvas %d×%d at %v, fullscreen %v, cursor visible %v; want 160×90 at 2, windowed, cursor shown",
			cw, ch, scale, fullscreen, cursor)
	}
	if ww, wh := onMain2(w.WindowSize); ww != 400 || wh != 300 {
		t.Errorf("WindowSize() = %d×%d, want 400×300", ww, wh)
	}
}

func TestFullscreenChangesAreToldAndLeaveNoKeyHeld(t *testing.T) {
	w := openHeadless(t, Options{})
	var told []bool
	var altAfter, enterAfter, altBefore bool
	var err error
	onMain(func() {
		var drain sink
		w.PollEvents(&drain)
		w.OnFullscreen(func(on bool) { told = append(told, on) })
		// Alt and Return go down; SDL's keyboard state, which pushed
		// events do not change, holds them up, as after a release the
		// window never got while it went fullscreen.
		var in sink
		err = push(
			full(sdl.KeyboardEvent{Type: sdl.KEYDOWN, WindowID: w.id, State: sdl.PRESSED, Keysym: sdl.Keysym{Scancode: sdl.SCANCODE_LALT}}),
			full(sdl.KeyboardEvent{Type: sdl.KEYDOWN, WindowID: w.id, State: sdl.PRESSED, Keysym: sdl.Keysym{Scancode: sdl.SCANCODE_RETURN}}),
		)
		w.PollEvents(&in)
		altBefore = in.in.Down.Has(engine.KeyLeftAlt)
		if e := w.SetFullscreen(true); e != nil && err == nil {
			err = e
		}
		w.PollEvents(&in)
		altAfter, enterAfter = in.in.Down.Has(engine.KeyLeftAlt), in.in.Down.Has(engine.KeyEnter)
		w.SetFullscreen(true) // no change: not told
		w.SetFullscreen(false)
	})
	if err != nil {
		t.Fatal(err)
	}
	if !altBefore || altAfter || enterAfter {
		t.Errorf("Alt held before %v, after fullscreen %v (Return %v): want held, then neither", altBefore, altAfter, enterAfter)
	}
	if len(told) != 2 || !told[0] || told[1] {
		t.Errorf("OnFullscreen heard %v, want [true false]", told)
	}
}
