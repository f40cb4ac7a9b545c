package sdl2

import (
	"image/color"
	"math"
	"strconv"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/veandco/go-sdl2/sdl"
)

func BenchmarkPollEvents(b *testing.B) {
	w := openHeadless(b, Options{})
	var in sink
	b.Run("none", func(b *testing.B) {
		onMain(func() {
			for b.Loop() {
				w.PollEvents(&in)
			}
		})
	})
	evs := hundredEvents(w.id)
	// Pushing is part of each iteration; subtract "push100" for the poll.
	b.Run("push100", func(b *testing.B) {
		onMain(func() {
			for b.Loop() {
				push(evs...)
				sdl.FlushEvents(sdl.FIRSTEVENT, sdl.LASTEVENT)
			}
		})
	})
	b.Run("push100+poll", func(b *testing.B) {
		onMain(func() {
			for b.Loop() {
				push(evs...)
				w.PollEvents(&in)
			}
		})
	})
}

func BenchmarkCircles10k(b *testing.B) {
	for _, r := range []struct {
		name     string
		software bool
	}{{"gpu", false}, {"software", true}} {
		b.Run(r.name, func(b *testing.B) {
			w := openHeadless(b, Options{Width: 1280, Height: 720, Software: r.software})
			c := onMain1(w.Canvas)
			b.Run("build", func(b *testing.B) {
				onMain(func() {
					for b.Loop() {
						manyCircles(c, 10000)
						c.verts, c.idx = c.verts[:0], c.idx[:0]
					}
				})
			})
			b.Run("build+draw+present", func(b *testing.B) {
				// "build" queued a clear per run in SDL: present them first.
				onMain(func() { w.Present() })
				onMain(func() {
					for b.Loop() {
						manyCircles(c, 10000)
						if err := w.Present(); err != nil {
							b.Error(err)
						}
					}
				})
			})
			b.Run("present-empty", func(b *testing.B) {
				onMain(func() {
					for b.Loop() {
						c.Clear(blue)
						if err := w.Present(); err != nil {
							b.Error(err)
						}
					}
				})
			})
		})
	}
}

func BenchmarkHUD(b *testing.B) {
	w := openHeadless(b, Options{Width: 1280, Height: 720})
	c := onMain1(w.Canvas)
	times := frameTimes()
	onMain(func() {
		for b.Loop() {
			c.DrawHUD(testHUD(times))
			if err := c.Flush(); err != nil {
				b.Error(err)
			}
		}
	})
}

// batchShapes are drawn 8 pixels across each: circles, boxes and sprites
// of the same size on screen, for the cost per 1,000 of each.
var batchShapes = []struct {
	name string
	draw func(c *Canvas, s Sprite, i int, p mgl64.Vec2)
}{
	{"circles", func(c *Canvas, _ Sprite, i int, p mgl64.Vec2) { c.Circle(p, 4, color.RGBA{uint8(i), 200, 100, 255}) }},
	{"boxes", func(c *Canvas, _ Sprite, i int, p mgl64.Vec2) {
		c.Box(p, mgl64.Vec2{4, 4}, float64(i)*0.01, color.RGBA{uint8(i), 200, 100, 255})
	}},
	{"sprites", func(c *Canvas, s Sprite, i int, p mgl64.Vec2) { c.DrawSprite(s, p, float64(i)*0.01) }},
}

// spread places n things on a grid over a 1280×720 drawable. It does not
// clear: SDL queues clears until a present, and benchmarks that only
// build would pile up thousands of them for the next one.
func spread(c *Canvas, s Sprite, n int, draw func(c *Canvas, s Sprite, i int, p mgl64.Vec2)) {
	c.SetTransform(Camera{Center: mgl64.Vec2{640, 360}, Zoom: 1}.Transform(c.Size()))
	cols := max(1, int(math.Sqrt(float64(n)*16/9)))
	rows := (n + cols - 1) / cols
	for i := range n {
		draw(c, s, i, mgl64.Vec2{float64(i%cols)*1280/float64(cols) + 4, float64(i/cols)*720/float64(rows) + 4})
	}
}

