package transport

import "github.com/pion/ice/v4"

// The paths a session's peers can reach each other by, as the summary
// names them in its netplay object's path: Path.
const (
	PathDirect          = "direct"           // -host/-join: an address the user gave
	PathHost            = "direct host"      // ICE: both ends' own addresses (a LAN)
	PathServerReflexive = "server-reflexive" // ICE: an address a STUN server saw (a hole punched through NAT)
	PathPeerReflexive   = "peer-reflexive"   // ICE: an address the other peer saw
	PathRelay           = "relay"            // ICE: through the TURN server
)

// pathOf names a pair. This end's host and server-reflexive candidates
// are one socket, so apart from a relay on either end the address sent
// to names the path.
func pathOf(local, remote ice.CandidateType) string {
	switch {
	case local == ice.CandidateTypeRelay || remote == ice.CandidateTypeRelay:
		return PathRelay
	case remote == ice.CandidateTypePeerReflexive:
		return PathPeerReflexive
	case remote == ice.CandidateTypeServerReflexive:
		return PathServerReflexive
	}
	return PathHost
}

// leastDirect names the worst of paths: the one a session's pace follows.
func leastDirect(paths []string) string {
	rank := map[string]int{PathHost: 1, PathServerReflexive: 2, PathPeerReflexive: 3, PathRelay: 4}
	worst := ""
	for _, p := range paths {
		if rank[p] > rank[worst] {
			worst = p
		}
	}
	return worst
}
