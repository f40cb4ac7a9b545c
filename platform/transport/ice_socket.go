package transport

import (
	"context"
	"errors"
	"net"
	"sync"
	"time"

	"github.com/pion/ice/v4"
	"github.com/quic-go/quic-go"
)

// stunSide is the STUN half of a UDP socket QUIC owns: ICE's connectivity
// checks and STUN queries go out through the quic.Transport and come back
// as the packets it does not take for QUIC. Sharing the socket this way
// lets a direct path run QUIC straight on the operating system's socket,
// keeping quic-go's path MTU discovery, ECN and batched I/O, and lets the
// NAT binding ICE punched be the one QUIC uses.
type stunSide struct {
	tr     *quic.Transport
	ctx    context.Context
	cancel context.CancelFunc

	mu       sync.Mutex
	deadline time.Time
}

func newSTUNSide(tr *quic.Transport) *stunSide {
	ctx, cancel := context.WithCancel(context.Background())
	return &stunSide{tr: tr, ctx: ctx, cancel: cancel}
}

// ReadFrom returns the next packet that is not QUIC.
func (s *stunSide) ReadFrom(b []byte) (int, net.Addr, error) {
	ctx := s.ctx
	s.mu.Lock()
	d := s.deadline
	s.mu.Unlock()
	if !d.IsZero() {
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, d)
		defer cancel()
	}
	n, a, err := s.tr.ReadNonQUICPacket(ctx, b)
	if errors.Is(err, context.DeadlineExceeded) {
		err = errTimeout
	}
	return n, a, err
}

// WriteTo sends b from QUIC's socket.
func (s *stunSide) WriteTo(b []byte, addr net.Addr) (int, error) { return s.tr.WriteTo(b, addr) }

// Close stops reads; the socket stays QUIC's.
func (s *stunSide) Close() error {
	s.cancel()
	return nil
}

// LocalAddr is the socket's address.
func (s *stunSide) LocalAddr() net.Addr { return s.tr.Conn.LocalAddr() }

// SetDeadline sets the read deadline; writes do not block.
func (s *stunSide) SetDeadline(t time.Time) error { return s.SetReadDeadline(t) }

// SetReadDeadline bounds later reads.
func (s *stunSide) SetReadDeadline(t time.Time) error {
	s.mu.Lock()
	s.deadline = t
	s.mu.Unlock()
	return nil
}

// SetWriteDeadline does nothing: writes do not block.
func (s *stunSide) SetWriteDeadline(time.Time) error { return nil }

// errTimeout is a read that passed its deadline, as net reports one.
var errTimeout net.Error = timeoutError{}

type timeoutError struct{}

func (timeoutError) Error() string   { return "transport: read deadline passed" }
func (timeoutError) Timeout() bool   { return true }
func (timeoutError) Temporary() bool { return true }

// pairConn is a net.PacketConn over ICE's selected pair, for QUIC when
// this end's candidate is a relay: the packets go through the TURN
// allocation, which only pion's client can speak to.
type pairConn struct {
	*ice.Conn
	remote net.Addr
}

// ReadFrom reads the next packet from the peer.
func (p pairConn) ReadFrom(b []byte) (int, net.Addr, error) {
	n, err := p.Read(b)
	return n, p.remote, err
}

// WriteTo sends b to the peer over the selected pair, whatever addr says
// (QUIC only ever writes to the one address).
func (p pairConn) WriteTo(b []byte, _ net.Addr) (int, error) { return p.Write(b) }
