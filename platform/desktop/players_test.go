package desktop_test

import (
	"context"
	"flag"
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
	"github.com/lockstep-engine/lockstep/platform/transport"
)

// A game that allows 2 to 4 players offers -players N in that range; a
// game of one count does not offer it.
func TestPlayersFlagSetsTheCountInTheGamesRange(t *testing.T) {
	ranged := desktop.Config{Name: "ranged", MinPlayers: 2, MaxPlayers: 4}
	c, err := desktop.Parse(&flagged{}, ranged, []string{"-players", "3"})
	if err != nil || c.Loop.Players != 3 {
		t.Fatalf("-players 3: %v, Loop.Players %d; want 3", err, c.Loop.Players)
	}
	c, err = desktop.Parse(&flagged{}, ranged, nil)
	if err != nil || c.Loop.Players != 2 {
		t.Fatalf("no -players: %v, Loop.Players %d; want the game's least, 2", err, c.Loop.Players)
	}
	if _, err := desktop.Parse(&flagged{}, ranged, []string{"-players", "5"}); err == nil || !strings.Contains(err.Error(), "invalid value 5 for -players: want 2 to 4") {
		t.Fatalf("-players 5: %v, want a refusal naming -players and the range", err)
	}
	fs := flag.NewFlagSet("fixed", flag.ContinueOnError)
	fixed := desktop.Config{Loop: engine.Config{Players: 2}}
	fixed.Flags(fs)
	if fs.Lookup("players") != nil {
		t.Fatal("a game of one player count offers -players")
	}
	if _, err := desktop.Parse(&flagged{}, desktop.Config{MinPlayers: 3}, nil); err == nil || !strings.Contains(err.Error(), "MaxPlayers") {
		t.Fatalf("MinPlayers without MaxPlayers: %v, want a refusal", err)
	}
}

// A joiner of a game of 2 to 4 players takes the host's count without
// typing it (its own default is 3, the host's session has 2).
func TestAJoinerTakesTheHostsPlayerCount(t *testing.T) {
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	addrs := make(chan string, 1)
	hosted := make(chan *transport.Joined, 1)
	go func() {
		opt := transport.Options{Code: "players-test-code", Build: desktop.BuildID("", "chipmunk", slog.Default()), Game: "ranged",
			Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
			Terms: netplay.Terms{Players: 2, Ticks: 30, Settings: []tape.Setting{{Name: "physics", Value: "chipmunk"}, {Name: "seed", Value: "1"},
				{Name: "speed", Value: "1"}, {Name: "tps", Value: "60"}}}}
		j, _ := transport.Host(ctx, "127.0.0.1:0", opt, transport.HostOptions{}, func(a net.Addr) { addrs <- a.String() })
		hosted <- j
	}()
	var addr string
	select {
	case addr = <-addrs:
	case <-ctx.Done():
		t.Fatal("the host never listened")
	}
	cfg := desktop.Config{Name: "ranged", MinPlayers: 2, MaxPlayers: 4, Loop: engine.Config{Players: 3}, LocalFlags: []string{"cheer"}}
	go func() { // the host plays no ticks: closing its side ends the joiner's session
		if j := <-hosted; j != nil {
			time.Sleep(2 * time.Second)
			_ = j.Close()
		}
	}()
	_, stderr := runWith(&flagged{}, cfg, "-headless", "-join", addr, "-code", "players-test-code", "-net-timeout", "1s")
	if !strings.Contains(stderr, "session started") || !strings.Contains(stderr, "players=2") {
		t.Fatalf("joiner's log %q: want its session started with the host's 2 players", stderr)
	}
}
