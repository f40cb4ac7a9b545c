package sdl2

import (
	"fmt"
	"image/color"
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/veandco/go-sdl2/sdl"
)

// Canvas draws into its window's renderer. Shapes and sprites are given in
// world units and mapped to canvas units by the transform; text, HUD,
// FillRect and DrawSpritePx take canvas units directly. Canvas units are
// the drawable's pixels, or the game's own units when the window has a
// logical size (Options.LogicalWidth, Window.SetLogicalSize), which the
// canvas scales and letterboxes onto the drawable.
//
// Everything drawn is gathered into vertex and index buffers that are kept
// between frames and handed to SDL in one RenderGeometry call per run of
// geometry with one texture and blend mode, so a frame of thousands of
// shapes or sprites costs a few draw calls and, once the buffers have
// grown, no allocation.
//
// A Canvas belongs to one Window; get it with Window.Canvas.
type Canvas struct {
	ren   *sdl.Renderer
	xf    mgl64.Mat3 // world → canvas units, as set
	m     mgl64.Mat3 // world → drawable pixels: the view after xf
	view  view       // canvas units → drawable pixels
	verts []sdl.Vertex
	idx   []int32
	tex   *sdl.Texture // texture of the queued geometry; nil for shapes
	blend Blend        // blend mode of the queued textured geometry
	err   error        // first failure since the last Flush
	calls int          // RenderGeometry calls made, for tests of batching

	pxPerPoint float64 // drawable pixels per window coordinate (high DPI)
	winW, winH int     // the window's size in screen coordinates
	textScale  int     // HUD glyph size in font pixels per canvas unit
	maxTex     int32   // the renderer's largest texture side; 0: unknown

	textures  []*Texture // every live texture, re-uploaded on a new renderer
	faces     map[faceKey]*Face
	faceBytes int    // bytes of the cached faces' atlases (see faceBudget)
	faceClock uint64 // counts face uses, to release the least recent

	target *Texture // the target drawn into (SetTarget); nil: the window
	saved  struct { // the window's view and transform while in a target
		view view
		xf   mgl64.Mat3
	}

	circles [circleLevels][]sdl.FPoint // unit circles of 8<<level points
	font    *glyphAtlas
	num     [64]byte // HUD number formatting, reused every frame
}

// circleLevels is how many levels of detail circles have: 8, 16, 32, 64
// and 128 points around.
const circleLevels = 5

