package desktop

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/host"
	"github.com/lockstep-engine/lockstep/engine/netplay"
	"github.com/lockstep-engine/lockstep/engine/tape"
	"github.com/lockstep-engine/lockstep/platform/sdl2"
	"github.com/lockstep-engine/lockstep/platform/transport"
	"github.com/veandco/go-sdl2/sdl"
)

// saysAll fails t unless lines, joined, say every one of want, each line
// within the width the screen wraps at.
func saysAll(t *testing.T, what string, lines []string, want ...string) {
	t.Helper()
	said := strings.Join(lines, " ")
	for _, w := range want {
		if !strings.Contains(said, w) {
			t.Errorf("%s: the screen says %q, want it to say %q", what, said, w)
		}
	}
	for _, l := range lines {
		if len(l) > failureWidth {
			t.Errorf("%s: line %q is longer than the %d characters the screen wraps at", what, l, failureWidth)
		}
	}
}

func TestJoinFailuresSayWhyInAPlayersTermsAndWhatToTry(t *testing.T) {
	r := newRun(&goals{}, Config{Name: "goals", LocalFlags: []string{"bot"}})
	if err := r.check(); err != nil {
		t.Fatal(err)
	}
	cannot := r.canAdopt(netplay.Terms{Settings: recorded(tape.Setting{Name: "bot", Value: "7"})})
	if cannot == nil {
		t.Fatal("a host setting -bot, local to this game, was taken: want it refused")
	}
	n := &NetOptions{Join: "192.0.2.7:7777", Code: "ABCDEFGH12345678", JoinTimeout: time.Second}
	for _, tc := range []struct {
		name string
		err  error
		want []string
	}{
		{"wrong code", fmt.Errorf("netplay: join x: %w: check it", transport.ErrWrongCode),
			[]string{"could not start the game", "the host at 192.0.2.7:7777 does not know the code ABCDEFGH12345678", "Try: check -code"}},
		{"no answer", fmt.Errorf("netplay: join x: %w within 1s", transport.ErrNoAnswer),
			[]string{"no answer from the host at 192.0.2.7:7777 within 1s", "Try: check that the host is running", "longer -join-timeout"}},
		{"full", fmt.Errorf("%w: takes no more players (%w, or it is busy)", transport.ErrRefused, transport.ErrFull),
			[]string{"has all the players its session takes", "Try: ask the host to start a new session"}},
		{"settings", fmt.Errorf("%w: this peer cannot run the host's settings: %w", transport.ErrRefused, cannot),
			[]string{"this game cannot run the host's settings", "Try: run the same game", "-bot"}},
		{"build", fmt.Errorf("%w: build \"a\" differs from the host's \"b\"", transport.ErrRefused),
			[]string{"refused to let this game join", "Try: run the very same game", "differs from the host's"}},
		{"lobby", lobbyFailure("x", transport.ErrNoPath), []string{"no network path between the players", "try again"}},
		{"under way", fmt.Errorf("%w: the place was given up (%w)", transport.ErrRefused, transport.ErrUnderWay),
			[]string{"is playing a session that cannot take this player in now", "Try: ask the host to start a new session", "the place was given up"}},
	} {
		saysAll(t, tc.name, failureLines(failureWords(n, tc.err)...), tc.want...)
	}
	watcher := *n
	watcher.Spectate = true
	full := fmt.Errorf("%w: the session has all the watchers it takes (16) (%w)", transport.ErrRefused, transport.ErrFull)
	saysAll(t, "spectators full", failureLines(failureWords(&watcher, full)...), "has all the spectators it takes", "Try: watch again")
	if !errors.Is(cannot, ErrUsage) {
		t.Errorf("a joiner that cannot run the host's settings: %v, want ErrUsage (exit status 2)", cannot)
	}
}

// joinOnScreen runs a headless -join of addr with code, waiting at most
// timeout for an answer, as Run does up to the session's start; it
// returns the error and what the waiting screen says then.
func joinOnScreen(t *testing.T, addr, code string, timeout time.Duration) ([]string, error) {
	t.Helper()
	r := newRun(&goals{}, Config{Name: "goals", Window: sdl2.Options{Headless: true},
		Loop: engine.Config{Players: 2}, Logger: slog.New(slog.DiscardHandler),
		Net: NetOptions{Join: addr, Code: code, JoinTimeout: timeout}})
	if err := r.check(); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
	defer cancel()
	var err, oerr error
	var screen *waitScreen
	sdl.Do(func() {
		if oerr = r.open(); oerr != nil {
			return
		}
		defer r.win.Close()
		_, err = r.openNet(ctx, &screen)
	})
	if oerr != nil {
		t.Fatal(oerr)
	}
	if screen == nil {
		t.Fatalf("join of %s: %v, and no waiting screen", addr, err)
	}
	return screen.lines, err
}

