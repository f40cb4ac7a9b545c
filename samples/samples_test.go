// Package samples_test runs every sample scene as its users do: the real
// binary, built once, as a subprocess with the shared command line, on
// SDL's offscreen driver. It checks what the README promises of every scene:
// it draws, it stops after exactly -ticks ticks with the same state hash in
// every power mode, bad flags exit 2 naming the flag, and the JSON summary
// has every key.
package samples_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/lockstep-engine/lockstep/physics/backend"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// scenes are the sample commands under test, by directory name, the
// slowest first so that it overlaps the others.
var scenes = []string{"stress", "tumble", "pyramid", "chain", "interp"}

// background is the runner's clear colour (samples/scene).
var background = color.RGBA{R: 24, G: 26, B: 33, A: 255}

var (
	buildOnce sync.Once
	binDir    string
	buildErr  error
)

// TestMain removes the binaries the tests built.
func TestMain(m *testing.M) {
	// Games keep save data in the user's configuration directory (breakout
	// its best score): the samples' runs keep theirs out of the user's.
	cfgDir, err := os.MkdirTemp("", "lockstep-samples-config-")
	if err == nil {
		os.Setenv("XDG_CONFIG_HOME", cfgDir)
	}
	code := m.Run()
	if binDir != "" {
		os.RemoveAll(binDir)
	}
	if cfgDir != "" {
		os.RemoveAll(cfgDir)
	}
	os.Exit(code)
}

// binary returns the path of the built sample name, building all of them
// the first time it is called.
func binary(t *testing.T, name string) string {
	t.Helper()
	buildOnce.Do(func() {
		// The scenes are separate commands the test package does not
		// import, so go test's cache would not notice them change: open
		// every source file of the module so it does.
		if err := touchSources(".."); err != nil {
			buildErr = err
			return
		}
		binDir, buildErr = os.MkdirTemp("", "lockstep-samples-")
		if buildErr != nil {
			return
		}
		// -ldflags=-w leaves out the DWARF tables, which no test reads
		// (panics and profiles name functions from the symbol table kept):
		// linking the five cgo binaries takes half the CPU.
		args := []string{"build", "-tags", buildTags, "-ldflags=-w", "-o", binDir + string(filepath.Separator)}
		for _, s := range scenes {
			args = append(args, "./"+s)
		}
		cmd := exec.Command(goTool(), args...)
		if out, err := cmd.CombinedOutput(); err != nil {
			buildErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatalf("building the samples: %v", buildErr)
	}
	return filepath.Join(binDir, name)
}

// goTool finds the go command: on PATH, which is how go test is run.
func goTool() string {
	if p, err := exec.LookPath("go"); err == nil {
		return p
	}
	return "go" // exec reports that it is missing
}

// touchSources opens every Go source and module file under root, which
// go test records as inputs of the test's cached result.
func touchSources(root string) error {
	return filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == ".git" || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if d.IsDir() || !(strings.HasSuffix(path, ".go") || d.Name() == "go.mod" || d.Name() == "go.sum") {
			return nil
		}
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		return f.Close()
	})
}

// result is how a run of a sample ended.
type result struct {
	code   int
	stderr string
}

// run runs the sample name with args on the offscreen driver (or the
// one SDL_VIDEODRIVER names) and returns its exit status and stderr.
func run(t *testing.T, name string, args ...string) result {
	t.Helper()
	bin := binary(t, name)
	ctx, cancel := context.WithTimeout(context.Background(), patience(2*time.Minute))
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	// Read through os.Getenv so go test's cache keys on it; SDL reads it
	// with C's getenv, which the cache cannot see.
	driver := os.Getenv("SDL_VIDEODRIVER")
	if driver == "" {
		driver = "offscreen"
	}
	cmd.Env = append(os.Environ(), "SDL_VIDEODRIVER="+driver)
	cmd.Dir = t.TempDir()
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	if ctx.Err() != nil {
		t.Fatalf("%s %s: did not end within the timeout", name, strings.Join(args, " "))
	}
	res := result{stderr: stderr.String()}
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		res.code = exit.ExitCode()
	case err != nil:
		t.Fatalf("%s: %v", name, err)
	}
	return res
}

