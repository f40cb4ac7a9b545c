package transport

import (
	"fmt"
	"runtime"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/netplay"
)

// liveSession is a netplay session over a real QUIC connection on
// loopback, driven frame by frame from the test's goroutine.
type liveSession struct {
	s       *netplay.Session
	n, p    uint64 // the next tick to run, the next present tick (prediction)
	in      engine.Input
	players [2]engine.Input
	frame   int
	state   fixedState // what the ticks start from: a pointer in an interface allocates nothing
}

// step runs one frame of this peer: what arrived, its input (a key now
// and then), at most two ready ticks.
func (l *liveSession) step(now time.Duration, predict bool) {
	l.frame++
	if l.frame%13 == 0 {
		if l.in.Down.Has(engine.KeyA) {
			l.in.Down.Remove(engine.KeyA)
		} else {
			l.in.Down.Add(engine.KeyA)
		}
	}
	_ = l.s.Frame(now, false)
	if predict {
		if ok, _ := l.s.Local(l.p, &l.in); ok {
			l.s.Guess(l.p, l.players[:])
			l.p++
		}
	}
	for range 2 {
		l.state = fixedState(l.n)
		if ok, _ := l.s.Inputs(l.n, &l.in, l.players[:], &l.state); !ok {
			return
		}
		l.n++
	}
}

type fixedState uint64

func (f *fixedState) StateHash() uint64 { return uint64(*f) * 0x9e3779b97f4a7c15 }

// framesPerTick bounds the frames playTicks gives the sessions for each
// tick it wants: a loaded machine (or Wine, whose every socket call is a
// round trip to its server) delays the datagrams that let ticks run: 6
// frames a tick once under Wine while other test passes ran beside it.
const framesPerTick = 20

// playTicks plays frames until both peers have run ticks more ticks, at
// most framesPerTick*ticks frames, and returns how many it played.
func playTicks(t *testing.T, frame func(), peers [2]*liveSession, ticks uint64) int {
	t.Helper()
	from := [2]uint64{peers[0].n, peers[1].n}
	for f := 1; f <= framesPerTick*int(ticks); f++ {
		frame()
		if peers[0].n-from[0] >= ticks && peers[1].n-from[1] >= ticks {
			return f
		}
	}
	t.Fatalf("%d frames ran %d and %d ticks, want %d: the session did not run", framesPerTick*ticks, peers[0].n-from[0], peers[1].n-from[1], ticks)
	return 0
}

// livePair connects two sessions over QUIC on loopback and plays frames
// of both until each has run warm ticks; frame plays one more of each,
// 60 a second of real time.
func livePair(t *testing.T, predict bool, warm int) (frame func(), peers [2]*liveSession) {
	h, js, errs, herr := hostAndJoin(t, opts(testCode), opts(testCode))
	if herr != nil || errs[0] != nil {
		t.Fatalf("host: %v, join: %v", herr, errs[0])
	}
	for i, j := range []*Joined{h, js[0]} {
		loc := netplay.Local{}
		if predict {
			loc.Rollback = netplay.DefaultRollback
		}
		s, err := netplay.New(j.Config(loc))
		if err != nil {
			t.Fatal(err)
		}
		peers[i] = &liveSession{s: s, in: engine.Input{WindowWidth: 1280, WindowHeight: 720, MouseX: 640.25, MouseY: 360}}
	}
	start, f := time.Now(), 0
	frame = func() {
		f++
		time.Sleep(time.Until(start.Add(time.Duration(f) * time.Second / 60)))
		now := time.Since(start) + time.Second
		for _, p := range peers {
			p.step(now, predict)
		}
		h.Admit(peers[0].s, now) // the host's, each frame: nothing while no one comes
	}
	playTicks(t, frame, peers, uint64(warm))
	return frame, peers
}

