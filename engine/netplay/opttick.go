package netplay

import "time"

// optTick is a tick or none, held as 1 + the tick (0: none) so that its
// zero value is none and it costs a uint64.
type optTick uint64

// someTick is tick t.
func someTick(t uint64) optTick { return optTick(t + 1) }

// get returns the tick, and false for none.
func (o optTick) get() (uint64, bool) { return uint64(o) - 1, o != 0 }

// ok reports whether there is a tick.
func (o optTick) ok() bool { return o != 0 }

// is reports whether it is tick t.
func (o optTick) is(t uint64) bool { return o == someTick(t) }

// optTime is a time on the session's clock or none, held as 1 + the time
// so that its zero value is none.
type optTime time.Duration

// someTime is time t.
func someTime(t time.Duration) optTime { return optTime(t + 1) }

// get returns the time, and false for none.
func (o optTime) get() (time.Duration, bool) { return time.Duration(o) - 1, o != 0 }

// ok reports whether there is a time.
func (o optTime) ok() bool { return o != 0 }