func newCanvas(ren *sdl.Renderer) *Canvas {
	c := &Canvas{ren: ren, xf: mgl64.Ident3(), m: mgl64.Ident3(), textScale: 1, pxPerPoint: 1,
		view: newView(0, 0, 0, 0, false)}
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
// Textures and glyph atlases upload themselves again when next drawn.
func (c *Canvas) setRenderer(ren *sdl.Renderer, maxTex int32) {
	c.ren = ren
	c.maxTex = maxTex
	c.verts, c.idx, c.tex = c.verts[:0], c.idx[:0], nil
	c.applyClip()
}

// release frees what the canvas made on its renderer; the renderer must
// still be alive. The textures keep their pixels, to upload them again.
func (c *Canvas) release() {
	c.endTarget()
	c.verts, c.idx, c.tex = c.verts[:0], c.idx[:0], nil
	if c.font != nil {
		c.font.tex.Destroy()
		c.font = nil
	}
	for _, t := range c.textures {
		t.unload()
	}
}

// setSize takes the drawable's size in pixels and the window's in screen
// coordinates after a change.
func (c *Canvas) setSize(drawW, drawH, winW, winH int) {
	c.winW, c.winH = winW, winH
	c.pxPerPoint = 1
	if winW > 0 && drawW > 0 {
		c.pxPerPoint = float64(drawW) / float64(winW)
	}
	if c.target != nil { // drawing into a target: the window's view waits
		v := &c.saved.view
		*v = newView(drawW, drawH, v.logW, v.logH, v.integer)
		return
	}
	c.setView(newView(drawW, drawH, c.view.logW, c.view.logH, c.view.integer))
}

// setView maps canvas units onto the drawable as v says from now on.
func (c *Canvas) setView(v view) {
	c.view = v
	c.m = v.matrix().Mul3(c.xf)
	// The HUD's bitmap glyphs grow by whole steps with the display's DPI,
	// in drawable pixels: at a logical size, the view scales them already.
	c.textScale = max(1, int(math.Round(c.pxPerPoint/v.scale)))
	c.applyClip()
}

// applyClip keeps drawing inside the canvas's area of the drawable, which
// with a logical size may leave bars at two sides.
func (c *Canvas) applyClip() {
	if c.ren == nil {
		return
	}
	var err error
	if c.view.letterboxed() {
		err = c.ren.SetClipRect(&c.view.area)
	} else {
		err = c.ren.SetClipRect(nil)
	}
	if err != nil {
		c.fail(fmt.Errorf("sdl2: clip drawing to the canvas area %v: %w", c.view.area, err))
	}
}

// Size returns the canvas's size in canvas units: the logical size when the
// window has one, otherwise the drawable's size in pixels.
func (c *Canvas) Size() (width, height int) {
	mustMain("Canvas.Size")
	return c.view.size()
}

// PixelScale returns how many drawable pixels one canvas unit spans: 1
// without a logical size, otherwise the scale that fits the logical size
// into the drawable (a whole number with integer scaling).
func (c *Canvas) PixelScale() float64 {
	mustMain("Canvas.PixelScale")
	return c.view.scale
}

// SetTransform sets the world → canvas transform used by the shape and
// sprite methods from now on, typically Camera.Transform(c.Size()). The
// identity draws in canvas units.
func (c *Canvas) SetTransform(m mgl64.Mat3) {
	mustMain("Canvas.SetTransform")
	c.xf = m
	c.m = c.view.matrix().Mul3(m)
}

// Transform returns the current world → canvas transform.
func (c *Canvas) Transform() mgl64.Mat3 {
	mustMain("Canvas.Transform")
	return c.xf
}

// Clear fills the canvas with col, and with a logical size the bars around
// it with black, and drops anything queued, which it would have covered
// anyway.
func (c *Canvas) Clear(col color.RGBA) {
	mustMain("Canvas.Clear")
	c.verts, c.idx, c.tex = c.verts[:0], c.idx[:0], nil
	if c.ren == nil {
		c.fail(ErrNoRenderer)
		return
	}
	if !c.view.letterboxed() {
		c.ren.SetDrawColor(col.R, col.G, col.B, col.A)
		if err := c.ren.Clear(); err != nil {
			c.fail(fmt.Errorf("sdl2: clear: %w", err))
		}
		return
	}
	// SDL's Clear ignores the clip rectangle: clear everything to the
	// bars' colour, then fill the canvas's area, replacing what is there.
	c.ren.SetDrawColor(0, 0, 0, 255)
	err := c.ren.Clear()
	c.ren.SetDrawColor(col.R, col.G, col.B, col.A)
	c.ren.SetDrawBlendMode(sdl.BLENDMODE_NONE)
	if err == nil {
		err = c.ren.FillRect(&c.view.area)
	}
	c.ren.SetDrawBlendMode(sdl.BLENDMODE_BLEND)
	if err != nil {
		c.fail(fmt.Errorf("sdl2: clear: %w", err))
	}
}

// Flush sends the queued geometry to the renderer. Present and the pixel
// readers call it; call it yourself only to mix in other SDL drawing. It
// returns the first drawing error since the last Flush.
func (c *Canvas) Flush() error {
	mustMain("Canvas.Flush")
	c.submit()
	err := c.err
	c.err = nil
	return err
}

// use makes tex, drawn with blend, the texture of the geometry that
// follows, sending what was queued with another texture or blend mode.
// Untextured geometry (tex nil) always blends by alpha.
func (c *Canvas) use(tex *sdl.Texture, blend Blend) {
	if tex != c.tex || blend != c.blend {
		c.submit()
		c.tex, c.blend = tex, blend
	}
}

// submit hands the queued geometry to the renderer and empties the queue.
func (c *Canvas) submit() {
	if len(c.idx) == 0 {
		c.verts = c.verts[:0]
		return
	}
	if c.ren == nil {
		c.fail(ErrNoRenderer)
	} else {
		if c.tex != nil {
			// RenderGeometry blends textured triangles by the texture's
			// mode: set it for this run (it costs a field store in SDL).
			if err := c.tex.SetBlendMode(c.blend.sdl()); err != nil {
				c.fail(fmt.Errorf("sdl2: blend mode %v: %w", c.blend, err))
			}
		}
		c.calls++
		if err := c.ren.RenderGeometry(c.tex, c.verts, c.idx); err != nil {
			c.fail(fmt.Errorf("sdl2: draw %d triangles: %w", len(c.idx)/3, err))
		}
	}
	c.verts, c.idx = c.verts[:0], c.idx[:0]
}

// fail records err unless an earlier failure is waiting for Flush.
func (c *Canvas) fail(err error) {
	if c.err == nil {
		c.err = err
	}
}

// world maps a world point to drawable pixels.
func (c *Canvas) world(p mgl64.Vec2) sdl.FPoint {
	m := &c.m
	return sdl.FPoint{
		X: float32(m[0]*p[0] + m[3]*p[1] + m[6]),
		Y: float32(m[1]*p[0] + m[4]*p[1] + m[7]),
	}
}

// px maps a point in canvas units to drawable pixels.
func (c *Canvas) px(x, y float64) sdl.FPoint {
	v := &c.view
	return sdl.FPoint{X: float32(v.ox + v.scale*x), Y: float32(v.oy + v.scale*y)}
}

// pixelScale is how many drawable pixels one world unit spans, for picking
// a level of detail. Non-uniform transforms use the geometric mean.
func (c *Canvas) pixelScale() float64 {
	m := &c.m
	return math.Sqrt(math.Abs(m[0]*m[4] - m[3]*m[1]))
}

func sdlColor(col color.RGBA) sdl.Color {
	return sdl.Color{R: col.R, G: col.G, B: col.B, A: col.A}
}
