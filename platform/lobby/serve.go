package lobby

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"time"
)

// Timeouts of Serve's HTTP server: a client must send its headers and
// body promptly (a slow one cannot hold a connection), and a poll is
// answered within PollWait.
const (
	readHeaderTimeout = 5 * time.Second
	readTimeout       = 5 * time.Second // for the body, after the headers
	writeTimeout      = maxPollWait + 10*time.Second
	idleTimeout       = 60 * time.Second
	maxHeaderBytes    = 8 << 10
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
				"refused_rooms", st.RefusedRooms+st.RefusedRoomsPerAddr, "refused_conns", st.RefusedConns,
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
		if key, ok := l.s.takeConn(c.RemoteAddr().String()); ok {
			return &limitedConn{Conn: c, s: l.s, key: key}, nil
		}
		_ = c.Close()
	}
}

// takeConn counts a new connection from addr, or refuses it.
func (s *Server) takeConn(addr string) (string, bool) {
	key := addrKey(addr)
	if s.cfg.TrustProxy {
		key = "" // the proxy limits per client; only the total applies
	}
	s.connMu.Lock()
	defer s.connMu.Unlock()
	if s.nconn >= s.cfg.MaxConns || (key != "" && s.conns[key] >= s.cfg.MaxConnsPerAddr) {
		s.count(func(st *Stats) { st.RefusedConns++ })
		return "", false
	}
	s.nconn++
	s.conns[key]++
	return key, true
}

type limitedConn struct {
	net.Conn
	s      *Server
	key    string
	closed bool
}

// Close gives the connection's place back, once.
func (c *limitedConn) Close() error {
	c.s.connMu.Lock()
	if !c.closed {
		c.closed = true
		c.s.nconn--
		if c.s.conns[c.key]--; c.s.conns[c.key] == 0 {
			delete(c.s.conns, c.key)
		}
	}
	c.s.connMu.Unlock()
	return c.Conn.Close()
}
