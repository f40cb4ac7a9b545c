package netplay_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/engine/netplay"
)

// A joiner starts its clock half a round trip after the host (it hears
// the session begin that much later), or 200 ms later still: the peers
// balance their lead, so that neither sits near the prediction limit
// while the other runs free. Both see their own input within a frame of
// each other, their frames are drawn about as far ahead, and from the
// natural start at most 1% of either's frames repeat (the host repeated
// one frame in 14 at 100 ms in real runs; peers that only held while
// more than 2 ticks ahead stayed 2 ahead).
func TestPeersBalanceTheirLead(t *testing.T) {
	dt := time.Second / 60
	for _, rtt := range []time.Duration{100 * time.Millisecond, 200 * time.Millisecond} {
		for _, late := range []time.Duration{0, 200 * time.Millisecond} {
			t.Run(fmt.Sprintf("rtt%v/late%v", rtt, late), func(t *testing.T) {
				s := setup{players: 2, ticks: 1800, cond: conditions(rtt, 0.02), seed: 5,
					delay: netplay.DelayForDepth(rtt, 60, 8), rollback: 8, adapt: true}
				seats := runSeatsLate(t, s, late)
				t.Log(seatsTable(seats))
				h, j := seats[0], seats[1]
				if d := h.own - j.own; d > dt || d < -dt {
					t.Fatalf("own input shows after %v on the host, %v on the joiner: want within a frame", h.own, j.own)
				}
				if d := h.depth - j.depth; d > 1 || d < -1 {
					t.Fatalf("the host draws %d ticks ahead, the joiner %d: want within a tick", h.depth, j.depth)
				}
				for i, st := range seats {
					if late == 0 && st.share() > 0.01 {
						t.Fatalf("seat %d repeated %.2f%% of its frames: want at most 1%%", i, st.share()*100)
					}
				}
			})
		}
	}
}
