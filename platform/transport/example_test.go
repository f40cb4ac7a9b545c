package transport_test

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"time"

	"github.com/lockstep-engine/lockstep/engine/netplay"
	"github.com/lockstep-engine/lockstep/engine/tape"
	"github.com/lockstep-engine/lockstep/platform/transport"
)

// A host and a joiner on loopback agree on a session's terms. The host
// names the player count, the input delay and the settings; the joiner,
// which chose its physics engine and nothing else, checks the host's
// terms before it takes its place and plays with the host's seed. Each
// ends with the links netplay.New takes.
func Example() {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	code := transport.NewCode() // the players share it by other means
	quiet := slog.New(slog.DiscardHandler)
	host := transport.Options{Code: code, Build: "v1", Game: "versus", Logger: quiet, Chosen: []string{"physics"},
		Terms: netplay.Terms{Players: 2, InputDelay: 3, Settings: []tape.Setting{{Name: "physics", Value: "chipmunk"}, {Name: "seed", Value: "42"}}}}
	listening := make(chan net.Addr, 1)
	hosted := make(chan *transport.Joined, 1)
	go func() {
		j, err := transport.Host(ctx, "127.0.0.1:0", host, transport.HostOptions{}, func(a net.Addr) { listening <- a })
		if err != nil {
			fmt.Println("host:", err)
		}
		hosted <- j
	}()
	joiner := transport.Options{Code: code, Build: "v1", Game: "versus", Logger: quiet, Chosen: []string{"physics"},
		Terms: netplay.Terms{Settings: []tape.Setting{{Name: "physics", Value: "chipmunk"}, {Name: "seed", Value: "7"}}}}
	check := transport.JoinOptions{Check: func(t netplay.Terms) error {
		fmt.Println("the host's terms:", t.Players, "players, settings", t.Settings)
		return nil // a game that cannot run them says why here
	}}
	var addr net.Addr
	select {
	case addr = <-listening:
	case <-hosted: // Host failed, and said why
		return
	}
	j, err := transport.Join(ctx, addr.String(), joiner, check)
	if err != nil {
		fmt.Println("join:", err)
		cancel()
		<-hosted
		return
	}
	defer j.Close()
	h := <-hosted
	if h == nil {
		return
	}
	defer h.Close()
	for _, p := range []*transport.Joined{h, j} {
		fmt.Printf("slot %d of %d, input delay %d, settings %v, linked to slot %d over %s\n",
			p.Slot, p.Terms.Players, p.Terms.InputDelay, p.Terms.Settings, p.Peers[0].Slot, p.Path)
		if _, err := netplay.New(p.Config(netplay.Local{})); err != nil {
			fmt.Println(err)
		}
	}
	// Output:
	// the host's terms: 2 players, settings [{physics chipmunk} {seed 42}]
	// slot 0 of 2, input delay 3, settings [{physics chipmunk} {seed 42}], linked to slot 1 over direct
	// slot 1 of 2, input delay 3, settings [{physics chipmunk} {seed 42}], linked to slot 0 over direct
}
