package lobby

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestLimitsCountAnIPv4AddressOrAnIPv6Slash64(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"203.0.113.7:5000", "203.0.113.7"},
		{"[::ffff:203.0.113.7]:5000", "203.0.113.7"},
		{"[2001:db8:1:2:aaaa::1]:5000", "2001:db8:1:2::/64"},
		{"[2001:db8:1:2:bbbb::9]:6000", "2001:db8:1:2::/64"},
		{"[2001:db8:1:3::1]:5000", "2001:db8:1:3::/64"},
		{"198.51.100.1", "198.51.100.1"},
		{"not an address", "not an address"},
	} {
		if got := addrKey(tc.in); got != tc.want {
			t.Errorf("addrKey(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// Behind a reverse proxy on this machine, limits apply to the address the
// proxy forwards for; without -trust-proxy, the header is ignored.
func TestForwardedForCountsOnlyWhenTrustedAndFromLoopback(t *testing.T) {
	for _, tc := range []struct {
		name    string
		trust   bool
		remote  string
		wantOKs int // rooms made of three: for .1, for .2, for .1 again (the last hop)
	}{
		{"trusted proxy", true, "127.0.0.1:40000", 2},
		{"not trusted", false, "127.0.0.1:40000", 1},
		{"trusted but not loopback", true, "203.0.113.9:40000", 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := NewServer(ServerConfig{Logger: quiet(), TrustProxy: tc.trust, MaxRoomsPerAddr: 1})
			if err != nil {
				t.Fatal(err)
			}
			oks := 0
			for _, fwd := range []string{"198.51.100.1", "198.51.100.2", "10.0.0.1, 198.51.100.1"} {
				req := httptest.NewRequest(http.MethodPost, pathJoin, bytes.NewReader(joinBody(randomRoom(), true)))
				req.RemoteAddr = tc.remote
				req.Header.Set("X-Forwarded-For", fwd)
				w := httptest.NewRecorder()
				s.ServeHTTP(w, req)
				if w.Code == http.StatusOK {
					oks++
				}
			}
			if oks != tc.wantOKs {
				t.Fatalf("%d rooms made, want %d", oks, tc.wantOKs)
			}
		})
	}
}

// TURN credentials are named after the client's widest prefix, so that
// coturn's user-quota counts one address's allocations together.
func TestTURNNamesFollowTheClientsAddress(t *testing.T) {
	secret := []byte("s")
	same := [][2]string{
		{"203.0.113.7:5000", "203.0.113.7:6000"},
		{"[2001:db8:1:2::1]:5000", "[2001:db8:1:ff00::9]:5000"},
	}
	for _, p := range same {
		if turnName(secret, p[0]) != turnName(secret, p[1]) {
			t.Errorf("%s and %s get different TURN names", p[0], p[1])
		}
	}
	differ := [][2]string{
		{"203.0.113.7:5000", "203.0.113.8:5000"},
		{"[2001:db8:1::1]:5000", "[2001:db8:2::1]:5000"},
	}
	for _, p := range differ {
		if turnName(secret, p[0]) == turnName(secret, p[1]) {
			t.Errorf("%s and %s share a TURN name", p[0], p[1])
		}
	}
	if n := turnName(secret, "203.0.113.7:1"); strings.Contains(n, "203") || n == turnName([]byte("t"), "203.0.113.7:1") {
		t.Errorf("TURN name %q shows the address or does not depend on the secret", n)
	}
}
