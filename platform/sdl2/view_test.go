package sdl2

import (
	"fmt"
	"image/color"
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/veandco/go-sdl2/sdl"
)

func TestViewFitsTheLogicalCanvasIntoTheDrawable(t *testing.T) {
	tests := []struct {
		name         string
		drawW, drawH int
		logW, logH   int
		integer      bool
		scale        float64
		area         sdl.Rect
		letterboxed  bool
		sizeW, sizeH int
	}{
		{"no logical size: canvas units are pixels", 400, 300, 0, 0, false, 1, sdl.Rect{W: 400, H: 300}, false, 400, 300},
		{"same aspect, twice as large", 640, 360, 320, 180, false, 2, sdl.Rect{W: 640, H: 360}, false, 320, 180},
		{"wider window: bars left and right", 800, 300, 160, 90, false, 300.0 / 90, sdl.Rect{X: 133, W: 533, H: 300}, true, 160, 90},
		{"taller window: bars above and below", 400, 300, 160, 90, false, 2.5, sdl.Rect{Y: 37, W: 400, H: 225}, true, 160, 90},
		{"integer scale rounds down", 400, 300, 160, 90, true, 2, sdl.Rect{X: 40, Y: 60, W: 320, H: 180}, true, 160, 90},
		{"integer scale, exact fit", 640, 360, 320, 180, true, 2, sdl.Rect{W: 640, H: 360}, false, 320, 180},
		{"integer scale below 1× shrinks smoothly", 100, 100, 200, 100, true, 0.5, sdl.Rect{Y: 25, W: 100, H: 50}, true, 200, 100},
		{"a minimised window keeps a usable scale", 0, 0, 320, 180, true, 1, sdl.Rect{}, false, 320, 180},
	}
	for _, tt := range tests {
		v := newView(tt.drawW, tt.drawH, tt.logW, tt.logH, tt.integer)
		w, h := v.size()
		if math.Abs(v.scale-tt.scale) > 1e-12 || v.area != tt.area || v.letterboxed() != tt.letterboxed || w != tt.sizeW || h != tt.sizeH {
			t.Errorf("%s: scale %v, area %+v, letterboxed %v, size %d×%d; want %v, %+v, %v, %d×%d",
				tt.name, v.scale, v.area, v.letterboxed(), w, h, tt.scale, tt.area, tt.letterboxed, tt.sizeW, tt.sizeH)
		}
	}
}

func TestPointerMapsIntoCanvasUnits(t *testing.T) {
	tests := []struct {
		name         string
		winW, winH   int // screen coordinates
		drawW, drawH int // pixels
		logW, logH   int
		integer      bool
		x, y         float64 // pointer, in window coordinates
		wantX, wantY float64
	}{
		{"plain window", 640, 360, 640, 360, 0, 0, false, 100, 50, 100, 50},
		{"high DPI: window coordinates become pixels", 640, 360, 1280, 720, 0, 0, false, 100, 50, 200, 100},
		{"high DPI and a logical size of half the window", 640, 360, 1280, 720, 320, 180, false, 100, 50, 50, 25},
		{"letterboxed, integer 3×: the canvas's corner", 800, 300, 800, 300, 160, 90, true, 160, 15, 0, 0},
		{"letterboxed, integer 3×: the centre", 800, 300, 800, 300, 160, 90, true, 400, 150, 80, 45},
		{"on the bar: outside the canvas", 800, 300, 800, 300, 160, 90, true, 40, 150, -40, 45},
		{"high DPI, letterboxed, fractional", 400, 300, 800, 600, 160, 90, false, 200, 150, 80, 45},
	}
	for _, tt := range tests {
		c := newCanvas(nil)
		c.setSize(tt.drawW, tt.drawH, tt.winW, tt.winH)
		c.setView(newView(tt.drawW, tt.drawH, tt.logW, tt.logH, tt.integer))
		x, y := c.pointerToCanvas(tt.x, tt.y)
		if math.Abs(x-tt.wantX) > 1e-9 || math.Abs(y-tt.wantY) > 1e-9 {
			t.Errorf("%s: pointer (%v, %v) → (%v, %v), want (%v, %v)", tt.name, tt.x, tt.y, x, y, tt.wantX, tt.wantY)
		}
		// And back: canvas → drawable pixels → window coordinates.
		p := c.px(x, y)
		px, py := float64(p.X)*float64(tt.winW)/float64(tt.drawW), float64(p.Y)*float64(tt.winH)/float64(tt.drawH)
		if math.Abs(px-tt.x) > 1e-3 || math.Abs(py-tt.y) > 1e-3 {
			t.Errorf("%s: canvas (%v, %v) draws at window (%v, %v), want the pointer (%v, %v)", tt.name, x, y, px, py, tt.x, tt.y)
		}
	}
}

// drawLogicalScene draws on a 160×90 canvas: blue, a red 10×10 square at
// its top-left corner, a green circle of radius 10 at its centre (camera,
// y up), and a white rectangle running off its right edge.
func drawLogicalScene(c *Canvas) {
	c.Clear(blue)
	c.FillRect(0, 0, 10, 10, red)
	c.SetTransform(Camera{Zoom: 1}.Transform(c.Size()))
	c.Circle(mgl64.Vec2{}, 10, green)
	c.FillRect(150, 40, 40, 10, white)
}

