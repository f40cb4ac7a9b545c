package desktop

import (
	"fmt"
	"io"

	"github.com/lockstep-engine/lockstep/engine/host"
	"github.com/lockstep-engine/lockstep/platform/desktop/internal/netrun"
)

// NetSummary is the summary's netplay object (JSON key netplay): present
// only in a netplay session.
type NetSummary struct {
	// Peers counts the peers this one exchanged datagrams with at the
	// end: on the host the players still in and the spectators, on a
	// joiner or spectator 1 (the host); 0 when none was left.
	Peers      int   `json:"peers"`
	Players    int   `json:"players"`     // the session's player slots (never 0 in a session)
	Slot       int   `json:"slot"`        // this peer's player slot (0: the host)
	InputDelay int   `json:"input_delay"` // ticks, at the end
	RTTMS      RTTMS `json:"rtt_ms"`      // round trips measured during the session, from the datagrams' own times
	// End is why the session ended: ended (a quit or -ticks), player gone
	// (a player's place was given up after the rejoin window and the
	// others ended cleanly), place given up (this player's, by the host),
	// silent peer (the host was), replaced (a new copy of this game took
	// this player's place), desync or error.
	End string `json:"end"`
	// TicksWaited counts the frames a due tick was held for a peer's
	// input; MSStalled is the time given up while held.
	TicksWaited uint64  `json:"ticks_waited"`
	MSStalled   float64 `json:"ms_stalled"`
	// MaxStallMS is the longest the tick a player sees was held for a
	// peer (the next tick in lockstep, the present one when drawing
	// ahead): the most of MSStalled given up in one stretch of frames
	// that ran no tick, so never more than MSStalled.
	MaxStallMS float64 `json:"max_stall_ms"`
	// RepeatedFrames counts the frames that drew no new tick although
	// one was due (a peer's input was late, or this peer waited for a
	// slower one's clock): what a player sees as a stutter, whether or
	// not it gave time up (MSStalled counts only the time beyond the one
	// tick a held frame keeps owed). RepeatedShare is their share of the
	// frames drawn (0 to 1), RepeatedRun the most in a row.
	RepeatedFrames uint64  `json:"repeated_frames"`
	RepeatedShare  float64 `json:"repeated_share"`
	RepeatedRun    uint64  `json:"repeated_run"`
	// DelayChanges counts the input delay changes the session made as
	// the round trip changed (the delay is the host's to choose; 0 with
	// -input-delay).
	DelayChanges uint64 `json:"delay_changes"`
	Slowed       uint64 `json:"slowed"` // ticks held to let a slower peer's clock catch up

	DatagramsSent     uint64 `json:"datagrams_sent"`     // input datagrams this peer sent
	DatagramsReceived uint64 `json:"datagrams_received"` // input datagrams it took from its peers
	BytesSent         uint64 `json:"bytes_sent"`         // datagram payloads, without QUIC's and UDP's headers
	BytesReceived     uint64 `json:"bytes_received"`     // the same, received
	// WireBytesSent and WireBytesReceived are what QUIC carried: the
	// datagrams with its headers, encryption and acknowledgements.
	WireBytesSent     uint64 `json:"wire_bytes_sent"`
	WireBytesReceived uint64 `json:"wire_bytes_received"`
	Lost              uint64 `json:"lost"`    // datagrams the peers sent that never arrived
	Resent            uint64 `json:"resent"`  // inputs sent again, not yet acknowledged
	Dropped           uint64 `json:"dropped"` // malformed, forged, replayed or flooding datagrams
	// Desync is the first tick whose state hashes differed, null when none did.
	Desync *uint64 `json:"desync"`
	// Prediction is what drawing ahead of the confirmed input did.
	Prediction PredictionSummary `json:"prediction"`
	// Path is how the peers reached each other: "direct" for -host and
	// -join; through a lobby what ICE found: "direct host",
	// "server-reflexive", "peer-reflexive" or "relay".
	Path string `json:"path"`
	// ConnectMS is how long connecting took, from the start of the
	// session's setup (the lobby included) until every peer was greeted.
	ConnectMS float64 `json:"connect_ms"`
	// Rejoined says this peer came into the session under way, taking
	// back the place of a player whose game had stopped; Watching that
	// it watched (-spectate). Both catch up by replaying the session
	// from its first tick: CaughtUp counts the ticks they ran beyond the
	// tick rate to do it (0 for the others).
	Rejoined bool   `json:"rejoined"`
	Watching bool   `json:"watching"`
	CaughtUp uint64 `json:"caught_up"`
	// TakenBack and Spectators, on the host, count the players it took
	// back (started again while their place was held) and the
	// spectators it took; 0 on the others.
	TakenBack  uint64 `json:"taken_back"`
	Spectators uint64 `json:"spectators"`
	// SpectatorsDropped, on the host, counts the spectators it stopped
	// sending to (silent, gone, or taking nothing in), and
	// SpectatorBytes the bytes of datagrams it sent spectators (within
	// netplay.SpectatorsUpload a second); 0 on the others.
	SpectatorsDropped uint64 `json:"spectators_dropped"`
	SpectatorBytes    uint64 `json:"spectator_bytes"`
	// HistoryBytes is the input history the host kept for them (every
	// slot's confirmed input from tick 0); 0 on the others.
	HistoryBytes uint64 `json:"history_bytes"`
}

