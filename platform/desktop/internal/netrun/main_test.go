package netrun

import (
	"os"
	"testing"

	"github.com/veandco/go-sdl2/sdl"
)

// TestMain runs the tests on SDL's main thread: the banner's test draws
// in a window.
func TestMain(m *testing.M) {
	code := 1
	sdl.Main(func() { code = m.Run() })
	os.Exit(code)
}