// runOK runs a sample that must succeed and returns its JSON summary.
func runOK(t *testing.T, name string, args ...string) map[string]any {
	t.Helper()
	js := filepath.Join(t.TempDir(), name+".json")
	args = append(args, "-stats-json", js)
	res := run(t, name, args...)
	if res.code != 0 {
		t.Fatalf("%s %s: exit status %d, want 0; stderr:\n%s", name, strings.Join(args, " "), res.code, res.stderr)
	}
	b, err := os.ReadFile(js)
	if err != nil {
		t.Fatalf("%s: no summary: %v", name, err)
	}
	var sum map[string]any
	if err := json.Unmarshal(b, &sum); err != nil {
		t.Fatalf("%s: summary is not JSON: %v\n%s", name, err, b)
	}
	return sum
}

// TestEverySceneDrawsItsBodiesHeadless checks each scene's last frame.
// Uncapped, how many ticks 300 frames take depends on the machine's
// speed; -max-steps 1 bounds them to 300 (5 s at 60 ticks a second), and
// the checks hold at every tick count from 0 up to that, which the run of
// one frame (no tick yet) pins at the low end.
func TestEverySceneDrawsItsBodiesHeadless(t *testing.T) {
	runs := []struct {
		what    string
		frames  int
		physics backend.Engine
	}{
		{"300 frames", 300, backend.Chipmunk},
		{"first frame", 1, backend.Chipmunk},
	}
	// Every scene draws the same on every engine in this build.
	for _, e := range backend.Built() {
		if e != backend.Chipmunk {
			runs = append(runs, struct {
				what    string
				frames  int
				physics backend.Engine
			}{"300 frames on " + e.String(), 300, e})
		}
	}
	for _, name := range scenes {
		for _, r := range runs {
			t.Run(name+"/"+r.what, func(t *testing.T) {
				t.Parallel()
				shot := filepath.Join(t.TempDir(), name+".png")
				sum := runOK(t, name, "-headless", "-frames", strconv.Itoa(r.frames), "-mode", "uncapped", "-max-steps", "1",
					"-physics", r.physics.String(), "-screenshot", shot)
				if got := sum["physics"]; got != r.physics.String() {
					t.Errorf("physics = %v, want %v", got, r.physics)
				}
				if got := sum["frames"]; got != float64(r.frames) {
					t.Errorf("frames = %v, want %d", got, r.frames)
				}
				if got, ok := sum["ticks"].(float64); !ok || got > float64(r.frames) {
					t.Errorf("ticks = %v, want at most one a frame (-max-steps 1)", sum["ticks"])
				}
				img := readPNG(t, shot)
				if dir := os.Getenv("LOCKSTEP_SHOTS"); dir != "" && r.frames == 300 {
					// For a person to look at: LOCKSTEP_SHOTS=/some/dir.
					b, _ := os.ReadFile(shot)
					_ = os.WriteFile(filepath.Join(dir, name+".png"), b, 0o644)
				}
				checkCommon(t, img)
				checks[name](t, img, sum)
			})
		}
	}
}

// TestStressRunsWithFewBalls covers the smallest -bodies values, whose
// balls would not fit the tank at the size the count alone asks for.
func TestStressRunsWithFewBalls(t *testing.T) {
	for _, n := range []int{1, 3} {
		t.Run(strconv.Itoa(n), func(t *testing.T) {
			t.Parallel()
			sum := runOK(t, "stress", "-headless", "-mode", "uncapped", "-ticks", "30", "-bodies", strconv.Itoa(n))
			if got := sum["bodies"]; got != float64(n+3) {
				t.Errorf("bodies = %v, want %d balls, a tank and two paddles", got, n)
			}
			if got := sum["ticks"]; got != float64(30) {
				t.Errorf("ticks = %v, want 30", got)
			}
		})
	}
}

