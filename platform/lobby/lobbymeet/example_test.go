package lobbymeet_test

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"time"

	"github.com/lockstep-engine/lockstep/engine/netplay"
	"github.com/lockstep-engine/lockstep/platform/lobby"
	"github.com/lockstep-engine/lockstep/platform/lobby/lobbymeet"
	"github.com/lockstep-engine/lockstep/platform/transport"
)

// Two peers with one code meet through a lobby, here one served on
// loopback in the same process (tools/lobby serves one for real). The
// first in the room hosts; the other joins it. Each ends with the links
// netplay.New takes.
func Example() {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	quiet := slog.New(slog.DiscardHandler)
	srv, err := lobby.NewServer(lobby.ServerConfig{Logger: quiet})
	if err != nil {
		fmt.Println(err)
		return
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Println(err)
		return
	}
	go func() { _ = srv.Serve(ln, "", "") }()
	defer srv.Shutdown(context.Background())
	addr := ln.Addr().String()

	code := transport.NewCode() // the players share it by other means
	meet := func(progress lobbymeet.Progress) <-chan *transport.Joined {
		met := make(chan *transport.Joined, 1)
		go func() {
			j, err := lobbymeet.Meet(ctx, addr, lobbymeet.Options{
				Options:  transport.Options{Code: code, Terms: netplay.Terms{Players: 2}, Logger: quiet},
				Progress: progress, // must not block
			})
			if err != nil {
				fmt.Println("meet:", err) // a program words it for its players
			}
			met <- j
		}()
		return met
	}
	hosting := make(chan lobbymeet.Status, 16)
	first := meet(func(st lobbymeet.Status) {
		select {
		case hosting <- st:
		default: // never block the meeting
		}
	})
	for waiting := false; !waiting; { // the second comes once the first has the room
		select {
		case st := <-hosting:
			if waiting = st.State == lobbymeet.Waiting; waiting {
				fmt.Printf("seat %d, %d of %d here\n", st.Seat, st.Joined, st.Players)
			}
		case j := <-first: // it ended before the room: it failed, and said why
			if j != nil {
				_ = j.Close()
			}
			return
		}
	}
	second := meet(nil)
	for _, j := range []*transport.Joined{<-first, <-second} {
		if j == nil {
			return
		}
		defer j.Close()
		fmt.Printf("slot %d of %d, linked to slot %d\n", j.Slot, j.Terms.Players, j.Peers[0].Slot)
	}
	// Output:
	// seat 0, 1 of 2 here
	// slot 0 of 2, linked to slot 1
	// slot 1 of 2, linked to slot 0
}
