package netplay

import "time"

// Link carries datagrams to and from one other peer. It is best effort: a
// datagram may be lost, delayed, duplicated or reordered, which the
// Session makes up for. Its methods are called from the loop's goroutine.
type Link interface {
	// Send sends one datagram; b is not kept. An error is counted, not
	// fatal: a peer that never answers is found by its silence.
	Send(b []byte) error
	// Receive returns the next datagram that arrived, or false when none
	// is waiting; b is valid until the next call.
	Receive() (b []byte, ok bool)
}

// AgedLink is a Link that knows when each datagram arrived, so that a
// Session measures round trips from the datagrams' own times instead of
// the frame it took them in: a platform's link reads the network on its
// own goroutine and notes the time.
type AgedLink interface {
	Link
	// ReceiveAged is Receive, also saying how long ago b arrived.
	ReceiveAged() (b []byte, age time.Duration, ok bool)
}

// EndingLink is a Link that knows when it has ended for good (its
// connection closed): a host drops a watcher whose link ended at once,
// instead of after DropAfter of silence, so that its place is free for
// another. A dropped watcher's link is closed when it is an io.Closer.
type EndingLink interface {
	Link
	// Ended reports whether the link carries nothing any more, for good.
	Ended() bool
}
