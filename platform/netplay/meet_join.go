package netplay

import (
	"context"
	"fmt"

	"github.com/quic-go/quic-go"
)

// meetAsJoiner finds a path to the host (slot 0) and joins it over QUIC:
// from its own socket on a direct path, over the pair when it is this
// end's relay.
func meetAsJoiner(ctx context.Context, r Rendezvous, s *shared, id *identity, o Options) (*Joined, error) {
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	in := make(chan []byte, maxCandidates+4)
	go func() {
		for {
			from, b, err := r.Recv(ctx)
			if err != nil {
				if ctx.Err() == nil {
					cancel(fmt.Errorf("netplay: the lobby failed while finding a path to the host: %w", err))
				}
				return
			}
			if from != 0 {
				continue // only the host talks to a joiner
			}
			select {
			case in <- b:
			default:
			}
		}
	}()
	send := func(ctx context.Context, b []byte) error { return r.Send(ctx, 0, b) }
	cctx, ccancel := context.WithTimeout(ctx, connectTimeout)
	defer ccancel()
	l, err := s.env.connectICE(cctx, in, send, true)
	if err != nil {
		return nil, err
	}
	s.keep(l.agent, nil)
	o.Logger.Info("netplay: found a path to the host", "path", l.path, "local", l.local.String(), "remote", l.remote.String())
	tr := s.tr
	if l.viaRelay() {
		tr = &quic.Transport{Conn: pairConn{Conn: l.conn, remote: l.remoteAddr()}}
		s.keep(nil, tr)
	}
	conn, err := tr.Dial(cctx, l.remoteAddr(), id.clientTLS(), quicConfig(handshakeTimeout))
	if err != nil {
		return nil, fmt.Errorf("netplay: connect to the host over the %s path: %w (is the code the same?)", l.path, causeOr(ctx, err))
	}
	j, err := joinOver(ctx, conn, o)
	if err != nil {
		return nil, err
	}
	j.Path = l.path
	return j, nil
}
