package desktop_test

import (
	"bytes"
	"encoding/json"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/veandco/go-sdl2/sdl"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/host"
	"github.com/lockstep-engine/lockstep/platform/desktop"
	"github.com/lockstep-engine/lockstep/platform/sdl2"
)

// run runs game with args on the main thread and returns its exit status
// and what it printed on stderr.
func run(game desktop.Game, args ...string) (int, string) {
	return runWith(game, desktop.Config{}, args...)
}

// named is a test game with a name, which run and runWith give it in
// Config.Name.
type named interface{ name() string }

// runWith is run with cfg's values as the command line's defaults.
func runWith(game desktop.Game, cfg desktop.Config, args ...string) (int, string) {
	if n, ok := game.(named); ok && cfg.Name == "" {
		cfg.Name = n.name()
	}
	var code int
	var stderr bytes.Buffer
	sdl.Do(func() { code = desktop.MainStatus(game, cfg, args, &bytes.Buffer{}, &stderr) })
	return code, stderr.String()
}

func TestMinimalGameRunsHeadlessAndDrawsItsBox(t *testing.T) {
	dir := t.TempDir()
	shot, stats := filepath.Join(dir, "box.png"), filepath.Join(dir, "box.json")
	code, stderr := run(&box{}, "-headless", "-mode", "uncapped", "-ticks", "30", "-screenshot", shot, "-stats-json", stats)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	f, err := os.Open(shot)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	b := img.Bounds()
	// The box is 2 units (100 px) wide at the drawable's centre.
	r, g, _, _ := img.At(b.Dx()/2, b.Dy()/2).RGBA()
	if r>>8 != 230 || g>>8 != 110 {
		t.Errorf("centre pixel is %v, want the box's colour", img.At(b.Dx()/2, b.Dy()/2))
	}
	r, _, _, _ = img.At(b.Dx()-5, b.Dy()-5).RGBA()
	if r>>8 != 20 {
		t.Errorf("corner pixel is %v, want the background", img.At(b.Dx()-5, b.Dy()-5))
	}
	var sum desktop.Summary
	raw, err := os.ReadFile(stats)
	if err == nil {
		err = json.Unmarshal(raw, &sum)
	}
	if err != nil {
		t.Fatal(err)
	}
	if sum.Ticks != 30 || !sum.Headless || sum.Bodies != 0 {
		t.Errorf("summary: %d ticks, headless %v, %d bodies; want 30, true, 0", sum.Ticks, sum.Headless, sum.Bodies)
	}
}

// drifter has no physics: its state is one number it moves each tick, and
// its hash is that number.
type drifter struct{ x, step float64 }

func (*drifter) name() string                                 { return "drifter" }
func (d *drifter) Tick(*engine.Tick) error                    { d.x += d.step; return nil }
func (d *drifter) Draw(c *sdl2.Canvas, _ *engine.Frame) error { return nil }
func (d *drifter) StateHash() uint64                          { return math.Float64bits(d.x) }

func TestRecordAndReplayCheckAGamesOwnState(t *testing.T) {
	tape := filepath.Join(t.TempDir(), "run.tape")
	if code, stderr := run(&drifter{step: 0.1}, "-headless", "-mode", "uncapped", "-ticks", "150", "-record", tape); code != 0 {
		t.Fatalf("record: exit %d: %s", code, stderr)
	}
	if code, stderr := run(&drifter{step: 0.1}, "-headless", "-replay", tape); code != 0 {
		t.Fatalf("replay of the same game: exit %d: %s", code, stderr)
	}
	code, stderr := run(&drifter{step: 0.1000001}, "-headless", "-replay", tape)
	if code != 1 || !strings.Contains(stderr, "diverged") || !strings.Contains(stderr, "tick 60") {
		t.Fatalf("replay of a game that moves differently: exit %d, %q; want 1 and a divergence at the first checkpoint after tick 0 (60)", code, stderr)
	}
}

