package sdl2

import (
	"errors"
	"fmt"
	"image"
	"os"
	"strings"
	"testing"

	"github.com/veandco/go-sdl2/sdl"
)

// deadDisplay returns an X display name no server answers on.
func deadDisplay(t *testing.T) string {
	t.Helper()
	for n := 77; n < 99; n++ {
		if _, err := os.Stat(fmt.Sprintf("/tmp/.X11-unix/X%d", n)); os.IsNotExist(err) {
			return fmt.Sprintf(":%d", n)
		}
	}
	t.Fatal("every display from :77 to :98 has a socket in /tmp/.X11-unix")
	return ""
}

// setEnv sets (value non-nil) or unsets an environment variable for the
// test. SDL reads SDL_VIDEODRIVER with C's getenv, which go test's cache
// does not see: os.Getenv records it.
func setEnv(t *testing.T, name string, value *string) {
	t.Setenv(name, "") // restored when the test ends
	if value == nil {
		os.Unsetenv(name)
	} else {
		os.Setenv(name, *value)
	}
	_ = os.Getenv(name)
}

func str(s string) *string { return &s }

// openFresh opens a window while SDL's video is not started, so that SDL
// picks its driver anew under the test's environment.
func openFresh(t *testing.T, opts Options) *Window {
	t.Helper()
	var w *Window
	var err error
	started := false
	onMain(func() {
		if started = sdl.WasInit(sdl.INIT_VIDEO) != 0; !started {
			w, err = Open(opts)
		}
	})
	if started {
		t.Fatal("SDL's video is still started (a window left open?): it would not choose a driver anew")
	}
	if err != nil {
		t.Fatalf("Open(%+v): %v", opts, err)
	}
	t.Cleanup(func() { onMain(func() { w.Close() }) })
	return w
}

func TestDeadDisplayGivesAHeadlessWindowThatSaysWhy(t *testing.T) {
	display := deadDisplay(t)
	setEnv(t, "DISPLAY", str(display))
	setEnv(t, "WAYLAND_DISPLAY", nil)
	setEnv(t, "SDL_VIDEODRIVER", nil)
	w := openFresh(t, Options{Width: 320, Height: 240})
	if onMain1(w.Driver) != "offscreen" || !onMain1(w.Headless) {
		t.Fatalf("DISPLAY=%s with no server: driver %q, headless %v; want offscreen and headless", display, onMain1(w.Driver), onMain1(w.Headless))
	}
	for _, want := range []string{"DISPLAY=" + display + " could not be opened", "offscreen driver"} {
		if !strings.Contains(onMain1(w.HeadlessReason), want) {
			t.Errorf("HeadlessReason() = %q, want it to say %q", onMain1(w.HeadlessReason), want)
		}
	}
	// Headless in every respect: hidden, seen by the engine as visible
	// (so the loop draws), pixels read back, presents paced by read-back.
	var in sink
	var img *image.RGBA
	var err, errPresent error
	var hidden bool
	onMain(func() {
		hidden = w.win.GetFlags()&sdl.WINDOW_HIDDEN != 0
		w.PollEvents(&in)
		drawScene(w.Canvas())
		img, err = w.Image()
		errPresent = w.Present()
	})
	if !hidden || !in.window.Visible() {
		t.Errorf("window hidden %v, engine sees it visible %v; want both", hidden, in.window.Visible())
	}
	if err != nil || errPresent != nil {
		t.Fatalf("Image: %v, Present: %v", err, errPresent)
	}
	checkScene(t, img)
}

func TestHeadlessReasons(t *testing.T) {
	display := deadDisplay(t)
	tests := []struct {
		name                string
		display, wayland    *string
		driver              *string
		asked               bool
		wantDriver, wantWhy string
	}{
		{"asked for", str(display), nil, nil, true, "offscreen", "asked for (Options.Headless)"},
		{"no display", nil, nil, nil, false, "offscreen", "no display: neither DISPLAY nor WAYLAND_DISPLAY is set"},
		{"dead X and Wayland displays", str(display), str("no-such-wayland"), nil, false, "offscreen",
			"DISPLAY=" + display + " and WAYLAND_DISPLAY=no-such-wayland could not be opened"},
		{"the environment chose the dummy driver", str(display), nil, str("dummy"), false, "dummy", "SDL_VIDEODRIVER=dummy"},
		{"the environment chose offscreen", nil, nil, str("offscreen"), false, "offscreen", "no display"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			setEnv(t, "DISPLAY", tt.display)
			setEnv(t, "WAYLAND_DISPLAY", tt.wayland)
			setEnv(t, "SDL_VIDEODRIVER", tt.driver)
			w := openFresh(t, Options{Width: 64, Height: 64, Headless: tt.asked})
			if !onMain1(w.Headless) || onMain1(w.Driver) != tt.wantDriver || !strings.Contains(onMain1(w.HeadlessReason), tt.wantWhy) {
				t.Errorf("headless %v on %q because %q; want headless on %q because %q",
					w.Headless(), w.Driver(), w.HeadlessReason(), tt.wantDriver, tt.wantWhy)
			}
		})
	}
}

// Headless windows take SDL's offscreen driver, else its dummy one (SDL
// 2.0.20 for Windows has no offscreen), else fail saying what to do.
func TestHeadlessDriverFallsBackToDummyOrSaysWhy(t *testing.T) {
	for _, tt := range []struct {
		have []string
		want string
	}{
		{[]string{"x11", "wayland", "offscreen", "dummy"}, "offscreen"},
		{[]string{"windows", "dummy"}, "dummy"},
	} {
		if got, err := pickHeadless(tt.have); got != tt.want || err != nil {
			t.Errorf("pickHeadless(%q) = %q, %v; want %q", tt.have, got, err, tt.want)
		}
	}
	_, err := pickHeadless([]string{"windows"})
	if !errors.Is(err, errNoHeadless) || !strings.Contains(err.Error(), "this SDL has only windows") || !strings.Contains(err.Error(), "leave out -headless") {
		t.Errorf("pickHeadless(windows) = %v, want an error naming the drivers and what to do", err)
	}
	if d, err := headlessDriver(); d != "offscreen" || err != nil {
		t.Errorf("this SDL's headless driver = %q, %v; want offscreen", d, err)
	}
}
