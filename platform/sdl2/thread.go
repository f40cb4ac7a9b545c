package sdl2

import (
	"fmt"

	"github.com/petermattis/goid"
)

// mainGoroutine is the ID of the goroutine package initialisation runs on:
// the main one, which the sdl package locks to the main OS thread in its
// init. Set once, before any code of the program runs, and never again.
var mainGoroutine = goid.Get()

// mustMain panics, naming method, when called from any goroutine but the
// main one: SDL, and the buffers a canvas fills for it, are not safe to
// touch from two threads, and from another goroutine a draw call crashed
// inside SDL or sent it indices past its vertices. Reading the goroutine's
// ID costs what a call to a function that is not inlined costs
// (BenchmarkMainThreadCheck); asking the kernel which thread this is
// (gettid) costs a system call, about 1 µs on these machines.
func mustMain(method string) {
	if goid.Get() != mainGoroutine {
		offMain(method)
	}
}

// offMain is the panic, out of line so that mustMain stays small enough to
// inline.
//
//go:noinline
func offMain(method string) {
	panic(fmt.Errorf("sdl2: %s called on goroutine %d, off the main thread: SDL, and the window's canvas, textures and faces, belong to the main goroutine (the one running main); call it from the game's Start, Update or Draw, or hand the work to the main goroutine",
		method, goid.Get()))
}
