package sdl2

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/veandco/go-sdl2/sdl"
)

var (
	black = color.RGBA{0, 0, 0, 255}
	gray  = color.RGBA{100, 100, 100, 255}
)

// renderers are the two render paths every pixel test runs on: OpenGL
// (llvmpipe headless) and SDL's software renderer.
var renderers = []struct {
	name     string
	software bool
}{{"gpu", false}, {"software", true}}

// quadImage is 4×4 texels in quarters: red, green on top; blue, white
// below. (Not 2×2: SDL 2.26's software renderer samples a 2×2 texture
// turned by any angle as its first texel throughout; 4×4 and larger draw
// right.)
func quadImage() *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, 4, 4))
	for y := range 4 {
		for x := range 4 {
			img.Set(x, y, []color.RGBA{red, green, blue, white}[(y/2)*2+x/2])
		}
	}
	return img
}

// quad draws quadImage 80 units square about its centre.
var quad = Sprite{Origin: mgl64.Vec2{2, 2}, Scale: mgl64.Vec2{20, 20}}

// stripImage is 4×1 texels, one colour each: an atlas of four cells.
func stripImage() *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, 4, 1))
	for i, c := range []color.RGBA{red, green, blue, white} {
		img.Set(i, 0, c)
	}
	return img
}

func solidImage(w, h int, c color.Color) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.Set(x, y, c)
		}
	}
	return img
}

// near reports whether two colours differ by at most tol in each channel.
func near(got, want color.RGBA, tol int) bool {
	d := func(a, b uint8) bool { return int(a)-int(b) <= tol && int(b)-int(a) <= tol }
	return d(got.R, want.R) && d(got.G, want.G) && d(got.B, want.B)
}

type pixelWant struct {
	name string
	x, y int
	want color.RGBA
}

func checkPixels(t *testing.T, img *image.RGBA, tol int, wants []pixelWant) {
	t.Helper()
	for _, p := range wants {
		if got := img.RGBAAt(p.x, p.y); !near(got, p.want, tol) {
			t.Errorf("%s: pixel (%d, %d) = %v, want %v", p.name, p.x, p.y, got, p.want)
		}
	}
}

// drawAndRead runs draw on the main thread, then reads the pixels back.
func drawAndRead(t *testing.T, w *Window, draw func(c *Canvas)) *image.RGBA {
	t.Helper()
	var img *image.RGBA
	var err error
	onMain(func() {
		draw(w.Canvas())
		img, err = w.Image()
	})
	if err != nil {
		t.Fatalf("drawing: %v", err)
	}
	return img
}

// newTexture makes a texture on the main thread or fails the test.
func newTexture(t *testing.T, w *Window, img image.Image, opts TextureOptions) *Texture {
	t.Helper()
	var tex *Texture
	var err error
	onMain(func() { tex, err = w.Canvas().NewTexture(img, opts) })
	if err != nil {
		t.Fatalf("NewTexture: %v", err)
	}
	return tex
}

