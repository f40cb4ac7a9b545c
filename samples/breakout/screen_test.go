package main

import (
	"image"
	"image/color"
	"path/filepath"
	"testing"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/host"
	"github.com/lockstep-engine/lockstep/physics"
	"github.com/lockstep-engine/lockstep/platform/desktop"
	"github.com/veandco/go-sdl2/sdl"
)

// The debug HUD every game run by desktop.Main shows in the top-left
// corner, in pixels of a 1280×720 window: checks keep clear of it.
var debugHUD = image.Rect(0, 0, 320, 170)

// shoot runs game headless for ticks ticks, unblended (so the last frame
// shows the last tick's state), and returns its last frame.
func shoot(t *testing.T, game desktop.Game, ticks string, args ...string) image.Image {
	t.Helper()
	shot := filepath.Join(t.TempDir(), t.Name()[len("Test"):]+".png")
	args = append([]string{"-headless", "-mode", "uncapped", "-ticks", ticks, "-interp=false", "-screenshot", shot}, args...)
	if _, err := execute(t, game, host.NewFastClock(dt/16), args...); err != nil {
		t.Fatalf("run: %v", err)
	}
	img := readPNG(t, shot)
	if b := img.Bounds(); b.Dx() != 1280 || b.Dy() != 720 {
		t.Fatalf("screenshot is %v, want the default 1280×720 window", b)
	}
	return img
}

// barText counts the pixels of the score bar's middle that are not the
// bar's colour: the score.
func barText(img image.Image) int {
	return count(img, toPixels(img, image.Rect(canvasW/2-150, 0, canvasW/2+150, int(barH)-4)), func(c color.RGBA) bool {
		return c != barColor()
	})
}

func TestTheTitleShowsTheNameOverTheWallAndThePaddle(t *testing.T) {
	p := &pilot{game: newGame()} // a pilot that does nothing before tick 20
	img := shoot(t, p, "15")
	if p.screen != onTitle {
		t.Fatalf("screen %d, want the title", p.screen)
	}
	if n := count(img, toPixels(img, image.Rect(150, 110, 810, 240)), near(goldColor(), 8)); n < 20_000 {
		t.Errorf("%d pixels of the title's gold, want the big BREAKOUT's 20,000 or more", n)
	}
	// The wall shows through the shade, each row in its hue: the right
	// column, clear of the text.
	for r := range brickRows {
		pos := brickPos(r, brickCols-1)
		px := worldPixel(img, pos.X(), pos.Y())
		c, tint := rgbaAt(img, px.X, px.Y), styleOf(r).tint
		if c == floorColor() || !sameHue(c, tint) {
			t.Errorf("row %d brick pixel %v = %v, want the hue of %v under the shade", r, px, c, tint)
		}
	}
	// The paddle's red end.
	px := worldPixel(img, -paddleHalfW+0.15, paddleY)
	if c := rgbaAt(img, px.X, px.Y); !(c.R > 2*c.G && c.R > 2*c.B && c.R > 40) {
		t.Errorf("paddle end pixel %v = %v, want a shaded red", px, c)
	}
	if n := barText(img); n < 300 {
		t.Errorf("%d pixels of score text in the bar, want 300 or more", n)
	}
}

