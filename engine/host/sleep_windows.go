package host

import (
	"runtime"
	"syscall"
	"time"
	"unsafe"

	"golang.org/x/sys/windows"
)

// On Windows the loop sleeps on a high-resolution waitable timer
// (CreateWaitableTimerExW with CREATE_WAITABLE_TIMER_HIGH_RESOLUTION,
// Windows 10 1803 on), which wakes within about half a millisecond
// without raising the whole system's timer rate as timeBeginPeriod does.
// Where that flag is refused (older Windows, Wine), an ordinary waitable
// timer serves, which wakes on the system's timer tick (up to 15.6 ms
// late unless something raised the rate); where there is no timer at
// all, time.Sleep. WaitHybrid's margin learns whichever it gets.
type sleeper struct {
	start time.Time
	timer *waitTimer // nil: time.Sleep
	due   int64      // reused so the call does not allocate
}

// waitTimer owns a waitable timer's handle, closed when the clock that
// sleeps on it is garbage.
type waitTimer struct{ h windows.Handle }

// Windows' names for the waitable timer's calls and flag, which
// golang.org/x/sys/windows does not wrap.
var (
	kernel32             = windows.NewLazySystemDLL("kernel32.dll")
	procCreateTimerEx    = kernel32.NewProc("CreateWaitableTimerExW")
	procSetWaitableTimer = kernel32.NewProc("SetWaitableTimer")
)

const createWaitableTimerHighResolution = 0x2

func newSleeper(start time.Time) sleeper {
	s := sleeper{start: start}
	h := createTimer(createWaitableTimerHighResolution)
	if h == 0 {
		h = createTimer(0)
	}
	if h != 0 {
		s.timer = &waitTimer{h: h}
		runtime.AddCleanup(s.timer, func(h windows.Handle) { _ = windows.CloseHandle(h) }, h)
	}
	return s
}

// createTimer returns a new waitable timer made with flags, or 0 when
// Windows refuses them.
func createTimer(flags uintptr) windows.Handle {
	if procCreateTimerEx.Find() != nil {
		return 0
	}
	h, _, _ := procCreateTimerEx.Call(0, 0, flags, windows.TIMER_ALL_ACCESS)
	return windows.Handle(h)
}

// until sleeps until the clock reads t.
func (s *sleeper) until(t time.Duration) {
	d := t - time.Since(s.start)
	if d <= 0 {
		return
	}
	if s.timer == nil {
		time.Sleep(d)
		return
	}
	// A negative due time is relative, in 100 ns units; relative times
	// follow the monotonic clock, as s.start does.
	s.due = -int64(d / 100)
	// syscall.SyscallN, not LazyProc.Call, whose variadic arguments
	// escape: a wait a frame must not allocate.
	ok, _, _ := syscall.SyscallN(procSetWaitableTimer.Addr(), uintptr(s.timer.h), uintptr(unsafe.Pointer(&s.due)), 0, 0, 0, 0)
	if ok == 0 {
		time.Sleep(d)
		return
	}
	_, _ = windows.WaitForSingleObject(s.timer.h, windows.INFINITE)
	runtime.KeepAlive(s.timer)
}
