package netplay

import (
	"context"
	"sync/atomic"

	"github.com/quic-go/quic-go"
)

// queueLen is how many received datagrams wait for the loop: about four
// seconds of a peer's at 60 a second. A flood beyond is dropped here.
const queueLen = 256

// link is an engine/netplay Link over a QUIC connection's datagrams.
type link struct {
	conn    *quic.Conn
	in      chan []byte
	dropped atomic.Uint64 // datagrams that found the queue full
}

func newLink(ctx context.Context, conn *quic.Conn) *link {
	l := &link{conn: conn, in: make(chan []byte, queueLen)}
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
		case l.in <- b:
		default:
			l.dropped.Add(1)
		}
	}
}

// Send sends b as one datagram (quic-go copies it).
func (l *link) Send(b []byte) error { return l.conn.SendDatagram(b) }

// Receive returns the next queued datagram without waiting.
func (l *link) Receive() ([]byte, bool) {
	select {
	case b := <-l.in:
		return b, true
	default:
		return nil, false
	}
}
