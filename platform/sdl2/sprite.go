package sdl2

import (
	"fmt"
	"image"
	"image/color"
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/veandco/go-sdl2/sdl"
)

// Sprite is how to draw a texture, or a rectangle of it from an atlas.
// Build one per kind of thing and draw it wherever things of that kind are;
// zero fields mean the usual: the whole texture, placed by its top-left
// corner, one unit per texel, untinted, no flash, alpha-blended.
type Sprite struct {
	Texture *Texture // what to draw; nil draws nothing, an error Flush returns
	// Src is the rectangle of texels to draw; empty: the whole texture.
	// Under FilterLinear a cell's edge blends in up to half a texel of
	// what lies beside it in the texture: give atlas cells a border of
	// one texel repeating their edge when they are drawn scaled or turned.
	Src image.Rectangle

	// Origin is the point of Src, in texels from its top-left corner, that
	// lands on the position and that the sprite turns about: Src's centre
	// centres the sprite.
	Origin mgl64.Vec2

	// Scale is the size of one texel in world units (DrawSprite) or canvas
	// units (DrawSpritePx), along the sprite's width and height; 0 means 1.
	Scale mgl64.Vec2

	// Size, when its width is set, is the size of the whole sprite (Src)
	// in world units (DrawSprite) or canvas units (DrawSpritePx), whatever
	// its texels, and Scale is ignored: {1, 1} fits a 1×1 box however big
	// the image. A zero height keeps the texels' aspect ratio. The zero
	// value sizes the sprite by Scale.
	Size mgl64.Vec2

	// Tint multiplies every texel, alpha included: {255, 255, 255, 128} is
	// half transparent. The zero value means opaque white, no tint.
	Tint color.RGBA

	// Flash, when its alpha is above 0, draws the sprite's shape over it
	// in Flash's colour: every texel moves toward Flash's RGB by
	// Flash.A/255, whatever its own colour and Tint, so {255, 255, 255,
	// 200} is a white hit flash on any sprite (a multiplying Tint can only
	// darken). With FlashAdd the colour is added instead, times Flash.A/255:
	// a glow that keeps the sprite's detail. The zero value draws no flash.
	// A flashing sprite costs one more draw call: its shape is another
	// texture, made from the first on first use.
	Flash    color.RGBA
	FlashAdd bool

	FlipX, FlipY bool  // mirror the image within its rectangle
	Blend        Blend // how it combines with what is beneath
}

// DrawSprite draws s with its origin at pos in world units, through the
// transform like the shapes, turned by angle radians counter-clockwise
// (y up, as Box). The image stays upright on screen whichever way the
// transform points y: under Camera.Transform, where world y points up, and
// under the identity, in canvas units with y down (angles then turn
// clockwise, as on screen).
//
// Sprites of one texture and blend mode drawn one after another go to SDL
// in one RenderGeometry call.
func (c *Canvas) DrawSprite(s Sprite, pos mgl64.Vec2, angle float64) {
	mustMain("Canvas.DrawSprite")
	c.sprite(&s, &c.m, pos, angle)
}

// DrawSpritePx draws s with its origin at (x, y) in canvas units, ignoring
// the transform (y down, angle clockwise): for interfaces over the world.
func (c *Canvas) DrawSpritePx(s Sprite, x, y, angle float64) {
	mustMain("Canvas.DrawSpritePx")
	v := &c.view
	m := mgl64.Mat3{v.scale, 0, 0, 0, v.scale, 0, v.ox, v.oy, 1}
	c.sprite(&s, &m, mgl64.Vec2{x, y}, angle)
}

