package netplay

import (
	"cmp"
	"context"
	"fmt"
	"log/slog"
	"net"
	"time"

	"github.com/quic-go/quic-go"

	"github.com/lockstep-engine/lockstep/engine"
	np "github.com/lockstep-engine/lockstep/engine/netplay"
)

// greetTimeout is how long a connected peer has to say hello.
const greetTimeout = 5 * time.Second

// joiner is a peer that said hello and waits for its welcome.
type joiner struct {
	conn *quic.Conn
	st   *quic.Stream
}

// Host listens on addr and waits for Players-1 peers that know the code
// and run the same build, game and settings; others are refused with the
// reason. listening, when not nil, is told the address once it listens.
// Peers that come once the session is full are refused.
func Host(ctx context.Context, addr string, o Options, listening func(net.Addr)) (*Joined, error) {
	if o.Players < 2 || o.Players > engine.MaxPlayers {
		return nil, fmt.Errorf("netplay: %d players: a session needs 2 to %d", o.Players, engine.MaxPlayers)
	}
	if o.InputDelay < 0 || o.InputDelay > np.MaxInputDelay {
		return nil, fmt.Errorf("netplay: input delay %d out of range: want 1 to %d ticks, or 0 to measure", o.InputDelay, np.MaxInputDelay)
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	id, err := newIdentity(o.Code)
	if err != nil {
		return nil, err
	}
	if err := listenAddr(addr); err != nil {
		return nil, err
	}
	ln, err := quic.ListenAddr(addr, id.serverTLS(), quicConfig())
	if err != nil {
		return nil, fmt.Errorf("netplay: listen on %s: %w", addr, err)
	}
	if listening != nil {
		listening(ln.Addr())
	}
	js, err := gather(ctx, ln, o)
	if err != nil {
		_ = ln.Close()
		return nil, err
	}
	j := welcomeAll(ctx, js, o)
	j.ln = ln
	j.Path = PathDirect
	go refuseLate(context.WithoutCancel(ctx), ln)
	return j, nil
}

// accepter hands over the connections peers make: a QUIC listener, or
// Meet's, which has one per relayed path besides.
type accepter interface {
	Accept(ctx context.Context) (*quic.Conn, error)
}

// gather accepts peers until the session is full.
func gather(ctx context.Context, ln accepter, o Options) ([]joiner, error) {
	me := hello{Build: o.Build, Game: o.Game, Settings: o.Settings}
	var js []joiner
	for len(js) < o.Players-1 {
		conn, err := ln.Accept(ctx)
		if err != nil {
			for _, j := range js {
				_ = j.conn.CloseWithError(1, "host gave up")
			}
			return nil, fmt.Errorf("netplay: wait for players (%d of %d joined): %w", len(js), o.Players-1, err)
		}
		st, h, err := readHello(ctx, conn)
		if err != nil {
			o.Logger.Warn("netplay: a peer connected but did not greet", "addr", conn.RemoteAddr(), "err", err)
			_ = conn.CloseWithError(1, "no greeting")
			continue
		}
		if reason := compare(me, h); reason != "" {
			o.Logger.Warn("netplay: refused a peer", "addr", conn.RemoteAddr(), "reason", reason)
			refuse(conn, st, reason)
			continue
		}
		o.Logger.Info("netplay: player joined", "slot", len(js)+1, "addr", conn.RemoteAddr())
		js = append(js, joiner{conn: conn, st: st})
	}
	return js, nil
}

func readHello(ctx context.Context, conn *quic.Conn) (*quic.Stream, hello, error) {
	var h hello
	ctx, cancel := context.WithTimeout(ctx, greetTimeout)
	defer cancel()
	st, err := conn.AcceptStream(ctx)
	if err != nil {
		return nil, h, err
	}
	stop := context.AfterFunc(ctx, func() { st.CancelRead(1) })
	defer stop()
	return st, h, readMessage(st, &h)
}

// refuse tells a peer why and closes its connection once it had time to
// read it.
func refuse(conn *quic.Conn, st *quic.Stream, reason string) {
	_ = writeMessage(st, welcome{Refused: reason})
	_ = st.Close()
	time.AfterFunc(time.Second, func() { _ = conn.CloseWithError(2, "refused") })
}

// welcomeAll picks the input delay and tells every joiner its slot.
func welcomeAll(ctx context.Context, js []joiner, o Options) *Joined {
	j := &Joined{Slot: 0, Players: o.Players, Settings: o.Settings}
	for _, p := range js {
		s := p.conn.ConnectionStats()
		j.RTT = max(j.RTT, s.SmoothedRTT+4*s.MeanDeviation)
	}
	j.InputDelay = o.InputDelay
	if j.InputDelay == 0 {
		j.InputDelay = np.DelayFor(j.RTT, cmp.Or(o.TPS, 60))
	}
	for i, p := range js {
		w := welcome{Slot: i + 1, Players: o.Players, InputDelay: j.InputDelay, Settings: o.Settings}
		if err := writeMessage(p.st, w); err != nil {
			o.Logger.Warn("netplay: welcome not sent", "slot", i+1, "err", err)
		}
		_ = p.st.Close()
		l := newLink(context.WithoutCancel(ctx), p.conn)
		j.Peers = append(j.Peers, np.Peer{Slot: i + 1, Link: l})
		j.conns = append(j.conns, p.conn)
		j.links = append(j.links, l)
	}
	return j
}

// refuseLate turns away peers that come once the session is full (a peer
// joining twice among them), until the listener closes.
func refuseLate(ctx context.Context, ln *quic.Listener) {
	for {
		conn, err := ln.Accept(ctx)
		if err != nil {
			return
		}
		go func() {
			st, _, err := readHello(ctx, conn)
			if err != nil {
				_ = conn.CloseWithError(1, "no greeting")
				return
			}
			refuse(conn, st, "the session is full (it started without this peer)")
		}()
	}
}