func TestLogicalSizeScalesAndLetterboxes(t *testing.T) {
	tests := []struct {
		integer bool
		scale   float64
		ox, oy  int
	}{
		{true, 2, 40, 60},   // 320×180 in 400×300
		{false, 2.5, 0, 37}, // 400×225 in 400×300
	}
	for _, r := range renderers {
		for _, tt := range tests {
			name := fmt.Sprintf("%s integer %v", r.name, tt.integer)
			t.Run(name, func(t *testing.T) {
				w := openHeadless(t, Options{Width: 400, Height: 300, Software: r.software,
					LogicalWidth: 160, LogicalHeight: 90, IntegerScale: tt.integer})
				var cw, ch int
				var scale float64
				img := drawAndRead(t, w, func(c *Canvas) {
					cw, ch = c.Size()
					scale = c.PixelScale()
					drawLogicalScene(c)
				})
				if cw != 160 || ch != 90 || scale != tt.scale {
					t.Fatalf("Canvas().Size() = %d×%d, PixelScale() = %v; want 160×90 at %v", cw, ch, scale, tt.scale)
				}
				if b := img.Bounds(); b.Dx() != 400 || b.Dy() != 300 {
					t.Errorf("Image() is %v, want the whole 400×300 drawable", b)
				}
				at := func(x, y float64) (int, int) {
					return tt.ox + int(math.Floor(x*tt.scale)), tt.oy + int(math.Floor(y*tt.scale))
				}
				want := func(name string, x, y float64, col color.RGBA) pixelWant {
					px, py := at(x, y)
					return pixelWant{name, px, py, col}
				}
				right := tt.ox + int(math.Round(160*tt.scale))
				checkPixels(t, img, 0, []pixelWant{
					want("the square at the canvas's corner", 5, 5, red),
					want("beside the square", 15, 5, blue),
					want("the circle at the canvas's centre", 80, 45, green),
					want("just inside the circle", 80+9, 45, green),
					want("the canvas's last unit", 159.5, 89.5, blue),
					want("the rectangle, inside the canvas", 155, 45, white),
					{"the rectangle is cut at the canvas's edge", right, tt.oy + int(45*tt.scale), black},
					{"the bar above", 200, tt.oy - 1, black},
				})
				if tt.integer {
					checkPixels(t, img, 0, []pixelWant{{"the bar on the left", tt.ox - 1, 150, black}})
				}
				// A pointer on the square's middle, in window coordinates
				// (the same as pixels here), maps to it in canvas units.
				px, py := at(5, 5)
				if x, y := onMain2(func() (float64, float64) { return w.PointerToCanvas(float64(px)+0.5, float64(py)+0.5) }); math.Abs(x-5) > 1/tt.scale || math.Abs(y-5) > 1/tt.scale {
					t.Errorf("PointerToCanvas(%d, %d) = (%v, %v), want about (5, 5)", px, py, x, y)
				}
				saveForReview(t, w, fmt.Sprintf("logical-%s-integer-%v.png", r.name, tt.integer))
			})
		}
	}
}

func TestLogicalSizeFollowsResizesAndTurnsOff(t *testing.T) {
	// Software: the offscreen driver's OpenGL surface keeps the size the
	// window was made with, whatever SetSize says.
	w := openHeadless(t, Options{Width: 400, Height: 300, LogicalWidth: 160, LogicalHeight: 90, IntegerScale: true, Software: true})
	onMain(func() {
		w.win.SetSize(800, 300)
		w.updateSize() // what the resize event does
	})
	c := onMain1(w.Canvas)
	if cw, ch := onMain2(c.Size); cw != 160 || ch != 90 || onMain1(c.PixelScale) != 3 || c.view.area != (sdl.Rect{X: 160, Y: 15, W: 480, H: 270}) {
		t.Errorf("after resizing to 800×300: size %d×%d, scale %v, area %+v; want 160×90 at 3×, {160 15 480 270}", cw, ch, onMain1(c.PixelScale), c.view.area)
	}
	var err error
	onMain(func() { err = w.SetLogicalSize(0, 0, false) })
	if err != nil {
		t.Fatalf("SetLogicalSize(0, 0) = %v", err)
	}
	img := drawAndRead(t, w, drawLogicalScene)
	if cw, ch := onMain2(c.Size); cw != 800 || ch != 300 || onMain1(c.PixelScale) != 1 {
		t.Errorf("without a logical size: %d×%d at %v, want the drawable's 800×300 at 1", cw, ch, onMain1(c.PixelScale))
	}
	checkPixels(t, img, 0, []pixelWant{{"the square in drawable pixels", 5, 5, red}, {"no bars", 790, 290, blue}})
}

func TestSetLogicalSizeRefusesNonsense(t *testing.T) {
	w := openHeadless(t, Options{})
	for _, size := range [][2]int{{-1, 90}, {160, 0}, {0, 90}, {20000, 90}} {
		var err error
		onMain(func() { err = w.SetLogicalSize(size[0], size[1], false) })
		if err == nil || !strings.Contains(err.Error(), "want both sides in 1..16384") {
			t.Errorf("SetLogicalSize(%d, %d) = %v, want an error giving the range", size[0], size[1], err)
		}
	}
	var err error
	onMain(func() {
		var w2 *Window
		if w2, err = Open(Options{Headless: true, LogicalWidth: 100}); err == nil {
			w2.Close()
		}
	})
	if err == nil || !strings.Contains(err.Error(), "Options.LogicalWidth/Height") {
		t.Errorf("Open with only LogicalWidth = %v, want an error naming the option", err)
	}
}