func readPNG(t *testing.T, path string) *image.RGBA {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("screenshot: %v", err)
	}
	defer f.Close()
	m, err := png.Decode(f)
	if err != nil {
		t.Fatalf("screenshot: %v", err)
	}
	rgba := image.NewRGBA(m.Bounds())
	for y := m.Bounds().Min.Y; y < m.Bounds().Max.Y; y++ {
		for x := m.Bounds().Min.X; x < m.Bounds().Max.X; x++ {
			rgba.Set(x, y, m.At(x, y))
		}
	}
	return rgba
}

// checkCommon checks what every scene's screenshot shares: the default
// window size and an empty background in the right-hand corners, which
// every scene's camera leaves clear.
func checkCommon(t *testing.T, img *image.RGBA) {
	t.Helper()
	if b := img.Bounds(); b.Dx() != 1280 || b.Dy() != 720 {
		t.Fatalf("screenshot is %dx%d, want 1280x720", b.Dx(), b.Dy())
	}
	for _, p := range []image.Point{{1275, 4}, {1275, 715}} {
		if got := img.RGBAAt(p.X, p.Y); got != background {
			t.Errorf("pixel %v = %v, want the background %v", p, got, background)
		}
	}
}

// count returns how many pixels in r satisfy ok.
func count(img *image.RGBA, r image.Rectangle, ok func(color.RGBA) bool) int {
	n := 0
	r = r.Intersect(img.Bounds())
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if ok(img.RGBAAt(x, y)) {
				n++
			}
		}
	}
	return n
}

func is(c color.RGBA) func(color.RGBA) bool { return func(p color.RGBA) bool { return p == c } }

func notBackground(p color.RGBA) bool { return p != background }

// between fails unless lo <= n <= hi.
func between(t *testing.T, what string, n, lo, hi int) {
	t.Helper()
	if n < lo || n > hi {
		t.Errorf("%s: %d pixels, want %d to %d", what, n, lo, hi)
	}
}

var all = image.Rect(0, 0, 1280, 720)

// hud is the corner the debug HUD covers at its largest outside netplay:
// four lines, the phase table's heading and a line for each of the nine
// phases a scene without a session can show (net, copy and predict are
// netplay's), 13 pixels each, then the frame graph (40) and the paddings
// (6 above, 12 around the text, 6 under the graph): its panel ends at
// pixel 246. A phase shows only once it takes 50 µs a frame, so the
// panel grows on a busy machine: at load 8 tumble's last frame showed
// every phase, and the frame graph's bars below a fixed 232 counted as
// bodies left of the arena. No scene's bodies reach the corner in its
// last frame.
var hud = image.Rect(0, 0, 256, 248)

// warm is the pyramid's box colours, from its base's red to its top's
// yellow.
func warm(p color.RGBA) bool { return p.R > 150 && p.R > p.G && p.G > p.B }

// boxPixels counts the pyramid's box pixels: warm ones outside the HUD,
// whose frame graph draws slow frames in warm yellow and red (up to 8,400
// pixels of them on a loaded machine).
func boxPixels(img *image.RGBA) int { return count(img, all, warm) - count(img, hud, warm) }

