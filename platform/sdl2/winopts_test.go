package sdl2

import (
	"strings"
	"testing"

	"github.com/veandco/go-sdl2/sdl"
)

// The game decides the window: fixed or resizable, its smallest size, and
// its size from code.
func TestWindowOptionsAndSetSizeShapeTheWindow(t *testing.T) {
	fixed := openHeadless(t, Options{Width: 640, Height: 360, Fixed: true})
	free := openHeadless(t, Options{Width: 640, Height: 360, MinWidth: 320, MinHeight: 180})
	var fixedFlags, freeFlags uint32
	var minW, minH int32
	var w, h, dw, dh int
	var err error
	onMain(func() {
		fixedFlags, freeFlags = fixed.win.GetFlags(), free.win.GetFlags()
		minW, minH = free.win.GetMinimumSize()
		err = free.SetSize(800, 450)
		w, h = free.WindowSize()
		dw, dh = free.Size()
	})
	if fixedFlags&sdl.WINDOW_RESIZABLE != 0 || freeFlags&sdl.WINDOW_RESIZABLE == 0 {
		t.Errorf("resizable: Fixed %v, default %v; want false, true",
			fixedFlags&sdl.WINDOW_RESIZABLE != 0, freeFlags&sdl.WINDOW_RESIZABLE != 0)
	}
	if minW != 320 || minH != 180 {
		t.Errorf("minimum size %d×%d, want 320×180", minW, minH)
	}
	if err != nil || w != 800 || h != 450 || dw != 800 || dh != 450 {
		t.Errorf("SetSize(800, 450): %v; window %d×%d, drawable %d×%d", err, w, h, dw, dh)
	}
	for _, bad := range [][2]int{{0, 100}, {100, -1}, {20000, 100}} {
		var err error
		onMain(func() { err = free.SetSize(bad[0], bad[1]) })
		if err == nil || !strings.Contains(err.Error(), "1..16384") {
			t.Errorf("SetSize(%d, %d): %v, want the range named", bad[0], bad[1], err)
		}
	}
	for _, o := range []Options{{MinWidth: 100}, {Width: 20000}} {
		o.Headless = true
		var err error
		onMain(func() {
			var win *Window
			if win, err = Open(o); err == nil {
				win.Close()
			}
		})
		if err == nil || !strings.Contains(err.Error(), "Options.") {
			t.Errorf("Open(%+v): %v, want the bad field named", o, err)
		}
	}
}
