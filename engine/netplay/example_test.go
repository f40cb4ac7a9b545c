package netplay_test

import (
	"errors"
	"fmt"
	"time"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/netplay"
	"github.com/lockstep-engine/lockstep/engine/netplay/netsim"
)

// race is a game for two: each tick, a player holding the right arrow
// moves one step.
type race struct{ x [2]uint32 }

func (g *race) tick(players []engine.Input) {
	for i := range players {
		if players[i].Down.Has(engine.KeyRight) {
			g.x[i]++
		}
	}
}

// StateHash is what the peers compare every HashInterval ticks.
func (g *race) StateHash() uint64 { return uint64(g.x[0])<<32 | uint64(g.x[1]) }

// A host and a joiner play over a lossy simulated link, on a clock the
// example hands round, until the host's player quits after 120 ticks.
// Each frame does what host.Run does with a Session as its
// Wiring.Lockstep: Frame, then Inputs before the tick, which waits until
// it has both players' input.
func Example() {
	var now time.Duration
	link := netsim.Conditions{Latency: 40 * time.Millisecond, Jitter: 10 * time.Millisecond, Loss: 0.1}
	toJoiner, toHost := netsim.New(func() time.Duration { return now }, 1).Pipe(link, link)
	terms := netplay.Terms{Players: 2, InputDelay: 4}
	host, err := netplay.New(netplay.Config{Terms: terms, Slot: 0, Peers: []netplay.Peer{{Slot: 1, Link: toJoiner}}})
	if err != nil {
		fmt.Println(err)
		return
	}
	joiner, err := netplay.New(netplay.Config{Terms: terms, Slot: 1, Peers: []netplay.Peer{{Slot: 0, Link: toHost}}})
	if err != nil {
		fmt.Println(err)
		return
	}
	sessions, games, ticks, ended := []*netplay.Session{host, joiner}, [2]race{}, [2]uint64{}, [2]bool{}
	players := make([]engine.Input, terms.Players)
	for ; now < 10*time.Second && !(ended[0] && ended[1]); now += time.Second / 60 {
		for i, s := range sessions {
			var local engine.Input
			if ticks[i]%uint64(i+2) != 0 { // the host holds the key half the time, the joiner two thirds
				local.Down.Add(engine.KeyRight)
			}
			err := s.Frame(now, i == 0 && ticks[0] >= 120)
			ready := false
			if err == nil && !ended[i] {
				ready, err = s.Inputs(ticks[i], &local, players, &games[i])
			}
			switch {
			case errors.Is(err, engine.ErrQuit):
				ended[i] = true // both stop before the same tick
			case err != nil:
				fmt.Println(err)
				return
			case ready:
				games[i].tick(players)
				ticks[i]++
			}
		}
	}
	for i, name := range []string{"host", "joiner"} {
		fmt.Printf("%-6s %d ticks, positions %v, state %#x\n", name, ticks[i], games[i].x, games[i].StateHash())
	}
	fmt.Println("datagrams lost:", toJoiner.Lost+toHost.Lost, "of", toJoiner.Sent+toHost.Sent)
	// Output:
	// host   124 ticks, positions [60 80], state 0x3c00000050
	// joiner 124 ticks, positions [60 80], state 0x3c00000050
	// datagrams lost: 31 of 256
}