func TestSpritePlacement(t *testing.T) {
	// On a 320×240 canvas under Camera{Zoom: 1}, world (0, 0) is pixel
	// (160, 120) and world y points up. The 2×2 quad image at 40 units a
	// texel covers 80×80; sampled at the middle of each quarter.
	quarters := func(tl, tr, bl, br color.RGBA) []pixelWant {
		return []pixelWant{
			{"top left", 140, 100, tl}, {"top right", 180, 100, tr},
			{"bottom left", 140, 140, bl}, {"bottom right", 180, 140, br},
		}
	}
	tests := []struct {
		name  string
		tweak func(s *Sprite)
		pos   mgl64.Vec2
		angle float64
		wants []pixelWant
	}{
		{"upright under a y-up camera", nil, mgl64.Vec2{}, 0, quarters(red, green, blue, white)},
		{"turned a quarter counter-clockwise", nil, mgl64.Vec2{}, math.Pi / 2, quarters(green, white, red, blue)},
		{"turned half round", nil, mgl64.Vec2{}, math.Pi, quarters(white, blue, green, red)},
		{"flipped across", func(s *Sprite) { s.FlipX = true }, mgl64.Vec2{}, 0, quarters(green, red, white, blue)},
		{"flipped upside down", func(s *Sprite) { s.FlipY = true }, mgl64.Vec2{}, 0, quarters(blue, white, red, green)},
		{"moved by the position, y up", nil, mgl64.Vec2{100, 60}, 0, []pixelWant{
			{"top left", 240, 40, red}, {"bottom right", 280, 80, white}, {"old place", 140, 100, black}}},
		{"origin at the top-left corner", func(s *Sprite) { s.Origin = mgl64.Vec2{} }, mgl64.Vec2{}, 0, []pixelWant{
			{"top left", 180, 140, red}, {"bottom right", 220, 180, white}, {"above the origin", 150, 110, black}}},
		{"scaled unevenly", func(s *Sprite) { s.Scale = mgl64.Vec2{20, 5} }, mgl64.Vec2{}, 0, []pixelWant{
			{"top left", 140, 115, red}, {"bottom right", 180, 125, white}, {"outside, above", 140, 105, black}}},
		{"tinted", func(s *Sprite) { s.Tint = color.RGBA{255, 0, 0, 255} }, mgl64.Vec2{}, 0,
			quarters(red, black, black, red)},
		{"half transparent by the tint's alpha", func(s *Sprite) { s.Tint = color.RGBA{255, 255, 255, 128} }, mgl64.Vec2{}, 0,
			quarters(color.RGBA{128, 0, 0, 255}, color.RGBA{0, 128, 0, 255}, color.RGBA{0, 0, 128, 255}, color.RGBA{128, 128, 128, 255})},
	}
	for _, r := range renderers {
		t.Run(r.name, func(t *testing.T) {
			w := openHeadless(t, Options{Software: r.software})
			tex := newTexture(t, w, quadImage(), TextureOptions{})
			for _, tt := range tests {
				s := quad
				s.Texture = tex
				if tt.tweak != nil {
					tt.tweak(&s)
				}
				img := drawAndRead(t, w, func(c *Canvas) {
					c.Clear(black)
					c.SetTransform(Camera{Zoom: 1}.Transform(c.Size()))
					c.DrawSprite(s, tt.pos, tt.angle)
				})
				t.Run(tt.name, func(t *testing.T) { checkPixels(t, img, 2, tt.wants) })
			}
		})
	}
}

func TestSpriteFromAnAtlasCell(t *testing.T) {
	w := openHeadless(t, Options{})
	tex := newTexture(t, w, stripImage(), TextureOptions{})
	for cell, want := range []color.RGBA{red, green, blue, white} {
		img := drawAndRead(t, w, func(c *Canvas) {
			c.Clear(black)
			c.SetTransform(Camera{Zoom: 1}.Transform(c.Size()))
			c.DrawSprite(Sprite{Texture: tex, Src: image.Rect(cell, 0, cell+1, 1), Origin: mgl64.Vec2{0.5, 0.5},
				Scale: mgl64.Vec2{40, 40}}, mgl64.Vec2{}, 0)
		})
		checkPixels(t, img, 2, []pixelWant{
			{fmt.Sprintf("cell %d, middle", cell), 160, 120, want},
			{fmt.Sprintf("cell %d, left edge", cell), 142, 120, want},
			{fmt.Sprintf("cell %d, right edge", cell), 178, 120, want},
			{"beside the cell", 185, 120, black},
		})
	}
}

