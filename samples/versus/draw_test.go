package main

import (
	"image/color"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestTheFieldShowsItsCentreLineAndGoalMouths runs versus headless for
// two ticks and looks at its screenshot: the centre line is drawn (its
// width, 0.05, was taken as canvas units, a twentieth of a pixel) and each
// goal mouth is part of the field, so a disc in it is not drawn off the
// pitch. Each disc has its player's colour, the colour of the player's
// score pips (the discs took their colours from their place among the
// world's bodies, the walls first: left was blue, its pips red).
func TestTheFieldShowsItsCentreLineAndGoalMouths(t *testing.T) {
	bin := build(t)
	shot := filepath.Join(t.TempDir(), "field.png")
	cmd := exec.Command(bin, "-headless", "-ticks", "1", "-screenshot", shot)
	cmd.Env = append(os.Environ(), "SDL_VIDEODRIVER=offscreen", "SDL_AUDIODRIVER=dummy")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("versus: %v\n%s", err, out)
	}
	f, err := os.Open(shot)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("decode %s: %v", shot, err)
	}
	at := func(x, y int) color.RGBA {
		r, g, b, a := img.At(x, y).RGBA()
		return color.RGBA{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), uint8(a >> 8)}
	}
	// 1280×720: 65.45 pixels a unit, the origin at (640, 360).
	lit := 0
	for x := 630; x < 650; x++ {
		if at(x, 150) == lineColor {
			lit++
		}
	}
	if lit < 2 {
		t.Errorf("the centre line is %d pixels wide at y = 150, want 2 or more of its colour %v", lit, lineColor)
	}
	for slot, x := range []int{640 - 262, 640 + 262} { // the discs start 4 units either side
		if got := at(x, 360); got != colors[slot] {
			t.Errorf("player %d's disc at (%d, 360) = %v, want its colour %v", slot, x, got, colors[slot])
		}
	}
	for _, x := range []int{77, 1203} { // inside each goal mouth, 8.6 units from the middle
		if got := at(x, 360); got != fieldColor {
			t.Errorf("pixel (%d, 360) in a goal mouth = %v, want the field's %v", x, got, fieldColor)
		}
	}
}
