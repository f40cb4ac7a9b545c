package scene

import (
	"context"
	"github.com/lockstep-engine/lockstep/platform/desktop"
	"os"
	"testing"

	"github.com/veandco/go-sdl2/sdl"
)

// SDL (and so the engine's Run with an SDL window) wants the main OS
// thread, which the sdl package locked to the main goroutine, while go test
// runs tests on other goroutines: the main goroutine serves sdl.Do calls.
func TestMain(m *testing.M) {
	code := 1
	sdl.Main(func() { code = m.Run() })
	os.Exit(code)
}

// onMain runs f on the main OS thread and waits for it. f must not call
// t.Fatal or t.FailNow (they would stop the main goroutine); t.Error is fine.
var onMain = sdl.Do

// execute runs desktop.Run on the main thread, named after the scene
// unless cfg names it.
func execute(s Scene, cfg desktop.Config) (sum desktop.Summary, err error) {
	if cfg.Name == "" {
		cfg.Name = s.Name()
	}
	onMain(func() { sum, err = desktop.Run(context.Background(), Game(s), cfg) })
	return sum, err
}
