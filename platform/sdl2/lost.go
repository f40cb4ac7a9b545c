package sdl2

import (
	"errors"
	"fmt"

	"github.com/veandco/go-sdl2/sdl"
)

// ErrDisplayLost is what Present, Image, Err and Open wrap once the
// display connection is gone: the X server exited, or dropped this program
// (xkill, xdotool windowkill). PollEvents then asks the loop to quit, so a
// run ends with this error instead of Xlib ending the process, and the
// caller can still write what the run produced.
//
// SDL's video cannot be used again in the process. Close leaves SDL as it
// is: shutting it down would close SDL's second X connection, and Xlib
// ends the process on that one's error. A new window would wait forever
// for the server to map it, so Open refuses.
//
// Linux only: elsewhere, and when built with the nox11 tag, Xlib still
// ends the process with status 1.
var ErrDisplayLost = errors.New("sdl2: the display connection was lost")

// ErrWindowLost is what Err and the calls that check it wrap once another
// X client destroyed the window (xdotool windowclose, XDestroyWindow):
// Xlib's default error handler would have ended the process. It wraps
// ErrDisplayLost, so a run ends as on a lost display, writing every
// output but the screenshot; the display itself stays usable.
var ErrWindowLost = fmt.Errorf("sdl2: another program destroyed the window, so %w for it", ErrDisplayLost)

// hintDisplayLost is where the loss is kept for Open: in SDL's own
// settings, which live exactly as long as the dead video device does (SDL
// clears them when it quits).
const hintDisplayLost = "LOCKSTEP_SDL2_DISPLAY_LOST"

// Err returns nil while the window is usable, and an error wrapping
// ErrDisplayLost once its display is gone. A run that ends because
// PollEvents asked to quit should check it: a hidden or minimised window
// presents nothing, so Present never reports the loss.
func (w *Window) Err() error {
	mustMain("Window.Err")
	switch {
	case w.lostErr != nil:
	case w.display.lost():
		w.lostErr = fmt.Errorf("%w (X server %s exited or dropped this program): the run cannot go on", ErrDisplayLost, w.display.name)
		sdl.SetHint(hintDisplayLost, w.display.name)
	case w.display.windowGone():
		w.lostErr = fmt.Errorf("%w (X server %s): the run cannot go on", ErrWindowLost, w.display.name)
	}
	return w.lostErr
}

// videoLost returns an error wrapping ErrDisplayLost when a window has
// lost the display SDL's video still holds.
func videoLost() error {
	if name := sdl.GetHint(hintDisplayLost); name != "" {
		return fmt.Errorf("%w earlier in this process (X server %s): no window can open until it restarts", ErrDisplayLost, name)
	}
	return nil
}
