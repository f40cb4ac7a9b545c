package transport

import (
	"context"
	"errors"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/engine"
	enginehost "github.com/lockstep-engine/lockstep/engine/host"
	"github.com/lockstep-engine/lockstep/engine/netplay"
	"github.com/lockstep-engine/lockstep/engine/tape"
)

const testCode = "test-code-0123"

func opts(code string, settings ...tape.Setting) Options {
	return Options{kdf: testKDF, Code: code, Terms: netplay.Terms{Players: 2, Settings: settings}, Build: "b1", Game: "versus"}
}

// chosen returns o with the settings names as the user's choice.
func chosen(o Options, names ...string) Options {
	o.Chosen = names
	return o
}

// ticks returns o asking every peer to stop after n ticks.
func ticks(o Options, n uint64) Options {
	o.Terms.Ticks = n
	return o
}

// hostAndJoin starts a host on loopback and joins it with each joiner's
// options; it returns the host's and the joiners' sessions, the joiners' errors
// and the host's.
func hostAndJoin(t *testing.T, host Options, joiners ...Options) (*Joined, []*Joined, []error, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
	t.Cleanup(cancel)
	addrs := make(chan net.Addr, 1)
	var hj *Joined
	var herr error
	done := make(chan struct{})
	go func() {
		defer close(done)
		hj, herr = Host(ctx, "127.0.0.1:0", host, HostOptions{}, func(a net.Addr) { addrs <- a })
	}()
	addr := (<-addrs).String()
	js := make([]*Joined, len(joiners))
	errs := make([]error, len(joiners))
	for i, o := range joiners {
		js[i], errs[i] = Join(ctx, addr, o, JoinOptions{})
	}
	if len(joiners) < host.Terms.Players-1 || anyErr(errs) {
		cancel() // the host would wait on for the missing peers
	}
	<-done
	t.Cleanup(func() {
		for _, j := range append(js, hj) {
			if j != nil {
				_ = j.Close()
			}
		}
	})
	return hj, js, errs, herr
}

func anyErr(errs []error) bool {
	for _, e := range errs {
		if e != nil {
			return true
		}
	}
	return false
}

func TestJoinAgreesOnSlotsDelayAndTheHostsSettings(t *testing.T) {
	seed := tape.Setting{Name: "seed", Value: "42"}
	host := opts(testCode, seed)
	host.Terms.Ticks = 600
	h, js, errs, herr := hostAndJoin(t, host, opts(testCode, tape.Setting{Name: "seed", Value: "1"}))
	if herr != nil || errs[0] != nil {
		t.Fatalf("host: %v, join: %v", herr, errs[0])
	}
	j := js[0]
	if j.Slot != 1 || j.Terms.Players != 2 || j.Terms.InputDelay != h.Terms.InputDelay || j.Terms.InputDelay < 1 {
		t.Fatalf("joiner got slot %d of %d, delay %d (host %d)", j.Slot, j.Terms.Players, j.Terms.InputDelay, h.Terms.InputDelay)
	}
	if len(j.Terms.Settings) != 1 || j.Terms.Settings[0].Value != "42" {
		t.Fatalf("joiner's settings %v: want the host's seed 42 (its own was not explicit)", j.Terms.Settings)
	}
	if j.Terms.Ticks != 600 {
		t.Fatalf("joiner's ticks %d: want the host's 600", j.Terms.Ticks)
	}
	// A datagram each way.
	if err := h.Peers[0].Link.Send([]byte("to joiner")); err != nil {
		t.Fatal(err)
	}
	if err := j.Peers[0].Link.Send([]byte("to host")); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		l    netplay.Link
		want string
	}{{j.Peers[0].Link, "to joiner"}, {h.Peers[0].Link, "to host"}} {
		if got := waitDatagram(t, c.l); got != c.want {
			t.Fatalf("got %q, want %q", got, c.want)
		}
	}
}

