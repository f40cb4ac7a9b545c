//go:build !linux || nox11

package sdl2

import "github.com/veandco/go-sdl2/sdl"

// displayConn stands for a window's display connection where lockstep does
// not watch it: on X11 outside Linux, and with the nox11 build tag, Xlib
// still ends the process when the connection breaks.
type displayConn struct{ name string }

func watchDisplay(*sdl.Window) displayConn { return displayConn{} }

func (displayConn) lost() bool { return false }

func unwatchDisplays() {}

func (displayConn) windowGone() bool { return false }

func (displayConn) watchWindow(*sdl.Window) {}