// shipWindow opens a 1280×720 headless window, on the software renderer
// if asked, with the ship texture loaded into its canvas.
func shipWindow(b *testing.B, software bool) (*Window, *Canvas, *Texture) {
	b.Helper()
	w := openHeadless(b, Options{Width: 1280, Height: 720, Software: software})
	c := onMain1(w.Canvas)
	var tex *Texture
	var err error
	onMain(func() { tex, err = c.NewTexture(shipImage(), TextureOptions{}) })
	if err != nil {
		b.Fatal(err)
	}
	return w, c, tex
}

// BenchmarkBatch1k compares 1,000 sprites with 1,000 circles and 1,000
// boxes: "build" fills the vertex buffers only, "frame" also draws them
// and presents (which headless waits for).
func BenchmarkBatch1k(b *testing.B) {
	for _, r := range renderers {
		b.Run(r.name, func(b *testing.B) {
			w, c, tex := shipWindow(b, r.software)
			ship := Sprite{Texture: tex, Origin: mgl64.Vec2{8, 8}, Scale: mgl64.Vec2{0.5, 0.5}}
			for _, shape := range batchShapes {
				b.Run(shape.name+"/build", func(b *testing.B) {
					onMain(func() {
						for b.Loop() {
							spread(c, ship, 1000, shape.draw)
							c.verts, c.idx = c.verts[:0], c.idx[:0]
						}
					})
				})
				b.Run(shape.name+"/frame", func(b *testing.B) {
					onMain(func() { w.Present() }) // what the build queued
					onMain(func() {
						for b.Loop() {
							c.Clear(color.RGBA{20, 20, 30, 255})
							spread(c, ship, 1000, shape.draw)
							if err := w.Present(); err != nil {
								b.Error(err)
							}
						}
					})
				})
			}
		})
	}
}

// BenchmarkSpritesPerFrame draws frames of n 16×16-pixel sprites, turned,
// of one texture: a frame that takes under 16.7 ms holds 60 fps.
func BenchmarkSpritesPerFrame(b *testing.B) {
	for _, r := range renderers {
		b.Run(r.name, func(b *testing.B) {
			w, c, tex := shipWindow(b, r.software)
			ship := Sprite{Texture: tex, Origin: mgl64.Vec2{8, 8}}
			for _, n := range []int{1000, 2000, 5000, 10000} {
				b.Run(strconv.Itoa(n), func(b *testing.B) {
					onMain(func() {
						for b.Loop() {
							c.Clear(color.RGBA{20, 20, 30, 255})
							spread(c, ship, n, batchShapes[2].draw)
							if err := w.Present(); err != nil {
								b.Error(err)
							}
						}
					})
					b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/sprite")
				})
			}
		})
	}
}

// BenchmarkText draws 1,000 glyphs (20 lines of 50) in Go Regular at 16
// units, and in the HUD's bitmap font for comparison.
func BenchmarkText(b *testing.B) {
	w := openHeadless(b, Options{Width: 1280, Height: 720})
	c := onMain1(w.Canvas)
	font := goRegular(b)
	var f *Face
	var err error
	onMain(func() { f, err = c.Face(font, 16) })
	if err != nil {
		b.Fatal(err)
	}
	line := []byte("The quick brown fox jumps over the lazy dog 0123456")[:50]
	for _, tt := range []struct {
		name string
		draw func(y float64)
	}{
		{"truetype", func(y float64) { c.DrawTextBytes(f, 10, y, line, white) }},
		{"bitmap", func(y float64) { c.TextBytes(10, y, line, white) }},
	} {
		b.Run(tt.name+"/build", func(b *testing.B) {
			onMain(func() {
				for b.Loop() {
					for i := range 20 {
						tt.draw(float64(10 + 20*i))
					}
					c.verts, c.idx = c.verts[:0], c.idx[:0]
				}
			})
		})
		b.Run(tt.name+"/frame", func(b *testing.B) {
			onMain(func() {
				for b.Loop() {
					c.Clear(black)
					for i := range 20 {
						tt.draw(float64(10 + 20*i))
					}
					if err := w.Present(); err != nil {
						b.Error(err)
					}
				}
			})
		})
	}
	b.Run("measure", func(b *testing.B) {
		onMain(func() {
			for b.Loop() {
				_ = f.Width("The quick brown fox jumps over the lazy dog 0123456")
			}
		})
	})
}
