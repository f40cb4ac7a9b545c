package sdl2

import (
	"fmt"
	"image/color"
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/veandco/go-sdl2/sdl"
)

// Canvas draws into its window's renderer. Shapes are given in world units
// and mapped to pixels by the transform; text, HUD and FillRect take pixels.
// Everything drawn is gathered into vertex and index buffers that are kept
// between frames and handed to SDL in one RenderGeometry call per run of
// untextured or textured geometry, so a frame of thousands of shapes costs
// a few draw calls and, once the buffers have grown, no allocation.
//
// A Canvas belongs to one Window; get it with Window.Canvas.
type Canvas struct {
	ren   *sdl.Renderer
	xf    mgl64.Mat3 // world → pixels
	verts []sdl.Vertex
	idx   []int32
	tex   *sdl.Texture // texture of the queued geometry; nil for shapes
	err   error        // first failure since the last Flush

	width, height int
	textScale     int // glyph pixels per font pixel, from the display's DPI

	circles [circleLevels][]sdl.FPoint // unit circles of 8<<level points
	font    *glyphAtlas
	num     [64]byte // HUD number formatting, reused every frame
}

// circleLevels is how many levels of detail circles have: 8, 16, 32, 64
// and 128 points around.
const circleLevels = 5

func newCanvas(ren *sdl.Renderer) *Canvas {
	c := &Canvas{ren: ren, xf: mgl64.Ident3(), textScale: 1}
	for i := range c.circles {
		n := 8 << i
		pts := make([]sdl.FPoint, n)
		for k := range pts {
			s, co := math.Sincos(2 * math.Pi * float64(k) / float64(n))
			pts[k] = sdl.FPoint{X: float32(co), Y: float32(s)}
		}
		c.circles[i] = pts
	}
	return c
}

// setRenderer moves the canvas to a new renderer after the old one is gone.
func (c *Canvas) setRenderer(ren *sdl.Renderer) {
	c.ren = ren
	c.verts, c.idx, c.tex = c.verts[:0], c.idx[:0], nil
}

// release frees what the canvas made on its renderer; the renderer must
// still be alive.
func (c *Canvas) release() {
	c.verts, c.idx, c.tex = c.verts[:0], c.idx[:0], nil
	if c.font != nil {
		c.font.tex.Destroy()
		c.font = nil
	}
}

func (c *Canvas) setSize(width, height int, pxPerPoint float64) {
	c.width, c.height = width, height
	c.textScale = max(1, int(math.Round(pxPerPoint)))
}

// Size returns the drawable size in pixels.
func (c *Canvas) Size() (width, height int) { return c.width, c.height }

// SetTransform sets the world → pixel transform used by the shape methods
// from now on, typically Camera.Transform. The identity draws in pixels.
func (c *Canvas) SetTransform(m mgl64.Mat3) { c.xf = m }

// Transform returns the current world → pixel transform.
func (c *Canvas) Transform() mgl64.Mat3 { return c.xf }

// Clear fills the whole drawable with col and drops anything queued, which
// it would have covered anyway.
func (c *Canvas) Clear(col color.RGBA) {
	c.verts, c.idx, c.tex = c.verts[:0], c.idx[:0], nil
	if c.ren == nil {
		c.fail(ErrNoRenderer)
		return
	}
	c.ren.SetDrawColor(col.R, col.G, col.B, col.A)
	if err := c.ren.Clear(); err != nil && c.err == nil {
		c.err = fmt.Errorf("sdl2: clear: %w", err)
	}
}

// Flush sends the queued geometry to the renderer. Present and the pixel
// readers call it; call it yourself only to mix in other SDL drawing. It
// returns the first drawing error since the last Flush.
func (c *Canvas) Flush() error {
	if len(c.idx) > 0 && c.ren == nil {
		c.fail(ErrNoRenderer)
	} else if len(c.idx) > 0 {
		if err := c.ren.RenderGeometry(c.tex, c.verts, c.idx); err != nil && c.err == nil {
			c.err = fmt.Errorf("sdl2: draw %d triangles: %w", len(c.idx)/3, err)
		}
	}
	c.verts, c.idx = c.verts[:0], c.idx[:0]
	err := c.err
	c.err = nil
	return err
}

// use makes tex the texture of the geometry that follows, flushing what was
// queued with another one.
func (c *Canvas) use(tex *sdl.Texture) {
	if tex != c.tex {
		if len(c.idx) > 0 && c.ren == nil {
			c.fail(ErrNoRenderer)
			c.verts, c.idx = c.verts[:0], c.idx[:0]
		} else if len(c.idx) > 0 {
			if err := c.ren.RenderGeometry(c.tex, c.verts, c.idx); err != nil && c.err == nil {
				c.err = fmt.Errorf("sdl2: draw %d triangles: %w", len(c.idx)/3, err)
			}
			c.verts, c.idx = c.verts[:0], c.idx[:0]
		}
		c.tex = tex
	}
}

// fail records err unless an earlier failure is waiting for Flush.
func (c *Canvas) fail(err error) {
	if c.err == nil {
		c.err = err
	}
}

// world maps a world point to pixels.
func (c *Canvas) world(p mgl64.Vec2) sdl.FPoint {
	m := &c.xf
	return sdl.FPoint{
		X: float32(m[0]*p[0] + m[3]*p[1] + m[6]),
		Y: float32(m[1]*p[0] + m[4]*p[1] + m[7]),
	}
}

// pixelScale is how many pixels one world unit spans, for picking a level
// of detail. Non-uniform transforms use the geometric mean.
func (c *Canvas) pixelScale() float64 {
	m := &c.xf
	return math.Sqrt(math.Abs(m[0]*m[4] - m[3]*m[1]))
}

func sdlColor(col color.RGBA) sdl.Color {
	return sdl.Color{R: col.R, G: col.G, B: col.B, A: col.A}
}
