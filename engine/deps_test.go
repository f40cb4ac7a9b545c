package engine

import (
	"os/exec"
	"strings"
	"testing"
)

// The engine (engine and engine/host) must run under a fake platform and
// any physics engine: it may import the physics interface package, never
// a backend, SDL or a platform.
func TestEngineImportsNoBackendNoSDL(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the go command is needed to list the engine's imports: %v", err)
	}
	out, err := exec.Command(goTool, "list", "-deps", ".", "./host").CombinedOutput()
	if err != nil {
		t.Fatalf("go list -deps: %v\n%s", err, out)
	}
	deps := strings.Fields(string(out))
	if len(deps) < 10 {
		t.Fatalf("go list -deps listed only %v: the check would prove nothing", deps)
	}
	forbidden := []string{
		"github.com/veandco/go-sdl2",
		"github.com/jakecoffman/cp",
		"github.com/lockstep-engine/lockstep/physics/",
		"github.com/lockstep-engine/lockstep/platform",
		"github.com/lockstep-engine/lockstep/samples",
	}
	for _, d := range deps {
		for _, f := range forbidden {
			if strings.HasPrefix(d, f) {
				t.Errorf("engine depends on %s", d)
			}
		}
	}
}
