package host

import "time"

// Platform is the window the loop draws into and takes events from. All of
// its methods are called on the main OS thread.
type Platform interface {
	// PollEvents reports every pending event to e without blocking.
	PollEvents(e EventSink)
	// Present shows what was drawn since the last Present. With vsync on
	// it may block until the display takes the frame.
	Present() error
}

// Flusher is a Platform that batches drawing and can send what it holds
// to the display before Present. The loop calls Flush between the game's
// Draw and Present, so that the summary's phases tell the engine's
// batching and flush (PhaseFlush) from the game's drawing (PhaseRender)
// and from the present itself.
type Flusher interface {
	Flush() error
}

// VSyncer is a Platform that can switch vsync while running. Without it,
// the vsync mode is paced as a frame cap at the display rate.
type VSyncer interface {
	SetVSync(on bool) error
}

// Headless is a Platform that may have no display, such as a window on
// SDL's offscreen driver. When Headless reports true, vsync has nothing to
// wait for: the loop paces ModeVSync as a cap at the display rate from the
// first frame, instead of judging presents that would come back at once.
type Headless interface {
	Headless() bool
}

// RefreshRater is a Platform that knows its display's refresh period, which
// the loop uses to snap frame times and to notice ignored vsync.
type RefreshRater interface {
	// RefreshPeriod returns the period, or 0 when it is unknown.
	RefreshPeriod() time.Duration
}

// ThreadCPUClock is a Clock that can also read the CPU time the calling
// OS thread has used. With one, the loop keeps each phase's CPU time
// beside its wall time (Stats.PhaseCPU, FrameRecord.CPU): the loop runs
// on the main goroutine, locked to the main thread, so the readings are
// the loop's own work, not time asleep or waiting for a core. A Clock
// without it (a test's fake) measures no CPU time.
type ThreadCPUClock interface {
	ThreadCPU() time.Duration
}

// Clock is the loop's source of time. Now is monotonic and starts wherever
// it likes; only differences matter. Tests hand the loop a fake one.
type Clock interface {
	Now() time.Duration
	// SleepUntil returns once Now() >= t, as close to t as it can.
	SleepUntil(t time.Duration)
}
