package main

import (
	"context"
	"encoding/json"
	"image"
	"image/color"
	"image/png"
	"io"
	"log/slog"
	"math"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/engine/host"
	"github.com/lockstep-engine/lockstep/platform/desktop"
	"github.com/veandco/go-sdl2/sdl"
)

// SDL wants the main OS thread, which the sdl package locked to the main
// goroutine, while go test runs tests on others: the main goroutine serves
// sdl.Do calls.
func TestMain(m *testing.M) {
	if os.Getenv("SDL_VIDEODRIVER") == "" {
		// Read through os.Getenv, which go test's cache keys on.
		os.Setenv("SDL_VIDEODRIVER", "offscreen")
	}
	code := 1
	sdl.Main(func() { code = m.Run() })
	os.Exit(code)
}

// dt is the tick at the default 60 ticks a second.
const dt = time.Second / 60

// execute runs game with the command line args on the main thread, as
// desktop.Main would, with the log discarded, on clock (nil: the system's,
// or for a headless replay one that never waits). It returns the run's
// summary as its JSON says.
func execute(t *testing.T, game desktop.Game, clock host.Clock, args ...string) (desktop.Summary, error) {
	t.Helper()
	return executeIn(t, t.TempDir(), game, clock, args...)
}

// executeIn is execute with the game's save data in saveDir.
func executeIn(t *testing.T, saveDir string, game desktop.Game, clock host.Clock, args ...string) (desktop.Summary, error) {
	t.Helper()
	js := filepath.Join(t.TempDir(), "summary.json")
	args = append(args, "-stats-json", js)
	cfg, err := desktop.Parse(game, config(), args)
	if err != nil {
		t.Fatalf("parse %v: %v", args, err)
	}
	if !slices.Contains(args, "-screenshot") {
		// Nobody looks at these frames: the smallest window the game
		// allows, half the canvas each way, is an eighth of the default's
		// pixels for the CPU's rasterizer to fill. The logical size maps
		// the pilot's pointer and the drawing onto it as onto any other.
		cfg.Window.Width, cfg.Window.Height = canvasW/2, canvasH/2
	}
	cfg.Clock, cfg.Logger = clock, slog.New(slog.NewTextHandler(io.Discard, nil))
	cfg.Output.StatsOut = io.Discard
	cfg.SaveDir = saveDir
	sdl.Do(func() { _, err = desktop.Run(context.Background(), game, cfg) })
	var sum desktop.Summary
	raw, rerr := os.ReadFile(js)
	if rerr == nil {
		rerr = json.Unmarshal(raw, &sum)
	}
	if rerr != nil {
		t.Fatalf("summary of %v: %v", args, rerr)
	}
	return sum, err
}

// racing is a clock for replays that runs eight ticks a frame: a replay's
// ticks take their input from the recording, so how many a frame runs
// changes nothing but how often the (software-rendered) frame is drawn.
func racing() host.Clock { return host.NewFastClock(dt) }

// readPNG decodes a screenshot.
func readPNG(t *testing.T, path string) image.Image {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("screenshot: %v", err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("screenshot %s: %v", path, err)
	}
	if dir := os.Getenv("BREAKOUT_SHOTS"); dir != "" {
		// For a person to look at: BREAKOUT_SHOTS=/some/dir.
		b, _ := os.ReadFile(path)
		_ = os.WriteFile(filepath.Join(dir, filepath.Base(path)), b, 0o644)
	}
	return img
}

// toPixels maps a rectangle in canvas units to img's pixels: the canvas
// is scaled to fit and centred, as the window's logical size does.
func toPixels(img image.Image, r image.Rectangle) image.Rectangle {
	b := img.Bounds()
	s := min(float64(b.Dx())/canvasW, float64(b.Dy())/canvasH)
	ox, oy := math.Floor((float64(b.Dx())-canvasW*s)/2), math.Floor((float64(b.Dy())-canvasH*s)/2)
	at := func(x, y int) image.Point {
		return image.Pt(int(math.Round(ox+float64(x)*s)), int(math.Round(oy+float64(y)*s)))
	}
	return image.Rectangle{Min: at(r.Min.X, r.Min.Y), Max: at(r.Max.X, r.Max.Y)}
}

// worldPixel is the pixel of img where world point (x, y) is drawn.
func worldPixel(img image.Image, x, y float64) image.Point {
	r := toPixels(img, image.Rect(0, 0, canvasW, canvasH))
	s := float64(r.Dx()) / canvasW
	return image.Pt(int(math.Floor(float64(r.Min.X)+(canvasW/2+x*zoom)*s)), int(math.Floor(float64(r.Min.Y)+(canvasH/2-y*zoom)*s)))
}

// count returns how many pixels of img in r satisfy ok.
func count(img image.Image, r image.Rectangle, ok func(color.RGBA) bool) int {
	n := 0
	r = r.Intersect(img.Bounds())
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if ok(rgbaAt(img, x, y)) {
				n++
			}
		}
	}
	return n
}

func rgbaAt(img image.Image, x, y int) color.RGBA {
	r, g, b, a := img.At(x, y).RGBA()
	return color.RGBA{R: uint8(r >> 8), G: uint8(g >> 8), B: uint8(b >> 8), A: uint8(a >> 8)}
}

// near matches colours within tol of want in each channel.
func near(want color.RGBA, tol int) func(color.RGBA) bool {
	d := func(a, b uint8) bool { return abs(int(a)-int(b)) <= tol }
	return func(c color.RGBA) bool { return d(c.R, want.R) && d(c.G, want.G) && d(c.B, want.B) }
}

func abs(v int) int { return max(v, -v) }
