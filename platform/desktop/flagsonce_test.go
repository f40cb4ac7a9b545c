package desktop_test

import (
	"flag"
	"path/filepath"
	"testing"

	"github.com/lockstep-engine/lockstep/platform/desktop"
)

// counted is a game with a flag that counts how often its Flags runs.
type counted struct {
	flagged
	calls int
}

func (g *counted) Flags(fs *flag.FlagSet) {
	g.calls++
	g.flagged.Flags(fs)
}

// A run from the command line builds the game's flags once: on a plain
// run, a recording and a replay of it alike.
func TestMainRunsTheGamesFlagsOnce(t *testing.T) {
	rec := filepath.Join(t.TempDir(), "counted.tape")
	cfg := desktop.Config{Name: "counted", LocalFlags: []string{"cheer"}}
	for _, args := range [][]string{
		{"-headless", "-mode", "uncapped", "-ticks", "5", "-speed", "2"},
		{"-headless", "-mode", "uncapped", "-ticks", "5", "-speed", "2", "-record", rec},
		{"-headless", "-replay", rec},
	} {
		g := &counted{}
		if code, stderr := runWith(g, cfg, args...); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, stderr)
		}
		if g.calls != 1 {
			t.Errorf("%v: the game's Flags ran %d times, want once", args, g.calls)
		}
	}
}
