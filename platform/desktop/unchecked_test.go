package desktop_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/platform/desktop"
	"github.com/lockstep-engine/lockstep/platform/sdl2"
)

// hashless is a game whose state no hash covers: no World, no StateHash.
type hashless struct{ x float64 }

func (h *hashless) Tick(t *engine.Tick) error {
	if t.Input.Down.Has(engine.KeyRight) {
		h.x++
	}
	return nil
}
func (h *hashless) Draw(*sdl2.Canvas, *engine.Frame) error { return nil }

var _ desktop.Game = (*hashless)(nil)

// A recording of a game with no World and no StateHash keeps its input
// but checks nothing: its hashes are all 0, and its replay "matched
// every hash" whatever the game did (README's first game is one). The
// run says so, for -record and -replay alike.
func TestARecordingOfAGameWithoutHashedStateSaysItChecksNothing(t *testing.T) {
	tp := filepath.Join(t.TempDir(), "h.tape")
	const want = "no World and no StateHash"
	for _, args := range [][]string{{"-record", tp, "-ticks", "10"}, {"-replay", tp}} {
		code, stderr := run(&hashless{}, append(args, "-headless", "-mode", "uncapped")...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, stderr)
		}
		if !strings.Contains(stderr, want) {
			t.Errorf("%v: the log does not say %q:\n%s", args, want, stderr)
		}
	}
	// A game with a hash says nothing of the kind.
	code, stderr := run(&box{}, "-record", filepath.Join(t.TempDir(), "b.tape"), "-ticks", "10", "-headless", "-mode", "uncapped")
	if code != 0 || strings.Contains(stderr, want) {
		t.Errorf("box: exit %d, log %q: want 0 and no word of hashes", code, stderr)
	}
}
