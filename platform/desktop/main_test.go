package desktop_test

import (
	"os"
	"testing"

	"github.com/veandco/go-sdl2/sdl"
)

// The window wants the main OS thread: the main goroutine serves sdl.Do
// calls while tests run on others.
func TestMain(m *testing.M) {
	code := 1
	sdl.Main(func() { code = m.Run() })
	os.Exit(code)
}
