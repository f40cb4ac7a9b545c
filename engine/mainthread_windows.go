package engine

import "golang.org/x/sys/windows"

// mainThreadID is the thread that ran the program's initialisation: Go
// runs it on the main goroutine, locked to the process's first thread, and
// init keeps that goroutine there.
var mainThreadID = windows.GetCurrentThreadId()

// On Windows the thread that started the process is the one that
// initialised the packages.
func onMainThread() bool { return windows.GetCurrentThreadId() == mainThreadID }