// writeText prints the session for a person: -stats's netplay lines.
func (n *NetSummary) writeText(w io.Writer) {
	end := n.End
	if n.Desync != nil {
		end += fmt.Sprintf(" at tick %d", *n.Desync)
	}
	fmt.Fprintf(w, "netplay slot %d of %d  path %s  connect %.0fms  input delay %d  rtt p50 %.2fms p99 %.2fms  end %s\n",
		n.Slot, n.Players, n.Path, n.ConnectMS, n.InputDelay, n.RTTMS.P50, n.RTTMS.P99, end)
	switch {
	case n.Rejoined:
		fmt.Fprintf(w, "netplay rejoined the session under way: caught up %d ticks\n", n.CaughtUp)
	case n.Watching:
		fmt.Fprintf(w, "netplay watched the session: caught up %d ticks\n", n.CaughtUp)
	case n.TakenBack > 0 || n.Spectators > 0:
		fmt.Fprintf(w, "netplay took back %d players, %d spectators  history %d B\n", n.TakenBack, n.Spectators, n.HistoryBytes)
	}
	fmt.Fprintf(w, "netplay repeated %d frames (%.2f%%, most %d in a row)\n", n.RepeatedFrames, 100*n.RepeatedShare, n.RepeatedRun)
	fmt.Fprintf(w, "netplay waited %d ticks  stalled %.1fms (most %.1fms)  lost %d  resent %d  dropped %d  sent %d B  received %d B\n",
		n.TicksWaited, n.MSStalled, n.MaxStallMS, n.Lost, n.Resent, n.Dropped, n.WireBytesSent, n.WireBytesReceived)
	p := n.Prediction
	if p.Rollback == 0 {
		fmt.Fprintln(w, "prediction off: pure lockstep")
		return
	}
	fmt.Fprintf(w, "prediction %d ticks  %d frames predicted  %d ticks re-run (most %d a frame)  %d copies (%d rebases)  %d mispredicted  copy p50 %.3fms p99 %.3fms  jump %.2f  drift %.2f\n",
		p.Rollback, p.FramesPredicted, p.TicksResimulated, p.MaxResimulated, p.Copies, p.Rebases, p.Mispredicted, p.CopyMS.P50, p.CopyMS.P99, p.JumpMax, p.DriftMax)
}

// RTTMS are round-trip percentiles in milliseconds.
type RTTMS struct {
	P50 float64 `json:"p50"` // the median; 0 when nothing was measured
	P99 float64 `json:"p99"` // the 99th percentile; 0 when nothing was measured
}

