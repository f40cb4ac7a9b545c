package lobby

import (
	"container/list"
	"net"
	"net/http"
	"net/netip"
	"strings"
	"time"

	"golang.org/x/time/rate"
)

// addrState is what the server keeps about one unit of client addresses
// (an IPv4 address, or an IPv6 /64, /56 or /48): its rate limiters and
// what it holds. Only the finest unit has limiters.
type addrState struct {
	key       string
	req, join *rate.Limiter // nil for the wider IPv6 prefixes
	scale     int           // the per-address limits times this
	rooms     int           // rooms it created that are still held
	members   int           // memberships it holds
	queued    int           // bytes of messages it sent that wait
	lastSeen  time.Time
	elem      *list.Element // its place in Server.lru
}

func (a *addrState) holds() bool { return a.rooms > 0 || a.members > 0 || a.queued > 0 }

// addrIdle is how long an address that holds nothing is remembered (its
// limiters with it).
const addrIdle = 10 * time.Minute

// evictScan bounds how many of the least recently used addresses one
// insertion looks at for one that holds nothing.
const evictScan = 64

// prefix is a unit limits count against and how many times the
// per-address limits it may use: a subscriber usually gets an IPv6 /64,
// /56 or /48, and a flooder could walk the /64s of the others.
type prefix struct {
	key   string
	scale int
}

// addrKey is the finest unit limits apply to: an IPv4 address, or an
// IPv6 /64.
func addrKey(hostport string) string { return prefixes(hostport)[0].key }

// prefixes are the units one client address counts against: an IPv4
// address alone, or an IPv6 address's /64, /56 (4 times the limits) and
// /48 (16 times).
func prefixes(hostport string) []prefix {
	host := hostport
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		host = h
	}
	ip, err := netip.ParseAddr(host)
	if err != nil {
		return []prefix{{host, 1}}
	}
	ip = ip.Unmap()
	if !ip.Is6() {
		return []prefix{{ip.String(), 1}}
	}
	out := make([]prefix, 0, 3)
	for i, bits := range []int{64, 56, 48} {
		p, _ := ip.Prefix(bits)
		out = append(out, prefix{p.String(), 1 << (2 * i)})
	}
	return out
}

// clientAddr is the address a request counts against: the connection's,
// or with TrustProxy the last X-Forwarded-For hop a loopback proxy added.
func (s *Server) clientAddr(r *http.Request) string {
	if s.cfg.TrustProxy {
		if ip, err := netip.ParseAddr(addrKey(r.RemoteAddr)); err == nil && ip.IsLoopback() {
			if f := r.Header.Values("X-Forwarded-For"); len(f) > 0 {
				hops := strings.Split(f[len(f)-1], ",")
				return strings.TrimSpace(hops[len(hops)-1])
			}
		}
	}
	return r.RemoteAddr
}

// stateLocked returns the state of p, made if create is set; a new one
// may evict the least recently used state that holds nothing once
// MaxAddrs are tracked. s.mu is held.
func (s *Server) stateLocked(p prefix, now time.Time, create bool) *addrState {
	a := s.addrs[p.key]
	if a == nil {
		if !create {
			return nil
		}
		a = &addrState{key: p.key, scale: p.scale}
		if p.scale == 1 {
			a.req = rate.NewLimiter(rate.Limit(s.cfg.Rate), int(2*s.cfg.Rate)+1)
			a.join = rate.NewLimiter(rate.Limit(s.cfg.JoinRate), 10)
		}
		s.addrs[p.key] = a
		a.elem = s.lru.PushFront(a)
		s.evictLocked()
	} else {
		s.lru.MoveToFront(a.elem)
	}
	a.lastSeen = now
	return a
}

// evictLocked forgets the least recently used state that holds nothing
// while more than MaxAddrs are tracked. States that hold something are
// bounded by the room and member limits, so the table may pass MaxAddrs
// by those. s.mu is held.
func (s *Server) evictLocked() {
	e := s.lru.Back()
	for i := 0; len(s.addrs) > s.cfg.MaxAddrs && e != nil && i < evictScan; i++ {
		prev := e.Prev()
		if a := e.Value.(*addrState); !a.holds() && prev != nil {
			s.forgetAddrLocked(a)
			s.stats.EvictedAddrs++
		}
		e = prev
	}
}

func (s *Server) forgetAddrLocked(a *addrState) {
	s.lru.Remove(a.elem)
	delete(s.addrs, a.key)
}

// holdersLocked returns the states of every unit addr counts against,
// made when missing. s.mu is held.
func (s *Server) holdersLocked(addr string, now time.Time) []*addrState {
	ps := prefixes(addr)
	out := make([]*addrState, len(ps))
	for i, p := range ps {
		out[i] = s.stateLocked(p, now, true)
	}
	return out
}

// releaseLocked applies f to the states addr counts against that are
// still tracked. s.mu is held.
func (s *Server) releaseLocked(addr string, f func(*addrState)) {
	for _, p := range prefixes(addr) {
		if a := s.addrs[p.key]; a != nil {
			f(a)
		}
	}
}

// over reports whether any of as holds n or more of what count says,
// with limit per address scaled for wider prefixes.
func over(as []*addrState, limit int, count func(*addrState) int) bool {
	for _, a := range as {
		if count(a) >= limit*a.scale {
			return true
		}
	}
	return false
}

// allow takes one request (and one join when join is set) from addr's
// limiters, counting a refusal. A request other than a join from an
// address the server keeps nothing about is allowed without making
// state: it can only find nothing, or a member, whose address has some.
func (s *Server) allow(addr string, join bool) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.cfg.Now()
	s.stats.Requests++
	a := s.stateLocked(prefixes(addr)[0], now, join)
	switch {
	case a == nil:
		return true
	case !a.req.AllowN(now, 1):
		s.stats.RefusedRate++
		return false
	case join && !a.join.AllowN(now, 1):
		s.stats.RefusedJoinRate++
		return false
	}
	return true
}
