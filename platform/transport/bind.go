package transport

import (
	"cmp"
	"fmt"
	"net"
	"net/url"
	"strings"

	"github.com/pion/stun/v4"
	"github.com/pion/transport/v5"
)

// bindIP is the address Meet's socket binds to: every interface (the
// unspecified address) when all is set, else the local address of this
// machine's route to the lobby. A lobby on this machine says nothing of
// the way out, so then the route to the first STUN or TURN server off
// this machine is taken; when everything is on this machine, loopback.
// Finding a route sends nothing: it is a UDP socket connected, then closed.
func bindIP(n transport.Net, lobby string, servers []ICEServer, all bool) (net.IP, error) {
	if all {
		return net.IPv4zero, nil
	}
	targets, err := routeTargets(lobby, servers)
	if err != nil {
		return nil, err
	}
	if len(targets) == 0 {
		return nil, fmt.Errorf("transport: no lobby address to bind toward: set Options.Lobby to the lobby's address, or Options.ListenAll to listen on every interface")
	}
	var local net.IP
	var first error
	for _, t := range targets {
		ip, err := routeFrom(n, t)
		switch {
		case err != nil:
			first = cmp.Or(first, err)
		case !ip.IsLoopback():
			return ip, nil
		case local == nil:
			local = ip
		}
	}
	if local == nil {
		return nil, first
	}
	return local, nil
}

// routeTargets are HOST:PORT of the lobby, then of each STUN and TURN
// server: the hosts whose route says which address faces out.
func routeTargets(lobby string, servers []ICEServer) ([]string, error) {
	var out []string
	if lobby != "" {
		hp, err := lobbyHostPort(lobby)
		if err != nil {
			return nil, err
		}
		out = append(out, hp)
	}
	urls, err := iceURLs(servers)
	if err != nil {
		return nil, err
	}
	for _, u := range urls {
		if u.Proto == stun.ProtoTypeUDP || u.Scheme == stun.SchemeTypeSTUN {
			out = append(out, net.JoinHostPort(u.Host, fmt.Sprint(u.Port)))
		}
	}
	return out, nil
}

// lobbyHostPort is HOST:PORT of a lobby address as -lobby takes it:
// HOST:PORT, or an http:// or https:// URL (port 80 or 443 by default).
func lobbyHostPort(addr string) (string, error) {
	if !strings.HasPrefix(addr, "http://") && !strings.HasPrefix(addr, "https://") {
		if _, _, err := net.SplitHostPort(addr); err != nil {
			return "", fmt.Errorf("transport: lobby address %q: %w (want HOST:PORT or an https:// URL)", addr, err)
		}
		return addr, nil
	}
	u, err := url.Parse(addr)
	if err != nil || u.Hostname() == "" {
		return "", fmt.Errorf("transport: lobby address %q: want HOST:PORT or an https:// URL (%v)", addr, err)
	}
	port := u.Port()
	if port == "" {
		port = map[string]string{"http": "80", "https": "443"}[u.Scheme]
	}
	return net.JoinHostPort(u.Hostname(), port), nil
}

// routeFrom is the local address of this machine's route to hostport.
func routeFrom(n transport.Net, hostport string) (net.IP, error) {
	c, err := n.Dial("udp4", hostport)
	if err != nil {
		return nil, fmt.Errorf("transport: find the route to %s, to bind to the address that faces it: %w (check the lobby's address and this machine's network, or listen on every interface)", hostport, err)
	}
	defer c.Close()
	a, ok := c.LocalAddr().(*net.UDPAddr)
	if !ok || a.IP.IsUnspecified() {
		return nil, fmt.Errorf("transport: the route to %s has no local address (%v)", hostport, c.LocalAddr())
	}
	return a.IP, nil
}

// onlyIP keeps ICE's candidates to ip's: pion gathers relayed ones from
// every interface its filter lets through.
func onlyIP(ip net.IP) func(net.IP) bool {
	return func(x net.IP) bool { return x.Equal(ip) }
}