// netSummary is the session r's summary, with the loop's report rep;
// nil alone.
func netSummary(r *netrun.Session, rep *host.Report) *NetSummary {
	if r == nil {
		return nil
	}
	st, j := r.Stats(), r.Joined()
	ws, wr := j.WireBytes()
	return &NetSummary{
		WireBytesSent: ws, WireBytesReceived: wr,
		Peers: st.Peers, Players: j.Terms.Players, Slot: j.Slot, InputDelay: st.InputDelay, End: r.Why(),
		RTTMS:       RTTMS{P50: ms(st.RTT50), P99: ms(st.RTT99)},
		TicksWaited: st.TicksWaited, MSStalled: ms(rep.Held.Stalled), Slowed: st.Slowed,
		MaxStallMS: ms(rep.Held.Longest), DelayChanges: st.DelayChanges,
		RepeatedFrames: rep.Held.Repeated, RepeatedShare: share(rep.Held.Repeated, rep.Frames), RepeatedRun: rep.Held.RepeatedRun,
		DatagramsSent: st.DatagramsSent, DatagramsReceived: st.DatagramsReceived,
		BytesSent: st.BytesSent, BytesReceived: st.BytesReceived,
		Lost: st.Lost, Resent: st.Resent, Dropped: st.Dropped + j.Dropped(), Desync: st.Desync,
		Prediction: predictionSummary(&rep.Prediction, st.Mispredicted),
		Path:       j.Path, ConnectMS: ms(j.Connect),
		Rejoined: j.Rejoin, Watching: j.Watching, CaughtUp: rep.Held.CaughtUp,
		TakenBack: st.Rejoined, Spectators: st.Watchers, HistoryBytes: st.HistoryBytes,
		SpectatorsDropped: st.WatchersDropped, SpectatorBytes: st.BytesToWatchers,
	}
}

// share is part of all, 0 when all is.
func share(part, all uint64) float64 {
	if all == 0 {
		return 0
	}
	return float64(part) / float64(all)
}

// PredictionSummary is the netplay object's "prediction": what drawing
// ahead of the confirmed input did. All zero in pure lockstep.
type PredictionSummary struct {
	// Rollback is the most ticks a frame could be drawn ahead; 0 is pure
	// lockstep.
	Rollback int `json:"rollback"`
	// FramesPredicted counts the frames drawn from a predicted copy.
	FramesPredicted uint64 `json:"frames_predicted"`
	// TicksResimulated counts the ticks run on predicted copies, and
	// MaxResimulated the most in one frame.
	TicksResimulated uint64 `json:"ticks_resimulated"`
	MaxResimulated   int    `json:"max_resimulated"`
	// Copies counts the frames that copied the verified game and ticked
	// the copy on from it (a wrong guess, a new stretch of prediction or a
	// rebase); Rebases those made only to bound the copy's drift. Other
	// frames tick the copy once a tick.
	Copies  uint64 `json:"copies"`
	Rebases uint64 `json:"rebases"`
	// Mispredicted counts the peers' inputs that arrived for a tick
	// already drawn from a guess and differed from it.
	Mispredicted uint64 `json:"mispredicted"`
	// CopyMS is the time a predicted frame spent copying the game and
	// ticking the copy, in milliseconds.
	CopyMS RTTMS `json:"copy_ms"`
	// JumpMax is the farthest a body's drawn position moved when newer
	// input corrected a tick drawn before, in world units.
	JumpMax float64 `json:"jump_max"`
	// DriftMax is the farthest a body's drawn position moved at a
	// rebase, in world units: how far a copy ticked on by itself strayed
	// from a fresh copy of the verified game.
	DriftMax float64 `json:"drift_max"`
	// Depth is the most ticks a frame could be drawn ahead at the end,
	// at most Rollback: it falls while a frame that copies the game and
	// ticks the copy that deep would not fit the frame period (a heavy
	// scene; 0 draws the verified game), and rises back a tick a second
	// once a deeper one fits. DepthLowest is the lowest it fell to,
	// DepthLowered how often it fell (0: never). DepthProbes counts the
	// times a depth of 0 was raised to 1 to measure a copy again (2 s
	// after it fell, then 4 s, 8 s and so on up to 32 s while copies
	// still do not fit; 0: never).
	Depth        int    `json:"depth"`
	DepthLowest  int    `json:"depth_lowest"`
	DepthLowered uint64 `json:"depth_lowered"`
	DepthProbes  uint64 `json:"depth_probes"`
}

func predictionSummary(p *host.PredictionStats, mispredicted uint64) PredictionSummary {
	return PredictionSummary{
		Rollback: p.Rollback, FramesPredicted: p.Frames, TicksResimulated: p.Resimulated,
		MaxResimulated: p.MaxResimulated, Mispredicted: mispredicted,
		Copies: p.Copies, Rebases: p.Rebases, DriftMax: p.Drift,
		CopyMS:  RTTMS{P50: ms(p.Cost.P50), P99: ms(p.Cost.P99)},
		JumpMax: p.Jump,
		Depth:   p.Limit, DepthLowest: p.LimitLowest, DepthLowered: p.Lowered,
		DepthProbes: p.Probes,
	}
}