func TestSpriteInCanvasUnits(t *testing.T) {
	// y down, angles clockwise: under the identity DrawSprite and
	// DrawSpritePx agree.
	w := openHeadless(t, Options{})
	tex := newTexture(t, w, quadImage(), TextureOptions{})
	s := Sprite{Texture: tex, Scale: mgl64.Vec2{5, 5}, Origin: mgl64.Vec2{2, 2}}
	for _, screen := range []bool{false, true} {
		for _, tt := range []struct {
			angle float64
			wants []pixelWant
		}{
			{0, []pixelWant{{"top left", 45, 45, red}, {"top right", 55, 45, green}, {"bottom right", 55, 55, white}}},
			{math.Pi / 2, []pixelWant{{"top left", 45, 45, blue}, {"top right", 55, 45, red}, {"bottom right", 55, 55, green}}},
		} {
			img := drawAndRead(t, w, func(c *Canvas) {
				c.Clear(black)
				c.SetTransform(Camera{Zoom: 1}.Transform(c.Size())) // DrawSpritePx must ignore it
				if screen {
					c.DrawSpritePx(s, 50, 50, tt.angle)
				} else {
					c.SetTransform(mgl64.Ident3())
					c.DrawSprite(s, mgl64.Vec2{50, 50}, tt.angle)
				}
			})
			t.Run(fmt.Sprintf("screen %v angle %.2f", screen, tt.angle), func(t *testing.T) { checkPixels(t, img, 2, tt.wants) })
		}
	}
}

func TestTextureFilters(t *testing.T) {
	// Two texels, black and white, stretched over 200×100 pixels: nearest
	// switches at x = 100; linear ramps between the texel centres at 50
	// and 150.
	src := image.NewNRGBA(image.Rect(0, 0, 2, 1))
	src.Set(0, 0, black)
	src.Set(1, 0, white)
	for _, r := range renderers {
		t.Run(r.name, func(t *testing.T) {
			w := openHeadless(t, Options{Software: r.software})
			tex := newTexture(t, w, src, TextureOptions{})
			read := func() (left, mid, quarter uint8) {
				img := drawAndRead(t, w, func(c *Canvas) {
					c.Clear(gray)
					c.DrawSpritePx(Sprite{Texture: tex, Scale: mgl64.Vec2{100, 100}}, 0, 0, 0)
				})
				return img.RGBAAt(98, 50).R, img.RGBAAt(100, 50).R, img.RGBAAt(75, 50).R
			}
			left, mid, quarter := read()
			if left != 0 || (mid != 0 && mid != 255) || quarter != 0 {
				t.Errorf("nearest: x=98 %d, x=100 %d, x=75 %d; want 0, 0 or 255, 0", left, mid, quarter)
			}
			var err error
			onMain(func() { err = tex.SetFilter(FilterLinear) })
			if err != nil || onMain1(tex.Filter) != FilterLinear {
				t.Fatalf("SetFilter(FilterLinear) = %v, Filter() = %v", err, onMain1(tex.Filter))
			}
			_, mid, quarter = read()
			if r.software {
				// SDL 2.26's software renderer draws textured triangles
				// with nearest sampling whatever the texture's filter.
				t.Logf("software renderer, linear: x=100 %d, x=75 %d", mid, quarter)
				return
			}
			if mid < 100 || mid > 156 || quarter < 40 || quarter > 90 {
				t.Errorf("linear: x=100 %d, x=75 %d; want about 128 and 64", mid, quarter)
			}
		})
	}
}

func TestBlendModes(t *testing.T) {
	// A sprite of (200, 50, 0) at alpha 128 over gray 100.
	over := color.NRGBA{200, 50, 0, 128}
	a := 128.0 / 255
	mix := func(f func(src, dst float64) float64) color.RGBA {
		ch := func(s uint8) uint8 { return uint8(math.Round(min(255, f(float64(s), 100)))) }
		return color.RGBA{ch(over.R), ch(over.G), ch(over.B), 255}
	}
	tests := []struct {
		blend Blend
		want  color.RGBA
	}{
		{BlendAlpha, mix(func(s, d float64) float64 { return s*a + d*(1-a) })},
		{BlendAdd, mix(func(s, d float64) float64 { return s*a + d })},
		{BlendMultiply, mix(func(s, d float64) float64 { return s*d/255 + d*(1-a) })},
		{BlendNone, color.RGBA{200, 50, 0, 255}},
	}
	for _, r := range renderers {
		t.Run(r.name, func(t *testing.T) {
			w := openHeadless(t, Options{Software: r.software})
			tex := newTexture(t, w, solidImage(4, 4, over), TextureOptions{})
			for _, tt := range tests {
				img := drawAndRead(t, w, func(c *Canvas) {
					c.Clear(gray)
					c.DrawSpritePx(Sprite{Texture: tex, Scale: mgl64.Vec2{10, 10}, Blend: tt.blend}, 10, 10, 0)
				})
				checkPixels(t, img, 3, []pixelWant{{tt.blend.String(), 30, 30, tt.want}, {"outside", 60, 60, gray}})
			}
		})
	}
}

