package sdl2

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"math"
	"unicode/utf8"
	"unsafe"

	"github.com/veandco/go-sdl2/sdl"
	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// maxFaceSize bounds a face's size in canvas units: past it one glyph
// would not fit in a texture.
const maxFaceSize = 1024

// Face is a Font at one size on one canvas, for Canvas.DrawText and for
// measuring. Each glyph is rasterised once, the first time it is drawn or
// measured (printable ASCII when the face is made), into an atlas texture
// that all the face's text is drawn from: drawing text whose glyphs are
// cached allocates nothing.
//
// Glyphs are rasterised at the size they cover on the drawable, the
// canvas's PixelScale times the face's size, so text stays sharp at a
// logical size and on high-DPI displays. When that scale changes (a
// resize with a logical size), the face rasterises its glyphs again at the
// next draw or measure. A canvas keeps its faces' atlases within 64 MiB
// (see Face.Release); faces live as long as their window.
type Face struct {
	c      *Canvas
	font   *Font
	size   float64 // em size in canvas units
	over   float64 // atlas pixels per canvas unit
	raster font.Face
	buf    sfnt.Buffer
	ppem   fixed.Int26_6
	atlas  *Texture // its img is nil while the face is released
	used   uint64   // the canvas's faceClock when last drawn or measured

	ascii  [128]int32 // 1 + index into glyphs; 0: not rasterised yet
	more   map[rune]int32
	glyphs []glyph

	shelfX, shelfY, shelfH int // where the next glyph goes in the atlas

	ascent, descent, height float64 // canvas units
}

// glyph is one rasterised glyph: where it is in the atlas and how it sits
// on the pen, in atlas pixels.
type glyph struct {
	index      sfnt.GlyphIndex
	x, y, w, h int32
	dx, dy     float64 // the bitmap's top-left corner from the pen on the baseline
	advance    float64
}

type faceKey struct {
	font *Font
	size float64
}

// Face returns f at size canvas units (the em size: roughly the height of
// a line), made on first use and cached per font and size.
func (c *Canvas) Face(f *Font, size float64) (*Face, error) {
	mustMain("Canvas.Face")
	if f == nil {
		return nil, errors.New("sdl2: Face: the font is nil; make one with ParseFont or LoadFont")
	}
	if !(size > 0 && size <= maxFaceSize) {
		return nil, fmt.Errorf("sdl2: Face %s at size %v: want a size in (0, %d] canvas units", f.name, size, maxFaceSize)
	}
	key := faceKey{f, size}
	if face, ok := c.faces[key]; ok {
		return face, nil
	}
	face := &Face{c: c, font: f, size: size, more: map[rune]int32{},
		atlas: &Texture{c: c, filter: FilterLinear, slot: -1, name: fmt.Sprintf("(glyph atlas of %s at %v)", f.name, size)}}
	face.use()
	if err := face.remake(); err != nil {
		face.release()
		return nil, err
	}
	if err := face.atlas.upload(); err != nil {
		face.release()
		return nil, err
	}
	return face, nil
}

