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
