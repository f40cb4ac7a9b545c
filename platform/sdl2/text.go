package sdl2

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"math"

	"github.com/veandco/go-sdl2/sdl"
	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/math/fixed"
)

// The glyph atlas holds printable ASCII from basicfont's 7×13 face, 16
// glyphs to a row, white on transparent so vertex colours tint it.
const (
	glyphW, glyphH = 7, 13
	atlasCols      = 16
	firstGlyph     = ' '
	lastGlyph      = '~'
	atlasRows      = (lastGlyph - firstGlyph + atlasCols) / atlasCols
)

type glyphAtlas struct {
	tex *sdl.Texture
}

// newGlyphAtlas rasterises the font once into a texture on ren.
func newGlyphAtlas(ren *sdl.Renderer) (*glyphAtlas, error) {
	face := basicfont.Face7x13
	img := image.NewNRGBA(image.Rect(0, 0, atlasCols*glyphW, atlasRows*glyphH))
	for r := rune(firstGlyph); r <= lastGlyph; r++ {
		i := int(r - firstGlyph)
		x, y := i%atlasCols*glyphW, i/atlasCols*glyphH
		dr, mask, mp, _, ok := face.Glyph(fixed.P(x, y+face.Ascent), r)
		if ok {
			draw.DrawMask(img, dr, image.White, image.Point{}, mask, mp, draw.Over)
		}
	}
	tex, err := createTexture(ren, img, FilterNearest)
	if err != nil {
		return nil, fmt.Errorf("sdl2: the HUD glyph texture: %w", err)
	}
	return &glyphAtlas{tex: tex}, nil
}

// Text draws ASCII text in the HUD's bitmap font with its top-left corner
// at (x, y) in canvas units, ignoring the transform. Lines break at '\n'; other characters outside printable
// ASCII show as '?'. Glyphs are 7×13 font pixels, scaled up by a whole
// number on high-DPI displays. It returns the pixel position after the last
// glyph, to continue the line.
func (c *Canvas) Text(x, y float64, s string, col color.RGBA) (endX, endY float64) {
	mustMain("Canvas.Text")
	return drawText(c, x, y, s, col)
}

// TextBytes is Text for a byte slice, so numbers formatted with strconv's
// Append functions into a reused buffer draw without allocating.
func (c *Canvas) TextBytes(x, y float64, b []byte, col color.RGBA) (endX, endY float64) {
	mustMain("Canvas.TextBytes")
	return drawText(c, x, y, b, col)
}

// TextWidth returns how many canvas units wide Text draws s: the width of its
// longest line, at the canvas's text scale. It counts bytes, as Text does,
// so each byte outside printable ASCII takes the width of its '?'.
func (c *Canvas) TextWidth(s string) float64 {
	mustMain("Canvas.TextWidth")
	widest, n := 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' {
			n = 0
			continue
		}
		n++
		widest = max(widest, n)
	}
	return float64(widest * glyphW * c.textScale)
}

// LineHeight returns the height of a line of Text in canvas units.
func (c *Canvas) LineHeight() float64 {
	mustMain("Canvas.LineHeight")
	return float64(glyphH * c.textScale)
}

func drawText[S string | []byte](c *Canvas, x, y float64, s S, col color.RGBA) (float64, float64) {
	if c.font == nil {
		if c.ren == nil {
			c.fail(ErrNoRenderer)
			return x, y
		}
		f, err := newGlyphAtlas(c.ren)
		if err != nil {
			if c.err == nil {
				c.err = err
			}
			return x, y
		}
		c.font = f
	}
	c.use(c.font.tex, BlendAlpha)
	// Glyph cells in canvas units, and their corners in drawable pixels.
	scale := float64(c.textScale)
	cw, ch := glyphW*scale, glyphH*scale
	gw, gh := float32(cw*c.view.scale), float32(ch*c.view.scale)
	const tw, th = 1.0 / atlasCols, 1.0 / atlasRows
	sc := sdlColor(col)
	px, py := x, y
	for i := 0; i < len(s); i++ {
		b := s[i]
		switch {
		case b == '\n':
			px, py = x, py+ch
			continue
		case b == ' ':
			px += cw
			continue
		case b < firstGlyph || b > lastGlyph:
			b = '?'
		}
		g := int(b - firstGlyph)
		u, v := float32(g%atlasCols)*tw, float32(g/atlasCols)*th
		// A bitmap font off the pixel grid samples its neighbours' cells:
		// each glyph starts on a whole pixel.
		p := c.px(px, py)
		p.X, p.Y = float32(math.Round(float64(p.X))), float32(math.Round(float64(p.Y)))
		vs, idx, base := c.grow(4, 6)
		vs[0] = sdl.Vertex{Position: p, Color: sc, TexCoord: sdl.FPoint{X: u, Y: v}}
		vs[1] = sdl.Vertex{Position: sdl.FPoint{X: p.X + gw, Y: p.Y}, Color: sc, TexCoord: sdl.FPoint{X: u + tw, Y: v}}
		vs[2] = sdl.Vertex{Position: sdl.FPoint{X: p.X + gw, Y: p.Y + gh}, Color: sc, TexCoord: sdl.FPoint{X: u + tw, Y: v + th}}
		vs[3] = sdl.Vertex{Position: sdl.FPoint{X: p.X, Y: p.Y + gh}, Color: sc, TexCoord: sdl.FPoint{X: u, Y: v + th}}
		fan(idx, base, 4)
		px += cw
	}
	return px, py
}