// checks look at each scene's last frame for what must be in it.
var checks = map[string]func(t *testing.T, img *image.RGBA, sum map[string]any){
	"tumble": func(t *testing.T, img *image.RGBA, _ map[string]any) {
		// 120 bodies of 0.2 to 0.9 units across, at 54 pixels a unit.
		body := func(p color.RGBA) bool { return p != background && !isGrey(p) }
		between(t, "body pixels", count(img, all, body), 40_000, 250_000)
		// They stay between the walls (x = ±11 units, pixels 46 and 1234);
		// the HUD is in the top-left corner.
		between(t, "body pixels left of the arena", count(img, image.Rect(0, hud.Max.Y, 40, 720), body), 0, 0)
		between(t, "body pixels right of the arena", count(img, image.Rect(1241, 0, 1280, 720), body), 0, 0)
		// The pegs are where they were built (left of their centres,
		// clear of the spoke that shows their spin).
		for i := range 5 {
			p := image.Pt(640+(-4+2*i)*54-8, 598)
			if c, want := img.RGBAAt(p.X, p.Y), (color.RGBA{R: 150, G: 155, B: 165, A: 255}); c != want {
				t.Errorf("peg %d pixel %v = %v, want %v", i, p, c, want)
			}
		}
	},
	"pyramid": func(t *testing.T, img *image.RGBA, _ map[string]any) {
		// The base row sits on the floor across the middle; the top box
		// is still at the top: the pyramid stands.
		for _, p := range []image.Point{{640, 625}, {400, 625}, {880, 625}, {640, 40}} {
			if c := img.RGBAAt(p.X, p.Y); !warm(c) {
				t.Errorf("pixel %v = %v, want a box's warm colour", p, c)
			}
		}
		// Either side of the apex is empty (clear of the HUD's corner).
		for _, p := range []image.Point{{300, 200}, {980, 200}} {
			if c := img.RGBAAt(p.X, p.Y); c != background {
				t.Errorf("pixel %v = %v, want the background beside the pyramid", p, c)
			}
		}
		// 210 boxes of 32×32 pixels, less the seams that open between
		// them once they settle.
		between(t, "box pixels", boxPixels(img), 150_000, 210*32*32)
	},
	"chain": func(t *testing.T, img *image.RGBA, _ map[string]any) {
		if c, want := img.RGBAAt(640, 45), (color.RGBA{R: 120, G: 110, B: 100, A: 255}); c != want {
			t.Errorf("beam pixel (640, 45) = %v, want %v", c, want)
		}
		// Every chain shows, in its colour or its darker shade.
		for _, c := range []color.RGBA{
			{R: 230, G: 110, B: 80, A: 255}, {R: 240, G: 190, B: 70, A: 255},
			{R: 110, G: 200, B: 120, A: 255}, {R: 90, G: 170, B: 230, A: 255},
			{R: 180, G: 120, B: 220, A: 255}, {R: 235, G: 120, B: 170, A: 255},
		} {
			dark := color.RGBA{R: c.R - c.R/5, G: c.G - c.G/5, B: c.B - c.B/5, A: 255}
			n := count(img, image.Rect(0, 60, 1280, 720), func(p color.RGBA) bool { return p == c || p == dark })
			between(t, fmt.Sprintf("chain %v", c), n, 1500, 20_000)
		}
		// Nothing hangs below the balls' lowest reach.
		between(t, "drawn below the chains", count(img, image.Rect(0, 660, 1280, 720), notBackground), 0, 0)
	},
	"stress": func(t *testing.T, img *image.RGBA, sum map[string]any) {
		if got := sum["bodies"]; got != float64(2000+3) {
			t.Errorf("bodies = %v, want 2000 balls, a tank and two paddles", got)
		}
		// The bottom of the tank between the paddles' sweeps is full of
		// balls from the first frame on: about 53% of its pixels as they
		// start on a loose grid, about 90% once they settle.
		packed := count(img, image.Rect(470, 560, 810, 660), notBackground)
		if area := 340 * 100; packed < area*2/5 {
			t.Errorf("tank bottom: %d of %d pixels drawn, want at least 40%%", packed, area)
		}
		between(t, "drawn", count(img, all, notBackground), 250_000, 700_000)
		// The balls keep the colours of the bands they started in; most
		// bands still show.
		bands := []color.RGBA{
			{R: 94, G: 79, B: 162, A: 255}, {R: 50, G: 136, B: 189, A: 255}, {R: 102, G: 194, B: 165, A: 255},
			{R: 171, G: 221, B: 164, A: 255}, {R: 230, G: 245, B: 152, A: 255}, {R: 254, G: 224, B: 139, A: 255},
			{R: 253, G: 174, B: 97, A: 255}, {R: 244, G: 109, B: 67, A: 255}, {R: 213, G: 62, B: 79, A: 255},
		}
		seen := 0
		for _, c := range bands {
			if count(img, all, is(c)) > 2000 {
				seen++
			}
		}
		if seen < 7 {
			t.Errorf("%d of %d band colours show, want at least 7", seen, len(bands))
		}
	},
	"interp": func(t *testing.T, img *image.RGBA, sum map[string]any) {
		if got := sum["tps"]; got != float64(10) {
			t.Errorf("tps = %v, want the scene's default of 10", got)
		}
		if c, want := img.RGBAAt(640, 300), (color.RGBA{R: 140, G: 145, B: 155, A: 255}); c != want {
			t.Errorf("divider pixel (640, 300) = %v, want %v", c, want)
		}
		left, right := image.Rect(0, 0, 638, 720), image.Rect(643, 0, 1280, 720)
		// Each body shows once on either side, about the same size.
		for _, c := range []color.RGBA{
			{R: 240, G: 190, B: 70, A: 255}, {R: 90, G: 170, B: 230, A: 255},
			{R: 110, G: 200, B: 120, A: 255}, {R: 230, G: 110, B: 80, A: 255},
		} {
			l, r := count(img, left, is(c)), count(img, right, is(c))
			between(t, fmt.Sprintf("left %v", c), l, 900, 6000)
			between(t, fmt.Sprintf("right %v", c), r, l*8/10, l*12/10)
		}
		// The circles' spokes, in their colour's darker half, show the
		// spin on both sides (a spoke 0 px wide once drew nothing).
		spokes := func(r image.Rectangle) int {
			n := 0
			for _, c := range []color.RGBA{{R: 240, G: 190, B: 70, A: 255}, {R: 90, G: 170, B: 230, A: 255}, {R: 110, G: 200, B: 120, A: 255}} {
				n += count(img, r, is(color.RGBA{R: c.R / 2, G: c.G / 2, B: c.B / 2, A: 255}))
			}
			return n
		}
		between(t, "left spoke pixels", spokes(left), 30, 1000)
		between(t, "right spoke pixels", spokes(right), 30, 1000)
		// Both labels are written under their panels.
		text := is(color.RGBA{R: 220, G: 222, B: 228, A: 255})
		between(t, "left label", count(img, image.Rect(0, 640, 638, 700), text), 200, 5000)
		between(t, "right label", count(img, image.Rect(643, 640, 1280, 700), text), 200, 5000)
	},
}

