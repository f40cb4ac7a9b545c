package sdl2

import (
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

// openHeadless opens a small offscreen window on the main thread, closed
// when the test ends.
func openHeadless(t testing.TB, opts Options) *Window {
	t.Helper()
	opts.Headless = true
	if opts.Width == 0 {
		opts.Width, opts.Height = 320, 240
	}
	var w *Window
	var err error
	onMain(func() { w, err = Open(opts) })
	if err != nil {
		t.Fatalf("Open(%+v): %v", opts, err)
	}
	t.Cleanup(func() { onMain(func() { w.Close() }) })
	return w
}

// onMain1 and onMain2 call f on the main thread and return what it
// returns: a window's methods refuse every other goroutine.
func onMain1[T any](f func() T) (v T) { onMain(func() { v = f() }); return v }

func onMain2[T, U any](f func() (T, U)) (v T, u U) { onMain(func() { v, u = f() }); return v, u }
