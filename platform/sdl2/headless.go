package sdl2

import (
	"os"
	"runtime"
	"strings"
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

// fellBack explains why a window meant for a display ended up on driver,
// one that shows nothing.
//
// Such a window is made headless in every respect (hidden, bounded runs,
// pixels read back before presents) rather than failing: the run still
// does its work and says why nothing was shown. SDL keeps no error from
// the drivers it tried: with DISPLAY=:77 and no X server there, the x11
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
		" driver, which shows nothing (check that the display server runs and this user may connect to it)"
}