// sprite draws s through m, the world → drawable pixels transform.
func (c *Canvas) sprite(s *Sprite, m *mgl64.Mat3, pos mgl64.Vec2, angle float64) {
	if !c.bind(s.Texture, s.Blend) {
		return
	}
	img := s.Texture.img
	src := s.Src
	if src.Empty() {
		src = img.Rect
	} else if !src.In(img.Rect) {
		c.fail(fmt.Errorf("sdl2: sprite source %v lies outside texture %s, %v", src, s.Texture.name, img.Rect))
		return
	}
	sx, sy := spriteScale(s, src)
	// Texel rows run down the image. Where the transform flips y (world y
	// up seen through a camera), rows must run down the world's -y to come
	// out upright on screen.
	if m[0]*m[4]-m[3]*m[1] < 0 {
		sy = -sy
	}
	// The sprite's texel axes in drawable pixels: m's linear part, after
	// turning by angle, after scaling.
	sn, cs := math.Sincos(angle)
	ax, ay := m[0]*cs+m[3]*sn, m[1]*cs+m[4]*sn
	bx, by := -m[0]*sn+m[3]*cs, -m[1]*sn+m[4]*cs
	ex, ey := ax*sx, ay*sx // one texel along the width
	fx, fy := bx*sy, by*sy // one texel down the height
	ox, oy := s.Origin[0], s.Origin[1]
	px := m[0]*pos[0] + m[3]*pos[1] + m[6] - ex*ox - fx*oy
	py := m[1]*pos[0] + m[4]*pos[1] + m[7] - ey*ox - fy*oy
	w, h := float64(src.Dx()), float64(src.Dy())

	tw, th := float32(img.Rect.Dx()), float32(img.Rect.Dy())
	u0, u1 := float32(src.Min.X)/tw, float32(src.Max.X)/tw
	v0, v1 := float32(src.Min.Y)/th, float32(src.Max.Y)/th
	if s.FlipX {
		u0, u1 = u1, u0
	}
	if s.FlipY {
		v0, v1 = v1, v0
	}
	col := sdl.Color{R: 255, G: 255, B: 255, A: 255}
	if s.Tint != (color.RGBA{}) {
		col = sdlColor(s.Tint)
	}
	q := [4]sdl.Vertex{
		{Position: sdl.FPoint{X: float32(px), Y: float32(py)}, Color: col, TexCoord: sdl.FPoint{X: u0, Y: v0}},
		{Position: sdl.FPoint{X: float32(px + ex*w), Y: float32(py + ey*w)}, Color: col, TexCoord: sdl.FPoint{X: u1, Y: v0}},
		{Position: sdl.FPoint{X: float32(px + ex*w + fx*h), Y: float32(py + ey*w + fy*h)}, Color: col, TexCoord: sdl.FPoint{X: u1, Y: v1}},
		{Position: sdl.FPoint{X: float32(px + fx*h), Y: float32(py + fy*h)}, Color: col, TexCoord: sdl.FPoint{X: u0, Y: v1}},
	}
	c.quad(&q)
	if s.Flash.A > 0 {
		c.flash(s, &q)
	}
}

// spriteScale is the size of one of s's texels, along its width and
// height, in the units it is drawn in.
func spriteScale(s *Sprite, src image.Rectangle) (sx, sy float64) {
	if s.Size[0] != 0 {
		sx = s.Size[0] / float64(src.Dx())
		sy = sx
		if s.Size[1] != 0 {
			sy = s.Size[1] / float64(src.Dy())
		}
		return sx, sy
	}
	sx, sy = s.Scale[0], s.Scale[1]
	if sx == 0 {
		sx = 1
	}
	if sy == 0 {
		sy = 1
	}
	return sx, sy
}

// quad queues the textured quad q, corners in order around it.
func (c *Canvas) quad(q *[4]sdl.Vertex) {
	v, idx, base := c.grow(4, 6)
	copy(v, q[:])
	fan(idx, base, 4)
}

// flash draws s's shape over the quad q just drawn, in s.Flash's colour
// (see Sprite.Flash).
func (c *Canvas) flash(s *Sprite, q *[4]sdl.Vertex) {
	shape, err := s.Texture.silhouette()
	if err != nil {
		c.fail(err)
		return
	}
	blend := BlendAlpha // shape·a + what is there·(1−a): a lerp toward the colour
	if s.FlashAdd {
		blend = BlendAdd
	}
	if !c.bind(shape, blend) {
		return
	}
	col := sdlColor(s.Flash)
	for i := range q {
		q[i].Color = col
	}
	c.quad(q)
}
