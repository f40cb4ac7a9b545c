package netplay

import "time"

// counters are a Session's running numbers.
type counters struct {
	frames, waited, slowed                   uint64
	sent, received, bytesSent, bytesReceived uint64
	resent, duplicate, dropped, farFuture    uint64
	overfull, sendErrors                     uint64
	lagging                                  uint64
	hashes, checked                          uint64
	mispredicted, delayChanges               uint64
	gaveUp, rejoined, joinedLate             uint64
	watchersDropped, keepAlives              uint64
	watchers, bytesToWatchers, lostGone      uint64
	rtt                                      rttHist
}

// Stats are a session's numbers for a run's summary.
type Stats struct {
	// Peers counts the peers this one exchanges datagrams with at the
	// end: on the host the players whose places were not given up (a
	// place empty from the start is) and the spectators still sent to;
	// on a joiner or a spectator 1, the host. 0: none (a host whose
	// players all left and that nobody watches, or a joiner cut off).
	Peers      int
	InputDelay int           // ticks
	RTT50      time.Duration // median round trip; 0 when none was measured
	RTT99      time.Duration // 99th percentile round trip; 0 when none was measured
	// TicksWaited counts the times a due tick was held for a peer's input;
	// Slowed the ticks held to let a slower peer's clock catch up.
	TicksWaited, Slowed uint64
	// Datagrams and bytes this peer sent and received (received counts
	// dropped ones too).
	DatagramsSent, DatagramsReceived, BytesSent, BytesReceived uint64
	// Lost counts the datagrams peers sent that never arrived; Resent the
	// inputs sent again because they were not acknowledged yet.
	Lost, Resent uint64
	// Dropped counts datagrams refused as malformed, forged or replayed,
	// and input too far ahead to hold.
	Dropped uint64
	// DelayChanges counts the input delay changes this peer made.
	DelayChanges uint64
	// GaveUp counts the slots this peer (the host) gave up, their
	// players silent past DropAfter.
	GaveUp uint64
	// Lagging counts the slots found lagging: their input kept this peer
	// waiting for LagAfter while their peer still answered.
	Lagging uint64
	// Rejoined counts the players this peer (the host) took back
	// (Session.Rejoin); HistoryBytes is the input history it keeps for
	// them, HistoryTicks the ticks it covers.
	Rejoined, HistoryBytes, HistoryTicks uint64
	// JoinedLate counts those of Rejoined who took a slot given up
	// (Terms.LateJoin): players new to the session.
	JoinedLate uint64
	// Watchers counts the spectators the host took (Session.Watch),
	// WatchersDropped those it stopped sending to: silent for DropAfter,
	// or their acknowledgements stuck for LagAfter.
	Watchers, WatchersDropped uint64
	// BytesToWatchers counts the bytes of datagrams the host sent its
	// spectators (within SpectatorUpload and SpectatorsUpload).
	BytesToWatchers uint64
	// HashesChecked counts the peers' state hashes that matched ours.
	HashesChecked uint64
	// Desync is the first tick whose state hashes differed; nil when none did.
	Desync *uint64
	// Rollback is the most ticks drawn ahead of the confirmed input (0:
	// pure lockstep); Mispredicted counts the inputs that arrived for a
	// tick already drawn from a guess and differed from it.
	Rollback     int
	Mispredicted uint64
	// KeepAlives counts the times a long frame took in and sent
	// datagrams between its ticks (Session.KeepAlive).
	KeepAlives uint64
}

// Stats returns the session's numbers so far.
func (s *Session) Stats() Stats {
	c := &s.stats
	st := Stats{
		Peers: s.connected(), InputDelay: s.delayOf(s.tick), DelayChanges: c.delayChanges, GaveUp: c.gaveUp, Rejoined: c.rejoined, JoinedLate: c.joinedLate, Lagging: c.lagging,
		HistoryBytes: uint64(s.hist.size()), HistoryTicks: s.hist.ticks,
		Watchers: c.watchers, WatchersDropped: c.watchersDropped, BytesToWatchers: c.bytesToWatchers,
		RTT50: c.rtt.quantile(0.5), RTT99: c.rtt.quantile(0.99),
		TicksWaited: c.waited, Slowed: c.slowed,
		DatagramsSent: c.sent, DatagramsReceived: c.received, BytesSent: c.bytesSent, BytesReceived: c.bytesReceived,
		Resent: c.resent, Dropped: c.dropped + c.farFuture, HashesChecked: c.checked,
		Rollback: s.cfg.Rollback, Mispredicted: c.mispredicted, KeepAlives: c.keepAlives,
	}
	st.Lost = c.lostGone
	for i := range s.peers {
		st.Lost = satAdd(st.Lost, s.peers[i].seen.lost())
	}
	if t, ok := s.desync.get(); ok {
		st.Desync = &t
	}
	return st
}

// rttHist counts round trips in buckets of 250 µs up to 2 s (the last
// bucket holds every longer one): a fixed array, so recording allocates
// nothing.
type rttHist struct {
	n       uint64
	buckets [8000]uint32
}

const rttBucket = 250 * time.Microsecond

func (h *rttHist) record(d time.Duration) {
	i := min(int(d/rttBucket), len(h.buckets)-1)
	h.buckets[i]++
	h.n++
}

// quantile returns the upper edge of the bucket that holds quantile q.
func (h *rttHist) quantile(q float64) time.Duration {
	if h.n == 0 {
		return 0
	}
	want := uint64(q*float64(h.n-1)) + 1
	var sum uint64
	for i, c := range h.buckets {
		sum += uint64(c)
		if sum >= want {
			return time.Duration(i+1) * rttBucket
		}
	}
	return time.Duration(len(h.buckets)) * rttBucket
}

// connected counts the peers not gone (see Stats.Peers).
func (s *Session) connected() int {
	n := 0
	for i := range s.peers {
		if !s.isGone(&s.peers[i]) {
			n++
		}
	}
	return n
}
