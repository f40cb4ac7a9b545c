package desktop_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/lockstep-engine/lockstep/platform/desktop"
)

// Every output flag refuses a name Windows maps to a device, or one
// ending in a dot or a space, before the run starts (a usage error,
// status 2) naming the flag and the rule: under Wine -stats-json
// nul.json and -record COM1.tape once ran, exited 0 and wrote nothing.
func TestEveryOutputFlagRefusesANameWindowsMapsToADevice(t *testing.T) {
	for _, flag := range []string{"-stats-json", "-record", "-screenshot", "-cpuprofile", "-memprofile", "-trace", "-audio-out"} {
		for _, name := range []string{"nul.json", "COM1.tape", "con", "Lpt9.x", "out.", "out "} {
			_, err := desktop.Parse(&box{}, desktop.Config{}, []string{flag, t.TempDir() + "/" + name})
			if !errors.Is(err, desktop.ErrUsage) || !strings.Contains(err.Error(), flag) || !strings.Contains(err.Error(), "Windows") {
				t.Errorf("%s %q: %v, want a usage error naming the flag and the rule", flag, name, err)
			}
		}
	}
}