func TestPremultipliedImagesUploadAsStraightAlpha(t *testing.T) {
	// image.RGBA holds premultiplied colour: {100, 0, 0, 128} is a full
	// red at half alpha, which over black gives about 128.
	w := openHeadless(t, Options{})
	tex := newTexture(t, w, solidImage(2, 2, color.RGBA{128, 0, 0, 128}), TextureOptions{})
	rgba := image.NewRGBA(image.Rect(0, 0, 2, 2))
	for i := 0; i < len(rgba.Pix); i += 4 {
		copy(rgba.Pix[i:], []byte{128, 0, 0, 128})
	}
	tex2 := newTexture(t, w, rgba, TextureOptions{})
	img := drawAndRead(t, w, func(c *Canvas) {
		c.Clear(black)
		c.DrawSpritePx(Sprite{Texture: tex, Scale: mgl64.Vec2{10, 10}}, 0, 0, 0)
		c.DrawSpritePx(Sprite{Texture: tex2, Scale: mgl64.Vec2{10, 10}}, 40, 0, 0)
	})
	checkPixels(t, img, 3, []pixelWant{
		{"from color.RGBA via Set", 10, 10, color.RGBA{128, 0, 0, 255}},
		{"from image.RGBA's premultiplied bytes", 50, 10, color.RGBA{128, 0, 0, 255}},
	})
}

func TestSpritesBatchPerTextureAndBlend(t *testing.T) {
	w := openHeadless(t, Options{})
	a := newTexture(t, w, quadImage(), TextureOptions{})
	b := newTexture(t, w, stripImage(), TextureOptions{})
	tests := []struct {
		name  string
		draw  func(c *Canvas)
		calls int
	}{
		{"1000 sprites of one texture", func(c *Canvas) {
			for i := range 1000 {
				c.DrawSprite(Sprite{Texture: a}, mgl64.Vec2{float64(i % 300), float64(i / 300)}, 0)
			}
		}, 1},
		{"two textures taking turns", func(c *Canvas) {
			for i := range 10 {
				c.DrawSprite(Sprite{Texture: []*Texture{a, b}[i%2]}, mgl64.Vec2{}, 0)
			}
		}, 10},
		{"one texture, two blend modes taking turns", func(c *Canvas) {
			for i := range 10 {
				c.DrawSprite(Sprite{Texture: a, Blend: Blend(i % 2)}, mgl64.Vec2{}, 0)
			}
		}, 10},
		{"sprites, then shapes, then sprites", func(c *Canvas) {
			c.DrawSprite(Sprite{Texture: a}, mgl64.Vec2{}, 0)
			c.DrawSprite(Sprite{Texture: a}, mgl64.Vec2{}, 0)
			c.Circle(mgl64.Vec2{}, 3, red)
			c.Box(mgl64.Vec2{}, mgl64.Vec2{1, 1}, 0, red)
			c.DrawSprite(Sprite{Texture: a}, mgl64.Vec2{}, 0)
		}, 3},
	}
	for _, tt := range tests {
		var calls int
		var err error
		onMain(func() {
			c := w.Canvas()
			c.Clear(black)
			before := c.calls
			tt.draw(c)
			err = c.Flush()
			calls = c.calls - before
		})
		if err != nil || calls != tt.calls {
			t.Errorf("%s: %d RenderGeometry calls (Flush: %v), want %d", tt.name, calls, err, tt.calls)
		}
	}
}

