package desktop

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/netplay"
	"github.com/lockstep-engine/lockstep/engine/tape"
	"github.com/lockstep-engine/lockstep/platform/desktop/internal/connect"
	"github.com/lockstep-engine/lockstep/platform/desktop/internal/waitscreen"
	"github.com/lockstep-engine/lockstep/platform/desktop/internal/waitscreen/waitscreentest"
	"github.com/lockstep-engine/lockstep/platform/sdl2"
	"github.com/lockstep-engine/lockstep/platform/transport"
	"github.com/veandco/go-sdl2/sdl"
)

// A joiner that cannot run the host's settings is refused as a bad
// command line would be (exit status 2), and the failure screen says so
// (package connect's words for Usage).
func TestAJoinerThatCannotRunTheHostsSettingsIsAUsageError(t *testing.T) {
	r := newRun(&goals{}, Config{Name: "goals", LocalFlags: []string{"bot"}})
	if err := r.check(); err != nil {
		t.Fatal(err)
	}
	cannot := r.canAdopt(netplay.Terms{Settings: recorded(tape.Setting{Name: "bot", Value: "7"})})
	if cannot == nil {
		t.Fatal("a host setting -bot, local to this game, was taken: want it refused")
	}
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
	var screen *waitscreen.Screen
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
	return screen.Lines(), err
}

func TestAJoinWithTheWrongCodeSaysSoOnTheWaitingScreen(t *testing.T) {
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
	defer cancel()
	addrs := make(chan net.Addr, 1)
	go func() { // given up when ctx ends: it never has its players
		_, _ = transport.Host(ctx, "127.0.0.1:0", transport.Options{Code: "the-hosts-code-1", Terms: netplay.Terms{Players: 2}, Logger: slog.New(slog.DiscardHandler)}, transport.HostOptions{},
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
	if !errors.Is(err, transport.ErrWrongCode) || errors.Is(err, connect.ErrGaveUp) {
		t.Fatalf("join with the wrong code: %v, want ErrWrongCode, not a wait given up", err)
	}
	waitscreentest.SaysAll(t, "wrong code", lines, "could not start the game", "the host at "+addr+" does not know the code not-the-code-222", "Try: check -code")
}

func TestAJoinOfAHostThatIsNotThereSaysSoOnTheWaitingScreen(t *testing.T) {
	udp, err := net.ListenUDP("udp", &net.UDPAddr{IP: net.IPv4(127, 0, 0, 1)}) // a port where nothing answers
	if err != nil {
		t.Fatal(err)
	}
	defer udp.Close()
	addr := udp.LocalAddr().String()
	lines, err := joinOnScreen(t, addr, "nobody-code-1234", time.Second)
	if !errors.Is(err, transport.ErrNoAnswer) || errors.Is(err, connect.ErrGaveUp) {
		t.Fatalf("join of nobody: %v, want ErrNoAnswer, not a wait given up", err)
	}
	waitscreentest.SaysAll(t, "host not there", lines, "could not start the game", "no answer from the host at "+addr+" within 1s", "Try: check that the host is running")
}
