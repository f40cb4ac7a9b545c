package netplay_test

import (
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/engine/netplay"
	"github.com/lockstep-engine/lockstep/engine/netplay/netsim"
)

// A peer each of whose ticks takes 115 ms (a machine that cannot keep
// up, or a modified client: it answers all along, between its ticks)
// kept the session at 8.7 ticks a second unnoticed: it says it moves on,
// so the stretch bound (LagAfter) calls it busy. The time the session is
// held for its input now drains only as fast as it fills, so a peer
// holding the session a fraction f > 1/2 of the time passes CrawlAfter
// (20 s) after CrawlAfter/(2f−1): the host gives its slot up (the
// session's usual end, on one tick for everyone), a joiner ends with a
// *LaggingError, in lockstep and drawing ahead alike (29 s).
func TestAPeerThatKeepsTheSessionCrawlingIsLagging(t *testing.T) {
	const bound = time.Minute
	for _, rollback := range []int{0, netplay.DefaultRollback} {
		for _, slow := range []int{1, 0} {
			t.Run(fmt.Sprintf("rollback%d/crawler%d", rollback, slow), func(t *testing.T) {
				delay := 2
				if rollback > 0 {
					delay = 0
				}
				const ticks = 60 * 60
				w := newWorld(setup{players: 2, ticks: ticks, cond: netsim.Conditions{Latency: 5 * time.Millisecond, Jitter: time.Millisecond},
					seed: 1, delay: delay, rollback: rollback, adapt: rollback == 0})
				c := w.peers[slow]
				c.game.busy = func(uint64) { // every tick of its takes 115 ms
					c.wake = w.now + 115*time.Millisecond
					c.handOff()
				}
				victim := w.peers[1-slow]
				ended := lastFrame(victim)
				if !w.run(ticks) {
					t.Fatal("the peers did not finish")
				}
				caught(t, victim, slow, *ended)
				if *ended > bound {
					t.Fatalf("the crawl was caught at %v: want within %v", *ended, bound)
				}
				t.Logf("caught at %v after %d ticks", *ended, victim.rep.Ticks)
			})
		}
	}
}

// A peer whose every datagram leaves a second late (a proxy on its
// side, or a modified client: it looks like a slow link,
// acknowledgements and all), drawing 8 ticks ahead with the input delay
// chosen for a fast link, ran the session at 14 ticks a second and was
// never caught: its late acknowledgements made each wait look like one
// for the other peer's input. A modified client never ends the session
// itself (its own bound is an hour here); the honest peer ends it
// within the bound (CrawlAfter/(2f−1), f the share of the time the
// present is held: 45–49 s), the host by giving the slot up as lagging,
// a joiner with a *LaggingError.
func TestAPeerWhoseEveryDatagramIsLateIsLagging(t *testing.T) {
	const bound = time.Minute
	for _, slow := range []int{1, 0} {
		t.Run(fmt.Sprintf("crawler%d", slow), func(t *testing.T) {
			const ticks = 60 * 60
			fast := netsim.Conditions{Latency: 5 * time.Millisecond, Jitter: time.Millisecond}
			w := newWorld(setup{players: 2, ticks: ticks, cond: fast, seed: 1, rollback: netplay.DefaultRollback})
			w.ends[slow].SetConditions(netsim.Conditions{Latency: time.Second, Jitter: 10 * time.Millisecond})
			c := w.peers[slow]
			var err error
			c.session, err = netplay.New(netplay.Config{Terms: netplay.Terms{Players: 2},
				Local: netplay.Local{Rollback: netplay.DefaultRollback, LagAfter: time.Hour, CrawlAfter: time.Hour}, Slot: slow, Peers: c.ends})
			if err != nil {
				t.Fatal(err)
			}
			victim := w.peers[1-slow]
			ended := lastFrame(victim)
			if !w.run(ticks) {
				t.Fatal("the peers did not finish")
			}
			caught(t, victim, slow, *ended)
			if *ended > bound {
				t.Fatalf("the crawl was caught at %v: want within %v", *ended, bound)
			}
			t.Logf("caught at %v after %d ticks (%.1f ticks a second)", *ended, victim.rep.Ticks, float64(victim.rep.Ticks)/ended.Seconds())
		})
	}
}

// lastFrame returns where p's last frame's time goes, as its loop runs.
func lastFrame(p *simPeer) *time.Duration {
	var at time.Duration
	p.onFrame = func(p *simPeer) { at = p.w.now }
	return &at
}

// caught checks that victim ended its session for slot slow's lag: a
// host gives the slot up, a joiner ends with a *LaggingError.
func caught(t *testing.T, victim *simPeer, slow int, ended time.Duration) {
	t.Helper()
	var lagging *netplay.LaggingError
	st := victim.session.Stats()
	switch {
	case slow == 0 && (!errors.As(victim.err, &lagging) || lagging.Slot != 0):
		t.Fatalf("a joiner whose host crawls ended with %v after %d ticks at %v: want a *LaggingError for slot 0", victim.err, victim.rep.Ticks, ended)
	case slow != 0 && (victim.err != nil || st.Lagging != 1 || st.GaveUp != 1):
		t.Fatalf("a host whose joiner crawls ended with %v after %d ticks at %v (lagging %d, gave up %d): want the slot given up as lagging and the session's end",
			victim.err, victim.rep.Ticks, ended, st.Lagging, st.GaveUp)
	}
}

// An honest link of a 200 ms round trip with jitter and loss, with the
// delay chosen for it (adapting in lockstep), holds the session now and
// then but far less than half the time: over 50 seeds of 20 s (6 with
// -short), no peer's lag ever reaches the notice (Lagging), let alone
// the bound.
func TestASlowHonestLinkIsNeverLagging(t *testing.T) {
	cond := netsim.Conditions{Latency: 100 * time.Millisecond, Jitter: 30 * time.Millisecond, Loss: 0.02, Reorder: 0.02}
	for seed := range propertySeeds() {
		rollback := int(seed%2) * netplay.DefaultRollback
		delay := netplay.DelayFor(200*time.Millisecond, 60)
		if rollback > 0 {
			delay = netplay.PredictedDelayFor(200*time.Millisecond, 60)
		}
		const ticks = 20 * 60
		players := 2 + int(seed/2%2)
		w := newWorld(setup{players: players, ticks: ticks, cond: cond, seed: seed, delay: delay, rollback: rollback, adapt: rollback == 0})
		noticed := -1
		for _, p := range w.peers {
			p.jitter = 8 * time.Millisecond
			p.onFrame = func(p *simPeer) {
				if _, _, lag := p.session.Lagging(); lag && noticed < 0 {
					noticed = p.i
				}
			}
		}
		if !w.run(ticks) {
			t.Fatalf("seed %d: the peers did not finish", seed)
		}
		if noticed >= 0 {
			t.Fatalf("seed %d (%d players, rollback %d): peer %d said a player was lagging", seed, players, rollback, noticed)
		}
		for _, p := range w.peers {
			if st := p.session.Stats(); p.err != nil || st.Lagging != 0 || p.rep.Ticks != ticks {
				t.Fatalf("seed %d (%d players, rollback %d): peer %d ended with %v after %d ticks, %d found lagging: want %d ticks and none",
					seed, players, rollback, p.i, p.err, p.rep.Ticks, st.Lagging, ticks)
			}
		}
	}
}