func TestThePlayScreenShowsTheBallThePaddleTheBricksAndTheScore(t *testing.T) {
	p := &pilot{game: newGame(), plan: plan{start: sdl.SCANCODE_SPACE, launchKey: sdl.SCANCODE_SPACE}}
	img := shoot(t, p, "150")
	if p.screen != playing || p.paused {
		t.Fatalf("screen %d, paused %v; want playing", p.screen, p.paused)
	}
	paddle, ball := p.body(t, p.paddle), p.body(t, p.ball)
	// The paddle's glowing stripe, in the middle.
	px := worldPixel(img, paddle.Pos.X(), paddleY)
	if c := rgbaAt(img, px.X, px.Y); !near(color.RGBA{R: 130, G: 235, B: 255}, 20)(c) {
		t.Errorf("paddle centre pixel %v = %v, want its cyan stripe", px, c)
	}
	px = worldPixel(img, ball.Pos.X(), ball.Pos.Y())
	if c := rgbaAt(img, px.X, px.Y); c.R < 140 || c.G < 140 || c.B < 150 {
		t.Errorf("ball centre pixel %v = %v, want the white ball", px, c)
	}
	// Every standing brick, a little above its middle (the face, below
	// the sheen), in its row's colour; broken ones are gone.
	standing := 0
	for i := range p.bricks {
		b := &p.bricks[i]
		px := worldPixel(img, b.pos.X()+0.3, b.pos.Y()+0.05)
		if px.In(debugHUD) || ball.Pos.Sub(b.pos).Len() < 1.5 {
			continue
		}
		c := rgbaAt(img, px.X, px.Y)
		if b.id == 0 {
			if sameHue(c, styleOf(b.row).tint) && c != floorColor() {
				t.Errorf("broken brick %d still drawn at %v: %v", i, px, c)
			}
			continue
		}
		standing++
		st := styleOf(b.row)
		face := color.RGBA{R: uint8(float64(st.tint.R) * 0.875), G: uint8(float64(st.tint.G) * 0.875), B: uint8(float64(st.tint.B) * 0.875)}
		if !near(face, 12)(c) {
			t.Errorf("brick %d (row %d) pixel %v = %v, want its face %v", i, b.row, px, c, face)
		}
	}
	if standing < numBricks/2 {
		t.Errorf("%d bricks checked, want most of them", standing)
	}
	if n := barText(img); n < 300 {
		t.Errorf("%d pixels of score text in the bar, want 300 or more", n)
	}
	// No shade: the floor shows its own colour between the grid lines
	// (at half units across, whole units up).
	floor := 0
	for _, pt := range [][2]float64{{-10, -2.5}, {10, -2.5}, {-6, -4.5}, {6, -4.5}, {1, -1.5}} {
		px := worldPixel(img, pt[0], pt[1])
		if rgbaAt(img, px.X, px.Y) == floorColor() {
			floor++
		}
	}
	if floor < 4 {
		t.Errorf("%d of 5 floor pixels in the floor's colour %v, want 4 or more", floor, floorColor())
	}
}

func TestPauseShowsPausedAndHoldsTheWorldStill(t *testing.T) {
	p := &pilot{game: newGame(), plan: plan{start: sdl.SCANCODE_SPACE, launchKey: sdl.SCANCODE_SPACE, pauseAt: 20, pauseFor: 1000}}
	held := &holdWatch{pilot: p}
	img := shoot(t, held, "200")
	if !p.paused || p.screen != playing {
		t.Fatalf("paused %v, screen %d; want paused in play", p.paused, p.screen)
	}
	if held.ticks < 60 || held.moved {
		t.Errorf("paused for %d ticks, the world moved: %v; want 60 or more ticks, still", held.ticks, held.moved)
	}
	if n := count(img, toPixels(img, image.Rect(330, 285, 630, 345)), near(textColor(), 10)); n < 2000 {
		t.Errorf("%d pixels of PAUSED, want 2,000 or more", n)
	}
}

// holdWatch is a pilot that checks, every frame of a pause, that the
// world is where the pause found it.
type holdWatch struct {
	*pilot
	ticks  int
	at     physics.Digest
	last   uint64
	moved  bool
	paused bool
}

func (h *holdWatch) Update(f *engine.Frame) error {
	switch {
	case h.game.paused && !h.paused:
		h.paused, h.at, h.last = true, physics.Hash(f.Current), h.pilot.ticks
	case h.game.paused:
		h.moved = h.moved || physics.Hash(f.Current) != h.at
		h.ticks = int(h.pilot.ticks - h.last)
	}
	return h.pilot.Update(f)
}

// sameHue reports whether c is want's colour darkened or lightened: its
// channels in the same order, the strongest clearly strongest.
func sameHue(c, want color.RGBA) bool {
	order := func(c color.RGBA) (int, int) {
		ch := [3]int{int(c.R), int(c.G), int(c.B)}
		hi, lo := 0, 0
		for i := range ch {
			if ch[i] > ch[hi] {
				hi = i
			}
			if ch[i] < ch[lo] {
				lo = i
			}
		}
		return hi, lo
	}
	wh, wl := order(want)
	ch, cl := order(c)
	if int(want.R)+int(want.G)+int(want.B) > 3*190 { // silver: all about equal
		return max(c.R, c.G, c.B)-min(c.R, c.G, c.B) < 30 && c.B >= c.R
	}
	return wh == ch && wl == cl
}
