package sdl2

import (
	"os"
	"testing"
)

// mainCalls carries work to the main goroutine, which the sdl package
// locked to the main OS thread: go test runs tests on other goroutines.
var mainCalls = make(chan func())

func TestMain(m *testing.M) {
	done := make(chan int)
	go func() { done <- m.Run() }()
	for {
		select {
		case f := <-mainCalls:
			f()
		case code := <-done:
			os.Exit(code)
		}
	}
}

// onMain runs f on the main OS thread and waits for it. f must not call
// t.Fatal or t.FailNow (they would stop the main goroutine); t.Error is fine.
func onMain(f func()) {
	finished := make(chan struct{})
	mainCalls <- func() {
		defer close(finished)
		f()
	}
	<-finished
}

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