func TestTexturesSurviveANewRenderer(t *testing.T) {
	for _, r := range renderers {
		t.Run(r.name, func(t *testing.T) {
			w := openHeadless(t, Options{Software: r.software})
			tex := newTexture(t, w, quadImage(), TextureOptions{})
			font := goRegular(t)
			var f *Face
			var err error
			onMain(func() { f, err = w.Canvas().Face(font, 24) })
			if err != nil {
				t.Fatal(err)
			}
			created := 0
			onMain(func() {
				// No live switch, once: SetVSync makes a new renderer.
				live, create := w.sdlSetVSync, w.sdlCreateRenderer
				w.sdlSetVSync = func(ren *sdl.Renderer, on bool) error {
					w.sdlSetVSync = live
					return errors.New("test: no live vsync switch")
				}
				w.sdlCreateRenderer = func(win *sdl.Window, index int, flags uint32) (*sdl.Renderer, error) {
					created++
					return create(win, index, flags)
				}
				err = w.SetVSync(true)
			})
			if err != nil {
				t.Fatalf("SetVSync(true) on a new renderer: %v", err)
			}
			if created != 1 {
				t.Fatalf("SetVSync made %d renderers; the test needs it to replace the renderer once", created)
			}
			if tex.tex != nil {
				t.Error("the texture still holds a handle on the destroyed renderer")
			}
			img := drawAndRead(t, w, func(c *Canvas) {
				c.Clear(black)
				c.SetTransform(Camera{Zoom: 1}.Transform(c.Size()))
				s := quad
				s.Texture = tex
				c.DrawSprite(s, mgl64.Vec2{}, 0)
				c.DrawText(f, 10, 180, "Go", white)
			})
			if tex.tex == nil {
				t.Error("the texture was not uploaded to the new renderer")
			}
			checkPixels(t, img, 2, []pixelWant{{"top left", 140, 100, red}, {"bottom right", 180, 140, white}})
			if n := litPixels(img, image.Rect(0, 170, 320, 240)); n < 50 {
				t.Errorf("text after the new renderer: %d lit pixels, want the glyphs of \"Go\"", n)
			}
		})
	}
}

func TestSpriteMistakesAreReportedByFlush(t *testing.T) {
	w := openHeadless(t, Options{})
	other := openHeadless(t, Options{Width: 64, Height: 64})
	tex := newTexture(t, w, quadImage(), TextureOptions{})
	foreign := newTexture(t, other, quadImage(), TextureOptions{})
	gone := newTexture(t, w, quadImage(), TextureOptions{})
	onMain(gone.Destroy)
	tests := []struct {
		name string
		s    Sprite
		want string
	}{
		{"no texture", Sprite{}, "without a texture"},
		{"another window's texture", Sprite{Texture: foreign}, "belongs to another window"},
		{"a destroyed texture", Sprite{Texture: gone}, "destroyed"},
		{"a source outside the texture", Sprite{Texture: tex, Src: image.Rect(3, 3, 5, 4)}, "outside texture"},
		{"an unknown blend mode", Sprite{Texture: tex, Blend: 9}, "unknown blend mode"},
	}
	for _, tt := range tests {
		var err, after error
		onMain(func() {
			c := w.Canvas()
			c.Clear(black)
			c.DrawSprite(tt.s, mgl64.Vec2{}, 0)
			err = c.Flush()
			c.DrawSprite(Sprite{Texture: tex}, mgl64.Vec2{}, 0)
			after = c.Flush()
		})
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: Flush = %v, want an error mentioning %q", tt.name, err, tt.want)
		}
		if after != nil {
			t.Errorf("%s: the next good frame's Flush = %v", tt.name, after)
		}
	}
}

func TestNewTextureRefusesWhatItCannotUpload(t *testing.T) {
	w := openHeadless(t, Options{})
	tooWide := int(w.maxTex) + 1
	tests := []struct {
		name string
		img  image.Image
		opts TextureOptions
		want string
	}{
		{"nil", nil, TextureOptions{}, "nil"},
		{"empty", image.NewNRGBA(image.Rect(0, 0, 0, 5)), TextureOptions{}, "no pixels"},
		{"wider than the renderer takes", image.NewNRGBA(image.Rect(0, 0, tooWide, 1)), TextureOptions{}, "at most"},
		{"unknown filter", quadImage(), TextureOptions{Filter: 7}, "unknown filter"},
	}
	for _, tt := range tests {
		var err error
		onMain(func() { _, err = w.Canvas().NewTexture(tt.img, tt.opts) })
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: NewTexture = %v, want an error mentioning %q", tt.name, err, tt.want)
		}
	}
	var err error
	onMain(func() { w.Close(); _, err = w.Canvas().NewTexture(quadImage(), TextureOptions{}) })
	if !errors.Is(err, ErrNoRenderer) {
		t.Errorf("NewTexture after Close = %v, want ErrNoRenderer", err)
	}
}

