//go:build !linux && !windows

package host

import "runtime"

// mainGoroutine is the ID of the goroutine init ran on, which init locked
// to the main thread; 0 if runtime.Stack's header could not be read.
var mainGoroutine uint64

// Where Go has no portable way to ask for the current thread's ID (macOS
// and the BSDs, without cgo), the check compares goroutines: the one that
// runs init is the main one, and init locks it to the main thread.
func noteMainThread() { mainGoroutine = currentGoroutine() }

func onMainThread() bool {
	id := currentGoroutine()
	return id != 0 && id == mainGoroutine
}

func currentGoroutine() uint64 {
	var buf [64]byte
	id, _ := goroutineID(buf[:runtime.Stack(buf[:], false)])
	return id
}
