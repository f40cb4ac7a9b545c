package host

import (
	"runtime"
	"testing"
)

func TestGoroutineIDParsesStackHeaders(t *testing.T) {
	for _, tc := range []struct {
		header string
		want   uint64
		ok     bool
	}{
		{"goroutine 1 [running]:\nmain.main()", 1, true},
		{"goroutine 18446744073709551615 [select]:", 1<<64 - 1, true},
		{"goroutine 0 [idle]:", 0, false},
		{"goroutine x [running]:", 0, false},
		{"goroutine 12", 0, false},
		{"thread 1 [running]:", 0, false},
		{"", 0, false},
	} {
		if got, ok := goroutineID([]byte(tc.header)); got != tc.want || ok != tc.ok {
			t.Errorf("goroutineID(%q) = %d, %v; want %d, %v", tc.header, got, ok, tc.want, tc.ok)
		}
	}
}

// TestGoroutineIDReadsRuntimeStack fails loudly if the runtime changes the
// header of runtime.Stack, which the main thread check reads where the
// system cannot name the current thread.
func TestGoroutineIDReadsRuntimeStack(t *testing.T) {
	id := func() (uint64, bool) {
		var buf [64]byte
		return goroutineID(buf[:runtime.Stack(buf[:], false)])
	}
	here, ok := id()
	if !ok {
		t.Fatal("runtime.Stack's header no longer reads \"goroutine N [...]\": the main thread check off Linux and Windows needs another way")
	}
	type result struct {
		id uint64
		ok bool
	}
	other := make(chan result)
	go func() {
		id, ok := id()
		other <- result{id, ok}
	}()
	if o := <-other; !o.ok || o.id == here {
		t.Fatalf("this goroutine reads %d, another %d (ok %v): want two different IDs", here, o.id, o.ok)
	}
}

func TestOnMainThreadIsFalseOffTheMainThread(t *testing.T) {
	// A test function runs on a goroutine of its own, not the main one.
	if onMainThread() {
		t.Fatal("onMainThread is true on a test's goroutine")
	}
	done := make(chan bool)
	go func() {
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		done <- onMainThread()
	}()
	if <-done {
		t.Fatal("onMainThread is true on a goroutine locked to a new thread")
	}
}
