package loopback

import (
	"context"
	"errors"
	"net"
	"net/netip"
	"strings"
	"testing"
)

// fakeResolver answers from a table; a name it lacks fails the test.
type fakeResolver struct {
	t     *testing.T
	hosts map[string][]string
	err   error
}

func (f fakeResolver) LookupNetIP(_ context.Context, network, host string) ([]netip.Addr, error) {
	if f.err != nil {
		return nil, f.err
	}
	addrs, ok := f.hosts[host]
	if !ok {
		f.t.Errorf("looked up %q, which is not in the table (IP literals must not be looked up)", host)
		return nil, &net.DNSError{Err: "no such host", Name: host, IsNotFound: true}
	}
	var out []netip.Addr
	for _, a := range addrs {
		out = append(out, netip.MustParseAddr(a))
	}
	return out, nil
}

func ipv6Loopback(t *testing.T) bool {
	l, err := net.Listen("tcp", "[::1]:0")
	if err != nil {
		return false
	}
	l.Close()
	return true
}

func TestListensWhenEveryAddressIsLoopback(t *testing.T) {
	r := fakeResolver{t: t, hosts: map[string][]string{
		"localhost": {"::1", "127.0.0.1"},
		"lo4":       {"127.0.0.2"},
		"mapped":    {"::ffff:127.0.0.1"},
	}}
	tests := []struct {
		addr, want string // want: the host of the address listened on
	}{
		{"localhost:0", "127.0.0.1"}, // IPv4 first: reachable however localhost resolves for the browser
		{"lo4:0", "127.0.0.2"},
		{"mapped:0", "127.0.0.1"},
		{"127.0.0.1:0", "127.0.0.1"},
	}
	if ipv6Loopback(t) {
		tests = append(tests, struct{ addr, want string }{"[::1]:0", "::1"})
	}
	for _, tt := range tests {
		l, err := Listen(context.Background(), tt.addr, r)
		if err != nil {
			t.Errorf("Listen(%q) = %v", tt.addr, err)
			continue
		}
		got := l.Addr().(*net.TCPAddr)
		if got.IP.String() != tt.want || got.Port == 0 {
			t.Errorf("Listen(%q) listens on %v, want %s and a port", tt.addr, got, tt.want)
		}
		c, err := net.Dial("tcp", l.Addr().String())
		if err != nil {
			t.Errorf("connecting to %v: %v", got, err)
		} else {
			c.Close()
		}
		l.Close()
	}
}

func TestRefusesAnythingButLoopback(t *testing.T) {
	r := fakeResolver{t: t, hosts: map[string][]string{
		"localhost": {"127.0.0.1", "192.168.1.20"}, // a hostile /etc/hosts or DNS
		"lan":       {"10.0.0.5"},
		"v6lan":     {"::1", "fe80::1"},
		"empty":     {},
	}}
	tests := []struct{ addr, msg string }{
		{"localhost:6060", "localhost resolves to 192.168.1.20, which is not a loopback address"},
		{"lan:6060", "lan resolves to 10.0.0.5"},
		{"v6lan:6060", "fe80::1"},
		{"0.0.0.0:6060", "0.0.0.0 resolves to 0.0.0.0, which is not a loopback"},
		{"[::]:6060", "not a loopback"},
		{":6060", "no host means every interface"},
		{"localhost:99999", `port "99999" is not a number from 0 to 65535`},
		{"localhost:-1", `port "-1"`},
		{"localhost:http", `port "http"`},
		{"localhost", "missing port"},
		{"empty:6060", "resolves to no address"},
		{"", "missing port"},
	}
	for _, tt := range tests {
		l, err := Listen(context.Background(), tt.addr, r)
		if err == nil {
			l.Close()
			t.Errorf("Listen(%q) listened on %v", tt.addr, l.Addr())
			continue
		}
		if !errors.Is(err, ErrAddress) || !strings.Contains(err.Error(), tt.msg) {
			t.Errorf("Listen(%q) = %v, want ErrAddress saying %q", tt.addr, err, tt.msg)
		}
	}
}

func TestAnUnknownHostIsTheUsersAFailingLookupIsNot(t *testing.T) {
	notFound := fakeResolver{t: t, err: &net.DNSError{Err: "no such host", Name: "nosuch", IsNotFound: true}}
	if _, err := Listen(context.Background(), "nosuch:6060", notFound); !errors.Is(err, ErrAddress) || !strings.Contains(err.Error(), "no such host nosuch") {
		t.Errorf("an unknown host: %v, want ErrAddress", err)
	}
	down := fakeResolver{t: t, err: &net.DNSError{Err: "server misbehaving", Name: "x", IsTemporary: true}}
	_, err := Listen(context.Background(), "x:6060", down)
	if err == nil || errors.Is(err, ErrAddress) || !strings.Contains(err.Error(), "server misbehaving") {
		t.Errorf("a failing resolver: %v, want its error, not ErrAddress", err)
	}
}

func TestAPortInUseIsASystemError(t *testing.T) {
	busy, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer busy.Close()
	_, err = Listen(context.Background(), busy.Addr().String(), fakeResolver{t: t})
	if err == nil || errors.Is(err, ErrAddress) || !strings.Contains(err.Error(), "address already in use") {
		t.Fatalf("Listen on a busy port = %v, want the system's error", err)
	}
}

func TestTheSystemResolversLocalhostIsLoopback(t *testing.T) {
	l, err := Listen(context.Background(), "localhost:0", net.DefaultResolver)
	if err != nil {
		t.Fatalf("Listen(localhost:0) with the system's resolver: %v", err)
	}
	defer l.Close()
	if ip := l.Addr().(*net.TCPAddr).IP; !ip.IsLoopback() {
		t.Fatalf("listening on %v", ip)
	}
}
