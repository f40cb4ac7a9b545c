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

// A display that is named but does not answer was once a headless window
// that ran unseen and exited 0: a player saw nothing and no error. It is an
// error now, saying what to check; -headless (Options.Headless) or
// SDL_VIDEODRIVER still run without it.
func TestADeadDisplayIsAnErrorThatSaysWhatToCheck(t *testing.T) {
	display := deadDisplay(t)
	for _, wayland := range []*string{nil, str("no-such-wayland")} {
		setEnv(t, "DISPLAY", str(display))
		setEnv(t, "WAYLAND_DISPLAY", wayland)
		setEnv(t, "SDL_VIDEODRIVER", nil)
		var w *Window
		var err error
		onMain(func() { w, err = Open(Options{Width: 64, Height: 64}) })
		if err == nil {
			onMain(func() { w.Close() })
			t.Fatalf("DISPLAY=%s with no server: a window on %q, want an error", display, w.Driver())
		}
		for _, want := range []string{"DISPLAY=" + display, "could not be opened", "check that the display server runs", "-headless"} {
			if !errors.Is(err, ErrNoDisplay) || !strings.Contains(err.Error(), want) {
				t.Errorf("error %q: want ErrNoDisplay saying %q", err, want)
			}
		}
		if sdl.WasInit(sdl.INIT_VIDEO) != 0 {
			t.Error("the failed Open left SDL's video started")
		}
	}
	// Asked for, it is headless as ever.
	w := openFresh(t, Options{Width: 320, Height: 240, Headless: true})
	var img *image.RGBA
	var err error
	onMain(func() {
		drawScene(w.Canvas())
		img, err = w.Image()
	})
	if err != nil || !onMain1(w.Headless) {
		t.Fatalf("Headless with a dead display: headless %v, Image: %v", onMain1(w.Headless), err)
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
