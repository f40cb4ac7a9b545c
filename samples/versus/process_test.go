package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/platform/desktop"
)

// relay forwards UDP datagrams between a joiner and the host on
// loopback, losing a share of them each way (drawn from a seed).
type relay struct {
	front  *net.UDPConn // the joiner's side
	back   *net.UDPConn // towards the host
	loss   float64
	delay  time.Duration // one way, each datagram
	jitter time.Duration // each datagram's hold is drawn from delay ± jitter
	mu     sync.Mutex
	rng    *rand.Rand
	joiner *net.UDPAddr
	lost   int
}

func newRelay(t *testing.T, host *net.UDPAddr, loss float64) *relay {
	return newDelayedRelay(t, host, loss, 0)
}

// newDelayedRelay is a relay that also holds each datagram for delay.
func newDelayedRelay(t testing.TB, host *net.UDPAddr, loss float64, delay time.Duration) *relay {
	return newJitteryRelay(t, host, loss, delay, 0)
}

// newJitteryRelay is a relay that holds each datagram for a time drawn
// evenly from delay ± jitter.
func newJitteryRelay(t testing.TB, host *net.UDPAddr, loss float64, delay, jitter time.Duration) *relay {
	front, err := net.ListenUDP("udp", &net.UDPAddr{IP: net.IPv4(127, 0, 0, 1)})
	if err != nil {
		t.Fatal(err)
	}
	back, err := net.DialUDP("udp", nil, host)
	if err != nil {
		t.Fatal(err)
	}
	r := &relay{front: front, back: back, loss: loss, delay: delay, jitter: jitter, rng: rand.New(rand.NewPCG(1, 2))}
	t.Cleanup(func() { front.Close(); back.Close() })
	go r.forward(true)
	go r.forward(false)
	return r
}

func (r *relay) drop() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	d := r.rng.Float64() < r.loss
	if d {
		r.lost++
	}
	return d
}

// hold is how long the next datagram is held.
func (r *relay) hold() time.Duration {
	if r.jitter == 0 {
		return r.delay
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.delay - r.jitter + time.Duration(r.rng.Int64N(int64(2*r.jitter)+1))
}

// forward copies one direction until its socket closes.
func (r *relay) forward(up bool) {
	buf := make([]byte, 2048)
	for {
		var n int
		var err error
		if up {
			var from *net.UDPAddr
			n, from, err = r.front.ReadFromUDP(buf)
			r.mu.Lock()
			r.joiner = from
			r.mu.Unlock()
		} else {
			n, err = r.back.Read(buf)
		}
		if err != nil {
			return
		}
		if r.drop() {
			continue
		}
		d := r.hold()
		if d <= 0 {
			r.send(up, buf[:n])
			continue
		}
		b := append([]byte(nil), buf[:n]...)
		time.AfterFunc(d, func() { r.send(up, b) })
	}
}

// send passes one datagram on, towards the host when up.
func (r *relay) send(up bool, b []byte) {
	if up {
		_, _ = r.back.Write(b)
		return
	}
	r.mu.Lock()
	to := r.joiner
	r.mu.Unlock()
	if to != nil {
		_, _ = r.front.WriteToUDP(b, to)
	}
}

// peerRun is one versus process.
type peerRun struct {
	cmd    *exec.Cmd
	stderr syncBuffer
	sum    string
}

// syncBuffer is a buffer the process's stderr is copied into while the
// test reads it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func startPeer(ctx context.Context, t testing.TB, bin string, args ...string) *peerRun {
	return startPeerEnv(ctx, t, bin, nil, args...)
}

// startPeerEnv is startPeer with env added to the process's environment.
func startPeerEnv(ctx context.Context, t testing.TB, bin string, env []string, args ...string) *peerRun {
	p := &peerRun{sum: filepath.Join(t.TempDir(), "sum.json")}
	p.cmd = exec.CommandContext(ctx, bin, append(args, "-headless", "-mode", "cap", "-stats-json", p.sum)...)
	driver := os.Getenv("SDL_VIDEODRIVER")
	if driver == "" {
		driver = "offscreen"
	}
	p.cmd.Env = append(append(os.Environ(), "SDL_VIDEODRIVER="+driver), env...)
	p.cmd.Stderr = &p.stderr
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return p
}

