package sdl2

import (
	"image"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl64"
)

var (
	blue  = color.RGBA{0, 0, 255, 255}
	red   = color.RGBA{255, 0, 0, 255}
	green = color.RGBA{0, 255, 0, 255}
	white = color.RGBA{255, 255, 255, 255}
)

// drawScene draws the reference scene on a 320×240 drawable: a blue
// background, a red circle of radius 40 at world (-60, 0) and a green box
// at (80, 40) turned 45°, with the camera centred on the origin at zoom 1.
func drawScene(c *Canvas) {
	c.Clear(blue)
	c.SetTransform(Camera{Zoom: 1}.Transform(c.Size()))
	c.Circle(mgl64.Vec2{-60, 0}, 40, red)
	c.Box(mgl64.Vec2{80, 40}, mgl64.Vec2{20, 20}, mgl64.DegToRad(45), green)
	c.Line(mgl64.Vec2{-150, -100}, mgl64.Vec2{150, -100}, 3, white)
}

// checkScene asserts pixels of drawScene's picture. In pixels the circle is
// centred on (100, 120) and the box on (240, 80), y down.
func checkScene(t *testing.T, img *image.RGBA) {
	t.Helper()
	if b := img.Bounds(); b.Dx() != 320 || b.Dy() != 240 {
		t.Fatalf("image is %v, want 320×240", b)
	}
	for _, tc := range []struct {
		name string
		x, y int
		want color.RGBA
	}{
		{"circle centre", 100, 120, red},
		{"inside the circle's rim", 100 + 36, 120, red},
		{"just outside the circle", 100 + 44, 120, blue},
		{"circle's diagonal corner region", 100 + 33, 120 - 33, blue},
		{"box centre", 240, 80, green},
		{"box's rotated corner, up", 240, 80 - 26, green},
		{"box's unrotated corner is outside", 240 + 18, 80 - 18, blue},
		{"line, y up maps to below centre", 160, 220, white},
		{"background corner", 2, 2, blue},
	} {
		if got := img.RGBAAt(tc.x, tc.y); got != tc.want {
			t.Errorf("%s: pixel (%d, %d) = %v, want %v", tc.name, tc.x, tc.y, got, tc.want)
		}
	}
}

// saveForReview writes img to the test's temp dir, and also under
// $LOCKSTEP_SHOTS when set, for a person to look at.
func saveForReview(t *testing.T, w *Window, name string) {
	t.Helper()
	var err error
	path := filepath.Join(t.TempDir(), name)
	onMain(func() { err = w.Screenshot(path) })
	if err != nil {
		t.Fatalf("Screenshot: %v", err)
	}
	if dir := os.Getenv("LOCKSTEP_SHOTS"); dir != "" {
		b, err := os.ReadFile(path)
		if err == nil {
			err = os.WriteFile(filepath.Join(dir, name), b, 0o644)
		}
		if err != nil {
			t.Errorf("copy screenshot: %v", err)
		}
	}
}

func TestOffscreenDrawsKnownScene(t *testing.T) {
	for _, software := range []bool{false, true} {
		name := map[bool]string{false: "gpu", true: "software"}[software]
		t.Run(name, func(t *testing.T) {
			w := openHeadless(t, Options{Software: software})
			var img *image.RGBA
			var err error
			var driver string
			onMain(func() {
				driver = w.Driver()
				drawScene(w.Canvas())
				img, err = w.Image()
			})
			if err != nil {
				t.Fatalf("Image: %v", err)
			}
			if env := os.Getenv("SDL_VIDEODRIVER"); env == "" && driver != "offscreen" {
				t.Errorf("headless driver = %q, want offscreen", driver)
			}
			t.Logf("video driver %s, renderer %s", driver, onMain1(w.Renderer))
			checkScene(t, img)
			saveForReview(t, w, "scene-"+name+".png")
		})
	}
}

