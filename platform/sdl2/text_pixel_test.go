package sdl2

import (
	"image"
	"image/color"
	"testing"
)

// TestTextOffThePixelGridDrawsWholeGlyphs draws a line of text at a
// fractional position, as a layout stepping 1.5 lines at a time does, and
// at that position rounded: the glyphs must be the same pixels. The
// software renderer sampled neighbouring atlas cells for some glyphs of a
// line at y = 32.5 (the waiting screen's second line showed "g?me").
func TestTextOffThePixelGridDrawsWholeGlyphs(t *testing.T) {
	w := openHeadless(t, Options{Width: 1280, Height: 64})
	const line = "the other players start this game with -lobby 127.0.0.1:17800 -code EDL7VGV5PWYVWPOF reached"
	draw := func(x, y float64) *image.RGBA {
		var img *image.RGBA
		var err error
		onMain(func() {
			c := w.Canvas()
			c.Clear(color.RGBA{0, 0, 0, 255})
			c.Text(x, y, line, white)
			img, err = w.Image()
		})
		if err != nil {
			t.Fatalf("Image: %v", err)
		}
		return img
	}
	for _, at := range []struct{ x, y, rx, ry float64 }{
		{13, 32.5, 13, 33}, {13.5, 20, 14, 20}, {10.25, 20.25, 10, 20},
	} {
		got, want := draw(at.x, at.y), draw(at.rx, at.ry)
		diff := 0
		for y := range want.Bounds().Dy() {
			for x := range want.Bounds().Dx() {
				if got.RGBAAt(x, y) != want.RGBAAt(x, y) {
					diff++
				}
			}
		}
		if diff > 0 {
			t.Errorf("Text at (%v, %v) differs from Text at (%v, %v) in %d pixels: want glyphs on whole pixels", at.x, at.y, at.rx, at.ry, diff)
		}
	}
}
