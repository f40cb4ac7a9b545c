package transport

import (
	"context"
	"sync/atomic"
	"time"

	"github.com/quic-go/quic-go"
)

// queueLen is how many received datagrams wait for the loop: about four
// seconds of a peer's at 60 a second. A flood beyond is dropped here.
const queueLen = 256

// link is an engine/netplay Link (an AgedLink) over a QUIC connection's
// datagrams.
type link struct {
	conn    *quic.Conn
	in      chan arrival
	dropped atomic.Uint64 // datagrams that found the queue full
}

// arrival is a datagram and when it was read from the connection.
type arrival struct {
	b  []byte
	at time.Time
}

func newLink(ctx context.Context, conn *quic.Conn) *link {
	l := &link{conn: conn, in: make(chan arrival, queueLen)}
	go l.receive(ctx)
	return l
}

// receive moves datagrams from the connection to the queue until the
// connection ends.
func (l *link) receive(ctx context.Context) {
	for {
		b, err := l.conn.ReceiveDatagram(ctx)
		if err != nil {
			return
		}
		select {
		case l.in <- arrival{b: b, at: time.Now()}:
		default:
			l.dropped.Add(1)
		}
	}
}

// Send sends b as one datagram (quic-go copies it).
func (l *link) Send(b []byte) error { return l.conn.SendDatagram(b) }

// Receive returns the next queued datagram without waiting.
func (l *link) Receive() ([]byte, bool) {
	b, _, ok := l.ReceiveAged()
	return b, ok
}

// ReceiveAged is Receive, also saying how long ago the datagram arrived.
func (l *link) ReceiveAged() ([]byte, time.Duration, bool) {
	select {
	case a := <-l.in:
		return a.b, time.Since(a.at), true
	default:
		return nil, 0, false
	}
}

// Ended reports whether the connection closed: the session drops a
// spectator whose link ended (netplay.EndingLink).
func (l *link) Ended() bool { return l.conn.Context().Err() != nil }

// Close closes the connection: the session closes a spectator's link
// when it drops it (it stopped taking input in), and the host then lets
// the connection go (Joined.Admit).
func (l *link) Close() error { return l.conn.CloseWithError(0, "dropped: it took nothing in") }
