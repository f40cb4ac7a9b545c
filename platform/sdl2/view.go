package sdl2

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/veandco/go-sdl2/sdl"
)

// maxLogicalSide bounds a logical size: larger is a mistake (SDL's own
// textures stop at 16384 on most renderers).
const maxLogicalSide = 16384

// view maps canvas units, the units a game draws in, onto the drawable's
// pixels. Without a logical size they are the same. With one, the canvas
// keeps its aspect ratio, centred, at the largest scale that fits (a whole
// number with integer scaling, while one fits), and bars fill the rest.
//
// The canvas scales the vertices itself rather than through SDL's
// RenderSetLogicalSize: SDL then also rewrites mouse events into logical
// coordinates rounded to whole units (a quarter of the precision at 4×),
// and reads screenshots back from its viewport only. Here, pointer mapping
// is exact (Window.PointerToCanvas) and Image returns the whole drawable.
type view struct {
	logW, logH   int  // logical size; 0 when canvas units are drawable pixels
	integer      bool // scale by whole numbers
	drawW, drawH int  // the drawable, in pixels
	scale        float64
	ox, oy       float64  // drawable pixel where canvas (0, 0) lands
	area         sdl.Rect // drawable pixels the canvas covers
}

// newView fits a logW×logH canvas (0×0: none) into a drawW×drawH drawable.
func newView(drawW, drawH, logW, logH int, integer bool) view {
	v := view{logW: logW, logH: logH, integer: integer, drawW: drawW, drawH: drawH, scale: 1}
	v.area = sdl.Rect{W: int32(drawW), H: int32(drawH)}
	if logW <= 0 || logH <= 0 || drawW <= 0 || drawH <= 0 {
		// No logical size, or nothing to draw on (minimised): keep a scale
		// that inverts, so pointer mapping never divides by zero.
		return v
	}
	s := math.Min(float64(drawW)/float64(logW), float64(drawH)/float64(logH))
	if integer && s >= 1 {
		// Below 1× no whole number fits: shrink smoothly rather than crop.
		s = math.Floor(s)
	}
	w, h := math.Round(float64(logW)*s), math.Round(float64(logH)*s)
	// Whole-pixel offsets keep texels on pixels at integer scales.
	v.ox, v.oy = math.Floor((float64(drawW)-w)/2), math.Floor((float64(drawH)-h)/2)
	v.scale = s
	v.area = sdl.Rect{X: int32(v.ox), Y: int32(v.oy), W: int32(w), H: int32(h)}
	return v
}

// size is the canvas's size in canvas units.
func (v *view) size() (width, height int) {
	if v.logW > 0 {
		return v.logW, v.logH
	}
	return v.drawW, v.drawH
}

// letterboxed reports whether the canvas leaves part of the drawable bare.
func (v *view) letterboxed() bool {
	return v.area.X != 0 || v.area.Y != 0 || int(v.area.W) != v.drawW || int(v.area.H) != v.drawH
}

// matrix is the canvas → drawable transform.
func (v *view) matrix() mgl64.Mat3 {
	return mgl64.Translate2D(v.ox, v.oy).Mul3(mgl64.Scale2D(v.scale, v.scale))
}

// toCanvas maps a drawable pixel position to canvas units.
func (v *view) toCanvas(x, y float64) (float64, float64) {
	return (x - v.ox) / v.scale, (y - v.oy) / v.scale
}

// SetLogicalSize makes the canvas width×height units whatever the window's
// size: Canvas.Size returns them, and the canvas is scaled to fit the
// drawable with its aspect ratio kept, centred between black bars. With
// integerScale the scale is a whole number (pixel art stays sharp) while
// the window is at least as large as the logical size. 0×0 turns it off:
// canvas units are drawable pixels again.
func (w *Window) SetLogicalSize(width, height int, integerScale bool) error {
	mustMain("Window.SetLogicalSize")
	if err := checkLogicalSize(width, height); err != nil {
		return fmt.Errorf("sdl2: SetLogicalSize: %w", err)
	}
	c := w.canvas
	c.endTarget()
	c.submit() // what is queued was placed for the old view
	c.setView(newView(c.view.drawW, c.view.drawH, width, height, integerScale))
	return nil
}

func checkLogicalSize(width, height int) error {
	if (width == 0) != (height == 0) || width < 0 || height < 0 || width > maxLogicalSide || height > maxLogicalSide {
		return fmt.Errorf("logical size %d×%d: want both sides in 1..%d, or 0×0 for none", width, height, maxLogicalSide)
	}
	return nil
}

// PointerToCanvas maps a pointer position in window coordinates, as SDL's
// mouse events report it (screen points, not pixels, on a high-DPI
// display), to canvas units: the space the canvas draws in, logical or
// not. A position on the bars around a logical canvas maps outside
// [0, width)×[0, height).
func (w *Window) PointerToCanvas(x, y float64) (cx, cy float64) {
	mustMain("Window.PointerToCanvas")
	return w.canvas.pointerToCanvas(x, y)
}

func (c *Canvas) pointerToCanvas(x, y float64) (float64, float64) {
	v := &c.view
	sx, sy := 1.0, 1.0
	// The drawable's pixels per window coordinate: 2 on a typical high-DPI
	// display, 1 elsewhere.
	if c.winW > 0 && c.winH > 0 && v.drawW > 0 && v.drawH > 0 {
		sx, sy = float64(v.drawW)/float64(c.winW), float64(v.drawH)/float64(c.winH)
	}
	return v.toCanvas(x*sx, y*sy)
}
