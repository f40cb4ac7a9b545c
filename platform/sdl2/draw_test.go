package sdl2

import (
	"image"
	"image/color"
	"os"
	"path/filepath"
	"testing"

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
			t.Logf("video driver %s, renderer %s", driver, w.Renderer())
			checkScene(t, img)
			saveForReview(t, w, "scene-"+name+".png")
		})
	}
}
