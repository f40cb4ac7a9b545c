package desktop_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/netplay"
	"github.com/lockstep-engine/lockstep/engine/tape"
	"github.com/lockstep-engine/lockstep/platform/desktop"
	"github.com/lockstep-engine/lockstep/platform/sdl2"
	"github.com/lockstep-engine/lockstep/platform/transport"
)

func TestNetplayFlagsAreCheckedNamingTheFlag(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string // in the error; "" parses
	}{
		{[]string{"-host", "127.0.0.1:7777"}, ""},
		{[]string{"-join", "127.0.0.1:7777", "-code", "abcdefgh"}, ""},
		{[]string{"-host", "127.0.0.1:1", "-join", "127.0.0.1:2", "-code", "abcdefgh"}, "-host and -join cannot be used together"},
		{[]string{"-join", "127.0.0.1:7777"}, "-join needs -code"},
		{[]string{"-code", "abcdefgh"}, "-code needs -host, -join or -lobby"},
		{[]string{"-lobby", "127.0.0.1:7000"}, ""},
		{[]string{"-lobby", "127.0.0.1:7000", "-code", "abcdefgh", "-input-delay", "3"}, ""},
		{[]string{"-lobby", "127.0.0.1:7000", "-host", "127.0.0.1:1"}, "-lobby finds the host itself"},
		{[]string{"-lobby", "127.0.0.1:7000", "-join", "127.0.0.1:1", "-code", "abcdefgh"}, "-lobby finds the host itself"},
		{[]string{"-lobby", "127.0.0.1:7000", "-code", "short"}, "at least 8 characters"},
		{[]string{"-host", "127.0.0.1:1", "-code", "short"}, "at least 8 characters"},
		{[]string{"-host", "127.0.0.1:1", "-input-delay", "31"}, "-input-delay: want 0 (from the round trip) or 1 to 30"},
		{[]string{"-join", "127.0.0.1:1", "-code", "abcdefgh", "-input-delay", "3"}, "give it to the host"},
		{[]string{"-host", "127.0.0.1:1", "-duration", "5s"}, "use -ticks"},
		{[]string{"-host", "127.0.0.1:1", "-net-timeout", "100ms"}, "-net-timeout"},
		{[]string{"-host", "127.0.0.1:1", "-rollback", "0"}, ""},
		{[]string{"-host", "127.0.0.1:1", "-rollback", "31"}, "-rollback: want 0 (pure lockstep) or 1 to 30"},
		{[]string{"-host", "127.0.0.1:1", "-rollback", "-1"}, "-rollback"},
		{[]string{"-host", "127.0.0.1:1", "-rollback", "lots"}, "-rollback"},
		{[]string{"-join", "127.0.0.1:7777", "-code", "abcdefgh", "-spectate"}, ""},
		{[]string{"-spectate"}, "-spectate needs -join ADDR or -lobby ADDR, and -code"},
		{[]string{"-host", "127.0.0.1:1", "-spectate"}, "-spectate needs -join ADDR or -lobby ADDR"},
		{[]string{"-lobby", "127.0.0.1:7000", "-spectate"}, "-spectate needs -join ADDR or -lobby ADDR, and -code"},
		{[]string{"-lobby", "127.0.0.1:7000", "-code", "abcdefgh", "-spectate"}, ""},
		{[]string{"-host", "127.0.0.1:1", "-play-on", "-late-join", "-start-with", "1"}, ""},
		{[]string{"-host", "127.0.0.1:1", "-play-on", "-late-join", "-start-with", "2"}, ""},
		{[]string{"-host", "127.0.0.1:1", "-late-join"}, "-late-join needs -play-on"},
		{[]string{"-host", "127.0.0.1:1", "-play-on", "-start-with", "1"}, "-start-with needs -late-join"},
		{[]string{"-host", "127.0.0.1:1", "-play-on", "-late-join", "-start-with", "3"}, "invalid value 3 for -start-with: want 1 to 2 players"},
		{[]string{"-host", "127.0.0.1:1", "-play-on", "-late-join", "-start-with", "-1"}, "invalid value -1 for -start-with"},
		{[]string{"-join", "127.0.0.1:1", "-code", "abcdefgh", "-play-on", "-late-join", "-start-with", "1"}, "-start-with is the host's to choose"},
	} {
		_, err := desktop.Parse(&box{}, desktop.Config{Loop: engine.Config{Players: 2}}, tc.args)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%v: %v, want it accepted", tc.args, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want) || !errors.Is(err, desktop.ErrUsage)):
			t.Errorf("%v: %v, want a usage error saying %q", tc.args, err, tc.want)
		}
	}
}

// solo is a game without player slots.
type solo struct{}

func (solo) Tick(*engine.Tick) error                { return nil }
func (solo) Draw(*sdl2.Canvas, *engine.Frame) error { return nil }

var _ desktop.Game = solo{}

// A player who types a netplay flag for a game played alone is told so,
// naming the flag typed (-lobby was reported as "-host and -join").
func TestNetplayNeedsAGameWithPlayers(t *testing.T) {
	for _, args := range [][]string{
		{"-host", "127.0.0.1:0"},
		{"-join", "127.0.0.1:1", "-code", "12345678"},
		{"-lobby", "127.0.0.1:1"},
	} {
		code, stderr := run(solo{}, append(args, "-headless")...)
		if want := args[0] + ": this game is played alone"; code != 2 || !strings.Contains(stderr, want) {
			t.Errorf("%v: exit %d, %q: want 2 saying %q", args, code, stderr, want)
		}
	}
}

// A host's welcome can set only what a recording keeps, each checked as
// the command line checks it, the game's own Validate included: a host
// that runs -speed -5 (out of the game's range) has a joiner that refuses
// to start, exit 2, naming it, instead of a game run with a value it
// never accepts from its own command line.
func TestAJoinerRefusesHostSettingsTheGameRefuses(t *testing.T) {
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
	defer cancel()
	addrs := make(chan string, 1)
	hosted := make(chan *transport.Joined, 1)
	go func() {
		opt := transport.Options{Code: "adopt-test-code", Build: desktop.BuildID("", "chipmunk", slog.Default()), Game: "same",
			Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
			Terms: netplay.Terms{Players: 2, Settings: []tape.Setting{{Name: "physics", Value: "chipmunk"}, {Name: "seed", Value: "1"},
				{Name: "speed", Value: "-5"}, {Name: "tps", Value: "60"}}}}
		j, _ := transport.Host(ctx, "127.0.0.1:0", opt, transport.HostOptions{}, func(a net.Addr) { addrs <- a.String() })
		hosted <- j // closed once the joiner is done: it must read its welcome
	}()
	var addr string
	select {
	case addr = <-addrs:
	case <-ctx.Done():
		t.Fatal("the host never listened")
	}
	cfg := desktop.Config{Name: "same", Loop: engine.Config{Players: 2}, LocalFlags: []string{"cheer"}}
	code, stderr := runWith(&flagged{}, cfg, "-headless", "-join", addr, "-code", "adopt-test-code")
	if code != 2 || !strings.Contains(stderr, "invalid value -5 for -speed") || !strings.Contains(stderr, "the host") {
		t.Fatalf("joiner: exit %d, %q; want 2 naming the host's -speed -5", code, stderr)
	}
	cancel()
	if j := <-hosted; j != nil {
		_ = j.Close()
	}
}
