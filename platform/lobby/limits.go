package lobby

import (
	"net"
	"net/http"
	"net/netip"
	"strings"
	"time"

	"golang.org/x/time/rate"
)

// addrState is what the server keeps about one client address: its rate
// limiters and what it holds.
type addrState struct {
	req, join *rate.Limiter
	rooms     int // rooms it created that are still held
	members   int // memberships it holds
	lastSeen  time.Time
}

// addrIdle is how long an address that holds nothing is remembered (its
// limiters with it).
const addrIdle = 10 * time.Minute

// addrKey is the unit limits apply to: an IPv4 address, or an IPv6 /64
// (one subscriber's usual share, which a flooder could otherwise walk).
func addrKey(hostport string) string {
	host := hostport
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		host = h
	}
	ip, err := netip.ParseAddr(host)
	if err != nil {
		return host
	}
	ip = ip.Unmap()
	if ip.Is6() {
		p, _ := ip.Prefix(64)
		return p.String()
	}
	return ip.String()
}

// clientAddr is the address a request counts against: the connection's,
// or with TrustProxy the last X-Forwarded-For hop a loopback proxy added.
func (s *Server) clientAddr(r *http.Request) string {
	if s.cfg.TrustProxy {
		if ip, err := netip.ParseAddr(addrKey(r.RemoteAddr)); err == nil && ip.IsLoopback() {
			if f := r.Header.Values("X-Forwarded-For"); len(f) > 0 {
				hops := strings.Split(f[len(f)-1], ",")
				return addrKey(strings.TrimSpace(hops[len(hops)-1]))
			}
		}
	}
	return addrKey(r.RemoteAddr)
}

// addrLocked returns the state of addr, making it if there is room; nil
// when MaxAddrs addresses are tracked already. s.mu is held.
func (s *Server) addrLocked(addr string, now time.Time) *addrState {
	a := s.addrs[addr]
	if a == nil {
		if len(s.addrs) >= s.cfg.MaxAddrs {
			return nil
		}
		a = &addrState{
			req:  rate.NewLimiter(rate.Limit(s.cfg.Rate), int(2*s.cfg.Rate)+1),
			join: rate.NewLimiter(rate.Limit(s.cfg.JoinRate), 10),
		}
		s.addrs[addr] = a
	}
	a.lastSeen = now
	return a
}

// allow takes one request (and one join when join is set) from addr's
// limiters, counting a refusal.
func (s *Server) allow(addr string, join bool) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.cfg.Now()
	s.stats.Requests++
	a := s.addrLocked(addr, now)
	switch {
	case a == nil:
		s.stats.RefusedAddrs++
		return false
	case !a.req.AllowN(now, 1):
		s.stats.RefusedRate++
		return false
	case join && !a.join.AllowN(now, 1):
		s.stats.RefusedJoinRate++
		return false
	}
	return true
}
