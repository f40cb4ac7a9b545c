package host

import "golang.org/x/sys/windows"

// mainThreadID is the main thread's ID, noted once by init on it.
var mainThreadID uint32

func noteMainThread() { mainThreadID = windows.GetCurrentThreadId() }

func onMainThread() bool { return windows.GetCurrentThreadId() == mainThreadID }
