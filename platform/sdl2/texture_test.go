package sdl2

import (
	"errors"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

func writeFile(t *testing.T, path string, data []byte) {
	t.Helper()
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// encodeFile writes img to path with encode.
func encodeFile(t *testing.T, path string, img image.Image, encode func(f *os.File, img image.Image) error) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := encode(f, img); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}

func TestLoadTextureDecodesPNGAndJPEG(t *testing.T) {
	dir := t.TempDir()
	// Four flat 16×16 quarters, so that JPEG's blocks keep their colours.
	src := image.NewNRGBA(image.Rect(0, 0, 32, 32))
	for y := range 32 {
		for x := range 32 {
			src.Set(x, y, []color.RGBA{red, green, blue, white}[(y/16)*2+x/16])
		}
	}
	encodeFile(t, filepath.Join(dir, "quad.png"), src, func(f *os.File, img image.Image) error { return png.Encode(f, img) })
	encodeFile(t, filepath.Join(dir, "quad.jpg"), src, func(f *os.File, img image.Image) error {
		return jpeg.Encode(f, img, &jpeg.Options{Quality: 95})
	})
	w := openHeadless(t, Options{})
	for _, tt := range []struct {
		file string
		tol  int
	}{{"quad.png", 0}, {"quad.jpg", 12}} {
		var tex *Texture
		var err error
		onMain(func() { tex, err = w.Canvas().LoadTexture(filepath.Join(dir, tt.file), TextureOptions{}) })
		if err != nil {
			t.Fatalf("LoadTexture(%s): %v", tt.file, err)
		}
		if x, y := onMain2(tex.Size); x != 32 || y != 32 {
			t.Errorf("%s: Size() = %d×%d, want 32×32", tt.file, x, y)
		}
		img := drawAndRead(t, w, func(c *Canvas) {
			c.Clear(black)
			c.DrawSpritePx(Sprite{Texture: tex}, 100, 100, 0)
		})
		checkPixels(t, img, tt.tol, []pixelWant{
			{tt.file + " top left", 108, 108, red}, {tt.file + " top right", 124, 108, green},
			{tt.file + " bottom left", 108, 124, blue}, {tt.file + " bottom right", 124, 124, white},
			{tt.file + " outside", 140, 140, black},
		})
	}
}

func TestLoadTextureSaysWhatWentWrong(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "notes.png"), []byte("not an image at all"))
	// BMP: a format Go's standard library does not decode.
	writeFile(t, filepath.Join(dir, "image.bmp"), append([]byte("BM"), make([]byte, 64)...))
	w := openHeadless(t, Options{})
	for _, tt := range []struct {
		file    string
		want    string
		notExit bool
	}{
		{"missing.png", "no such file", true},
		{"notes.png", "PNG and JPEG files are supported", false},
		{"image.bmp", "PNG and JPEG files are supported", false},
	} {
		var err error
		onMain(func() { _, err = w.Canvas().LoadTexture(filepath.Join(dir, tt.file), TextureOptions{}) })
		if err == nil || !strings.Contains(err.Error(), tt.want) || errors.Is(err, fs.ErrNotExist) != tt.notExit {
			t.Errorf("LoadTexture(%s) = %v, want an error mentioning %q", tt.file, err, tt.want)
		}
	}
}