// allocSites counts the objects allocated since the last GC by where
// they were allocated: the innermost caller outside the runtime and the
// standard library, as "ours" (this module), "quic-go" (with its
// function) or another module's name.
func allocSites() map[string]int64 {
	runtime.GC()
	var recs []runtime.MemProfileRecord
	n, _ := runtime.MemProfile(nil, true)
	for {
		recs = make([]runtime.MemProfileRecord, n+64)
		var ok bool
		if n, ok = runtime.MemProfile(recs, true); ok {
			recs = recs[:n]
			break
		}
	}
	sites := map[string]int64{}
	for i := range recs {
		sites[siteOf(recs[i].Stack())] += recs[i].AllocObjects
	}
	return sites
}

// siteOf names the innermost frame of stk outside the runtime and the
// standard library; allocSites' own allocations are "the measurement".
// The runtime's caches of type assertions and switches are its own: a
// site's cache is rebuilt, on the heap, about once in a thousand
// assertions that miss it, so one may land at random in a measured frame
// (it did in receiveAll's Link.(AgedLink)), and never again once built.
func siteOf(stk []uintptr) string {
	frames := runtime.CallersFrames(stk)
	for {
		fr, more := frames.Next()
		fn := fr.Function
		switch {
		case strings.HasSuffix(fn, "transport.allocSites"), strings.HasSuffix(fn, "transport.siteOf"):
			return "the measurement"
		case fn == "runtime.buildTypeAssertCache", fn == "runtime.buildInterfaceSwitchCache":
			return "the runtime's type assertion caches"
		case strings.HasPrefix(fn, "github.com/lockstep-engine/lockstep/"):
			return "ours: " + fn
		case strings.HasPrefix(fn, "github.com/quic-go/"):
			return "quic-go: " + fn
		case !standard(fn) && fn != "":
			return "other: " + fn
		}
		if !more {
			return "runtime and standard library"
		}
	}
}

// standard reports whether function fn (as runtime.Frame names it) is
// of the standard library: its package path's first element has no dot.
func standard(fn string) bool {
	first, _, found := strings.Cut(fn, "/")
	if !found {
		first, _, _ = strings.Cut(fn, ".")
	}
	return !strings.Contains(first, ".")
}

// A netplay frame over the real transport (QUIC on loopback) allocates
// nothing in this module's code, in lockstep and with prediction: every
// allocation in a stretch of frames, sampled one by one, is quic-go's or
// the runtime's. The allocations a frame makes in all, and quic-go's by
// function, are logged.
func TestANetplayFrameOverQUICAllocatesNothingOfOurs(t *testing.T) {
	defer func(rate int) { runtime.MemProfileRate = rate }(runtime.MemProfileRate)
	runtime.MemProfileRate = 1
	for _, predict := range []bool{false, true} {
		t.Run(fmt.Sprintf("prediction=%v", predict), func(t *testing.T) {
			const frames = 60
			frame, peers := livePair(t, predict, frames)
			all := testing.AllocsPerRun(frames, frame) / 2 // a frame of each peer per run
			before := allocSites()
			played := playTicks(t, frame, peers, frames)
			after := allocSites()
			type site struct {
				name string
				n    int64
			}
			var sites []site
			var ours int64
			var oursAt []string
			for k, v := range after {
				if d := v - before[k]; d > 0 {
					sites = append(sites, site{k, d})
					if strings.HasPrefix(k, "ours: ") {
						ours += d
						oursAt = append(oursAt, fmt.Sprintf("%d at %s", d, k))
					}
				}
			}
			sort.Slice(sites, func(i, j int) bool { return sites[i].n > sites[j].n })
			var b strings.Builder
			for _, s := range sites[:min(len(sites), 12)] {
				fmt.Fprintf(&b, "\n  %6.2f a frame  %s", float64(s.n)/float64(2*played), s.name)
			}
			t.Logf("a frame allocates %.1f times in all (testing.AllocsPerRun, quic-go's goroutines included); by site, over %d frames of %d ticks:%s", all, played, frames, b.String())
			if ours != 0 {
				t.Errorf("this module's code allocated %d times in %d frames, want 0: %s", ours, 2*played, strings.Join(oursAt, "; "))
			}
		})
	}
}
