//go:build !linux && !windows

package engine

import (
	"bytes"
	"runtime"
)

// Elsewhere: the main goroutine is goroutine 1, and init locked it to the
// main thread.
func onMainThread() bool {
	var buf [32]byte
	n := runtime.Stack(buf[:], false)
	return bytes.HasPrefix(buf[:n], []byte("goroutine 1 "))
}