func TestScreenshotsOfSpritesAndText(t *testing.T) {
	// Not a pixel check (the other tests are): a picture of every sprite
	// feature and of text at several sizes, for a person to look at.
	w := openHeadless(t, Options{Width: 640, Height: 360})
	ship := newTexture(t, w, shipImage(), TextureOptions{})
	smooth := newTexture(t, w, shipImage(), TextureOptions{Filter: FilterLinear})
	glow := newTexture(t, w, glowImage(32), TextureOptions{Filter: FilterLinear})
	font := goRegular(t)
	small, big := newFace(t, w, font, 14), newFace(t, w, font, 40)
	onMain(func() {
		c := w.Canvas()
		c.Clear(color.RGBA{30, 34, 48, 255})
		c.SetTransform(Camera{Zoom: 1}.Transform(c.Size()))
		s := Sprite{Texture: ship, Origin: mgl64.Vec2{8, 8}, Scale: mgl64.Vec2{4, 4}}
		for i := range 8 {
			c.DrawSprite(s, mgl64.Vec2{-260 + float64(i)*70, 100}, float64(i)*mgl64.DegToRad(45)/2)
		}
		l := s
		l.Texture = smooth
		c.DrawSprite(l, mgl64.Vec2{-260, 10}, 0.3)
		fx := s
		fx.FlipX = true
		c.DrawSprite(fx, mgl64.Vec2{-190, 10}, 0)
		fy := s
		fy.FlipY = true
		c.DrawSprite(fy, mgl64.Vec2{-120, 10}, 0)
		tint := s
		tint.Tint = color.RGBA{255, 120, 120, 255}
		c.DrawSprite(tint, mgl64.Vec2{-50, 10}, 0)
		half := s
		half.Tint = color.RGBA{255, 255, 255, 100}
		c.DrawSprite(half, mgl64.Vec2{20, 10}, 0)
		part := s
		part.Src, part.Origin = image.Rect(0, 0, 8, 8), mgl64.Vec2{4, 4}
		c.DrawSprite(part, mgl64.Vec2{90, 10}, 0)
		big2 := s
		big2.Scale = mgl64.Vec2{8, 3}
		c.DrawSprite(big2, mgl64.Vec2{190, 10}, 0)
		for i, b := range []Blend{BlendAlpha, BlendAdd, BlendMultiply, BlendNone} {
			x := -240 + float64(i)*150
			c.Box(mgl64.Vec2{x, -80}, mgl64.Vec2{40, 20}, 0, color.RGBA{90, 160, 220, 255})
			c.DrawSprite(Sprite{Texture: glow, Origin: mgl64.Vec2{16, 16}, Scale: mgl64.Vec2{2.5, 2.5}, Blend: b,
				Tint: color.RGBA{255, 180, 60, 255}}, mgl64.Vec2{x, -80}, 0)
			c.DrawText(small, 320+x-38, 180+80+22, b.String(), white)
		}
		c.DrawText(big, 10, 300, "Sprites & TrueType", white)
		c.DrawText(small, 400, 320, "Go Regular 14: the quick brown fox, ÆØÅ ñ ü", color.RGBA{200, 220, 255, 255})
		c.DrawSpritePx(Sprite{Texture: ship, Scale: mgl64.Vec2{2, 2}}, 600, 4, 0)
	})
	saveForReview(t, w, "sprites.png")
}

// shipImage is a 16×16 arrow-like ship pointing up with a red nose and a
// yellow left wing tip (so that flips show), drawn here (no art is
// copied), transparent around it.
func shipImage() *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, 16, 16))
	for y := range 16 {
		half := y / 2 // widens downwards
		for x := 8 - half - 1; x <= 8+half; x++ {
			if x < 0 || x > 15 {
				continue
			}
			col := color.NRGBA{200, 210, 230, 255}
			switch {
			case y < 4:
				col = color.NRGBA{230, 60, 50, 255}
			case y > 12 && x < 3:
				col = color.NRGBA{250, 210, 40, 255}
			case y > 12 && (x < 5 || x > 10):
				col = color.NRGBA{90, 100, 140, 255}
			}
			img.SetNRGBA(x, y, col)
		}
	}
	return img
}

// glowImage is a white disc fading out from its centre.
func glowImage(n int) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, n, n))
	r := float64(n) / 2
	for y := range n {
		for x := range n {
			dx, dy := float64(x)+0.5-r, float64(y)+0.5-r
			a := max(0, 1-(dx*dx+dy*dy)/(r*r))
			img.SetNRGBA(x, y, color.NRGBA{255, 255, 255, uint8(255 * a)})
		}
	}
	return img
}
