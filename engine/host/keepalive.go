package host

import "time"

// KeepingAlive is a Lockstep that keeps its links alive through a long
// frame. A frame of many slow ticks (a heavy scene, a predicted copy
// ticked again after a wrong guess, a frame that catches up) would
// otherwise send and take in nothing until it ends, and a peer waiting
// on this one would hear nothing for the whole frame: the loop calls
// KeepAlive between ticks once keepAliveEvery has passed since the last
// Frame or KeepAlive, so acknowledgements and input keep flowing both
// ways while a frame is long.
type KeepingAlive interface {
	// KeepAlive takes in what arrived and sends what is due, with the
	// loop's clock; it judges no peer (Frame does, once a frame). An
	// error ends the run, as Frame's does.
	KeepAlive(now time.Duration) error
}

// keepAliveEvery is how often a long frame calls KeepAlive: a few
// datagrams in the time a peer's notice (GGPO's 750 ms) takes, and
// rare enough that a frame of normal length never calls it.
const keepAliveEvery = 50 * time.Millisecond

// keepAlive calls the Lockstep's KeepAlive when keepAliveEvery has
// passed since the frame's Frame or the last KeepAlive. It reads the
// clock once a tick.
func (l *Loop) keepAlive() error {
	k := l.mp.alive
	if k == nil {
		return nil
	}
	now := l.clock.Now()
	if now-l.mp.linkAt < keepAliveEvery {
		return nil
	}
	l.mp.linkAt = now
	return k.KeepAlive(now)
}
