package sdl2

import (
	"image"
	"strings"
	"testing"
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
	if w.Driver() != "dummy" || w.Renderer() != "software" {
		t.Errorf("driver %q renderer %q, want dummy and software", w.Driver(), w.Renderer())
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
			if a.Canvas().width == 320 {
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
