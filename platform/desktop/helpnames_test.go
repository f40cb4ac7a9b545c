package desktop_test

import (
	"flag"
	"testing"

	"github.com/lockstep-engine/lockstep/platform/desktop"
)

// TestFileFlagsSayFileInHelp: -h shows each flag that names a file as
// "-NAME file" (-replay showed "-replay string", unlike -record beside it).
func TestFileFlagsSayFileInHelp(t *testing.T) {
	fs := flag.NewFlagSet("game", flag.ContinueOnError)
	var cfg desktop.Config
	cfg.Flags(fs)
	for _, name := range []string{"record", "replay", "screenshot", "stats-json", "audio-out", "cpuprofile", "memprofile", "trace"} {
		f := fs.Lookup(name)
		if f == nil {
			t.Errorf("-%s is not registered", name)
			continue
		}
		if placeholder, _ := flag.UnquoteUsage(f); placeholder != "file" {
			t.Errorf("-h shows -%s %s, want -%s file (usage %q)", name, placeholder, name, f.Usage)
		}
	}
}