// TestPyramidBoxPixelsLeaveOutTheHUD: on a loaded machine most frames
// run late, and the HUD's frame graph fills with yellow and red bars that
// the pyramid's check once counted as boxes (217,451 pixels against at
// most 215,040, on Box2D, whose pyramid settles with fewer seams).
func TestPyramidBoxPixelsLeaveOutTheHUD(t *testing.T) {
	img := image.NewRGBA(all)
	fill := func(r image.Rectangle, c color.RGBA) { draw.Draw(img, r, image.NewUniform(c), image.Point{}, draw.Src) }
	fill(all, background)
	// The first frame's pyramid: 20 rows of boxes 32 pixels square, the
	// base row on the floor across the middle, each row centred on it.
	for row := range 20 {
		n := 20 - row
		for i := range n {
			x, y := 640-16*n+32*i, 640-32*(row+1)
			fill(image.Rect(x, y, x+32, y+32), color.RGBA{R: 210, G: 90, B: 60, A: 255})
		}
	}
	if got, want := boxPixels(img), 210*32*32; got != want {
		t.Fatalf("box pixels of the pyramid alone = %d, want %d", got, want)
	}
	// The HUD's panel at its worst: every frame in its graph more than
	// twice late, red from edge to edge.
	fill(image.Rect(6, 6, 248, 219), color.RGBA{R: 230, G: 60, B: 50, A: 255})
	if got, want := boxPixels(img), 210*32*32; got != want {
		t.Errorf("box pixels with a HUD of late frames = %d, want %d: the HUD counts as boxes", got, want)
	}
}

