package transport

import (
	"context"
	"fmt"

	"github.com/quic-go/quic-go"
)

// meetAsJoiner finds a path to the host (slot 0) and joins it over QUIC:
// from its own socket on a direct path, over the pair when it is this
// end's relay.
func meetAsJoiner(ctx context.Context, r Rendezvous, s *shared, id *identity, o Options, jo JoinOptions) (*Joined, error) {
	// The rendezvous matters until ICE is done: the host may leave the
	// lobby once it has greeted, while this end still reads its welcome.
	ictx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	in := make(chan []byte, maxCandidates+4)
	go func() {
		for {
			from, b, err := r.Recv(ictx)
			if err != nil {
				if ictx.Err() == nil {
					cancel(fmt.Errorf("transport: the lobby failed while finding a path to the host: %w", err))
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
	cctx, ccancel := context.WithTimeout(ictx, connectTimeout)
	defer ccancel()
	l, err := s.env.connectICE(cctx, in, send, true)
	if err != nil {
		return nil, err
	}
	cancel(nil)
	qctx, qcancel := context.WithTimeout(ctx, connectTimeout)
	defer qcancel()
	s.keep(l.agent, nil)
	o.Logger.Info("transport: found a path to the host", "path", l.path, "local", l.local.String(), "remote", l.remote.String())
	tr := s.tr
	if l.viaRelay() {
		tr = &quic.Transport{Conn: pairConn{Conn: l.conn, remote: l.remoteAddr()}}
		s.keep(nil, tr)
	}
	conn, err := tr.Dial(qctx, l.remoteAddr(), id.clientTLS(), quicConfig(handshakeTimeout))
	if err != nil {
		return nil, fmt.Errorf("transport: connect to the host over the %s path: %w (is the code the same?)", l.path, err)
	}
	j, err := joinOver(ctx, conn, o, jo)
	if err != nil {
		return nil, err
	}
	j.Path = l.path
	return j, nil
}
