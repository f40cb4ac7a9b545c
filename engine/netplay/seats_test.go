package netplay_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/host"
	"github.com/lockstep-engine/lockstep/engine/netplay"
)

// seat is what one peer's player saw of a session.
type seat struct {
	frames, repeated, run uint64
	stalled               time.Duration
	own, other            time.Duration // mean latency of a press of Z: this seat's own, the others'
	depth                 int           // median ticks the frames were drawn ahead
	delay                 int
	slowed                uint64 // ticks held to keep the clocks in step
}

func (s seat) String() string {
	return fmt.Sprintf("own %5.1f ms  other %5.1f ms  repeated %5.2f%% (run %d)  stalled %4.0f ms  depth %d  delay %d  slowed %d",
		ms(s.own), ms(s.other), s.share()*100, s.run, ms(s.stalled), s.depth, s.delay, s.slowed)
}

func (s seat) share() float64 { return float64(s.repeated) / float64(max(s.frames, 1)) }

func ms(d time.Duration) float64 { return float64(d) / 1e6 }

// presses are when each slot's player pressed Z; seen[i][j] how many of
// slot j's presses peer i drew so far, and lat[i][j] the time they took.
type presses struct {
	at   [host.MaxPlayers][]time.Duration
	seen [host.MaxPlayers][host.MaxPlayers]int
	lat  [host.MaxPlayers][host.MaxPlayers]time.Duration
}

// tapper steers as heldPlayer does and taps Z once a second, each seat
// at its own moment, noting when.
func (ps *presses) tapper(p *simPeer, e host.EventSink) {
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
		// Paced as the processes and a display are: frames at the tick
		// rate, which the loop snaps to whole ticks (so a tick held and
		// kept owed is run in the next frame, and only one given up
		// sets a clock back), each machine's clock a little off the
		// others' (0.018% a peer, not newWorld's 0.2%: a peer whose clock
		// runs 1% fast must wait one frame in 100).
		p.capped, p.ppm = true, int64(p.i)*180
		if p.i > 0 { // a joiner hears the session start half a round trip after the host starts it
			p.wake = s.cond.Latency + late
		}
		p.events = ps.tapper
		p.game.draw = func(g *botGame, f *engine.Frame) {
			ps.drew(p.i, g, w.now)
			depths[p.i] = append(depths[p.i], int(host.LoopOf(f).Present()-host.LoopOf(f).Stats().Ticks))
		}
	}
	if !w.run(s.ticks) {
		t.Fatalf("%+v: the peers did not finish", s)
	}
	sameRun(t, w, s.ticks)
	seats := make([]seat, s.players)
	for i, p := range w.peers {
		h := p.rep.Held
		st := seat{frames: p.rep.Frames, repeated: h.Repeated, run: h.RepeatedRun, stalled: h.Stalled, delay: p.session.Stats().InputDelay, slowed: p.session.Stats().Slowed}
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

// The sizes the issue names, every seat measured from the delay a host
// starts with, adapting it: drawing 8 ticks ahead at 100 and 200 ms for
// 2 to 4 players and 8, and at 300 ms for 2 (and 16 ticks ahead, which
// a machine that affords it may be told to: -rollback); in lockstep at
// 100 ms for 2 and 4. On every seat at most 1% of frames repeat, the time stalled
// is at most 1% of the session, every seat sees its own input within a
// frame of every other, and in lockstep the others' within a frame of
// its own. Run with -v for the table. With -short (the race pass, where
// a session runs ten times slower) the 8-player sessions are left out.
func TestEverySeatAtTheSizesPromised(t *testing.T) {
	dt := time.Second / 60
	for _, c := range []struct {
		players  int
		rtt      time.Duration
		rollback int
	}{
		{2, 100 * time.Millisecond, 8}, {3, 100 * time.Millisecond, 8}, {4, 100 * time.Millisecond, 8}, {8, 100 * time.Millisecond, 8},
		{2, 200 * time.Millisecond, 8}, {3, 200 * time.Millisecond, 8}, {4, 200 * time.Millisecond, 8}, {8, 200 * time.Millisecond, 8},
		{2, 300 * time.Millisecond, 8}, {2, 300 * time.Millisecond, 16},
		{2, 100 * time.Millisecond, 0}, {4, 100 * time.Millisecond, 0},
	} {
		if testing.Short() && c.players > 4 {
			continue // as propertySeeds: the race pass runs the smaller sessions
		}
		name := fmt.Sprintf("%dplayers/rtt%v/rollback%d", c.players, c.rtt, c.rollback)
		t.Run(name, func(t *testing.T) {
			s := setup{players: c.players, ticks: 3600, cond: conditions(c.rtt, 0.02), seed: 5,
				delay: startDelay(c.players, c.rtt, c.rollback), rollback: c.rollback, adapt: true}
			seats := runSeats(t, s)
			t.Log(seatsTable(seats))
			checkSeats(t, seats, dt, 0.01)
			checkInStep(t, seats, dt, c.rollback)
		})
	}
}

// checkSeats fails unless every seat repeated at most share of its
// frames and stalled at most share of the session's ticks, and all see
// their own input within dt of each other.
func checkSeats(t *testing.T, seats []seat, dt time.Duration, share float64) {
	t.Helper()
	lo, hi := seats[0].own, seats[0].own
	for i, st := range seats {
		if st.share() > share {
			t.Errorf("seat %d repeated %.2f%% of its frames (%d in a row at most): want at most %.1f%%%s", i, st.share()*100, st.run, share*100, seatsTable(seats))
		}
		if st.stalled > time.Duration(share*float64(st.frames))*dt {
			t.Errorf("seat %d stalled %v in %d frames: want at most %.1f%% of them%s", i, st.stalled, st.frames, share*100, seatsTable(seats))
		}
		lo, hi = min(lo, st.own), max(hi, st.own)
	}
	if hi-lo > dt {
		t.Errorf("own input shows after %v to %v across the seats: want within a frame%s", lo, hi, seatsTable(seats))
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

// checkInStep fails unless, in lockstep (rollback 0), every seat sees
// the others' input within off of its own: it does only if no peer's
// ticks run ahead of the others'.
func checkInStep(t *testing.T, seats []seat, off time.Duration, rollback int) {
	t.Helper()
	for i, st := range seats {
		if d := st.other - st.own; rollback == 0 && (d > off || d < -off) {
			t.Errorf("seat %d sees its own input after %v, the others' after %v: want within %v, every peer's ticks in step%s", i, st.own, st.other, off, seatsTable(seats))
		}
	}
}
