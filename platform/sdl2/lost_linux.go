//go:build linux && !nox11

package sdl2

// Xlib's answer to a broken connection is exit(1), from inside whatever
// SDL call noticed it: the run's profiles, trace and summary were lost
// with it. libX11 1.7 and newer let a program survive instead: the I/O
// error handler and then the display's exit handler may both return, and
// from then on Xlib answers every call on that display at once, without
// I/O. So a watched display gets an exit handler that returns, and the
// process an I/O error handler that prints what Xlib would and returns.
//
// Whether the connection is gone is the flag Xlib itself checks before
// each call (XlibDisplayIOError in Display.flags, from Xlibint.h, the
// header Xlib keeps for extension libraries): no public call reports it,
// and reading it keeps the shim free of state of its own.

/*
#cgo pkg-config: sdl2 x11
#include <stdio.h>
#include <SDL_syswm.h>
#include <X11/Xlib.h>
#include <X11/Xlibint.h>

// lockstep_x11_display returns the X connection win draws through, or NULL
// when it is not on the x11 driver. (go-sdl2's GetWMInfo hands SDL a
// struct shorter than SDL's: the race detector's pointer checks abort.)
static Display *lockstep_x11_display(SDL_Window *win) {
	SDL_SysWMinfo info;
	SDL_VERSION(&info.version);
	if (!SDL_GetWindowWMInfo(win, &info) || info.subsystem != SDL_SYSWM_X11) {
		return NULL;
	}
	return info.info.x11.display;
}

// lockstep_io_error reports the loss, as Xlib's default handler does, and
// returns, which leaves the end to the display's exit handler: on a
// display nobody watches, Xlib's default one still ends the process.
static int lockstep_io_error(Display *dpy) {
	fprintf(stderr, "Xlib: the connection to X server %s broke (the server exited or dropped this client)\n", DisplayString(dpy));
	return 0;
}

static void lockstep_keep_running(Display *dpy, void *unused) {}

// A window another X client destroyed (xdotool windowclose, an
// XDestroyWindow) makes the next request on it fail with BadWindow or
// BadDrawable, and Xlib's default error handler (SDL's chains to it)
// ends the process. lockstep_x_error notes an error about a watched
// window in lockstep_window_gone and returns; any other error goes to
// the handler it replaced.
#define LOCKSTEP_MAX_WINDOWS 16
static Window lockstep_windows[LOCKSTEP_MAX_WINDOWS];
static int lockstep_nwindows;
static XErrorHandler lockstep_prev_error;
static volatile int lockstep_window_gone;

static int lockstep_gone(void) { return lockstep_window_gone; }

static int lockstep_x_error(Display *dpy, XErrorEvent *e) {
	for (int i = 0; i < lockstep_nwindows; i++) {
		if (e->resourceid == lockstep_windows[i]) {
			lockstep_window_gone = 1;
			return 0;
		}
	}
	return lockstep_prev_error ? lockstep_prev_error(dpy, e) : 0;
}

// lockstep_x11_window returns the X window of win, or 0.
static Window lockstep_x11_window(SDL_Window *win) {
	SDL_SysWMinfo info;
	SDL_VERSION(&info.version);
	if (!SDL_GetWindowWMInfo(win, &info) || info.subsystem != SDL_SYSWM_X11) {
		return 0;
	}
	return info.info.x11.window;
}

// lockstep_watch_window installs lockstep_x_error (once) and adds w to
// the windows it answers for.
static void lockstep_watch_window(Window w) {
	XErrorHandler cur = XSetErrorHandler(lockstep_x_error);
	if (cur != lockstep_x_error) {
		lockstep_prev_error = cur;
	}
	if (w != 0 && lockstep_nwindows < LOCKSTEP_MAX_WINDOWS) {
		lockstep_windows[lockstep_nwindows++] = w;
	}
}

// lockstep_watch keeps dpy's loss from ending the process. An I/O error
// handler someone else installed stays: it may end the process itself.
static void lockstep_watch(Display *dpy) {
	XIOErrorHandler cur = XSetIOErrorHandler(NULL);
	XIOErrorHandler def = XSetIOErrorHandler(NULL);
	if (cur == def) {
		cur = lockstep_io_error;
	}
	XSetIOErrorHandler(cur);
	XSetIOErrorExitHandler(dpy, lockstep_keep_running, NULL);
}

// lockstep_unwatch_windows gives back the error handler
// lockstep_watch_window replaced, and forgets the windows.
static void lockstep_unwatch_windows(void) {
	XErrorHandler cur = XSetErrorHandler(NULL);
	XSetErrorHandler(cur == lockstep_x_error ? lockstep_prev_error : cur);
	lockstep_nwindows = 0;
	lockstep_window_gone = 0;
}

// lockstep_unwatch gives Xlib its default I/O error handler back, if the
// one installed is lockstep_watch's.
static void lockstep_unwatch(void) {
	XIOErrorHandler cur = XSetIOErrorHandler(NULL);
	if (cur != lockstep_io_error) {
		XSetIOErrorHandler(cur);
	}
	lockstep_unwatch_windows();
}
*/
import "C"

import (
	"unsafe"

	"github.com/veandco/go-sdl2/sdl"
)

// displayConn is the X connection a window on SDL's x11 driver draws
// through; the zero value stands for a display that is never lost (other
// drivers).
type displayConn struct {
	dpy  *C.Display
	name string // as DISPLAY gave it, such as ":0"
}

// watchDisplay finds win's X connection and keeps its loss from ending
// the process.
func watchDisplay(win *sdl.Window) displayConn {
	dpy := C.lockstep_x11_display((*C.SDL_Window)(unsafe.Pointer(win)))
	if dpy == nil {
		return displayConn{}
	}
	C.lockstep_watch(dpy)
	return displayConn{dpy: dpy, name: C.GoString(C.XDisplayString(dpy))}
}

// watchWindow keeps another client's destroying win's X window from
// ending the process; call it whenever SDL may have made that window
// again (it does when a renderer wants another visual).
func (d displayConn) watchWindow(win *sdl.Window) {
	if d.dpy != nil {
		C.lockstep_watch_window(C.lockstep_x11_window((*C.SDL_Window)(unsafe.Pointer(win))))
	}
}

// windowGone reports whether another X client destroyed a watched
// window: Xlib's error handler noted it, on this thread, inside the SDL
// call that met the error. (A cgo call: a C static cannot be read from
// Go directly.)
func (d displayConn) windowGone() bool {
	return d.dpy != nil && C.lockstep_gone() != 0
}

// lost reports whether the connection broke. Xlib sets the flag on this
// thread, inside the SDL call that met the error; reading it from Go is a
// load, where a cgo call would cost 30 ns or more.
func (d displayConn) lost() bool {
	return d.dpy != nil && d.dpy.flags&C.XlibDisplayIOError != 0
}

// unwatchDisplays undoes watchDisplay's process-wide part once SDL has
// closed its displays.
func unwatchDisplays() { C.lockstep_unwatch() }
