package lobby

import (
	"container/list"
	"context"
	"crypto/tls"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"slices"
	"time"
)

// Timeouts of Serve's HTTP server: a client must send its headers and
// body promptly (a slow one cannot hold a connection), and a poll is
// answered within PollWait.
const (
	readHeaderTimeout = 5 * time.Second
	readTimeout       = 5 * time.Second // for the body, after the headers
	writeTimeout      = maxPollWait + 10*time.Second
	// idleTimeout is short: a client polls again at once, and a
	// connection kept idle is one a flood can hold.
	idleTimeout    = 10 * time.Second
	maxHeaderBytes = 8 << 10
)

// Serve answers lobby requests on ln until Shutdown, sweeping expired
// rooms every second and logging the stats every minute. With certFile
// and keyFile it serves TLS. Connections beyond MaxConns, or beyond
// MaxConnsPerAddr from one address, are closed at once and counted.
func (s *Server) Serve(ln net.Listener, certFile, keyFile string) error {
	srv := &http.Server{
		Handler:           s,
		ReadHeaderTimeout: s.headerTimeout,
		ReadTimeout:       s.headerTimeout + readTimeout,
		WriteTimeout:      writeTimeout,
		IdleTimeout:       idleTimeout,
		MaxHeaderBytes:    maxHeaderBytes,
		ConnState:         s.connState,
		ErrorLog:          slog.NewLogLogger(s.cfg.Logger.Handler(), slog.LevelDebug),
	}
	s.connMu.Lock()
	if s.shut {
		s.connMu.Unlock()
		return nil
	}
	s.srv = srv
	s.connMu.Unlock()
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	go s.housekeep(ctx)
	lim := &limitListener{Listener: ln, s: s}
	var err error
	if certFile != "" || keyFile != "" {
		err = srv.ServeTLS(lim, certFile, keyFile)
	} else {
		err = srv.Serve(lim)
	}
	if errors.Is(err, http.ErrServerClosed) {
		return nil
	}
	return err
}

// Shutdown stops Serve (or keeps it from starting), waiting for requests under way until ctx ends.
func (s *Server) Shutdown(ctx context.Context) error {
	s.connMu.Lock()
	s.shut = true
	srv := s.srv
	s.connMu.Unlock()
	if srv == nil {
		return nil
	}
	return srv.Shutdown(ctx)
}

func (s *Server) housekeep(ctx context.Context) {
	sweep := time.NewTicker(time.Second)
	defer sweep.Stop()
	for n := 1; ; n++ {
		select {
		case <-ctx.Done():
			return
		case <-sweep.C:
		}
		s.Sweep()
		if n%60 == 0 {
			st := s.Stats()
			s.cfg.Logger.Info("lobby: stats", "rooms", st.Rooms, "rooms_max", st.RoomsMax, "members", st.Members,
				"joins", st.Joins, "forwarded", st.Forwarded, "refused_rate", st.RefusedRate+st.RefusedJoinRate,
				"refused_rooms", st.RefusedRooms+st.RefusedRoomsPerAddr, "evicted_rooms", st.EvictedRooms, "dropped_queues", st.DroppedQueues, "refused_conns", st.RefusedConns,
				"unknown", st.UnknownRoom, "malformed", st.Malformed+st.Oversized)
		}
	}
}

// limitListener closes connections over the server's limits as they
// are accepted.
type limitListener struct {
	net.Listener
	s *Server
}

// Accept returns the next connection within the limits.
func (l *limitListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		if keys, ok := l.s.takeConn(c.RemoteAddr().String()); ok {
			return &limitedConn{Conn: c, s: l.s, keys: keys}, nil
		}
		_ = c.Close()
	}
}

// takeConn counts a new connection from addr, or refuses it. Over a
// bound (all connections, or those of one of addr's prefixes) it closes
// the oldest idle connection within that bound to make room; only when
// none is idle is the new one refused.
func (s *Server) takeConn(addr string) ([]prefix, bool) {
	ps := prefixes(addr)
	if s.cfg.TrustProxy {
		ps = nil // the proxy limits per client; only the total applies
	}
	s.connMu.Lock()
	defer s.connMu.Unlock()
	for range len(ps) + 2 { // the total and each prefix may need one closed
		key, full := s.fullLocked(ps)
		if !full {
			s.nconn++
			for _, p := range ps {
				s.conns[p.key]++
			}
			return ps, true
		}
		victim := s.oldestIdleLocked(key)
		if victim == nil {
			break
		}
		victim.releaseLocked()
		_ = victim.Conn.Close()
		s.count(func(st *Stats) { st.ClosedIdle++ })
	}
	s.count(func(st *Stats) { st.RefusedConns++ })
	return nil, false
}

// fullLocked reports a bound ps has reached: "" for the total, or the
// prefix's key. s.connMu is held.
func (s *Server) fullLocked(ps []prefix) (string, bool) {
	if s.nconn >= s.cfg.MaxConns {
		return "", true
	}
	for _, p := range ps {
		if s.conns[p.key] >= s.cfg.MaxConnsPerAddr*connScale(p) {
			return p.key, true
		}
	}
	return "", false
}

// connScale is how many times MaxConnsPerAddr a prefix may hold: twice
// for an IPv6 /56, four times for a /48.
func connScale(p prefix) int {
	switch p.scale {
	case 1:
		return 1
	case 4:
		return 2
	}
	return 4
}

// oldestIdleLocked is the connection idle longest, of key's when key is
// not "". s.connMu is held.
func (s *Server) oldestIdleLocked(key string) *limitedConn {
	for e := s.idle.Front(); e != nil; e = e.Next() {
		c := e.Value.(*limitedConn)
		if key == "" || slices.ContainsFunc(c.keys, func(p prefix) bool { return p.key == key }) {
			return c
		}
	}
	return nil
}

// connState keeps the list of idle connections, oldest first.
func (s *Server) connState(nc net.Conn, st http.ConnState) {
	if tc, ok := nc.(*tls.Conn); ok {
		nc = tc.NetConn()
	}
	c, ok := nc.(*limitedConn)
	if !ok {
		return
	}
	s.connMu.Lock()
	defer s.connMu.Unlock()
	if c.elem != nil {
		s.idle.Remove(c.elem)
		c.elem = nil
	}
	if st == http.StateIdle && !c.closed {
		c.elem = s.idle.PushBack(c)
	}
}

type limitedConn struct {
	net.Conn
	s      *Server
	keys   []prefix
	closed bool
	elem   *list.Element // in s.idle while idle
}

// Close gives the connection's place back, once.
func (c *limitedConn) Close() error {
	c.s.connMu.Lock()
	c.releaseLocked()
	c.s.connMu.Unlock()
	return c.Conn.Close()
}

// releaseLocked gives the connection's place back, once. s.connMu is
// held.
func (c *limitedConn) releaseLocked() {
	if c.closed {
		return
	}
	c.closed = true
	c.s.nconn--
	for _, p := range c.keys {
		if c.s.conns[p.key]--; c.s.conns[p.key] == 0 {
			delete(c.s.conns, p.key)
		}
	}
	if c.elem != nil {
		c.s.idle.Remove(c.elem)
		c.elem = nil
	}
}
