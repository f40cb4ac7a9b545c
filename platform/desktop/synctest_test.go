package desktop_test

import (
	"encoding/json"
	"errors"
	"image/color"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/enginetest"
	"github.com/lockstep-engine/lockstep/engine/host"
	"github.com/lockstep-engine/lockstep/platform/desktop"
	"github.com/lockstep-engine/lockstep/platform/sdl2"
)

// speeder speeds up by itself every tenth tick; forget is a speeder whose
// CopyFrom misses its speed, which its hash does not cover.
type speeder struct {
	pos, vel int64
	forget   bool
}

func (d *speeder) Tick(t *engine.Tick) error {
	if t.N%10 == 9 {
		d.vel++
	}
	d.pos += d.vel
	return nil
}

func (d *speeder) Draw(c *sdl2.Canvas, _ *engine.Frame) error {
	c.Clear(color.RGBA{A: 255})
	return nil
}

func (d *speeder) StateHash() uint64 { return uint64(d.pos) }

func (d *speeder) Fork() (engine.Predictor, error) { return &speeder{forget: d.forget}, nil }

func (d *speeder) CopyFrom(src engine.Predictor) error {
	s := src.(*speeder)
	d.pos = s.pos
	if !d.forget {
		d.vel = s.vel
	}
	return nil
}

// syncTestRun runs game with -synctest and the args, and returns its
// exit status, stderr and the summary's synctest object.
func syncTestRun(t *testing.T, game desktop.Game, args ...string) (int, string, *desktop.SyncTestSummary) {
	t.Helper()
	stats := filepath.Join(t.TempDir(), "s.json")
	code, stderr := run(game, append([]string{"-headless", "-mode", "uncapped", "-stats-json", stats}, args...)...)
	raw, err := os.ReadFile(stats)
	if err != nil {
		t.Fatalf("exit %d, no summary: %v: %s", code, err, stderr)
	}
	var sum struct {
		SyncTest *desktop.SyncTestSummary `json:"synctest"`
	}
	if err := json.Unmarshal(raw, &sum); err != nil {
		t.Fatal(err)
	}
	return code, stderr, sum.SyncTest
}

func TestSyncTestModePassesAWholeCopy(t *testing.T) {
	code, stderr, st := syncTestRun(t, &speeder{}, "-synctest", "2", "-ticks", "30")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	// The states of ticks 0 to 28 were each simulated 2 ticks on.
	if st == nil || st.Depth != 2 || st.Checked != 29 || st.FirstMismatch != nil {
		t.Fatalf("synctest summary %+v: want depth 2, 29 checked, no mismatch", st)
	}
}

// A copy that misses the speed fails the run at the tick enginetest.SyncTest
// names for the same game and input.
func TestSyncTestModeNamesTheFirstTickACopyMissingAFieldDiffers(t *testing.T) {
	err := enginetest.SyncTest(desktop.PartsOf(&speeder{forget: true}, nil), enginetest.Config{Ticks: 30, Check: 2})
	var want *host.SyncError
	if !errors.As(err, &want) || want.Tick != 9 || !want.After {
		t.Fatalf("enginetest.SyncTest: %v; want a difference after tick 9", err)
	}
	code, stderr, st := syncTestRun(t, &speeder{forget: true}, "-synctest", "2", "-ticks", "30")
	if code != 1 {
		t.Fatalf("exit %d, want 1: %s", code, stderr)
	}
	if !strings.Contains(stderr, want.Error()) {
		t.Fatalf("stderr does not say %q:\n%s", want.Error(), stderr)
	}
	if st == nil || st.FirstMismatch == nil || *st.FirstMismatch != 9 || st.Mismatch != want.Error() || st.Checked != 9 {
		t.Fatalf("synctest summary %+v: want first_mismatch 9 after 9 checked, saying %q", st, want.Error())
	}
}

func TestSyncTestModeRefusesWhatCannotBeChecked(t *testing.T) {
	tests := []struct {
		name string
		game desktop.Game
		args []string
		want string
	}{
		{"no Predictor", &box{}, []string{"-synctest", "2"}, "implement engine.Predictor"},
		{"too deep", &speeder{}, []string{"-synctest", "31"}, "want 0 (off) or 1 to 30"},
		{"negative", &speeder{}, []string{"-synctest", "-1"}, "want 0 (off) or 1 to 30"},
		{"host", &speeder{}, []string{"-synctest", "2", "-host", "127.0.0.1:0"}, "-synctest runs the game alone"},
		{"join", &speeder{}, []string{"-synctest", "2", "-join", "127.0.0.1:1", "-code", "abcdefgh"}, "-synctest runs the game alone"},
		{"record", &speeder{}, []string{"-synctest", "2", "-record", "x.tape"}, "check the recording with -synctest and -replay"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := desktop.Config{Loop: engine.Config{Players: 2}} // a game a session could play
			code, stderr := runWith(tt.game, cfg, append([]string{"-headless", "-ticks", "5"}, tt.args...)...)
			if code != 2 || !strings.Contains(stderr, tt.want) {
				t.Fatalf("exit %d, want 2 saying %q: %s", code, tt.want, stderr)
			}
		})
	}
}

// Run, without a command line, names the Config field.
func TestSyncTestConfigNamesItsField(t *testing.T) {
	code, stderr := runWith(&speeder{}, desktop.Config{SyncTest: 40}, "-headless", "-ticks", "5")
	if code != 2 || !strings.Contains(stderr, "-synctest") {
		t.Fatalf("exit %d: %s", code, stderr)
	}
}
