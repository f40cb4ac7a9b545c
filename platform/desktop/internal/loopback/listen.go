// Package loopback listens for the profiler (-pprof) only where nobody
// but this machine's users can connect: on loopback addresses.
package loopback

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/netip"
	"strconv"
)

// ErrAddress marks an address refused before listening: malformed, a port
// out of range, or a host that is not, or not only, loopback. It is the
// user's to fix (a usage error); other errors come from the system.
var ErrAddress = errors.New("want a loopback host:port, such as localhost:6060 or 127.0.0.1:6060")

// Resolver looks host names up; net.DefaultResolver is one.
type Resolver interface {
	LookupNetIP(ctx context.Context, network, host string) ([]netip.Addr, error)
}

// Listen listens on TCP at addr (host:port, port 0 to 65535, 0 for any
// free one) when every address host resolves to is a loopback address,
// and refuses otherwise: a name such as localhost can be made to resolve
// anywhere (/etc/hosts, DNS), and a profiler open to the network hands
// out the process's memory. It listens on the address it checked (the
// IPv4 one when there are both), so the name is not resolved a second
// time, differently. r resolves host names; IP literals are not looked up.
func Listen(ctx context.Context, addr string, r Resolver) (net.Listener, error) {
	host, portStr, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, fmt.Errorf("%q: %w: %w", addr, ErrAddress, err)
	}
	port, err := strconv.ParseUint(portStr, 10, 16)
	if err != nil {
		return nil, fmt.Errorf("%q: port %q is not a number from 0 to 65535: %w", addr, portStr, ErrAddress)
	}
	if host == "" {
		return nil, fmt.Errorf("%q: no host means every interface: %w", addr, ErrAddress)
	}
	ips, err := lookup(ctx, host, r)
	if err != nil {
		return nil, fmt.Errorf("%q: %w", addr, err)
	}
	var pick netip.Addr
	for _, ip := range ips {
		ip = ip.Unmap()
		if !ip.IsLoopback() {
			return nil, fmt.Errorf("%q: %s resolves to %v, which is not a loopback address: %w", addr, host, ip, ErrAddress)
		}
		if !pick.IsValid() || ip.Is4() && !pick.Is4() {
			pick = ip
		}
	}
	l, err := net.Listen("tcp", netip.AddrPortFrom(pick, uint16(port)).String())
	if err != nil {
		return nil, fmt.Errorf("%q: %w", addr, err)
	}
	return l, nil
}

// lookup returns host's addresses: host itself when it is an IP literal.
func lookup(ctx context.Context, host string, r Resolver) ([]netip.Addr, error) {
	if ip, err := netip.ParseAddr(host); err == nil {
		return []netip.Addr{ip}, nil
	}
	ips, err := r.LookupNetIP(ctx, "ip", host)
	var dnsErr *net.DNSError
	switch {
	case errors.As(err, &dnsErr) && dnsErr.IsNotFound:
		return nil, fmt.Errorf("no such host %s: %w", host, ErrAddress)
	case err != nil:
		return nil, fmt.Errorf("looking %s up: %w", host, err)
	case len(ips) == 0:
		return nil, fmt.Errorf("%s resolves to no address: %w", host, ErrAddress)
	}
	return ips, nil
}
