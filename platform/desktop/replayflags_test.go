package desktop_test

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/lockstep-engine/lockstep/engine/tape"
)

// writeTape writes an empty recording of the drifter with settings.
func writeTape(t *testing.T, settings ...tape.Setting) string {
	t.Helper()
	return writeTapeOf(t, "drifter", settings...)
}

// writeTapeOf writes an empty recording of scene with settings (seed and
// tps from them, 1 and 60 when they have none).
func writeTapeOf(t *testing.T, scene string, settings ...tape.Setting) string {
	t.Helper()
	h := tape.Header{Scene: scene, Seed: 1, TPS: 60, Platform: tape.ThisPlatform(), Settings: settings}
	for _, s := range settings {
		switch s.Name {
		case "seed":
			h.Seed, _ = strconv.ParseUint(s.Value, 10, 64)
		case "tps":
			h.TPS, _ = strconv.Atoi(s.Value)
		}
	}
	path := filepath.Join(t.TempDir(), "crafted.tape")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	w, err := tape.NewWriter(f, h)
	if err == nil {
		err = w.Close(0)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	if err != nil {
		t.Fatal(err)
	}
	return path
}

func TestARecordingNamingASharedRunFlagSaysRecordingsCannotSetIt(t *testing.T) {
	for _, name := range []string{"screenshot", "stats-json", "mode", "record"} {
		path := writeTape(t, tape.Setting{Name: name, Value: "x"})
		code, stderr := run(&drifter{step: 0.1}, "-headless", "-replay", path)
		if code != 2 || !strings.Contains(stderr, "-"+name+" x") || !strings.Contains(stderr, "recordings cannot set") || strings.Contains(stderr, "does not have") {
			t.Errorf("a recording setting -%s: exit %d, %q; want 2, saying recordings cannot set it", name, code, stderr)
		}
	}
	path := writeTape(t, tape.Setting{Name: "gravity", Value: "9"})
	if code, stderr := run(&drifter{step: 0.1}, "-headless", "-replay", path); code != 2 || !strings.Contains(stderr, "which this program does not have") {
		t.Errorf("a recording setting a flag no program here has: exit %d, %q", code, stderr)
	}
}
