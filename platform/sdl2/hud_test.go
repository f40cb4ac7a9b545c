package sdl2

import (
	"image"
	"image/color"
	"testing"
	"time"
)

// hudBounds draws h over a grey canvas of a 1280×720 window with a
// logical size of logW×logH (0×0: none) and returns the rectangle of
// pixels the HUD changed, and whether the right-hand column of that
// rectangle is panel from top to bottom: text that ran past its panel
// would leave grey there.
func hudBounds(t *testing.T, logW, logH int, h HUD) (image.Rectangle, bool) {
	t.Helper()
	w := openHeadless(t, Options{Width: 1280, Height: 720, LogicalWidth: logW, LogicalHeight: logH, IntegerScale: true})
	grey := color.RGBA{128, 128, 128, 255}
	var img *image.RGBA
	var err error
	onMain(func() {
		c := w.Canvas()
		c.Clear(grey)
		cw, ch := c.Size()
		c.FillRect(0, 0, float64(cw), float64(ch), grey) // the bars too are grey
		c.DrawHUD(h)
		img, err = w.Image()
	})
	if err != nil {
		t.Fatalf("Image: %v", err)
	}
	var r image.Rectangle
	for y := range img.Bounds().Dy() {
		for x := range img.Bounds().Dx() {
			if img.RGBAAt(x, y) != grey {
				r = r.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	covered := !r.Empty()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		if img.RGBAAt(r.Max.X-1, y) == grey {
			covered = false
		}
	}
	return r, covered
}

// The HUD is drawn in window pixels: a 320×180 game scaled 4× gets the
// same HUD, no larger, as one drawn in pixels, and its panel holds its
// longest line.
func TestHUDIsInWindowPixelsWhateverTheLogicalSize(t *testing.T) {
	h := testHUD(frameTimes())
	native, ok := hudBounds(t, 0, 0, h)
	if !ok {
		t.Errorf("without a logical size, the HUD %v is not a panel with its text inside", native)
	}
	logical, ok := hudBounds(t, 320, 180, h)
	if !ok {
		t.Errorf("at 320×180, the HUD %v is not a panel with its text inside", logical)
	}
	if logical != native {
		t.Errorf("at 320×180 the HUD covers %v, want %v as without a logical size", logical, native)
	}
	if native.Dx() > 320 || native.Dy() > 160 {
		t.Errorf("the HUD covers %v of a 1280×720 window, want at most 320×160", native)
	}
}

// Every switch on, with a long time scale: the last line is the longest,
// and still inside the panel.
func TestHUDPanelHoldsItsLongestLine(t *testing.T) {
	h := testHUD(nil)
	h.Paused, h.NoInterp, h.TimeScale, h.Mode = true, true, 1.0/64, "cap (vsync ignored)"
	r, ok := hudBounds(t, 320, 180, h)
	if !ok {
		t.Errorf("text runs past the panel %v", r)
	}
}

// A predicting session's depth joins the switches' line, which must still
// fit in the panel.
func TestHUDPanelHoldsThePredictionDepth(t *testing.T) {
	h := testHUD(nil)
	h.Paused, h.NoInterp, h.TimeScale = true, true, 1.0/64
	h.Ahead, h.Rollback = 30, 30
	r, ok := hudBounds(t, 320, 180, h)
	if !ok {
		t.Errorf("text runs past the panel %v", r)
	}
}

// The phase table and the hitches' mark grow the panel by a line a phase
// shown (those under hudMinPhase are left out), and stay inside it.
func TestHUDPanelHoldsThePhaseTableAndTheHitches(t *testing.T) {
	bare, ok := hudBounds(t, 0, 0, testHUD(nil))
	if !ok {
		t.Fatalf("the HUD %v is not a panel with its text inside", bare)
	}
	h := testHUD(nil)
	h.Phases = []HUDPhase{{"physics", 12345 * time.Microsecond, 11 * time.Millisecond},
		{"present", 4 * time.Millisecond, 300 * time.Microsecond}, {"net", time.Microsecond, 0}}
	h.Hitches = 1234567
	r, ok := hudBounds(t, 0, 0, h)
	if !ok {
		t.Fatalf("text runs past the panel %v", r)
	}
	if grew, lh := r.Dy()-bare.Dy(), 3*glyphH; grew != lh { // a headless window's text scale is 1
		t.Errorf("the panel grew %d pixels, want 3 lines (%d): a heading and the two phases over %v", grew, lh, hudMinPhase)
	}
	if r.Dx() <= bare.Dx() {
		t.Errorf("the panel %v is no wider than without the hitches %v: the heading's count is not in it", r, bare)
	}
}
