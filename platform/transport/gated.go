package transport

import (
	"context"
	"net"
	"sync"

	"github.com/quic-go/quic-go"
)

// gatedListener hands over a host's connections once their handshake
// has completed (the peer knows the code), and each to the gate as soon
// as quic-go has its ClientHello, so that the gate can drop a stalled
// one to make room.
type gatedListener struct {
	ln     *quic.EarlyListener
	gate   *gate
	ready  chan *quic.Conn
	closed chan struct{}
	start  sync.Once
}

func newGatedListener(ln *quic.EarlyListener, g *gate) *gatedListener {
	return &gatedListener{ln: ln, gate: g, ready: make(chan *quic.Conn), closed: make(chan struct{})}
}

// Accept returns the next connection whose handshake completed, until
// the listener closes.
func (l *gatedListener) Accept(ctx context.Context) (*quic.Conn, error) {
	l.start.Do(func() { go l.run() })
	select {
	case c := <-l.ready:
		return c, nil
	case <-l.closed:
		return nil, net.ErrClosed
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// Addr is the listener's address.
func (l *gatedListener) Addr() net.Addr { return l.ln.Addr() }

// Close closes the QUIC listener.
func (l *gatedListener) Close() error { return l.ln.Close() }

func (l *gatedListener) run() {
	defer close(l.closed)
	for {
		c, err := l.ln.Accept(context.Background())
		if err != nil {
			return
		}
		l.gate.handedOver(c)
		go l.await(c)
	}
}

// await hands c over once its handshake completes; one that fails or is
// dropped first is forgotten.
func (l *gatedListener) await(c *quic.Conn) {
	select {
	case <-c.HandshakeComplete():
	case <-c.Context().Done():
		return
	}
	l.gate.proven(c)
	select {
	case l.ready <- c:
	case <-l.closed:
		_ = c.CloseWithError(1, "host gave up")
	case <-c.Context().Done():
	}
}
