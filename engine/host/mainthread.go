package host

import (
	"errors"
	"runtime"
)

// Like SDL, the engine keeps the program's main goroutine on the main OS
// thread: window systems want their calls from the thread that started the
// process, and Run checks it is there. Package initialisation runs on the
// main goroutine, on the main thread, so this is the moment to note which
// thread that is where the system cannot say it later.
func init() {
	runtime.LockOSThread()
	noteMainThread()
}

// ErrNotMainThread is returned by Run when its Platform must be driven from
// the main OS thread and Run was called from another goroutine.
var ErrNotMainThread = errors.New("engine: Run must be called from the main goroutine (the one running main), " +
	"which is locked to the main OS thread; call it from main, not from a goroutine or a test function " +
	"(tests: run it from TestMain)")

// MainThreadBound is a Platform that must be driven from the main OS thread.
type MainThreadBound interface {
	MainThreadOnly()
}

func checkMainThread(p Platform) error {
	if _, bound := p.(MainThreadBound); bound && !onMainThread() {
		return ErrNotMainThread
	}
	return nil
}
