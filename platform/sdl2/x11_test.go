package sdl2

import (
	"image"
	"os"
	"testing"
	"time"
)

// TestX11DrawsKnownScene runs the real windowing path. It needs a display:
// the Makefile runs the package again under `xvfb-run -a`.
func TestX11DrawsKnownScene(t *testing.T) {
	needDisplay(t)
	var w *Window
	var err error
	onMain(func() { w, err = Open(Options{Title: "lockstep x11 test", Width: 320, Height: 240}) })
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	defer onMain(func() { w.Close() })
	want, headless := "x11", false
	if env := os.Getenv("SDL_VIDEODRIVER"); env != "" {
		// A driver that shows nothing makes a headless window.
		want, headless = env, drawsOffscreen(env)
	}
	if onMain1(w.Driver) != want || onMain1(w.Headless) != headless || (onMain1(w.HeadlessReason) == "") == headless {
		t.Fatalf("with DISPLAY=%s: driver %q, headless %v (%q); want %q, headless %v",
			os.Getenv("DISPLAY"), onMain1(w.Driver), onMain1(w.Headless), onMain1(w.HeadlessReason), want, headless)
	}
	t.Logf("video driver %s, renderer %s, refresh period %v", onMain1(w.Driver), onMain1(w.Renderer), onMain1(w.RefreshPeriod))

	var in sink
	var img *image.RGBA
	onMain(func() {
		w.PollEvents(&in)
		drawScene(w.Canvas())
		img, err = w.Image()
	})
	if err != nil {
		t.Fatalf("Image: %v", err)
	}
	if ws := in.window; !ws.Visible() || ws.Width != 320 || ws.Height != 240 {
		t.Errorf("Window() = %+v, want visible 320×240", ws)
	}
	checkScene(t, img)
	saveForReview(t, w, "scene-x11.png")
}

func TestX11ResizeReachesInput(t *testing.T) {
	needDisplay(t)
	var w *Window
	var err error
	onMain(func() { w, err = Open(Options{Width: 320, Height: 240}) })
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	defer onMain(func() { w.Close() })
	var in sink
	onMain(func() {
		w.PollEvents(&in)
		w.win.SetSize(400, 300)
	})
	// X11 delivers the new size asynchronously, and a loaded Xvfb can
	// take a while: poll until it has come, giving up only after 10 s.
	// Resized holds for the frame whose events carried the change, so
	// remember whether any poll saw it.
	resized := false
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		onMain(func() { w.PollEvents(&in) })
		resized = resized || in.window.Resized
		if ws := in.window; ws.Width == 400 && ws.Height == 300 {
			break
		}
	}
	if ws := in.window; ws.Width != 400 || ws.Height != 300 || !resized {
		t.Errorf("after resizing to 400×300: Window() = %+v, want 400×300 and Resized", in.window)
	}
	if cw, ch := onMain2(onMain1(w.Canvas).Size); cw != 400 || ch != 300 {
		t.Errorf("Canvas().Size() = %d×%d, want 400×300", cw, ch)
	}
}

// needDisplay skips a test of the X11 path when there is no display, except
// in the Makefile's X11 pass (LOCKSTEP_X11=1), where running without one
// would hide the very path that pass exists to test.
func needDisplay(t testing.TB) {
	t.Helper()
	if os.Getenv("DISPLAY") != "" {
		return
	}
	if os.Getenv("LOCKSTEP_X11") == "1" {
		t.Fatal("LOCKSTEP_X11=1 but DISPLAY is unset: the X11 pass must run under xvfb-run -a")
	}
	t.Skip("no DISPLAY: the Makefile's test-x11 runs this under xvfb-run -a")
}
