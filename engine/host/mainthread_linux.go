package host

import "golang.org/x/sys/unix"

// On Linux the main thread's ID is the process ID: nothing to note.
func noteMainThread() {}

func onMainThread() bool { return unix.Gettid() == unix.Getpid() }
