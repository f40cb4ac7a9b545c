package netplay_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/engine/netplay"
	"github.com/lockstep-engine/lockstep/engine/netplay/netsim"
)

// What QUIC adds to a session's datagrams (platform/transport), in
// bytes: a 1-RTT packet's short header (a byte, the 4-byte connection ID
// quic-go gives, a 2-byte packet number), its 16-byte AEAD tag and the
// DATAGRAM frame's type and length, on every datagram sent; and on every
// second datagram received, an ACK-only packet (the same header and tag,
// an ACK frame of about 7 bytes), since quic-go acknowledges every second
// ack-eliciting packet at once and a datagram alone carries no ACK. It
// overstates a little: quic-go sends two datagrams queued together in one
// packet and lets an ACK ride with data when it can.
const (
	quicPerDatagram = 1 + 4 + 2 + 16 + 2
	quicAckOnly     = 1 + 4 + 2 + 16 + 7
)

// wireBytesPerSecond is what peer i of w sent a second, QUIC's headers
// and acknowledgements included (not UDP's and IP's).
func wireBytesPerSecond(w *world, i int) float64 {
	st := w.peers[i].session.Stats()
	bytes := float64(st.BytesSent) + quicPerDatagram*float64(st.DatagramsSent) + quicAckOnly*float64(st.DatagramsReceived)/2
	return bytes / w.peers[i].rep.Wall.Seconds()
}

// Two players at 60 ticks a second send at most 4 KB a second each way,
// QUIC's headers and acknowledgements included, at round trips of 0 to
// 200 ms, in lockstep and with prediction: a datagram repeats only what
// is unacknowledged, and a held input costs less than a byte a tick.
// Exact byte counts on fake clocks; the figures are logged.
func TestTwoPlayersSendAtMost4KBASecondEachWay(t *testing.T) {
	const ticks, limit = 1800, 4000
	for _, rtt := range []time.Duration{0, 50 * time.Millisecond, 100 * time.Millisecond, 200 * time.Millisecond} {
		for _, rollback := range []int{0, netplay.DefaultRollback} {
			t.Run(fmt.Sprintf("rtt=%v/rollback=%d", rtt, rollback), func(t *testing.T) {
				delay := netplay.DelayFor(rtt+2*time.Second/60, 60)
				if rollback > 0 {
					delay = netplay.PredictedDelayFor(rtt, 60)
				}
				w := newWorld(setup{players: 2, ticks: ticks, cond: netsim.Conditions{Latency: rtt / 2}, seed: 5, delay: delay, rollback: rollback})
				if !w.run(ticks) {
					t.Fatal("the session did not finish")
				}
				for i, p := range w.peers {
					st := p.session.Stats()
					bps := wireBytesPerSecond(w, i)
					t.Logf("peer %d: %.0f B/s on the wire, %.0f B/s payload, %.2f datagrams a tick", i, bps,
						float64(st.BytesSent)/p.rep.Wall.Seconds(), float64(st.DatagramsSent)/ticks)
					if bps > limit {
						t.Errorf("peer %d sends %.0f B/s with QUIC's headers, want at most %d", i, bps, limit)
					}
				}
			})
		}
	}
}
