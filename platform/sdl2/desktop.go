package sdl2

import (
	"errors"
	"fmt"
	"image"
	"image/draw"

	"github.com/veandco/go-sdl2/sdl"
)

// SetFullscreen switches desktop fullscreen on or off: a borderless window
// covering its display at the display's own resolution, so no mode change
// and no flicker. The new size arrives with the window's events; with a
// logical size the canvas keeps its units.
func (w *Window) SetFullscreen(on bool) error {
	mustMain("Window.SetFullscreen")
	if on == w.Fullscreen() {
		return nil
	}
	if err := w.Err(); err != nil {
		return err // SDL would wait for the server to resize the window
	}
	var flags uint32
	if on {
		flags = sdl.WINDOW_FULLSCREEN_DESKTOP
		w.windowedW, w.windowedH = w.win.GetSize()
	}
	if err := w.win.SetFullscreen(flags); err != nil {
		return fmt.Errorf("sdl2: set fullscreen %v on video driver %q: %w", on, w.driver, err)
	}
	if !on && w.windowedW > 0 {
		// Without a window manager (Xvfb, kiosks) SDL leaves an X11
		// window at the display's size when fullscreen ends; with one,
		// this asks for the size it restores anyway.
		w.win.SetSize(w.windowedW, w.windowedH)
	}
	w.updateSize()
	w.fullscreenChanged()
	return nil
}

// OnFullscreen calls f whenever the window goes into or out of
// fullscreen, by SetFullscreen (the runner's F11 and Alt+Enter among its
// callers) or by the window manager: to keep a player's setting in step
// without asking every frame.
func (w *Window) OnFullscreen(f func(on bool)) {
	mustMain("Window.OnFullscreen")
	w.onFull = append(w.onFull, f)
}

// fullscreenChanged tells OnFullscreen's functions when the state is new.
// The keys of the chord that switched it may have been released while
// the window changed: PollEvents checks them against SDL.
func (w *Window) fullscreenChanged() {
	on := w.win.GetFlags()&sdl.WINDOW_FULLSCREEN_DESKTOP != 0
	if on == w.wasFull {
		return
	}
	w.wasFull, w.resync = on, true
	for _, f := range w.onFull {
		f(on)
	}
}

// SetSize resizes the window to width×height screen coordinates, centred
// where it was. In fullscreen it sets the size the window returns to when
// fullscreen ends. The new drawable size arrives with the window's events
// (and Size reports it at once); with a logical size the canvas keeps its
// units.
func (w *Window) SetSize(width, height int) error {
	mustMain("Window.SetSize")
	if err := checkSize(width, height); err != nil {
		return fmt.Errorf("sdl2: SetSize: %w", err)
	}
	if err := w.Err(); err != nil {
		return err
	}
	w.windowedW, w.windowedH = int32(width), int32(height)
	if w.Fullscreen() {
		return nil
	}
	x, y := w.win.GetPosition()
	ow, oh := w.win.GetSize()
	w.win.SetSize(int32(width), int32(height))
	w.win.SetPosition(x+(ow-int32(width))/2, y+(oh-int32(height))/2)
	w.updateSize()
	return nil
}

// maxWindowSide bounds a window's side: larger is a mistake.
const maxWindowSide = 16384

// checkSize checks a window size in screen coordinates.
func checkSize(width, height int) error {
	if width < 1 || height < 1 || width > maxWindowSide || height > maxWindowSide {
		return fmt.Errorf("size %d×%d: want both sides in 1..%d", width, height, maxWindowSide)
	}
	return nil
}

// Fullscreen reports whether the window is fullscreen.
func (w *Window) Fullscreen() bool {
	mustMain("Window.Fullscreen")
	return w.win.GetFlags()&sdl.WINDOW_FULLSCREEN_DESKTOP != 0
}

// WindowSize returns the window's size in screen coordinates, the unit of
// SDL's mouse events. On a high-DPI display the drawable (Size) has more
// pixels than that.
func (w *Window) WindowSize() (width, height int) {
	mustMain("Window.WindowSize")
	ww, wh := w.win.GetSize()
	return int(ww), int(wh)
}

// SetTitle sets the window's title.
func (w *Window) SetTitle(title string) {
	mustMain("Window.SetTitle")
	w.win.SetTitle(title)
}

// Title returns the window's title.
func (w *Window) Title() string {
	mustMain("Window.Title")
	return w.win.GetTitle()
}

// SetIcon sets the window's icon from img, which window managers scale
// down; 64×64 or smaller is usual.
func (w *Window) SetIcon(img image.Image) error {
	mustMain("Window.SetIcon")
	if img == nil {
		return errors.New("sdl2: SetIcon: the image is nil")
	}
	b := img.Bounds()
	if b.Empty() {
		return errors.New("sdl2: SetIcon: the image has no pixels")
	}
	// The surface's pixels are SDL's own memory: SDL may keep a surface
	// past the call, and cgo forbids C holding on to Go memory.
	s, err := sdl.CreateRGBSurfaceWithFormat(0, int32(b.Dx()), int32(b.Dy()), 32, uint32(sdl.PIXELFORMAT_RGBA32))
	if err != nil {
		return fmt.Errorf("sdl2: SetIcon: make a %d×%d surface: %w", b.Dx(), b.Dy(), err)
	}
	defer s.Free()
	if err := s.Lock(); err != nil {
		return fmt.Errorf("sdl2: SetIcon: %w", err)
	}
	dst := &image.NRGBA{Pix: s.Pixels(), Stride: int(s.Pitch), Rect: image.Rect(0, 0, b.Dx(), b.Dy())}
	draw.Draw(dst, dst.Rect, img, b.Min, draw.Src)
	s.Unlock()
	w.win.SetIcon(s)
	return nil
}

// SetCursorVisible shows or hides the mouse cursor while it is over the
// window. SDL keeps one setting for the whole application.
func (w *Window) SetCursorVisible(visible bool) error {
	mustMain("Window.SetCursorVisible")
	toggle := sdl.DISABLE
	if visible {
		toggle = sdl.ENABLE
	}
	if _, err := sdl.ShowCursor(toggle); err != nil {
		return fmt.Errorf("sdl2: show cursor %v: %w", visible, err)
	}
	return nil
}

// CursorVisible reports whether the mouse cursor is shown.
func (w *Window) CursorVisible() bool {
	mustMain("Window.CursorVisible")
	n, err := sdl.ShowCursor(sdl.QUERY)
	return err == nil && n == sdl.ENABLE
}

// SetRelativeMouse turns relative mouse mode on or off. On, the cursor is
// hidden and held in the window and the mouse reports motion without
// limits (mouse look, aiming); off, the cursor returns where it was. SDL
// keeps one setting for the whole application, and it needs a windowing
// system: the offscreen driver refuses it.
func (w *Window) SetRelativeMouse(on bool) error {
	mustMain("Window.SetRelativeMouse")
	if sdl.SetRelativeMouseMode(on) != 0 {
		return fmt.Errorf("sdl2: relative mouse mode %v on video driver %q: %s", on, w.driver, sdl.GetError())
	}
	return nil
}

// RelativeMouse reports whether relative mouse mode is on.
func (w *Window) RelativeMouse() bool {
	mustMain("Window.RelativeMouse")
	return sdl.GetRelativeMouseMode()
}
