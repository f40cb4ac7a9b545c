//go:build !box2d || !cgo

package backend

import (
	"runtime"
	"strings"
	"testing"

	"github.com/lockstep-engine/lockstep/physics"
)

func TestBox2DWithoutTheTagSaysHowToGetIt(t *testing.T) {
	_, err := New(Box2D, physics.Config{})
	want := `physics engine "box2d" is not in this build: install libbox2d-dev (Debian/Ubuntu) or Box2D-devel 2.4 (Fedora) and build with -tags box2d`
	if runtime.GOOS == "windows" {
		want = `physics engine "box2d" is not in this build: Windows builds are Chipmunk-only (Box2D follows the C library's sinf and cosf, which differ from Linux's, so its sessions and replays could not match other players'): use -physics chipmunk`
	}
	if err == nil || err.Error() != want {
		t.Errorf("New(Box2D): %v\nwant: %s", err, want)
	}
	if u := Usage(); !strings.Contains(u, "box2d (not built)") {
		t.Errorf("Usage() = %q, want box2d marked not built", u)
	}
}
