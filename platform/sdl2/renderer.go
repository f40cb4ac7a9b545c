package sdl2

import (
	"errors"
	"fmt"
	"time"

	"github.com/veandco/go-sdl2/sdl"
)

// createRenderer makes w's renderer: the GPU one when it can, SDL's software
// one otherwise or when asked, and sets vsync as asked.
func (w *Window) createRenderer(software, vsync bool) error {
	var ren *sdl.Renderer
	var errGPU, errSoft error
	switch {
	case w.driver == "dummy":
		// The dummy driver has no GPU and refuses the accelerated flag.
		ren, errSoft = sdl.CreateRenderer(w.win, -1, 0)
	case !software:
		flags := uint32(sdl.RENDERER_ACCELERATED)
		if vsync {
			flags |= sdl.RENDERER_PRESENTVSYNC
		}
		ren, errGPU = sdl.CreateRenderer(w.win, -1, flags)
	}
	if ren == nil && errSoft == nil {
		if w.driver == "offscreen" {
			// Otherwise the offscreen framebuffer goes through a GL texture
			// each frame: 3.3 ms instead of 0.09 ms.
			sdl.SetHint(sdl.HINT_FRAMEBUFFER_ACCELERATION, "0")
		}
		ren, errSoft = sdl.CreateRenderer(w.win, -1, sdl.RENDERER_SOFTWARE)
	}
	if ren == nil {
		return fmt.Errorf("sdl2: no renderer on video driver %q: %w; check the OpenGL drivers (Mesa) or force the software renderer with SDL_RENDER_DRIVER=software",
			w.driver, errors.Join(errGPU, errSoft))
	}
	w.ren = ren
	w.rendName = ""
	w.software = false
	if info, err := ren.GetInfo(); err == nil {
		w.rendName = info.Name
		w.software = info.Flags&sdl.RENDERER_SOFTWARE != 0
	}
	// Alpha in vertex colours blends (HUD panels, translucent shapes).
	if err := ren.SetDrawBlendMode(sdl.BLENDMODE_BLEND); err != nil {
		return fmt.Errorf("sdl2: set blend mode on renderer %q: %w", w.rendName, err)
	}
	// The creation flag is not enough: the software renderer paces presents
	// only once vsync is set on the live renderer.
	if err := ren.RenderSetVSync(vsync); err != nil && vsync {
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
func (w *Window) SetVSync(on bool) error {
	if on == w.vsync {
		return nil
	}
	if err := w.ren.RenderSetVSync(on); err == nil {
		w.vsync = on
		return nil
	}
	// This renderer cannot switch live: make a new one with the flag.
	w.canvas.release()
	w.ren.Destroy()
	w.ren = nil
	if err := w.createRenderer(w.software, on); err != nil {
		return fmt.Errorf("sdl2: recreate renderer to set vsync %v: %w", on, err)
	}
	w.canvas.setRenderer(w.ren)
	w.updateSize()
	if w.vsync != on {
		return fmt.Errorf("sdl2: renderer %q on video driver %q cannot set vsync %v; use a frame cap instead", w.rendName, w.driver, on)
	}
	return nil
}

// VSync reports whether vsync is on, as far as SDL accepted it.
func (w *Window) VSync() bool { return w.vsync }

// RefreshPeriod returns the refresh period of the display the window is on,
// or 0 when SDL does not know its rate (the offscreen driver does not).
func (w *Window) RefreshPeriod() time.Duration {
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