func TestFlagMessagesNameWhatTheUserGaveAndTheRange(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want []string // in the error; nil: parses
	}{
		{[]string{"-tps", "1"}, nil},
		{[]string{"-tps", "3"}, nil},
		{[]string{"-tps", "abc"}, []string{"-tps", "1 to 10000"}},
		{[]string{"-fps", "1.5"}, []string{"-fps", "1 to 10000"}},
		{[]string{"-tps", "2", "-max-frame", "100ms"}, []string{"-max-frame", "one tick (500ms at -tps 2)"}},
		{[]string{"-max-frame", "soon"}, []string{"-max-frame", "one tick to 10s"}},
	} {
		c, err := desktop.Parse(&box{}, desktop.Config{}, tc.args)
		if tc.want == nil {
			if err != nil {
				t.Errorf("%v: %v, want it accepted", tc.args, err)
			} else if l, _ := host.WithDefaults(c.Loop); l.MaxFrame < time.Second/time.Duration(l.TPS) {
				t.Errorf("%v: default -max-frame %v is shorter than a tick (%v)", tc.args, l.MaxFrame, time.Second/time.Duration(l.TPS))
			}
			continue
		}
		if err == nil {
			t.Errorf("%v: accepted, want an error", tc.args)
			continue
		}
		for _, w := range tc.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%v: %q does not say %q", tc.args, err, w)
			}
		}
		if strings.Contains(err.Error(), "250ms") {
			t.Errorf("%v: %q names the -max-frame default the user never gave", tc.args, err)
		}
	}
}

func TestHUDIsOffInAGameUnlessTheHUDFlagAsks(t *testing.T) {
	for _, tc := range []struct {
		args []string
		hud  bool
	}{{nil, false}, {[]string{"-hud"}, true}, {[]string{"-hud", "-hud=false"}, false}} {
		shot := filepath.Join(t.TempDir(), "box.png")
		args := append([]string{"-headless", "-mode", "uncapped", "-ticks", "5", "-screenshot", shot}, tc.args...)
		if code, stderr := run(&box{}, args...); code != 0 {
			t.Fatalf("%q: exit %d: %s", tc.args, code, stderr)
		}
		f, err := os.Open(shot)
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		// The HUD's translucent black panel starts 6 px from the top left
		// corner: the background (red 20) shows darker through it.
		r, _, _, _ := img.At(8, 8).RGBA()
		if got := r>>8 < 20; got != tc.hud {
			t.Errorf("%q: pixel (8, 8) is %v: HUD drawn %v, want %v", tc.args, img.At(8, 8), got, tc.hud)
		}
	}
}

// A headless replay runs as fast as it can: its text summary says so
// instead of reporting a zero target and bailouts as if the run failed.
func TestAFastReplaysSummarySaysItIsOne(t *testing.T) {
	tape := filepath.Join(t.TempDir(), "run.tape")
	if code, stderr := run(&drifter{step: 0.1}, "-headless", "-mode", "uncapped", "-ticks", "120", "-record", tape); code != 0 {
		t.Fatalf("record: exit %d: %s", code, stderr)
	}
	var stdout, stderr bytes.Buffer
	var code int
	sum := filepath.Join(t.TempDir(), "sum.json")
	start := time.Now()
	sdl.Do(func() {
		code = desktop.MainStatus(&drifter{step: 0.1}, desktop.Config{Name: "drifter"}, []string{"-headless", "-replay", tape, "-stats", "-stats-json", sum}, &stdout, &stderr)
	})
	elapsed := time.Since(start)
	if code != 0 {
		t.Fatalf("replay: exit %d: %s", code, stderr.String())
	}
	out := stdout.String()
	if !strings.Contains(out, "a replay as fast as the CPU allows") || strings.Contains(out, "target 0.0") {
		t.Errorf("a fast replay's summary does not say it is one:\n%s", out)
	}
	// Its wall time is real: no more than the replay took, however long
	// the ticks it ran would have taken (120 at 60 a second: 2 s).
	var s desktop.Summary
	if b, err := os.ReadFile(sum); err != nil || json.Unmarshal(b, &s) != nil {
		t.Fatalf("summary: %v", err)
	}
	if s.WallS <= 0 || s.WallS > elapsed.Seconds() || s.SimulatedS <= 0 {
		t.Errorf("a fast replay's summary says wall_s %v, simulated_s %v; the replay took %v: want its real time", s.WallS, s.SimulatedS, elapsed)
	}
}
