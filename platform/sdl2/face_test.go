package sdl2

import (
	"errors"
	"image"
	"io/fs"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/image/font/gofont/goregular"
)

func goRegular(t testing.TB) *Font {
	t.Helper()
	f, err := ParseFont(goregular.TTF)
	if err != nil {
		t.Fatalf("ParseFont(goregular.TTF): %v", err)
	}
	return f
}

// newFace makes a face on the main thread or fails the test.
func newFace(t *testing.T, w *Window, f *Font, size float64) *Face {
	t.Helper()
	var face *Face
	var err error
	onMain(func() { face, err = w.Canvas().Face(f, size) })
	if err != nil {
		t.Fatalf("Face(%s, %v): %v", f.Name(), size, err)
	}
	return face
}

// litPixels counts the pixels in r brighter than dark gray.
func litPixels(img *image.RGBA, r image.Rectangle) int {
	n := 0
	r = r.Intersect(img.Rect)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if img.RGBAAt(x, y).R > 64 {
				n++
			}
		}
	}
	return n
}

// litBounds is the smallest rectangle holding every lit pixel.
func litBounds(img *image.RGBA) image.Rectangle {
	var b image.Rectangle
	for y := img.Rect.Min.Y; y < img.Rect.Max.Y; y++ {
		for x := img.Rect.Min.X; x < img.Rect.Max.X; x++ {
			if img.RGBAAt(x, y).R > 64 {
				b = b.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	return b
}

func TestFaceMeasures(t *testing.T) {
	w := openHeadless(t, Options{})
	font := goRegular(t)
	if font.Name() != "Go Regular" {
		t.Errorf("Name() = %q, want Go Regular", font.Name())
	}
	f12, f24, f48 := newFace(t, w, font, 12), newFace(t, w, font, 24), newFace(t, w, font, 48)
	for _, f := range []*Face{f12, f24, f48} {
		var asc, desc, line, size float64
		onMain(func() { asc, desc, line, size = f.Ascent(), f.Descent(), f.LineHeight(), f.Size() })
		if asc <= size/2 || desc <= 0 || line < asc+desc || line > 1.5*size {
			t.Errorf("size %v: ascent %v, descent %v, line height %v: want ascent > size/2, descent > 0, ascent+descent ≤ line ≤ 1.5 size",
				size, asc, desc, line)
		}
	}
	var widths [3]float64
	onMain(func() {
		for i, f := range []*Face{f12, f24, f48} {
			widths[i] = f.Width("Hamburgefonstiv")
		}
	})
	if r := widths[2] / widths[1]; math.Abs(r-2) > 0.05 {
		t.Errorf("width at 48 / width at 24 = %v, want 2 (±0.05)", r)
	}
	if r := widths[1] / widths[0]; math.Abs(r-2) > 0.15 {
		t.Errorf("width at 24 / width at 12 = %v, want 2 (±0.15: hinting rounds advances to whole pixels)", r)
	}
	tests := []struct {
		name string
		got  func(f *Face) float64
		want func(f *Face) float64
	}{
		{"nothing", func(f *Face) float64 { return f.Width("") }, func(*Face) float64 { return 0 }},
		{"the longest line", func(f *Face) float64 { return f.Width("ab\nabcd\nabc") }, func(f *Face) float64 { return f.Width("abcd") }},
		{"a trailing newline", func(f *Face) float64 { return f.Width("abc\n") }, func(f *Face) float64 { return f.Width("abc") }},
		{"two parts", func(f *Face) float64 { return f.Width("abcdef") }, func(f *Face) float64 { return f.Width("abc") + f.Width("def") }},
		{"W wider than i", func(f *Face) float64 { return math.Copysign(1, f.Width("WW")-f.Width("ii")) }, func(*Face) float64 { return 1 }},
		{"a rune the font lacks has a width", func(f *Face) float64 { return math.Copysign(1, f.Width("\u4e2d")) }, func(*Face) float64 { return 1 }},
	}
	for _, tt := range tests {
		var got, want float64
		onMain(func() { got, want = tt.got(f24), tt.want(f24) })
		if math.Abs(got-want) > 1e-9 {
			t.Errorf("%s: %v, want %v", tt.name, got, want)
		}
	}
}

func TestDrawTextStaysWithinItsMeasure(t *testing.T) {
	for _, r := range renderers {
		t.Run(r.name, func(t *testing.T) {
			w := openHeadless(t, Options{Width: 480, Height: 240, Software: r.software})
			f := newFace(t, w, goRegular(t), 32)
			for _, s := range []string{"Hello, world", "jumpy Quiz", "two\nlines", "Ünïcödé ÆØÅ ß"} {
				const x0, y0 = 20, 30
				var endX, endY, width float64
				img := drawAndRead(t, w, func(c *Canvas) {
					c.Clear(black)
					endX, endY = c.DrawText(f, x0, y0, s, white)
					width = f.Width(s)
				})
				lineHeight := onMain1(f.LineHeight)
				lines := float64(strings.Count(s, "\n") + 1)
				b := litBounds(img)
				want := image.Rect(x0-2, y0, x0+int(math.Ceil(width))+2, y0+int(math.Ceil(lines*lineHeight)))
				if b.Empty() || !b.In(want) {
					t.Errorf("%q: lit pixels span %v, want within %v (x, y, x+Width, y+lines×LineHeight)", s, b, want)
				}
				if b.Max.X < x0+int(width)-8 || b.Min.X > x0+4 {
					t.Errorf("%q: lit pixels span x %d..%d, want about %d..%v", s, b.Min.X, b.Max.X, x0, x0+width)
				}
				if lines == 1 && (math.Abs(endX-x0-width) > 1e-9 || endY != y0) {
					t.Errorf("%q: DrawText ended at (%v, %v), want (x0+Width, y0) = (%v, %v)", s, endX, endY, x0+width, float64(y0))
				}
				if lines == 2 && endY != y0+lineHeight {
					t.Errorf("%q: DrawText ended on y %v, want the second line's top %v", s, endY, y0+lineHeight)
				}
				saveForReview(t, w, "text-"+r.name+".png")
			}
		})
	}
}

func TestDrawTextBytesDrawsAsDrawText(t *testing.T) {
	w := openHeadless(t, Options{})
	f := newFace(t, w, goRegular(t), 20)
	a := drawAndRead(t, w, func(c *Canvas) { c.Clear(black); c.DrawText(f, 5, 5, "12.5 fps é", white) })
	b := drawAndRead(t, w, func(c *Canvas) { c.Clear(black); c.DrawTextBytes(f, 5, 5, []byte("12.5 fps é"), white) })
	if litPixels(a, a.Rect) == 0 || string(a.Pix) != string(b.Pix) {
		t.Error("DrawTextBytes drew other pixels than DrawText, or nothing")
	}
}

func TestFacesAreCachedPerFontAndSize(t *testing.T) {
	w := openHeadless(t, Options{})
	font, other := goRegular(t), goRegular(t)
	a, b := newFace(t, w, font, 18), newFace(t, w, font, 18)
	c, d := newFace(t, w, font, 19), newFace(t, w, other, 18)
	if a != b || a == c || a == d {
		t.Errorf("Face(f, 18) twice: same %v; Face(f, 19) differs %v; another font's differs %v", a == b, a != c, a != d)
	}
}

func TestFaceAtlasGrowsForNewGlyphs(t *testing.T) {
	w := openHeadless(t, Options{Width: 320, Height: 240})
	font := goRegular(t)
	f := newFace(t, w, font, 80)
	startH := f.atlas.img.Rect.Dy()
	var many []rune
	for r := rune(0x100); r < 0x500; r++ {
		many = append(many, r)
	}
	var err error
	onMain(func() {
		c := w.Canvas()
		for i := 0; i < len(many); i += 20 {
			c.Clear(black)
			c.DrawText(f, 0, 0, string(many[i:min(i+20, len(many))]), white)
			if e := c.Flush(); e != nil && err == nil {
				err = e
			}
		}
	})
	if err != nil {
		t.Fatalf("drawing %d new glyphs: %v", len(many), err)
	}
	if h := f.atlas.img.Rect.Dy(); h <= startH {
		t.Fatalf("atlas height %d after %d new glyphs, want more than %d", h, len(many), startH)
	}
	// The last glyph added, and an ASCII one from before the growth, draw
	// as they do on a fresh face whose atlas never grew.
	fw := openHeadless(t, Options{})
	fresh := newFace(t, fw, goRegular(t), 80)
	for _, s := range []string{string(many[len(many)-1]), "Zg"} {
		a := drawAndRead(t, w, func(c *Canvas) { c.Clear(black); c.DrawText(f, 10, 10, s, white) })
		b := drawAndRead(t, fw, func(c *Canvas) { c.Clear(black); c.DrawText(fresh, 10, 10, s, white) })
		if na, nb := litPixels(a, a.Rect), litPixels(b, b.Rect); na == 0 || na != nb {
			t.Errorf("%q: %d lit pixels from the grown atlas, %d from a fresh one", s, na, nb)
		}
	}
}

func TestFaceAtALogicalSizeIsSharpOnTheDrawable(t *testing.T) {
	// 640×480 pixels showing a 320×240 canvas: 2 pixels a unit. The face
	// is rasterised at 2× so that its atlas pixels land on drawable pixels.
	w := openHeadless(t, Options{Width: 640, Height: 480, LogicalWidth: 320, LogicalHeight: 240})
	plain := openHeadless(t, Options{Width: 640, Height: 480})
	font := goRegular(t)
	f, g := newFace(t, w, font, 20), newFace(t, plain, font, 40)
	if f.over != 2 || g.over != 1 {
		t.Fatalf("raster scale %v at 2 pixels a unit, %v at 1; want 2 and 1", f.over, g.over)
	}
	var wf, wg float64
	onMain(func() { wf, wg = f.Width("Sharp text"), g.Width("Sharp text") })
	if math.Abs(2*wf-wg) > 1e-9 {
		t.Errorf("Width at size 20 on a 2× canvas = %v units, want half the width at 40 on a 1× one, %v", wf, wg/2)
	}
	a := drawAndRead(t, w, func(c *Canvas) { c.Clear(black); c.DrawText(f, 10, 10, "Sharp text", white) })
	b := drawAndRead(t, plain, func(c *Canvas) { c.Clear(black); c.DrawText(g, 20, 20, "Sharp text", white) })
	if string(a.Pix) != string(b.Pix) {
		t.Error("text at 20 units on a 2× canvas differs from text at 40 pixels: it was not rasterised for the drawable")
	}
	saveForReview(t, w, "text-logical-2x.png")

	// At a new scale the same face rasterises again: 160×120 on 640×480
	// is 4 pixels a unit, and size 20 draws as 80 pixels do.
	var err error
	onMain(func() { err = w.SetLogicalSize(160, 120, false) })
	if err != nil {
		t.Fatal(err)
	}
	h := newFace(t, plain, font, 80)
	a = drawAndRead(t, w, func(c *Canvas) { c.Clear(black); c.DrawText(f, 5, 5, "Sharp text", white) })
	b = drawAndRead(t, plain, func(c *Canvas) { c.Clear(black); c.DrawText(h, 20, 20, "Sharp text", white) })
	if f.over != 4 || string(a.Pix) != string(b.Pix) {
		t.Errorf("after the scale went to 4: the face rasterises at %v, and draws as 80 pixels do: %v", f.over, string(a.Pix) == string(b.Pix))
	}
	var wf4 float64
	onMain(func() { wf4 = f.Width("Sharp text") })
	// Hinting rounds each advance to a whole raster pixel: up to half a
	// pixel a glyph, 10 glyphs at 2×.
	if math.Abs(wf4-wf) > 10*0.5/2 {
		t.Errorf("Width at 4× = %v units, at 2× %v: want the same within hinting's rounding", wf4, wf)
	}
}

func TestFontAndFaceMistakes(t *testing.T) {
	if _, err := ParseFont([]byte("not a font")); err == nil || !strings.Contains(err.Error(), "TrueType or OpenType") {
		t.Errorf("ParseFont(garbage) = %v, want an error naming the formats", err)
	}
	if _, err := LoadFont(filepath.Join(t.TempDir(), "missing.ttf")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("LoadFont(missing) = %v, want fs.ErrNotExist", err)
	}
	path := filepath.Join(t.TempDir(), "go.ttf")
	writeFile(t, path, goregular.TTF)
	if f, err := LoadFont(path); err != nil || f.Name() != "Go Regular" {
		t.Errorf("LoadFont(go.ttf) = %v, %v", f, err)
	}
	w := openHeadless(t, Options{})
	font := goRegular(t)
	for _, tt := range []struct {
		font *Font
		size float64
		want string
	}{
		{nil, 12, "font is nil"},
		{font, 0, "want a size"},
		{font, -3, "want a size"},
		{font, math.NaN(), "want a size"},
		{font, 5000, "want a size"},
	} {
		var err error
		onMain(func() { _, err = w.Canvas().Face(tt.font, tt.size) })
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Face(%v, %v) = %v, want an error mentioning %q", tt.font, tt.size, err, tt.want)
		}
	}
	other := newFace(t, openHeadless(t, Options{}), font, 12)
	for _, f := range []*Face{nil, other} {
		var err error
		onMain(func() {
			w.Canvas().DrawText(f, 0, 0, "x", white)
			err = w.Canvas().Flush()
		})
		if err == nil || !strings.Contains(err.Error(), "face of another canvas, or none") {
			t.Errorf("DrawText with face %p: Flush = %v", f, err)
		}
	}
}