func waitDatagram(t *testing.T, l netplay.Link) string {
	t.Helper()
	for range 500 {
		if b, ok := l.Receive(); ok {
			return string(b)
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatal("no datagram in 5 s")
	return ""
}

func TestJoinersThatDifferAreRefusedNamingTheDifference(t *testing.T) {
	for _, tc := range []struct {
		name   string
		joiner Options
		want   string
	}{
		{"build", Options{kdf: testKDF, Code: testCode, Build: "b2", Game: "versus"}, `build "b2"`},
		{"game", Options{kdf: testKDF, Code: testCode, Build: "b1", Game: "breakout"}, `game "breakout"`},
		{"explicit setting", chosen(opts(testCode, tape.Setting{Name: "tps", Value: "120"}), "tps"), "setting tps: the joiner asked for \"120\", the host runs \"60\""},
		{"unknown setting", opts(testCode, tape.Setting{Name: "tps", Value: "60"}, tape.Setting{Name: "gravity", Value: "1"}), "setting gravity unknown"},
		{"other ticks", ticks(opts(testCode, tape.Setting{Name: "tps", Value: "60"}), 50), "ticks: the joiner asked to stop after 50, the host after 0"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, _, errs, herr := hostAndJoin(t, opts(testCode, tape.Setting{Name: "tps", Value: "60"}), tc.joiner)
			if !errors.Is(errs[0], ErrRefused) || !strings.Contains(errs[0].Error(), tc.want) {
				t.Fatalf("join: %v, want a refusal saying %q", errs[0], tc.want)
			}
			if herr == nil {
				t.Fatal("the host started a session without its player")
			}
		})
	}
}

func TestWrongCodeCannotJoin(t *testing.T) {
	_, _, errs, herr := hostAndJoin(t, opts(testCode), opts("another-code-99"))
	if errs[0] == nil || herr == nil {
		t.Fatalf("join with the wrong code: %v (host %v), want both to fail", errs[0], herr)
	}
}

func TestShortCodeIsRefused(t *testing.T) {
	_, err := Join(t.Context(), "127.0.0.1:1", opts("short"), JoinOptions{})
	if err == nil || !strings.Contains(err.Error(), "too short") {
		t.Fatalf("Join: %v, want the code refused as too short", err)
	}
}

func TestHostNeedsAnInterface(t *testing.T) {
	_, err := Host(t.Context(), ":7777", opts(testCode), HostOptions{}, nil)
	if err == nil || !strings.Contains(err.Error(), "names no interface") {
		t.Fatalf("Host(:7777): %v, want it refused", err)
	}
}

// Once the session started, a peer that comes to play waits a few
// seconds for a slot to fall vacant, then is refused as full (ErrFull);
// a spectator the session has no room for is refused at once, as full.
func TestAPeerJoiningAFullSessionIsRefused(t *testing.T) {
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
	defer cancel()
	addrs := make(chan net.Addr, 1)
	var h *Joined
	var wg sync.WaitGroup
	wg.Go(func() {
		var err error
		h, err = Host(ctx, "127.0.0.1:0", opts(testCode), HostOptions{}, func(a net.Addr) { addrs <- a })
		if err != nil {
			t.Error(err)
		}
	})
	addr := (<-addrs).String()
	j, err := Join(ctx, addr, opts(testCode), JoinOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	wg.Wait()
	defer h.Close()
	watcher := opts(testCode)
	watcher.Local.Spectate = true
	for _, o := range []Options{opts(testCode), watcher} {
		errs := make(chan error, 1)
		go func() {
			_, err := Join(ctx, addr, o, JoinOptions{})
			errs <- err
		}()
		full := &fakeAdmitter{}
		var err error
		for now := time.Duration(0); ; now += 100 * time.Millisecond {
			h.Admit(full, now) // the clock runs a tenth of a second a frame
			select {
			case err = <-errs:
			case <-time.After(10 * time.Millisecond):
				continue
			}
			if o.Local.Spectate && now > time.Second || !o.Local.Spectate && now < vacantWait {
				t.Fatalf("refused at %v on the host's clock", now)
			}
			break
		}
		if !errors.Is(err, ErrRefused) || !errors.Is(err, ErrFull) || !strings.Contains(err.Error(), "full") && !strings.Contains(err.Error(), "all the watchers") {
			t.Fatalf("join (watch %v) of a full session: %v, want it refused as full (ErrRefused and ErrFull)", o.Local.Spectate, err)
		}
	}
}

// TestSessionOverQUIC runs two loops on loopback for 300 ticks of input
// and checks they end on the same state.
func TestSessionOverQUIC(t *testing.T) {
	h, js, errs, herr := hostAndJoin(t, opts(testCode), opts(testCode))
	if herr != nil || errs[0] != nil {
		t.Fatalf("host: %v, join: %v", herr, errs[0])
	}
	const ticks = 300
	var wg sync.WaitGroup
	hashes := make([]uint64, 2)
	for i, j := range []*Joined{h, js[0]} {
		wg.Go(func() {
			s, err := netplay.New(j.Config(netplay.Local{}))
			if err != nil {
				t.Error(err)
				return
			}
			g := &chainGame{}
			ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
			defer cancel()
			clock := enginehost.NewSystemClock(enginehost.WaitHybrid)
			rep, err := enginehost.Run(ctx, engine.Config{Mode: engine.ModeCap, FPS: 120, Ticks: ticks, Players: j.Terms.Players},
				engine.Parts{Tick: g.Tick, Draw: g.Draw, StateHash: g.StateHash},
				enginehost.Wiring{Lockstep: s, Platform: &keyPlatform{slot: j.Slot}, Clock: clock})
			if err != nil || rep.Ticks != ticks {
				t.Errorf("peer %d: %d ticks, %v", j.Slot, rep.Ticks, err)
			}
			if !s.Settle(clock, 3*time.Second) {
				t.Errorf("peer %d did not settle", j.Slot)
			}
			hashes[i] = g.state
		})
	}
	wg.Wait()
	if hashes[0] != hashes[1] || hashes[0] == 0 {
		t.Fatalf("states %x and %x: want equal", hashes[0], hashes[1])
	}
}

// chainGame folds both players' keys into its state.
type chainGame struct{ state uint64 }

func (g *chainGame) Tick(t *engine.Tick) error {
	for i, p := range t.Players {
		if p.Down.Has(engine.KeyA) {
			g.state = g.state*31 + uint64(i) + 1
		}
	}
	g.state = g.state*7 + 1
	return nil
}
func (g *chainGame) Draw(*engine.Frame) error { return nil }
func (g *chainGame) StateHash() uint64        { return g.state }

// keyPlatform presses and releases A now and then.
type keyPlatform struct {
	slot, n int
}

func (p *keyPlatform) PollEvents(e enginehost.EventSink) {
	p.n++
	if p.n%(7+p.slot) == 0 {
		e.Key(engine.KeyA, p.n%(14+2*p.slot) == 0)
	}
}
func (p *keyPlatform) Present() error { return nil }