func TestDestroyedTextureLeavesTheOthers(t *testing.T) {
	w := openHeadless(t, Options{})
	a := newTexture(t, w, solidImage(1, 1, red), TextureOptions{})
	b := newTexture(t, w, solidImage(1, 1, green), TextureOptions{})
	c := newTexture(t, w, solidImage(1, 1, blue), TextureOptions{})
	img := drawAndRead(t, w, func(cv *Canvas) {
		cv.Clear(black)
		cv.DrawSpritePx(Sprite{Texture: a, Scale: mgl64.Vec2{10, 10}}, 0, 0, 0)
		a.Destroy() // while queued: what was queued still draws
		cv.DrawSpritePx(Sprite{Texture: c, Scale: mgl64.Vec2{10, 10}}, 20, 0, 0)
		b.Destroy()
		b.Destroy() // twice is harmless
	})
	checkPixels(t, img, 0, []pixelWant{{"drawn before Destroy", 5, 5, red}, {"another texture", 25, 5, blue}})
	if len(w.canvas.textures) != 1 || w.canvas.textures[0] != c || c.slot != 0 {
		t.Errorf("after destroying two of three textures the canvas holds %d (slot of the third %d)", len(w.canvas.textures), c.slot)
	}
	if x, y := onMain2(b.Size); x != 0 || y != 0 {
		t.Errorf("destroyed texture's Size = %d×%d, want 0×0", x, y)
	}
}

func TestSpritesAndTextAllocateNothingOnceWarm(t *testing.T) {
	for _, logical := range []bool{false, true} {
		opts := Options{Width: 640, Height: 480}
		if logical {
			opts.LogicalWidth, opts.LogicalHeight, opts.IntegerScale = 320, 180, true
		}
		t.Run(fmt.Sprintf("logical %v", logical), func(t *testing.T) {
			w := openHeadless(t, opts)
			a := newTexture(t, w, quadImage(), TextureOptions{})
			b := newTexture(t, w, stripImage(), TextureOptions{Filter: FilterLinear})
			f := newFace(t, w, goRegular(t), 18)
			var num []byte
			var allocs float64
			var err error
			onMain(func() {
				c := w.Canvas()
				frame := func() {
					c.Clear(black)
					c.SetTransform(Camera{Zoom: 2}.Transform(c.Size()))
					for i := range 500 {
						s := quad
						s.Texture, s.Scale = a, mgl64.Vec2{1, 1}
						if i%50 == 0 {
							s.Texture, s.Src = b, image.Rect(i%4, 0, i%4+1, 1)
						}
						s.Blend = Blend(i / 100 % 3)
						s.FlipX = i%2 == 0
						s.Tint = color.RGBA{uint8(i), 200, 100, 200}
						c.DrawSprite(s, mgl64.Vec2{float64(i%40) - 20, float64(i/40) - 6}, float64(i)*0.1)
					}
					c.DrawSpritePx(Sprite{Texture: a}, 5, 5, 0)
					c.Circle(mgl64.Vec2{}, 3, red)
					c.DrawText(f, 10, 10, "Score: héllo wörld", white)
					num = strconv.AppendFloat(num[:0], 59.94, 'f', 2, 64)
					c.DrawTextBytes(f, 10, 40, num, white)
					_ = f.Width("measured ¿?")
					if e := w.Present(); e != nil && err == nil {
						err = e
					}
				}
				frame()
				allocs = testing.AllocsPerRun(20, frame)
			})
			if err != nil {
				t.Fatalf("Present: %v", err)
			}
			if allocs != 0 {
				t.Errorf("a frame of 500 sprites, text and a measure allocates %v times, want 0", allocs)
			}
		})
	}
}