// rasterAt starts the face over at over atlas pixels per canvas unit: its
// metrics, and an atlas holding printable ASCII. The texture is made again
// when next drawn.
func (f *Face) rasterAt(over float64) error {
	px := f.size * over
	limit := f.c.atlasSide()
	cell := int(math.Ceil(px*1.25)) + 2 // a glyph's box, about, with room around
	if cell > limit {
		return fmt.Errorf("sdl2: Face %s at size %v: %.0f pixels an em on this canvas (%v pixels a unit), taller than the largest glyph atlas (%d pixels): use a size up to %.0f",
			f.font.name, f.size, px, over, limit, math.Floor(float64(limit-2)/1.25/over))
	}
	raster, err := opentype.NewFace(f.font.sf, &opentype.FaceOptions{Size: px, DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		return fmt.Errorf("sdl2: Face %s at %v pixels: %w", f.font.name, px, err)
	}
	m := raster.Metrics()
	// Hinting rounds ascent and descent up and the font's line spacing to
	// nearest: Go Regular at 12 pixels has 12 + 3 on a spacing of 14.
	// Lines a whole ascent and descent apart never overlap.
	height := max(m.Height, m.Ascent+m.Descent)
	f.over, f.raster = over, raster
	f.ppem = fixed.Int26_6(math.Round(px * 64))
	f.ascent, f.descent, f.height = fixed26(m.Ascent)/over, fixed26(m.Descent)/over, fixed26(height)/over
	f.ascii = [128]int32{}
	clear(f.more)
	f.glyphs = f.glyphs[:0]
	f.shelfX, f.shelfY, f.shelfH = 1, 1, 0

	// Printable ASCII up front, in about ten rows of ten cells, when that
	// fits in 1024×1024 (4 MiB: faces up to about 80 pixels an em); a
	// larger face starts with room for a row of a few glyphs and
	// rasterises its glyphs as they are drawn.
	side, atlasH := 64, 64
	ascii := 10*cell <= 1024
	for side < 10*cell && (ascii || side < 4*cell) {
		side *= 2
	}
	for atlasH < cell || (ascii && atlasH < side) {
		atlasH *= 2
	}
	side, atlasH = min(side, limit), min(atlasH, limit)
	img, err := f.newAtlas(side, atlasH)
	if err != nil {
		return err
	}
	f.c.drop(f.atlas.tex)
	f.atlas.unload()
	f.atlas.img = img
	for r := rune(' '); ascii && r <= '~'; r++ {
		if _, _, err := f.lookup(r); err != nil {
			return err
		}
	}
	return nil
}

// sync rasterises the face again if it was released or the canvas's
// pixel scale changed, and reports whether it has an atlas.
func (f *Face) sync() bool {
	f.use()
	var err error
	switch {
	case f.atlas.img == nil:
		err = f.remake()
	case f.over != f.c.view.scale && f.c.target == nil:
		// In a target the face draws at the scale it has (DrawText scales
		// its quads), so a frame that draws into targets and the window
		// does not rasterise twice.
		err = f.rasterAt(f.c.view.scale)
	}
	if err != nil {
		f.c.fail(err)
	}
	return f.atlas.img != nil
}

// use marks the face as the canvas's most recently used.
func (f *Face) use() {
	f.c.faceClock++
	f.used = f.c.faceClock
}

func fixed26(v fixed.Int26_6) float64 { return float64(v) / 64 }

// Size returns the face's em size in canvas units.
func (f *Face) Size() float64 {
	mustMain("Face.Size")
	return f.size
}

// Ascent returns how far glyphs reach above the baseline, in canvas units.
func (f *Face) Ascent() float64 {
	mustMain("Face.Ascent")
	f.sync()
	return f.ascent
}

// Descent returns how far glyphs reach below the baseline, in canvas units.
func (f *Face) Descent() float64 {
	mustMain("Face.Descent")
	f.sync()
	return f.descent
}

// LineHeight returns the distance between the baselines of two lines, in
// canvas units: the font's line spacing, or ascent plus descent if that is
// more.
func (f *Face) LineHeight() float64 {
	mustMain("Face.LineHeight")
	f.sync()
	return f.height
}

// Width returns how wide DrawText draws s, in canvas units: the width of
// its longest line, from the first pen position to the last advance.
func (f *Face) Width(s string) float64 {
	mustMain("Face.Width")
	return faceWidth(f, s)
}

// WidthBytes is Width for a byte slice, as DrawTextBytes draws it.
func (f *Face) WidthBytes(b []byte) float64 {
	mustMain("Face.WidthBytes")
	return faceWidth(f, b)
}

func faceWidth[S string | []byte](f *Face, s S) float64 {
	if !f.sync() {
		return 0
	}
	widest, w := 0.0, 0.0
	var prev sfnt.GlyphIndex
	for i := 0; i < len(s); {
		r, n := decodeRune(s[i:])
		i += n
		if r == '\n' {
			w, prev = 0, 0
			continue
		}
		gi, _, err := f.lookup(r)
		if err != nil {
			continue
		}
		g := &f.glyphs[gi]
		w += f.kern(prev, g.index) + g.advance/f.over
		prev = g.index
		widest = max(widest, w)
	}
	return widest
}

// DrawText draws s in face f with the top-left corner of its first line at
// (x, y) in canvas units, ignoring the transform. Lines break at '\n'. It
// returns the pen position after the last glyph (the top of its line), to
// continue the line.
func (c *Canvas) DrawText(f *Face, x, y float64, s string, col color.RGBA) (endX, endY float64) {
	mustMain("Canvas.DrawText")
	return drawFaceText(c, f, x, y, s, col)
}

// DrawTextBytes is DrawText for a byte slice, so that numbers formatted with
// strconv's Append functions into a reused buffer draw without allocating.
func (c *Canvas) DrawTextBytes(f *Face, x, y float64, b []byte, col color.RGBA) (endX, endY float64) {
	mustMain("Canvas.DrawTextBytes")
	return drawFaceText(c, f, x, y, b, col)
}

func drawFaceText[S string | []byte](c *Canvas, f *Face, x, y float64, s S, col color.RGBA) (float64, float64) {
	if f == nil || f.c != c {
		c.fail(errors.New("sdl2: DrawText with a face of another canvas, or none; make it with this canvas's Face"))
		return x, y
	}
	if !f.sync() || !c.bind(f.atlas, BlendAlpha) {
		return x, y
	}
	sc := sdlColor(col)
	k := c.view.scale / f.over // drawable pixels per atlas pixel
	img := f.atlas.img
	tw, th := 1/float32(img.Rect.Dx()), 1/float32(img.Rect.Dy())
	penX, base := x, y+f.ascent
	var prev sfnt.GlyphIndex
	for i := 0; i < len(s); {
		r, n := decodeRune(s[i:])
		i += n
		if r == '\n' {
			penX, base, prev = x, base+f.height, 0
			continue
		}
		gi, added, err := f.lookup(r)
		if err != nil {
			c.fail(err)
			continue
		}
		if added {
			// The atlas may have grown into a new texture.
			if !c.bind(f.atlas, BlendAlpha) {
				return penX, base - f.ascent
			}
			img = f.atlas.img
			tw, th = 1/float32(img.Rect.Dx()), 1/float32(img.Rect.Dy())
		}
		g := &f.glyphs[gi]
		penX += f.kern(prev, g.index)
		prev = g.index
		if g.w > 0 && g.h > 0 {
			// Whole drawable pixels: at the scale the glyph was rasterised
			// for, each atlas pixel then lands on one drawable pixel.
			p := c.px(penX, base)
			x0 := float32(math.Round(float64(p.X) + g.dx*k))
			y0 := float32(math.Round(float64(p.Y) + g.dy*k))
			x1, y1 := x0+float32(float64(g.w)*k), y0+float32(float64(g.h)*k)
			u0, v0 := float32(g.x)*tw, float32(g.y)*th
			u1, v1 := float32(g.x+g.w)*tw, float32(g.y+g.h)*th
			vs, idx, first := c.grow(4, 6)
			vs[0] = sdl.Vertex{Position: sdl.FPoint{X: x0, Y: y0}, Color: sc, TexCoord: sdl.FPoint{X: u0, Y: v0}}
			vs[1] = sdl.Vertex{Position: sdl.FPoint{X: x1, Y: y0}, Color: sc, TexCoord: sdl.FPoint{X: u1, Y: v0}}
			vs[2] = sdl.Vertex{Position: sdl.FPoint{X: x1, Y: y1}, Color: sc, TexCoord: sdl.FPoint{X: u1, Y: v1}}
			vs[3] = sdl.Vertex{Position: sdl.FPoint{X: x0, Y: y1}, Color: sc, TexCoord: sdl.FPoint{X: u0, Y: v1}}
			fan(idx, first, 4)
		}
		penX += g.advance / f.over
	}
	return penX, base - f.ascent
}

// decodeRune decodes the first UTF-8 rune of s, as utf8.DecodeRune, for
// strings and byte slices alike without converting (which would allocate).
func decodeRune[S string | []byte](s S) (rune, int) {
	if s[0] < utf8.RuneSelf {
		return rune(s[0]), 1
	}
	var b [utf8.UTFMax]byte
	n := copy(b[:], s)
	return utf8.DecodeRune(b[:n])
}

// kern returns the kerning between two glyphs in canvas units; 0 after no
// glyph, or when the font has no kerning table.
func (f *Face) kern(prev, next sfnt.GlyphIndex) float64 {
	if prev == 0 {
		return 0
	}
	k, err := f.font.sf.Kern(&f.buf, prev, next, f.ppem, font.HintingFull)
	if err != nil {
		return 0
	}
	return fixed26(k) / f.over
}

// lookup returns r's index in f.glyphs, rasterising it into the atlas
// first if it is new (added).
func (f *Face) lookup(r rune) (gi int32, added bool, err error) {
	if r >= 0 && r < 128 {
		if i := f.ascii[r]; i > 0 {
			return i - 1, false, nil
		}
	} else if i, ok := f.more[r]; ok {
		return i - 1, false, nil
	}
	if err := f.rasterise(r); err != nil {
		return 0, false, err
	}
	gi = int32(len(f.glyphs) - 1)
	if r >= 0 && r < 128 {
		f.ascii[r] = gi + 1
	} else {
		f.more[r] = gi + 1
	}
	return gi, true, nil
}

// rasterise draws r's glyph into the next free place in the atlas (a
// shelf packer with a pixel of space around each glyph, so that linear
// filtering does not bleed in neighbours) and appends it to f.glyphs.
func (f *Face) rasterise(r rune) error {
	index, err := f.font.sf.GlyphIndex(&f.buf, r)
	if err != nil {
		return fmt.Errorf("sdl2: font %s: glyph for %q: %w", f.font.name, r, err)
	}
	// Measured before it is drawn: a glyph larger than any atlas is
	// refused before its pixels are made.
	if b, _, ok := f.raster.GlyphBounds(r); ok {
		side := f.c.atlasSide()
		if w, h := (b.Max.X - b.Min.X).Ceil(), (b.Max.Y - b.Min.Y).Ceil(); w+4 > f.atlas.img.Rect.Dx() || h+4 > side {
			return fmt.Errorf("sdl2: font %s at %v: glyph %q is %d×%d pixels, more than its atlas (%d wide, at most %d high); use a smaller size",
				f.font.name, f.size, r, w, h, f.atlas.img.Rect.Dx(), side)
		}
	}
	// A rune the font lacks draws its .notdef glyph (index 0), a box.
	dr, mask, mp, advance, _ := f.raster.Glyph(fixed.Point26_6{}, r)
	if mask == nil {
		dr = image.Rectangle{}
	}
	w, h := dr.Dx(), dr.Dy()
	img := f.atlas.img
	if w+2 > img.Rect.Dx() {
		return fmt.Errorf("sdl2: font %s: glyph %q is %d pixels wide, more than its atlas; use a smaller size", f.font.name, r, w)
	}
	if f.shelfX+w+1 > img.Rect.Dx() {
		f.shelfX, f.shelfY, f.shelfH = 1, f.shelfY+f.shelfH+1, 0
	}
	for f.shelfY+h+1 > img.Rect.Dy() {
		if err := f.growAtlas(); err != nil {
			return err
		}
		img = f.atlas.img
	}
	x, y := f.shelfX, f.shelfY
	if w > 0 && h > 0 {
		rect := image.Rect(x, y, x+w, y+h)
		draw.DrawMask(img, rect, image.White, image.Point{}, mask, mp, draw.Src)
		if t := f.atlas.tex; t != nil {
			sr := sdl.Rect{X: int32(x), Y: int32(y), W: int32(w), H: int32(h)}
			if err := t.Update(&sr, unsafe.Pointer(&img.Pix[img.PixOffset(x, y)]), img.Stride); err != nil {
				return fmt.Errorf("sdl2: font %s: upload glyph %q: %w", f.font.name, r, err)
			}
		}
	}
	f.shelfX += w + 1
	f.shelfH = max(f.shelfH, h)
	f.glyphs = append(f.glyphs, glyph{index: index, x: int32(x), y: int32(y), w: int32(w), h: int32(h),
		dx: float64(dr.Min.X), dy: float64(dr.Min.Y), advance: fixed26(advance)})
	return nil
}

// growAtlas doubles the atlas's height, keeping the glyphs where they are.
// The texture is made again, when next drawn.
func (f *Face) growAtlas() error {
	old := f.atlas.img
	h := 2 * old.Rect.Dy()
	if h > f.c.atlasSide() {
		return fmt.Errorf("sdl2: font %s at %v: the glyph atlas is full at %d×%d; draw fewer distinct glyphs at this size",
			f.font.name, f.size, old.Rect.Dx(), old.Rect.Dy())
	}
	img, err := f.newAtlas(old.Rect.Dx(), h)
	if err != nil {
		return err
	}
	copy(img.Pix, old.Pix)
	f.c.drop(f.atlas.tex)
	f.atlas.unload()
	f.atlas.img = img
	return nil
}
