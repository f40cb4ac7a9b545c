package sdl2

import (
	"errors"
	"fmt"
	"time"

	"github.com/veandco/go-sdl2/sdl"
)

// ErrNoRenderer is what drawing, Present and Image return once a window
// has lost its renderer: SetVSync had to re-create it and SDL made none,
// with the new setting or the old. Close the window and open another.
var ErrNoRenderer = errors.New("sdl2: the window has no renderer (re-creating it failed); close it and open another")

// createRenderer makes w's renderer: the GPU one when it can, SDL's software
// one otherwise or when asked, and sets vsync as asked.
func (w *Window) createRenderer(software, vsync bool) error {
	var ren *sdl.Renderer
	var errGPU, errSoft error
	switch {
	case w.driver == "dummy":
		// The dummy driver has no GPU and refuses the accelerated flag.
		ren, errSoft = w.sdlCreateRenderer(w.win, -1, 0)
	case !software:
		flags := uint32(sdl.RENDERER_ACCELERATED)
		if vsync {
			flags |= sdl.RENDERER_PRESENTVSYNC
		}
		ren, errGPU = w.sdlCreateRenderer(w.win, -1, flags)
	}
	if ren == nil && errSoft == nil {
		if w.driver == "offscreen" {
			// Otherwise the offscreen framebuffer goes through a GL texture
			// each frame: 3.3 ms instead of 0.09 ms.
			sdl.SetHint(sdl.HINT_FRAMEBUFFER_ACCELERATION, "0")
		}
		ren, errSoft = w.sdlCreateRenderer(w.win, -1, sdl.RENDERER_SOFTWARE)
	}
	if ren == nil {
		return fmt.Errorf("sdl2: no renderer on video driver %q: %w; check the OpenGL drivers (Mesa) or force the software renderer with SDL_RENDER_DRIVER=software",
			w.driver, errors.Join(errGPU, errSoft))
	}
	w.ren = ren
	w.display.watchWindow(w.win) // making a renderer may have made the X window again
	w.rendName = ""
	w.software = false
	w.maxTex = 0
	if info, err := ren.GetInfo(); err == nil {
		w.rendName = info.Name
		w.software = info.Flags&sdl.RENDERER_SOFTWARE != 0
		w.maxTex = min(info.MaxTextureWidth, info.MaxTextureHeight)
	}
	// Alpha in vertex colours blends (HUD panels, translucent shapes).
	if err := ren.SetDrawBlendMode(sdl.BLENDMODE_BLEND); err != nil {
		ren.Destroy()
		w.ren = nil
		return fmt.Errorf("sdl2: set blend mode on renderer %q: %w", w.rendName, err)
	}
	// The creation flag is not enough: the software renderer paces presents
	// only once vsync is set on the live renderer.
	if err := w.sdlSetVSync(ren, vsync); err != nil && vsync {
		// Not fatal: the engine notices fast presents and caps the rate.
		w.vsync = false
		return nil
	}
	w.vsync = vsync
	return nil
}

// SetVSync turns waiting for the display on present on or off. Some drivers
// accept it and ignore it (SDL's offscreen driver with OpenGL does); the
// engine detects that from the present intervals.
//
// A renderer that cannot switch live is re-created with the new setting;
// if that fails, again with the old one, and SetVSync reports the failure
// with vsync as it was. Only if both fail is the window left without a
// renderer: the error then wraps ErrNoRenderer, as every later draw does.
func (w *Window) SetVSync(on bool) error {
	mustMain("Window.SetVSync")
	if on == w.vsync {
		return nil
	}
	if err := w.Err(); err != nil {
		return err // a new renderer would need the server
	}
	if w.ren == nil {
		return ErrNoRenderer
	}
	if err := w.sdlSetVSync(w.ren, on); err == nil {
		w.vsync = on
		return nil
	}
	// This renderer cannot switch live: make a new one with the flag.
	was := w.vsync
	w.canvas.release()
	errDestroy := w.ren.Destroy()
	w.ren = nil
	w.canvas.setRenderer(nil, 0)
	if err := w.createRenderer(w.software, on); err != nil {
		err = errors.Join(err, errDestroy)
		if errOld := w.createRenderer(w.software, was); errOld != nil {
			return fmt.Errorf("sdl2: recreate renderer to set vsync %v: %w; recreating it with vsync %v failed too: %w; %w",
				on, err, was, errOld, ErrNoRenderer)
		}
		w.canvas.setRenderer(w.ren, w.maxTex)
		w.updateSize()
		return fmt.Errorf("sdl2: recreate renderer to set vsync %v: %w; kept vsync %v on a new renderer %q", on, err, w.vsync, w.rendName)
	}
	w.canvas.setRenderer(w.ren, w.maxTex)
	w.updateSize()
	if w.vsync != on {
		return fmt.Errorf("sdl2: renderer %q on video driver %q cannot set vsync %v; use a frame cap instead", w.rendName, w.driver, on)
	}
	return nil
}

// VSync reports whether vsync is on, as far as SDL accepted it.
func (w *Window) VSync() bool {
	mustMain("Window.VSync")
	return w.vsync
}

// RefreshPeriod returns the refresh period of the display the window is on,
// or 0 when SDL does not know its rate (the offscreen driver does not).
func (w *Window) RefreshPeriod() time.Duration {
	mustMain("Window.RefreshPeriod")
	if !w.refreshOK {
		w.refresh = 0
		if i, err := w.win.GetDisplayIndex(); err == nil {
			if m, err := sdl.GetCurrentDisplayMode(i); err == nil && m.RefreshRate > 0 {
				w.refresh = time.Second / time.Duration(m.RefreshRate)
			}
		}
		w.refreshOK = true
	}
	return w.refresh
}
