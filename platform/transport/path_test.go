package transport

import (
	"testing"

	"github.com/pion/ice/v4"
)

func TestHostAndJoinSayTheirPathIsDirect(t *testing.T) {
	h, js, errs, herr := hostAndJoin(t, opts(testCode), opts(testCode))
	if herr != nil || errs[0] != nil {
		t.Fatalf("host: %v, join: %v", herr, errs[0])
	}
	for _, j := range []*Joined{h, js[0]} {
		if j.Path != PathDirect {
			t.Errorf("slot %d: path %q, want %q for an address the user gave", j.Slot, j.Path, PathDirect)
		}
	}
}

func TestPathsAreRankedByHowDirectTheyAre(t *testing.T) {
	for _, tc := range []struct {
		paths []string
		want  string
	}{
		{nil, ""},
		{[]string{PathHost}, PathHost},
		{[]string{PathHost, PathServerReflexive}, PathServerReflexive},
		{[]string{PathRelay, PathPeerReflexive, PathHost}, PathRelay},
		{[]string{PathServerReflexive, PathPeerReflexive}, PathPeerReflexive},
	} {
		if got := leastDirect(tc.paths); got != tc.want {
			t.Errorf("leastDirect(%q) = %q, want %q", tc.paths, got, tc.want)
		}
	}
}

func TestAPairIsNamedByTheAddressSentToUnlessARelayIsOnEitherEnd(t *testing.T) {
	host, srflx, prflx, relay := ice.CandidateTypeHost, ice.CandidateTypeServerReflexive, ice.CandidateTypePeerReflexive, ice.CandidateTypeRelay
	for _, tc := range []struct {
		local, remote ice.CandidateType
		want          string
	}{
		{host, host, PathHost},
		{srflx, host, PathHost}, // this end's srflx is its host socket
		{host, srflx, PathServerReflexive},
		{srflx, srflx, PathServerReflexive},
		{host, prflx, PathPeerReflexive},
		{relay, srflx, PathRelay},
		{srflx, relay, PathRelay},
		{relay, prflx, PathRelay},
	} {
		if got := pathOf(tc.local, tc.remote); got != tc.want {
			t.Errorf("pathOf(%v, %v) = %q, want %q", tc.local, tc.remote, got, tc.want)
		}
	}
}

// A peer-reflexive address on loopback is named a direct host path
// (linkOf): no NAT maps to loopback, so it is the other peer's own
// address, found before its signalled candidate arrived.
func TestOnlyLoopbackAddressesAreLoopback(t *testing.T) {
	for addr, want := range map[string]bool{"127.0.0.1": true, "127.0.0.53": true, "::1": true, "192.168.1.2": false, "10.0.0.1": false, "": false, "example.org": false} {
		if got := isLoopback(addr); got != want {
			t.Errorf("isLoopback(%q) = %v, want %v", addr, got, want)
		}
	}
}
