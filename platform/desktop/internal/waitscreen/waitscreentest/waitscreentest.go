// Package waitscreentest checks what a failure screen says, for the tests
// of the packages that word a failure (desktop and its connect).
package waitscreentest

import (
	"strings"
	"testing"

	"github.com/lockstep-engine/lockstep/platform/desktop/internal/waitscreen"
)

// SaysAll fails t unless lines, joined, say every one of want, each line
// within the width the failure screen wraps at; what names the case.
func SaysAll(t testing.TB, what string, lines []string, want ...string) {
	t.Helper()
	said := strings.Join(lines, " ")
	for _, w := range want {
		if !strings.Contains(said, w) {
			t.Errorf("%s: the screen says %q, want it to say %q", what, said, w)
		}
	}
	for _, l := range lines {
		if len(l) > waitscreen.FailureWidth {
			t.Errorf("%s: line %q is longer than the %d characters the screen wraps at", what, l, waitscreen.FailureWidth)
		}
	}
}
