package lobby

import (
	"container/list"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/netip"
	"sync"
	"time"
)

// Server is the lobby: it keeps rooms, forwards sealed messages between
// their members and hands out ICE servers. It is an http.Handler; Serve
// runs it with the timeouts and connection limits it needs.
type Server struct {
	cfg ServerConfig

	mu      sync.Mutex
	rooms   map[roomID]*room
	members map[string]*member
	addrs   map[string]*addrState
	lru     *list.List // of *addrState, most recently used first
	queued  int        // bytes waiting in all queues
	stats   Stats

	connMu sync.Mutex
	conns  map[string]int // open connections per address prefix (Serve)
	idle   *list.List     // of *limitedConn idle between requests, oldest first
	nconn  int
	srv    *http.Server
	shut   bool // Shutdown was called

	headerTimeout time.Duration // readHeaderTimeout; tests shorten it
}

// NewServer checks cfg and makes a server.
func NewServer(cfg ServerConfig) (*Server, error) {
	cfg, err := cfg.withDefaults()
	if err != nil {
		return nil, err
	}
	return &Server{
		cfg:     cfg,
		rooms:   make(map[roomID]*room),
		members: make(map[string]*member),
		addrs:   make(map[string]*addrState),
		lru:     list.New(),
		conns:   make(map[string]int),
		idle:    list.New(),

		headerTimeout: readHeaderTimeout,
	}, nil
}

// local reports whether r comes from this machine and not through a
// proxy: /stats is the operator's, not the world's.
func local(r *http.Request) bool {
	ip, err := netip.ParseAddr(addrKey(r.RemoteAddr))
	return err == nil && ip.IsLoopback() && r.Header.Get("X-Forwarded-For") == ""
}

// ServeHTTP answers the lobby protocol's requests.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path == pathStats && r.Method == http.MethodGet && local(r) {
		writeJSON(w, http.StatusOK, s.Stats())
		return
	}
	var handle func(http.ResponseWriter, *http.Request, string, []byte)
	switch r.URL.Path {
	case pathJoin:
		handle = s.join
	case pathSend:
		handle = s.send
	case pathPoll:
		handle = s.poll
	case pathLeave:
		handle = s.leave
	}
	if handle == nil || r.Method != http.MethodPost {
		s.count(func(st *Stats) { st.Malformed++ })
		refuse(w, http.StatusNotFound, reasonBad, "no such lobby request: POST "+pathJoin+", "+pathSend+", "+pathPoll+" or "+pathLeave)
		return
	}
	addr := s.clientAddr(r)
	if !s.allow(addr, r.URL.Path == pathJoin) {
		refuse(w, http.StatusTooManyRequests, reasonBusy, msgBusy)
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxRequest))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			s.count(func(st *Stats) { st.Oversized++ })
			refuse(w, http.StatusRequestEntityTooLarge, reasonBad, "request too large")
			return
		}
		s.count(func(st *Stats) { st.Malformed++ })
		refuse(w, http.StatusBadRequest, reasonBad, "request body unreadable")
		return
	}
	handle(w, r, addr, body)
}

func (s *Server) count(f func(*Stats)) {
	s.mu.Lock()
	f(&s.stats)
	s.mu.Unlock()
}

func refuse(w http.ResponseWriter, code int, reason, msg string) {
	writeJSON(w, code, errorReply{Reason: reason, Message: msg})
}

// writeJSON answers v. Only small values are written with s.mu held:
// they fit the response buffer, so a slow reader cannot block the lock.
func writeJSON(w http.ResponseWriter, code int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		code, b = http.StatusInternalServerError, []byte(`{"error":"bad","message":"encoding failed"}`)
	}
	writeBody(w, code, b)
}

func writeBody(w http.ResponseWriter, code int, b []byte) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(code)
	_, _ = w.Write(b)
}

func newToken() string {
	var b [tokenLen]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails
	return hex.EncodeToString(b[:])
}