// manyCircles draws n small circles on a grid filling the drawable.
func manyCircles(c *Canvas, n int) {
	c.Clear(color.RGBA{20, 20, 30, 255})
	w, h := c.Size()
	c.SetTransform(Camera{Center: mgl64.Vec2{float64(w) / 2, float64(h) / 2}, Zoom: 1}.Transform(w, h))
	cols := 100
	for i := range n {
		x := float64(i%cols)*float64(w)/float64(cols) + 4
		y := float64(i/cols)*float64(h)/float64(n/cols) + 4
		c.Circle(mgl64.Vec2{x, y}, 3.5, color.RGBA{uint8(i), uint8(i >> 4), 200, 255})
	}
}

func testHUD(times []time.Duration) HUD {
	return HUD{FPS: 59.94, TPS: 60, TicksPerFrame: 1, Bailouts: 3, Mode: "vsync", Alpha: 0.4267,
		FrameTimes: times, FrameBudget: time.Second / 60}
}

func frameTimes() []time.Duration {
	times := make([]time.Duration, 120)
	for i := range times {
		times[i] = time.Duration(16+(i*7)%20) * time.Millisecond
	}
	return times
}

func TestDrawingAllocatesNothingOnceWarm(t *testing.T) {
	w := openHeadless(t, Options{Width: 640, Height: 480})
	times := frameTimes()
	var allocs float64
	var err error
	onMain(func() {
		c := w.Canvas()
		frame := func() {
			manyCircles(c, 2000)
			c.Box(mgl64.Vec2{1, 2}, mgl64.Vec2{3, 4}, 0.5, red)
			c.Segment(mgl64.Vec2{0, 0}, mgl64.Vec2{100, 50}, 4, green)
			c.Polygon(mgl64.Vec2{200, 200}, 1, []mgl64.Vec2{{0, 0}, {30, 0}, {15, 20}}, white)
			c.DrawHUD(testHUD(times))
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
		t.Errorf("a warm frame of shapes and HUD allocated %v times, want 0", allocs)
	}
}

func TestHUDDrawsText(t *testing.T) {
	w := openHeadless(t, Options{})
	var img *image.RGBA
	var err error
	onMain(func() {
		c := w.Canvas()
		c.Clear(color.RGBA{0, 0, 0, 255})
		c.DrawHUD(testHUD(frameTimes()))
		img, err = w.Image()
	})
	if err != nil {
		t.Fatalf("Image: %v", err)
	}
	saveForReview(t, w, "hud.png")
	// The first text line is 12..25 px from the top; glyphs are bright.
	bright := 0
	for y := 12; y < 25; y++ {
		for x := 12; x < 200; x++ {
			if p := img.RGBAAt(x, y); p.R > 120 || p.G > 120 || p.B > 120 {
				bright++
			}
		}
	}
	if bright < 100 {
		t.Errorf("found %d lit pixels in the HUD's first line, want text (at least 100)", bright)
	}
	// The graph has at least one red bar (36 ms > 2 × 16.7 ms).
	reds := 0
	for y := range img.Bounds().Dy() {
		for x := range img.Bounds().Dx() {
			if p := img.RGBAAt(x, y); p.R > 200 && p.G < 100 && p.B < 100 {
				reds++
			}
		}
	}
	if reds == 0 {
		t.Error("frame graph shows no red bar for frames over twice the budget")
	}
}

func TestPolygonAndSegmentCoverTheirShapes(t *testing.T) {
	w := openHeadless(t, Options{})
	var img *image.RGBA
	var err error
	onMain(func() {
		c := w.Canvas()
		c.Clear(blue)
		// Zoom 10 around world (0, 0): world (x, y) is pixel (160+10x, 120-10y).
		c.SetTransform(Camera{Zoom: 10}.Transform(c.Size()))
		// A triangle placed at (-8, 0) and turned 90°: local (4, 0) lands
		// on world (-8, 4).
		c.Polygon(mgl64.Vec2{-8, 0}, mgl64.DegToRad(90), []mgl64.Vec2{{-2, -2}, {4, 0}, {-2, 2}}, red)
		// A segment with round caps of radius 1.5.
		c.Segment(mgl64.Vec2{4, -6}, mgl64.Vec2{12, -6}, 1.5, green)
		for i := range 300 {
			a := float64(i) * 0.3
			c.Circle(mgl64.Vec2{6 + 0.02*float64(i)*math.Cos(a), 6 + 0.02*float64(i)*math.Sin(a)}, 0.3,
				color.RGBA{255, uint8(i), 0, 255})
		}
		c.Line(mgl64.Vec2{-16, 0}, mgl64.Vec2{16, 0}, 1, white)
		img, err = w.Image()
	})
	if err != nil {
		t.Fatalf("Image: %v", err)
	}
	saveForReview(t, w, "shapes.png")
	for _, tc := range []struct {
		name string
		x, y int
		want color.RGBA
	}{
		{"polygon's rotated tip, just inside", 80, 120 - 37, red},
		{"polygon beyond its tip", 80, 120 - 43, blue},
		{"polygon's base, left of the line", 80 - 15, 120 + 18, red},
		{"segment's middle", 240, 180, green},
		{"segment's round cap, beyond b", 160 + 10*12 + 12, 180, green},
		{"segment's cap corner is cut", 160 + 10*12 + 11, 180 - 11, blue},
		{"axis line", 10, 120, white},
	} {
		if got := img.RGBAAt(tc.x, tc.y); got != tc.want {
			t.Errorf("%s: pixel (%d, %d) = %v, want %v", tc.name, tc.x, tc.y, got, tc.want)
		}
	}
}

func TestTextWidthIsHowFarTextDraws(t *testing.T) {
	w := openHeadless(t, Options{})
	tests := []struct {
		text  string
		chars int // of the longest line
	}{
		{"", 0},
		{"W", 1},
		{"WWWW WW", 7},
		{"WW\nWWWWW\nW", 5},
		{"WWW\n", 3},
		{"\u00e9", 2}, // two bytes, drawn as two '?'
	}
	for _, tt := range tests {
		var img *image.RGBA
		var err error
		var width, endX, scale float64
		const x0, y0 = 10, 10
		onMain(func() {
			c := w.Canvas()
			c.Clear(color.RGBA{0, 0, 0, 255})
			width = c.TextWidth(tt.text)
			scale = c.LineHeight() / glyphH
			if !strings.Contains(tt.text, "\n") {
				endX, _ = c.Text(x0, y0, tt.text, white)
			} else {
				c.Text(x0, y0, tt.text, white)
			}
			img, err = w.Image()
		})
		if err != nil {
			t.Fatalf("Image: %v", err)
		}
		if want := float64(tt.chars*glyphW) * scale; width != want {
			t.Errorf("TextWidth(%q) = %v, want %v", tt.text, width, want)
		}
		if !strings.Contains(tt.text, "\n") && endX-x0 != width {
			t.Errorf("TextWidth(%q) = %v, but Text advanced %v", tt.text, width, endX-x0)
		}
		// Text draws within the width, and reaches its last glyph cell.
		lit := func(r image.Rectangle) int {
			n := 0
			for y := r.Min.Y; y < r.Max.Y; y++ {
				for x := r.Min.X; x < r.Max.X; x++ {
					if img.RGBAAt(x, y).R > 0 {
						n++
					}
				}
			}
			return n
		}
		right := x0 + int(width)
		if n := lit(image.Rect(right, 0, 320, 240)); n > 0 {
			t.Errorf("%q: %d lit pixels right of x0 + TextWidth = %d", tt.text, n, right)
		}
		if tt.chars > 0 {
			if n := lit(image.Rect(right-int(glyphW*scale), 0, right, 240)); n == 0 {
				t.Errorf("%q: nothing drawn in the last glyph cell before x0 + TextWidth = %d", tt.text, right)
			}
		}
	}
}
