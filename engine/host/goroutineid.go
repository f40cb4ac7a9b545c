package host

import (
	"bytes"
	"strconv"
)

// goroutineID reads the ID from the header of a goroutine's stack trace,
// "goroutine 18 [running]:", as runtime.Stack writes it. It is the main
// thread check where the system cannot name the thread (mainthread_other.go);
// TestGoroutineIDReadsRuntimeStack fails if the runtime changes that header.
func goroutineID(stack []byte) (uint64, bool) {
	rest, ok := bytes.CutPrefix(stack, []byte("goroutine "))
	if !ok {
		return 0, false
	}
	digits, _, ok := bytes.Cut(rest, []byte(" "))
	if !ok {
		return 0, false
	}
	id, err := strconv.ParseUint(string(digits), 10, 64)
	if err != nil || id == 0 {
		return 0, false
	}
	return id, true
}