var hostAddr = regexp.MustCompile(`msg="netplay: hosting[^\n]*addr=(127\.0\.0\.1:\d+)`)

// waitHost returns the address the host logged it listens on.
func waitHost(t testing.TB, p *peerRun) *net.UDPAddr {
	for range 300 {
		if m := hostAddr.FindStringSubmatch(p.stderr.String()); m != nil {
			a, err := net.ResolveUDPAddr("udp", m[1])
			if err != nil {
				t.Fatal(err)
			}
			return a
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatalf("the host never said where it listens:\n%s", p.stderr.String())
	return nil
}

func (p *peerRun) summary(t testing.TB) desktop.Summary {
	var s desktop.Summary
	b, err := os.ReadFile(p.sum)
	if err == nil {
		err = json.Unmarshal(b, &s)
	}
	if err != nil {
		t.Fatalf("summary: %v\n%s", err, p.stderr.String())
	}
	return s
}

// Two versus processes, one physics engine after the other, play 300
// ticks through a relay on loopback that loses 10% of the datagrams each
// way: the joiner takes the host's -physics, neither finds a desync, both
// end on one tick and hash, the relay lost something, and either peer's
// -record replays alone to the hash.
//
// It must be a process test: what it shows is versus itself over the
// wire, the real physics engines (chipmunk, box2d) stepping in two
// processes to one hash and the host's -physics handed to a joiner by
// desktop, which an in-process session (platform/transport's virtual-time
// tests play a chain of keys, not versus) cannot stand in for.
func TestTwoProcessesThroughALossyRelayReachTheSameState(t *testing.T) {
	bin := realTime(t, "builds versus and runs two processes", build)
	for _, engine := range engines {
		t.Run(engine, func(t *testing.T) {
			t.Parallel()
			ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
			defer cancel()
			code := "relay-test-code-" + engine
			dir := t.TempDir()
			tapes := [2]string{filepath.Join(dir, "host.tape"), filepath.Join(dir, "joiner.tape")}
			var r *relay
			hs, js := playThrough(ctx, t, bin, 300, func(h *net.UDPAddr) string { r = newRelay(t, h, 0.1); return r.front.LocalAddr().String() },
				[]string{"-code", code, "-physics", engine, "-bot", "11", "-record", tapes[0]},
				[]string{"-code", code, "-bot", "22", "-record", tapes[1]})
			if js.Physics != engine || hs.Netplay == nil || js.Netplay == nil || hs.Netplay.Desync != nil {
				t.Fatalf("joiner physics %s (want the host's %s), netplay %+v %+v", js.Physics, engine, hs.Netplay, js.Netplay)
			}
			if r.lost == 0 {
				t.Fatal("the relay lost nothing: the test would prove nothing about loss")
			}
			t.Logf("host %s\njoiner %s\nrelay lost %d", fmtNet(hs.Netplay), fmtNet(js.Netplay), r.lost)
			// Either peer's tape holds both players and replays alone.
			for _, tp := range tapes {
				replayMatches(ctx, t, bin, hs, "-replay", tp)
			}
		})
	}
}

// playThrough runs a session of two versus processes for ticks ticks:
// a host on loopback with hostArgs, and a joiner with joinerArgs joining
// the address via returns for the host's (a relay in front of it). Both
// must end cleanly on the same tick and state; it returns their summaries.
func playThrough(ctx context.Context, t *testing.T, bin string, ticks uint64, via func(*net.UDPAddr) string, hostArgs, joinerArgs []string) (hs, js desktop.Summary) {
	t.Helper()
	n := strconv.FormatUint(ticks, 10)
	host := startPeer(ctx, t, bin, append([]string{"-host", "127.0.0.1:0", "-ticks", n}, hostArgs...)...)
	joiner := startPeer(ctx, t, bin, append([]string{"-join", via(waitHost(t, host))}, joinerArgs...)...)
	herr, jerr := host.cmd.Wait(), joiner.cmd.Wait()
	if herr != nil || jerr != nil {
		t.Fatalf("host: %v\n%s\njoiner: %v\n%s", herr, host.stderr.String(), jerr, joiner.stderr.String())
	}
	hs, js = host.summary(t), joiner.summary(t)
	if hs.Ticks != ticks || js.Ticks != ticks || hs.StateHash != js.StateHash {
		t.Fatalf("host: %d ticks, hash %s; joiner: %d ticks, hash %s: want %d and equal", hs.Ticks, hs.StateHash, js.Ticks, js.StateHash, ticks)
	}
	return hs, js
}

// replayMatches runs versus with args (a -replay) and wants the session's
// ticks and state hash.
func replayMatches(ctx context.Context, t *testing.T, bin string, session desktop.Summary, args ...string) {
	t.Helper()
	rp := startPeer(ctx, t, bin, args...)
	if err := rp.cmd.Wait(); err != nil {
		t.Fatalf("versus %v: %v\n%s", args, err, rp.stderr.String())
	}
	if rs := rp.summary(t); rs.Ticks != session.Ticks || rs.StateHash != session.StateHash {
		t.Fatalf("versus %v: %d ticks, hash %s, want %d and %s", args, rs.Ticks, rs.StateHash, session.Ticks, session.StateHash)
	}
}

func fmtNet(n *desktop.NetSummary) string { return fmt.Sprintf("%+v", *n) }

var started = regexp.MustCompile(`msg="netplay: session started"`)

// A joiner killed for good is given up once the host's rejoin window
// (-net-timeout, 1 s here) passes: the host ends cleanly, status 0, on a
// tick it names, every output written.
func TestAPeerThatVanishesEndsTheOtherWithItsOutputs(t *testing.T) {
	bin := realTime(t, "builds versus and runs two processes", build)
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
	defer cancel()
	const code = "vanish-test-code"
	host := startPeer(ctx, t, bin, "-host", "127.0.0.1:0", "-code", code, "-ticks", "100000", "-bot", "1", "-net-timeout", "1s")
	joiner := startPeer(ctx, t, bin, "-join", waitHost(t, host).String(), "-code", code, "-bot", "2")
	for range 300 {
		if started.MatchString(joiner.stderr.String()) {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	time.Sleep(time.Second) // a second of play; then the joiner is gone, mid-tick
	if err := joiner.cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	_ = joiner.cmd.Wait()
	if err := host.cmd.Wait(); err != nil {
		t.Fatalf("host: %v, want exit status 0\n%s", err, host.stderr.String())
	}
	s := host.summary(t)
	if s.Netplay == nil || s.Netplay.End != "player gone" || s.Error != "" || s.Ticks == 0 {
		t.Fatalf("host summary: %d ticks, netplay %+v, error %q: want it to say the player is gone", s.Ticks, s.Netplay, s.Error)
	}
}

func TestBothPeersInterruptedEndCleanlyWithTheirOutputs(t *testing.T) {
	bin := realTime(t, "builds versus and runs two processes", build)
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
	defer cancel()
	const code = "sigint-test-code"
	host := startPeer(ctx, t, bin, "-host", "127.0.0.1:0", "-code", code, "-ticks", "100000", "-bot", "1")
	joiner := startPeer(ctx, t, bin, "-join", waitHost(t, host).String(), "-code", code, "-bot", "2")
	for range 300 {
		if started.MatchString(joiner.stderr.String()) {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	time.Sleep(time.Second)
	for _, p := range []*peerRun{host, joiner} {
		if err := p.cmd.Process.Signal(os.Interrupt); err != nil {
			t.Fatal(err)
		}
	}
	for _, p := range []*peerRun{host, joiner} {
		if err := p.cmd.Wait(); err != nil {
			t.Fatalf("interrupted peer: %v, want exit status 0\n%s", err, p.stderr.String())
		}
		if s := p.summary(t); s.Netplay == nil || s.Ticks == 0 || s.Error != "" {
			t.Fatalf("summary: %d ticks, netplay %+v, error %q", s.Ticks, s.Netplay, s.Error)
		}
	}
}
