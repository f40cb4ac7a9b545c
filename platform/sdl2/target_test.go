package sdl2

import (
	"image"
	"image/color"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// close8 reports whether two colours differ by at most 8 in each channel.
func close8(a, b color.RGBA) bool {
	return near(color.RGBA{a.R, a.G, a.B, 255}, color.RGBA{b.R, b.G, b.B, 255}, 8)
}

func nrgbaAt(img *image.NRGBA, x, y int) color.RGBA {
	return color.RGBA(img.NRGBAAt(x, y))
}

// drawScene draws a blue ground, a red box through a camera and white text
// into whatever the canvas draws into, 64×32 units.
func targetScene(c *Canvas, f *Face) {
	c.Clear(blue)
	w, h := c.Size()
	c.SetTransform(Camera{Center: mgl64.Vec2{0, 0}, Zoom: 4}.Transform(w, h))
	c.Box(mgl64.Vec2{-4, 0}, mgl64.Vec2{2, 2}, 0, red) // canvas 8..24 × 8..24
	c.SetTransform(mgl64.Ident3())
	c.DrawText(f, 36, 4, "Hi", white)
}

func TestATargetHoldsAScene(t *testing.T) {
	for _, r := range renderers {
		t.Run(r.name, func(t *testing.T) {
			w := openHeadless(t, Options{Width: 320, Height: 240, Software: r.software})
			f := newFace(t, w, goRegular(t), 16)
			var tg *Texture
			var err error
			onMain(func() { tg, err = w.Canvas().NewTarget(64, 32, TargetOptions{}) })
			if err != nil {
				t.Fatalf("NewTarget: %v", err)
			}
			var lostBefore, lostAfter bool
			var pix *image.NRGBA
			var sizeIn [2]int
			win := drawAndRead(t, w, func(c *Canvas) {
				lostBefore = tg.Lost()
				if err = c.SetTarget(tg); err != nil {
					return
				}
				sizeIn[0], sizeIn[1] = c.Size()
				targetScene(c, f)
				c.SetTarget(nil)
				lostAfter = tg.Lost()
				c.Clear(black)
				c.DrawSpritePx(Sprite{Texture: tg, Scale: mgl64.Vec2{2, 2}}, 100, 50, 0)
				pix, err = c.TargetImage(tg)
			})
			if err != nil {
				t.Fatal(err)
			}
			if !lostBefore || lostAfter || sizeIn != [2]int{64, 32} {
				t.Errorf("Lost before %v after %v, size inside %v: want true, false, [64 32]", lostBefore, lostAfter, sizeIn)
			}
			checks := []struct {
				name string
				x, y int
				want color.RGBA
			}{
				{"ground", 2, 2, blue}, {"box", 16, 16, red}, {"ground right of the box", 28, 16, blue},
			}
			for _, k := range checks {
				if got := nrgbaAt(pix, k.x, k.y); !close8(got, k.want) {
					t.Errorf("target %s at (%d, %d): %v, want %v", k.name, k.x, k.y, got, k.want)
				}
				if got := win.RGBAAt(100+2*k.x+1, 50+2*k.y+1); !close8(got, k.want) {
					t.Errorf("window %s at (%d, %d): %v, want %v", k.name, 100+2*k.x, 50+2*k.y, got, k.want)
				}
			}
			if n := litPixels(nrgbaToRGBA(pix), image.Rect(34, 0, 64, 32)); n < 10 {
				t.Errorf("the text lit %d pixels of the target, want some", n)
			}
			if got := win.RGBAAt(50, 20); !close8(got, black) {
				t.Errorf("window outside the target: %v, want black", got)
			}
			saveForReview(t, w, "target-"+r.name+".png")
		})
	}
}

func nrgbaToRGBA(n *image.NRGBA) *image.RGBA {
	return &image.RGBA{Pix: n.Pix, Stride: n.Stride, Rect: n.Rect}
}

func TestATargetFollowingTheCanvasHasItsPixels(t *testing.T) {
	w := openHeadless(t, Options{Width: 320, Height: 240, LogicalWidth: 160, LogicalHeight: 120})
	var tg *Texture
	var err error
	onMain(func() { tg, err = w.Canvas().NewTarget(40, 20, TargetOptions{FollowCanvas: true}) })
	if err != nil {
		t.Fatalf("NewTarget: %v", err)
	}
	var before, after [2]int
	var lost bool
	onMain(func() {
		before[0], before[1] = tg.Size()
		w.SetLogicalSize(80, 60, false) // now 4 pixels a unit
		c := w.Canvas()
		if err = c.SetTarget(tg); err == nil {
			c.Clear(red)
			c.SetTarget(nil)
		}
		after[0], after[1] = tg.Size()
		c.loseTargets(true) // as SDL's RENDER_DEVICE_RESET
		lost = tg.Lost()
	})
	if err != nil {
		t.Fatal(err)
	}
	if before != [2]int{80, 40} || after != [2]int{160, 80} || !lost {
		t.Errorf("texels %v at 2× and %v at 4×, lost after a device reset %v; want [80 40], [160 80], true", before, after, lost)
	}
	img := drawAndRead(t, w, func(c *Canvas) {
		c.Clear(black)
		if err = c.SetTarget(tg); err == nil {
			c.Clear(green)
			c.SetTarget(nil)
		}
		c.DrawSpritePx(Sprite{Texture: tg, Size: mgl64.Vec2{40, 20}}, 10, 10, 0)
	})
	if got := img.RGBAAt(4*10+80, 4*10+40); err != nil || !close8(got, green) {
		t.Errorf("after a device reset the redrawn target shows %v (err %v), want green", got, err)
	}
}

func TestTexturePixelsUpdateEachFrameWithoutAllocating(t *testing.T) {
	w := openHeadless(t, Options{Width: 64, Height: 64})
	src := image.NewNRGBA(image.Rect(0, 0, 8, 8))
	tex := newTexture(t, w, src, TextureOptions{})
	var allocs float64
	var seen []color.RGBA
	var err error
	onMain(func() {
		c := w.Canvas()
		frame := func(col color.RGBA) {
			for i := 0; i < len(src.Pix); i += 4 {
				src.Pix[i], src.Pix[i+1], src.Pix[i+2], src.Pix[i+3] = col.R, col.G, col.B, 255
			}
			if e := tex.SetPixels(src); e != nil && err == nil {
				err = e
			}
			c.Clear(black)
			c.DrawSpritePx(Sprite{Texture: tex, Scale: mgl64.Vec2{4, 4}}, 0, 0, 0)
		}
		for _, col := range []color.RGBA{red, green, blue} {
			frame(col)
			img, e := c.Image()
			if e != nil {
				err = e
				return
			}
			seen = append(seen, img.RGBAAt(16, 16))
			w.Present()
		}
		allocs = testing.AllocsPerRun(20, func() { frame(white); w.Present() })
	})
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []color.RGBA{red, green, blue} {
		if !close8(seen[i], want) {
			t.Errorf("frame %d drew %v, want %v", i, seen[i], want)
		}
	}
	if allocs != 0 {
		t.Errorf("SetPixels and drawing allocated %v times a frame, want 0", allocs)
	}
	onMain(func() { err = tex.SetPixels(image.NewNRGBA(image.Rect(0, 0, 4, 4))) })
	if err == nil {
		t.Error("SetPixels of another size: no error")
	}
}

func TestDrawingThroughATargetAllocatesNothingOnceWarm(t *testing.T) {
	w := openHeadless(t, Options{Width: 320, Height: 240})
	f := newFace(t, w, goRegular(t), 16)
	var tg *Texture
	var err error
	var allocs float64
	onMain(func() {
		c := w.Canvas()
		if tg, err = c.NewTarget(64, 32, TargetOptions{Filter: FilterLinear}); err != nil {
			return
		}
		frame := func() {
			c.SetTarget(tg)
			targetScene(c, f)
			c.SetTarget(nil)
			c.Clear(black)
			c.DrawSpritePx(Sprite{Texture: tg, Size: mgl64.Vec2{128, 64}}, 10, 10, 0)
			if e := w.Present(); e != nil && err == nil {
				err = e
			}
		}
		frame()
		allocs = testing.AllocsPerRun(20, frame)
	})
	if err != nil {
		t.Fatal(err)
	}
	if allocs != 0 {
		t.Errorf("a frame through a target allocated %v times, want 0", allocs)
	}
}

func TestTargetMistakes(t *testing.T) {
	w := openHeadless(t, Options{})
	plain := newTexture(t, w, quadImage(), TextureOptions{})
	onMain(func() {
		c := w.Canvas()
		if _, err := c.NewTarget(0, 10, TargetOptions{}); err == nil {
			t.Error("NewTarget(0, 10): no error")
		}
		if err := c.SetTarget(plain); err == nil {
			t.Error("SetTarget of a texture that is not a target: no error")
		}
		tg, err := c.NewTarget(8, 8, TargetOptions{})
		if err != nil {
			t.Errorf("NewTarget: %v", err)
			return
		}
		if err := tg.SetPixels(image.NewNRGBA(image.Rect(0, 0, 8, 8))); err == nil {
			t.Error("SetPixels on a target: no error")
		}
		c.SetTarget(tg)
		tg.Destroy() // ends the target
		if c.target != nil {
			t.Error("destroying the target drawn into left it set")
		}
		if err := c.SetTarget(tg); err == nil {
			t.Error("SetTarget of a destroyed target: no error")
		}
	})
}