// isGrey reports a wall's grey (equal-ish channels), as opposed to a
// body's colour.
func isGrey(p color.RGBA) bool {
	lo, hi := min(p.R, p.G, p.B), max(p.R, p.G, p.B)
	return hi-lo < 24
}

// hashTicks is how many ticks the determinism runs take: about two
// seconds of real time at each scene's default tick rate, whatever the
// power mode, so all of them run at once.
var hashTicks = map[string]int{"tumble": 120, "pyramid": 120, "chain": 120, "stress": 120, "interp": 20}

func TestTicksStopExactlyWithTheSameHashInEveryMode(t *testing.T) {
	for _, name := range scenes {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			n := strconv.Itoa(hashTicks[name])
			runs := []struct {
				what string
				args []string
			}{
				{"uncapped", []string{"-mode", "uncapped"}},
				{"cap 30", []string{"-mode", "cap", "-fps", "30"}},
				{"cap 144", []string{"-mode", "cap", "-fps", "144"}},
				// Capped: the seed's run shows the seed changes the
				// state, which needs no mode of its own, and uncapped
				// it would draw flat out for the whole run.
				{"cap 30 seed 2", []string{"-mode", "cap", "-fps", "30", "-seed", "2"}},
			}
			// Other engines: one hash of their own across modes (checked
			// below), not Chipmunk's.
			for _, e := range backend.Built() {
				if e != backend.Chipmunk {
					pe := []string{"-physics", e.String()}
					runs = append(runs[:len(runs)-1], struct {
						what string
						args []string
					}{e.String() + " uncapped", append([]string{"-mode", "uncapped"}, pe...)}, struct {
						what string
						args []string
					}{e.String() + " cap 144", append([]string{"-mode", "cap", "-fps", "144"}, pe...)}, runs[len(runs)-1])
				}
			}
			// The runs mostly sleep, waiting for real time to pass: run
			// them side by side rather than in turn.
			sums := make([]map[string]any, len(runs))
			var wg sync.WaitGroup
			for i, r := range runs {
				wg.Go(func() {
					t.Run(r.what, func(t *testing.T) {
						sums[i] = runOK(t, name, append([]string{"-headless", "-ticks", n}, r.args...)...)
					})
				})
			}
			wg.Wait()
			if t.Failed() {
				return
			}
			want := sums[0]["state_hash"]
			engineHash := map[string]any{}
			for _, s := range sums {
				if e, _ := s["physics"].(string); e != "chipmunk" {
					if h, seen := engineHash[e]; seen && h != s["state_hash"] {
						t.Errorf("%s: state_hash %v and %v in two modes", e, h, s["state_hash"])
					}
					engineHash[e] = s["state_hash"]
				}
			}
			if h, ok := want.(string); !ok || len(h) != 16 {
				t.Fatalf("state_hash = %v, want 16 hex digits", want)
			}
			for i, r := range runs {
				if got := sums[i]["ticks"]; got != float64(hashTicks[name]) {
					t.Errorf("%s: ticks = %v, want exactly %s", r.what, got, n)
				}
				got := sums[i]["state_hash"]
				switch {
				case i == len(runs)-1 && got == want:
					t.Errorf("%s: state_hash %v is seed 1's too: the seed changes nothing", r.what, got)
				case sums[i]["physics"] != "chipmunk":
					// checked against its own engine's above
				case i < len(runs)-1 && got != want:
					t.Errorf("%s: state_hash = %v, want %v as under -mode uncapped", r.what, got, want)
				}
			}
		})
	}
}

