package sdl2

import (
	"errors"
	"fmt"
	"os"
	"runtime"
	"slices"
	"strings"

	"github.com/veandco/go-sdl2/sdl"
)

// headlessAsked decides before SDL starts whether the window is headless:
// when asked, or when no display is announced. It returns why.
func headlessAsked(asked bool) (bool, string) {
	switch {
	case asked:
		return true, "asked for (Options.Headless)"
	case !hasDisplay():
		return true, "no display: neither DISPLAY nor WAYLAND_DISPLAY is set"
	}
	return false, ""
}

// hasDisplay reports whether a windowing system is announced. Only Unix
// desktops announce theirs in the environment.
func hasDisplay() bool {
	switch runtime.GOOS {
	case "windows", "darwin", "ios", "android":
		return true
	}
	return os.Getenv("DISPLAY") != "" || os.Getenv("WAYLAND_DISPLAY") != ""
}

// drawsOffscreen reports whether SDL's video driver shows nothing.
func drawsOffscreen(driver string) bool {
	return driver == "offscreen" || driver == "dummy"
}

// ErrNoDisplay is what Open wraps when a display is named (DISPLAY or
// WAYLAND_DISPLAY) but does not answer: SDL would fall back to a driver
// that shows nothing, and a player would see no window while the game
// ran. Headless windows come only from Options.Headless, from no display
// being named, or from SDL_VIDEODRIVER naming the offscreen or dummy
// driver.
var ErrNoDisplay = errors.New("sdl2: the display does not answer")

// fellBack explains why a window meant for a display ended up on driver,
// one that shows nothing, and what to check. SDL keeps no error from the
// drivers it tried: with DISPLAY=:77 and no X server there, the x11
// driver declines silently and SDL takes the next in its list.
func fellBack(driver string) string {
	if env := os.Getenv("SDL_VIDEODRIVER"); env != "" {
		return "SDL_VIDEODRIVER=" + env
	}
	var tried []string
	for _, name := range []string{"DISPLAY", "WAYLAND_DISPLAY"} {
		if v := os.Getenv(name); v != "" {
			tried = append(tried, name+"="+v)
		}
	}
	if len(tried) == 0 {
		return "SDL chose its " + driver + " driver, which shows nothing"
	}
	return strings.Join(tried, " and ") + " could not be opened; SDL fell back to its " + driver +
		" driver, which shows nothing (check that the display server runs and this user may connect to it; to run without a window, use -headless)"
}

// headlessDriver names the SDL video driver a headless window uses:
// offscreen, or where SDL was built without it (go-sdl2's SDL 2.0.20 for
// Windows) dummy, whose windows draw in software too. An error says
// what to do when SDL has neither.
func headlessDriver() (string, error) {
	n, err := sdl.GetNumVideoDrivers()
	if err != nil {
		return "", fmt.Errorf("sdl2: list SDL's video drivers: %w", err)
	}
	var have []string
	for i := range n {
		have = append(have, sdl.GetVideoDriver(i))
	}
	return pickHeadless(have)
}

// pickHeadless picks the headless driver among the drivers SDL has.
func pickHeadless(have []string) (string, error) {
	for _, d := range []string{"offscreen", "dummy"} {
		if slices.Contains(have, d) {
			return d, nil
		}
	}
	return "", fmt.Errorf("sdl2: a headless window needs SDL's offscreen or dummy video driver, and this SDL has only %s: "+
		"show the window instead (leave out -headless and run with a display), or build with an SDL that has one: %w",
		strings.Join(have, ", "), errNoHeadless)
}

// errNoHeadless is what a headless window's error wraps when SDL cannot
// draw without a display.
var errNoHeadless = errors.New("no headless video driver")
