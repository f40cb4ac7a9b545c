package sdl2

import (
	"errors"
	"image"
	"strings"
	"testing"

	"github.com/veandco/go-sdl2/sdl"
)

func TestOpenWithUnknownDriverSaysWhatToDo(t *testing.T) {
	t.Setenv("SDL_VIDEODRIVER", "no-such-driver")
	var err error
	onMain(func() {
		var w *Window
		if w, err = Open(Options{}); err == nil {
			w.Close()
		}
	})
	if err == nil {
		t.Fatal("Open succeeded with SDL_VIDEODRIVER=no-such-driver")
	}
	for _, want := range []string{"no video device", `SDL_VIDEODRIVER="no-such-driver"`, "SDL_VIDEODRIVER=offscreen"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not mention %q", err, want)
		}
	}
}

func TestDummyDriverOpensWithSoftwareRenderer(t *testing.T) {
	t.Setenv("SDL_VIDEODRIVER", "dummy")
	w := openHeadless(t, Options{})
	var img *image.RGBA
	var err error
	onMain(func() {
		drawScene(w.Canvas())
		img, err = w.Image()
	})
	if onMain1(w.Driver) != "dummy" || onMain1(w.Renderer) != "software" {
		t.Errorf("driver %q renderer %q, want dummy and software", onMain1(w.Driver), onMain1(w.Renderer))
	}
	if err != nil {
		t.Fatalf("Image: %v", err)
	}
	checkScene(t, img)
}

func TestCloseTwiceIsSafe(t *testing.T) {
	var w *Window
	var err1, err2, err error
	onMain(func() {
		if w, err = Open(Options{Headless: true, Width: 64, Height: 64}); err == nil {
			err1 = w.Close()
			err2 = w.Close()
		}
	})
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	if err1 != nil || err2 != nil {
		t.Errorf("Close, Close = %v, %v; want nil, nil", err1, err2)
	}
}

func TestSetVSyncSwitchesBothWays(t *testing.T) {
	for _, software := range []bool{false, true} {
		t.Run(map[bool]string{false: "gpu", true: "software"}[software], func(t *testing.T) {
			testSetVSync(t, software)
		})
	}
}

func testSetVSync(t *testing.T, software bool) {
	w := openHeadless(t, Options{Software: software})
	var errOn, errOff error
	var on, off bool
	onMain(func() {
		errOn = w.SetVSync(true)
		on = w.VSync()
		errOff = w.SetVSync(false)
		off = w.VSync()
	})
	if errOn != nil || errOff != nil || !on || off {
		t.Errorf("%s: SetVSync(true) = %v (VSync %v), SetVSync(false) = %v (VSync %v)",
			w.Renderer(), errOn, on, errOff, off)
	}
}

func TestTwoWindowsCloseInAnyOrder(t *testing.T) {
	for _, firstClosesFirst := range []bool{true, false} {
		var err error
		var img *image.RGBA
		onMain(func() {
			var a, b *Window
			if a, err = Open(Options{Headless: true, Width: 320, Height: 240}); err != nil {
				return
			}
			if b, err = Open(Options{Headless: true, Width: 64, Height: 64}); err != nil {
				a.Close()
				return
			}
			if firstClosesFirst {
				a.Close()
				a = b
			} else {
				b.Close()
			}
			if cw, _ := a.Canvas().Size(); cw == 320 {
				drawScene(a.Canvas())
				img, err = a.Image()
			}
			a.Close()
		})
		if err != nil {
			t.Fatalf("first closes first %v: %v", firstClosesFirst, err)
		}
		if img != nil {
			checkScene(t, img)
		}
	}
}

// failingRenderers makes w's renderer unable to switch vsync live, and
// the next fails calls that create a renderer fail.
func failingRenderers(w *Window, fails int) {
	create := w.sdlCreateRenderer
	w.sdlSetVSync = func(*sdl.Renderer, bool) error { return errors.New("test: no live vsync switch") }
	w.sdlCreateRenderer = func(win *sdl.Window, index int, flags uint32) (*sdl.Renderer, error) {
		if fails > 0 {
			fails--
			return nil, errors.New("test: no renderer")
		}
		return create(win, index, flags)
	}
}

func TestSetVSyncKeepsTheOldSettingWhenTheNewRendererFails(t *testing.T) {
	// The software renderer is made with one SDL call: the first re-creation
	// fails, the one with the old setting does not.
	w := openHeadless(t, Options{Software: true})
	var err error
	var img *image.RGBA
	var vsync bool
	onMain(func() {
		failingRenderers(w, 1)
		err = w.SetVSync(true)
		vsync = w.VSync()
		drawScene(w.Canvas())
		var errImg error
		img, errImg = w.Image()
		if errImg != nil {
			t.Errorf("Image after the failed SetVSync: %v", errImg)
		}
		if errPresent := w.Present(); errPresent != nil {
			t.Errorf("Present after the failed SetVSync: %v", errPresent)
		}
	})
	if err == nil || errors.Is(err, ErrNoRenderer) || !strings.Contains(err.Error(), "kept vsync false") {
		t.Errorf("SetVSync(true) = %v, want an error saying vsync stayed off", err)
	}
	if vsync {
		t.Error("VSync() = true after a SetVSync(true) that failed")
	}
	if img != nil {
		checkScene(t, img)
	}
}

func TestAWindowWithoutRendererSaysSoInsteadOfCrashing(t *testing.T) {
	w := openHeadless(t, Options{Software: true})
	var errSet, errFlush, errPresent, errImage, errAgain error
	onMain(func() {
		failingRenderers(w, 2)
		errSet = w.SetVSync(true)
		c := w.Canvas()
		drawScene(c)
		c.Text(10, 10, "text", white)
		errFlush = c.Flush()
		drawScene(c)
		errPresent = w.Present()
		_, errImage = w.Image()
		errAgain = w.SetVSync(false)
	})
	for what, err := range map[string]error{"SetVSync(true)": errSet, "Flush": errFlush, "Present": errPresent, "Image": errImage} {
		if !errors.Is(err, ErrNoRenderer) {
			t.Errorf("%s = %v, want ErrNoRenderer", what, err)
		}
	}
	if errAgain != nil {
		t.Errorf("SetVSync(false), the setting it has, = %v, want nil", errAgain)
	}
}