func TestBadFlagsExit2NamingTheFlagAndItsRange(t *testing.T) {
	tests := []struct {
		args  []string
		scene string // "" for every scene
		want  []string
	}{
		{[]string{"-tps", "0"}, "", []string{"-tps", "1 to 10000"}},
		{[]string{"-fps", "-1"}, "", []string{"-fps", "1 to 10000"}},
		{[]string{"-max-steps", "0"}, "", []string{"-max-steps", "1 to 1000"}},
		{[]string{"-mode", "fast"}, "", []string{"-mode", "vsync, cap or uncapped"}},
		{[]string{"-pprof", "0.0.0.0:6060"}, "", []string{"-pprof", "loopback"}},
		{[]string{"-bodies", "-5"}, "stress", []string{"-bodies", "1 to 20000"}},
		{[]string{"-bodies", "0"}, "stress", []string{"-bodies", "1 to 20000"}},
		{[]string{"-bodies", "20001"}, "stress", []string{"-bodies", "1 to 20000"}},
	}
	for _, name := range scenes {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			for _, tt := range tests {
				if tt.scene != "" && tt.scene != name {
					continue
				}
				res := run(t, name, tt.args...)
				if res.code != 2 {
					t.Errorf("%s %s: exit status %d, want 2; stderr:\n%s", name, strings.Join(tt.args, " "), res.code, res.stderr)
				}
				for _, w := range tt.want {
					if !strings.Contains(res.stderr, w) {
						t.Errorf("%s %s: stderr does not name %q:\n%s", name, strings.Join(tt.args, " "), w, res.stderr)
					}
				}
			}
		})
	}
}

// designKeys are the summary keys every scene's summary has (README,
// "Samples and the shared command line"; desktop.Summary), with the keys
// of the objects among them.
var designKeys = map[string][]string{
	"scene": nil, "mode": nil, "mode_effective": nil, "fps_target": nil, "tps": nil,
	"frames": nil, "ticks": nil, "wall_s": nil, "fps": nil,
	"frame_ms":        {"p50", "p90", "p99", "max"},
	"late_us":         {"p50", "p99", "max"},
	"steps_per_frame": {},
	"bailouts":        nil, "dropped_ms": nil, "cpu_s": nil, "allocs_per_frame": nil,
	"gc_cycles": nil, "gc_pause_ms": nil, "bodies": nil, "state_hash": nil,
}

func TestSummaryHasEveryKeyDesignLists(t *testing.T) {
	for _, name := range scenes {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			sum := runOK(t, name, "-headless", "-mode", "cap", "-fps", "120", "-ticks", "3")
			for key, inner := range designKeys {
				v, ok := sum[key]
				if !ok {
					t.Errorf("summary has no %q", key)
					continue
				}
				if inner == nil {
					continue
				}
				obj, ok := v.(map[string]any)
				if !ok {
					t.Errorf("%q = %v, want an object", key, v)
					continue
				}
				for _, k := range inner {
					if _, ok := obj[k]; !ok {
						t.Errorf("%q has no %q", key, k)
					}
				}
			}
			if got := sum["scene"]; got != name {
				t.Errorf("scene = %v, want %q", got, name)
			}
			hist, _ := sum["steps_per_frame"].(map[string]any)
			var frames float64
			for k, v := range hist {
				if _, err := strconv.Atoi(k); err != nil {
					t.Errorf("steps_per_frame key %q is not a tick count", k)
				}
				n, _ := v.(float64)
				frames += n
			}
			if frames != sum["frames"] {
				t.Errorf("steps_per_frame counts %v frames, the summary %v", frames, sum["frames"])
			}
		})
	}
}
