package host

import (
	"fmt"
	"time"

	"golang.org/x/sys/unix"
)

// On Linux the loop sleeps with clock_nanosleep on an absolute
// CLOCK_MONOTONIC deadline. Go's time.Sleep wakes up to a millisecond late
// because the runtime's poller waits in whole milliseconds; the raw call
// wakes within the thread's timer slack (50 µs by default), which the
// first sleep shrinks to sleepSlack so that WaitHybrid's spin margin can
// shrink with it.
type sleeper struct {
	base  int64         // CLOCK_MONOTONIC at the clock's start, ns
	ts    unix.Timespec // reused so the call does not allocate
	slack bool          // sleepSlack set on the sleeping thread
}

// sleepSlack is the timer slack the loop's thread sleeps with. One wake a
// frame gains nothing from being batched with other timers, and every
// microsecond of slack is a microsecond more of spinning. (0 would mean
// "back to the default".)
const sleepSlack = time.Microsecond

func newSleeper(start time.Time) sleeper {
	var now unix.Timespec
	_ = unix.ClockGettime(unix.CLOCK_MONOTONIC, &now)
	// start and now are taken a few hundred nanoseconds apart; the spin
	// after the sleep absorbs the difference.
	return sleeper{base: now.Nano() - int64(time.Since(start))}
}

// until sleeps until the clock reads t. The slack is set on the thread
// that sleeps first: the loop runs on the main goroutine, which the engine
// keeps locked to the main thread, so that is the thread that sleeps
// every time after. Were the caller not locked, another thread would sleep
// with the default slack: a later wake, which the margin learns.
func (s *sleeper) until(t time.Duration) {
	if !s.slack {
		s.slack = true
		_ = setTimerSlack(sleepSlack) // without it the sleeps are only later
	}
	s.ts = unix.NsecToTimespec(s.base + int64(t))
	for {
		err := unix.ClockNanosleep(unix.CLOCK_MONOTONIC, unix.TIMER_ABSTIME, &s.ts, nil)
		if err != unix.EINTR {
			return
		}
	}
}

// setTimerSlack sets how late the kernel may wake the calling OS thread's
// sleeps (Linux's default is 50 µs). The loop's thread is locked, so a
// small slack set there lets WaitHybrid spin less.
func setTimerSlack(d time.Duration) error {
	if err := unix.Prctl(unix.PR_SET_TIMERSLACK, uintptr(d.Nanoseconds()), 0, 0, 0); err != nil {
		return fmt.Errorf("engine: set timer slack to %v: %w", d, err)
	}
	return nil
}
