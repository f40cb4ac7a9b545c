package netplay_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/netplay"
)

// seat is what one peer's player saw of a session.
type seat struct {
	frames, repeated, run uint64
	stalled               time.Duration
	own, other            time.Duration // mean latency of a press of Z: this seat's own, the others'
	depth                 int           // median ticks the frames were drawn ahead
	delay                 int
}

func (s seat) String() string {
	return fmt.Sprintf("own %5.1f ms  other %5.1f ms  repeated %5.2f%% (run %d)  stalled %4.0f ms  depth %d  delay %d",
		ms(s.own), ms(s.other), s.share()*100, s.run, ms(s.stalled), s.depth, s.delay)
}

func (s seat) share() float64 { return float64(s.repeated) / float64(max(s.frames, 1)) }

func ms(d time.Duration) float64 { return float64(d) / 1e6 }

// presses are when each slot's player pressed Z; seen[i][j] how many of
// slot j's presses peer i drew so far, and lat[i][j] the time they took.
type presses struct {
	at   [engine.MaxPlayers][]time.Duration
	seen [engine.MaxPlayers][engine.MaxPlayers]int
	lat  [engine.MaxPlayers][engine.MaxPlayers]time.Duration
}

// tapper steers as heldPlayer does and taps Z once a second, each seat
// at its own moment, noting when.
func (ps *presses) tapper(p *simPeer, e engine.EventSink) {
	if p.frameN%20 == 0 {
		for _, k := range []engine.Key{engine.KeyLeft, engine.KeyRight, engine.KeyUp, engine.KeyDown} {
			e.Key(k, p.rng.IntN(3) == 0)
		}
	}
	switch (p.frameN + 7*p.i) % 60 {
	case 30:
		e.Key(engine.KeyZ, true)
		ps.at[p.i] = append(ps.at[p.i], p.w.now)
	case 33:
		e.Key(engine.KeyZ, false)
	}
}

// drew notes, for the frame peer i draws of game g, the presses it
// shows for the first time.
func (ps *presses) drew(i int, g *botGame, now time.Duration) {
	for j := range g.players {
		for ; ps.seen[i][j] < g.zsBy[j] && ps.seen[i][j] < len(ps.at[j]); ps.seen[i][j]++ {
			ps.lat[i][j] += now - ps.at[j][ps.seen[i][j]]
		}
	}
}

// runSeats runs a session of s with every seat measured: the players
// tap and steer (presses.tapper), the host adapts the delay when s.adapt.
func runSeats(t *testing.T, s setup) []seat {
	t.Helper()
	return runSeatsLate(t, s, 0)
}

// runSeatsLate is runSeats with the joiners starting late by half a
// round trip (the host's word that the session starts takes that long)
// and by late more.
func runSeatsLate(t *testing.T, s setup, late time.Duration) []seat {
	t.Helper()
	w := newWorld(s)
	ps := &presses{}
	depths := make([][]int, s.players)
	for _, p := range w.peers {
		if p.i > 0 { // a joiner hears the session start half a round trip after the host starts it
			p.wake = s.cond.Latency + late
		}
		p.events = ps.tapper
		p.game.draw = func(g *botGame, f *engine.Frame) {
			ps.drew(p.i, g, w.now)
			depths[p.i] = append(depths[p.i], int(f.Loop.Present()-f.Loop.Stats().Ticks))
		}
	}
	if !w.run(s.ticks) {
		t.Fatalf("%+v: the peers did not finish", s)
	}
	sameRun(t, w, s.ticks)
	seats := make([]seat, s.players)
	for i, p := range w.peers {
		h := p.rep.Held
		st := seat{frames: p.rep.Frames, repeated: h.Repeated, run: h.RepeatedRun, stalled: h.Stalled, delay: p.session.Stats().InputDelay}
		var n int
		for j := range s.players {
			if ps.seen[i][j] == 0 {
				t.Fatalf("peer %d drew none of slot %d's presses", i, j)
			}
			if j == i {
				st.own = ps.lat[i][j] / time.Duration(ps.seen[i][j])
				continue
			}
			st.other += ps.lat[i][j]
			n += ps.seen[i][j]
		}
		if n > 0 {
			st.other /= time.Duration(n)
		}
		slices.Sort(depths[i])
		st.depth = depths[i][len(depths[i])/2]
		seats[i] = st
	}
	return seats
}

// seatsTable is seats as lines for a log.
func seatsTable(seats []seat) string {
	var b strings.Builder
	for i, s := range seats {
		fmt.Fprintf(&b, "\n  seat %d: %v", i, s)
	}
	return b.String()
}

// TestSeatsLog logs every seat of the scenarios (a measurement,
// run with -run SeatsLog -v; it asserts only that the sessions end as one).
func TestSeatsLog(t *testing.T) {
	if testing.Short() {
		t.Skip("a measurement: run without -short")
	}
	for _, c := range []struct {
		players  int
		rtt      time.Duration
		rollback int
	}{
		{2, 100 * time.Millisecond, 8}, {3, 100 * time.Millisecond, 8}, {4, 100 * time.Millisecond, 8},
		{2, 200 * time.Millisecond, 8}, {4, 200 * time.Millisecond, 8},
		{2, 300 * time.Millisecond, 8},
		{2, 100 * time.Millisecond, 0}, {4, 100 * time.Millisecond, 0},
	} {
		delay := startDelay(c.players, c.rtt, c.rollback)
		seats := runSeats(t, setup{players: c.players, ticks: 1800, cond: conditions(c.rtt, 0.02), seed: 5, delay: delay, rollback: c.rollback, adapt: true})
		t.Logf("%d players, rtt %v, rollback %d:%s", c.players, c.rtt, c.rollback, seatsTable(seats))
	}
}

// startDelay is the delay a host starts a session of players with over
// links of round trip rtt (and conditions' jitter): PathDelay's over the
// worst path.
func startDelay(players int, rtt time.Duration, rollback int) int {
	path, hops := rtt+rtt/10, 1
	if players > 2 {
		path, hops = 2*path, 2
	}
	return netplay.PathDelay(path, hops, 60, rollback)
}