func TestAJoinWithTheWrongCodeSaysSoOnTheWaitingScreen(t *testing.T) {
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
	defer cancel()
	addrs := make(chan net.Addr, 1)
	go func() { // given up when ctx ends: it never has its players
		_, _ = transport.Host(ctx, "127.0.0.1:0", transport.Options{Code: "the-hosts-code-1", Terms: netplay.Terms{Players: 2}, Logger: slog.New(slog.DiscardHandler)},
			func(a net.Addr) { addrs <- a })
	}()
	var addr string
	select {
	case a := <-addrs:
		addr = a.String()
	case <-ctx.Done():
		t.Fatal("the loopback host never listened")
	}
	lines, err := joinOnScreen(t, addr, "not-the-code-222", 5*time.Second)
	if !errors.Is(err, transport.ErrWrongCode) || errors.Is(err, errGaveUp) {
		t.Fatalf("join with the wrong code: %v, want ErrWrongCode, not a wait given up", err)
	}
	saysAll(t, "wrong code", lines, "could not start the game", "the host at "+addr+" does not know the code not-the-code-222", "Try: check -code")
}

func TestAJoinOfAHostThatIsNotThereSaysSoOnTheWaitingScreen(t *testing.T) {
	udp, err := net.ListenUDP("udp", &net.UDPAddr{IP: net.IPv4(127, 0, 0, 1)}) // a port where nothing answers
	if err != nil {
		t.Fatal(err)
	}
	defer udp.Close()
	addr := udp.LocalAddr().String()
	lines, err := joinOnScreen(t, addr, "nobody-code-1234", time.Second)
	if !errors.Is(err, transport.ErrNoAnswer) || errors.Is(err, errGaveUp) {
		t.Fatalf("join of nobody: %v, want ErrNoAnswer, not a wait given up", err)
	}
	saysAll(t, "host not there", lines, "could not start the game", "no answer from the host at "+addr+" within 1s", "Try: check that the host is running")
}

// scripted is a window whose player asks to close it at frame quitAt
// (never when 0); it counts the frames drawn and keeps the last one's text.
type scripted struct {
	quitAt, polls, drawn int
	said                 []string
	onFrame              func() // each frame's cost on a fake clock; nil: none
}

func (w *scripted) PollEvents(in host.EventSink) {
	if w.polls++; w.polls == w.quitAt {
		in.Quit()
	}
}

func (w *scripted) frame(s *waitScreen) {
	w.drawn++
	w.said = append(w.said[:0], s.lines...)
	if w.onFrame != nil {
		w.onFrame()
	}
}

func TestAHeldFailureStaysUntilTheWindowClosesASignalOrAMinute(t *testing.T) {
	s := &waitScreen{}
	s.say(failureLines(failureWords(&NetOptions{Join: "192.0.2.7:7777", Code: "ABCDEFGH12345678"}, transport.ErrWrongCode)...)...)
	var slept time.Duration
	sleep := func(d time.Duration) { slept += d }
	now := func() time.Duration { return slept }

	closed := &scripted{quitAt: 5}
	hold(t.Context(), closed, s, now, sleep)
	if closed.drawn != 4 {
		t.Errorf("closed at the 5th frame: %d frames drawn, want 4", closed.drawn)
	}
	saysAll(t, "held", closed.said, "does not know the code ABCDEFGH12345678")

	ctx, cancel := context.WithCancel(t.Context())
	cancel() // a signal
	signalled := &scripted{}
	hold(ctx, signalled, s, now, sleep)
	if signalled.drawn != 0 {
		t.Errorf("after a signal: %d frames drawn, want none", signalled.drawn)
	}

	slept = 0
	never := &scripted{}
	hold(t.Context(), never, s, now, sleep)
	if slept < failureHold-waitFrame || slept > failureHold {
		t.Errorf("never closed: held %v, want about %v", slept, failureHold)
	}
	if never.drawn != int(failureHold/waitFrame) {
		t.Errorf("never closed: %d frames, want %d", never.drawn, failureHold/waitFrame)
	}
}

func TestAFailureIsHeldAMinuteAtMostWhenFramesAreSlow(t *testing.T) {
	s := joinScreen("192.0.2.7:7777", false)
	for _, cost := range []time.Duration{0, 20 * time.Millisecond, 400 * time.Millisecond, 2 * time.Minute} {
		var clock time.Duration
		slow := &scripted{onFrame: func() { clock += cost }} // drawing and presenting take cost
		hold(t.Context(), slow, s, func() time.Duration { return clock }, func(d time.Duration) { clock += d })
		if clock > failureHold+cost {
			t.Errorf("frames taking %v: held %v, want at most %v and the frame in progress", cost, clock, failureHold)
		}
		if clock < failureHold-waitFrame {
			t.Errorf("frames taking %v: held only %v, want %v", cost, clock, failureHold)
		}
	}
}
