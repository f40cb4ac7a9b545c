// Package connect starts a desktop run's netplay session before its game
// starts: it reaches the other peers (hosting, joining, or meeting them
// through a lobby, package lobbymeet) while the window says what it waits
// for, has a joiner take the host's terms, keeps the ticket a joiner
// comes back with, and hands the session to package netrun. A failure
// stays on the window, in a player's words, until the player has read
// it.
package connect

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"time"

	"github.com/lockstep-engine/lockstep/engine/netplay"
	"github.com/lockstep-engine/lockstep/platform/desktop/internal/netrun"
	"github.com/lockstep-engine/lockstep/platform/desktop/internal/ticket"
	"github.com/lockstep-engine/lockstep/platform/desktop/internal/waitscreen"
	"github.com/lockstep-engine/lockstep/platform/sdl2"
	"github.com/lockstep-engine/lockstep/platform/transport"
)

// ErrGaveUp marks a wait for the session that the player gave up (the
// window closed) or a signal ended: a clean end, not a failure.
var ErrGaveUp = errors.New("the wait for the session was given up")

// Transport are the transport's options for a session: every peer's,
// and those of the role it takes, host or joiner (with -lobby, the lobby
// decides which).
type Transport struct {
	transport.Options
	Host transport.HostOptions // used if this peer hosts; zero: the defaults
	Join transport.JoinOptions // used if it joins another; zero: the defaults
}

// Options are how this peer reaches the others and what its session
// keeps. Exactly one of Host, Join and Lobby is set.
type Options struct {
	// Meet is the transport's options: the terms this peer wishes for,
	// its own part (Local: its prediction, waits, whether it watches),
	// the code, and the host's and the joiner's options.
	Meet  Transport
	Host  string // -host's address: this peer hosts there; "" not
	Join  string // -join's: it joins the host there; "" not
	Lobby string // -lobby's: it meets the others there; "" not
	// AnyCount says the game allows a range of player counts: a joiner
	// plays the host's.
	AnyCount bool
	// Folder is the game's save folder's name, where a joiner keeps the
	// ticket it comes back with (package ticket).
	Folder string
	// Adopt has a joiner (or a spectator) take the host's terms before
	// the session starts; Usage is what its error wraps when this game
	// cannot run the host's settings.
	Adopt func(*transport.Joined) error
	Usage error
	// Run is the running session's options; Start sets its Ticket.
	Run netrun.Options
	Log *slog.Logger
}

// Start connects the session, drawing in win what it waits for (screen,
// on return), and starts it. A wait given up (ctx ended, the window
// closed) returns an error wrapping ErrGaveUp; another failure is said
// on the screen, held for the player to read (hold), and returned.
func Start(ctx context.Context, win *sdl2.Window, o Options, screen **waitscreen.Screen) (*netrun.Session, error) {
	s, err := start(ctx, win, o, screen)
	switch {
	case err == nil:
		return s, nil
	case ctx.Err() != nil || errors.Is(err, waitscreen.ErrWindowClosed):
		return nil, fmt.Errorf("%w: %w", ErrGaveUp, err)
	}
	hold(ctx, win, *screen, failureWords(&o, err), o.Log)
	return nil, err
}

// start is Start's connecting and starting.
func start(ctx context.Context, win *sdl2.Window, o Options, screen **waitscreen.Screen) (*netrun.Session, error) {
	opt, local, log := o.Meet, o.Meet.Local, o.Log
	if o.Join != "" && o.AnyCount {
		opt.Terms.Players = 0 // a game of several counts plays the host's
	}
	kept := ""
	if (o.Join != "" || o.Lobby != "") && !local.Spectate {
		kept = ticket.Path(o.Folder, opt.Code)
		opt.Join.Ticket = ticket.Load(kept)
	}
	connect := connector(&o, &opt, screen)
	began := time.Now()
	j, err := waitscreen.Connect(ctx, win, *screen, connect)
	if err != nil {
		return nil, err
	}
	j.Connect = time.Since(began) // the lobby and the wait for the others included
	// A joiner, by -join or through a lobby, takes the host's settings;
	// a spectator too.
	if j.Slot != 0 || j.Watching {
		if err := o.Adopt(j); err != nil {
			_ = j.Close()
			return nil, err
		}
	}
	catchUp := j.Rejoin || j.Watching // in lockstep, from the first tick
	if j.Terms.InputDelay == 0 && local.Rollback == 0 && !catchUp {
		_ = j.Close()
		return nil, errors.New("netplay: the host draws ahead with no input delay, which needs this peer to draw ahead too: drop -rollback 0, or ask the host for -input-delay 1 or more")
	}
	nc := j.Config(local)
	s, err := netplay.New(nc)
	if err != nil {
		_ = j.Close()
		return nil, err
	}
	o.Run.Ticket = ticket.Keep(kept, j.Ticket, log)
	log.Info("netplay: session started", "slot", j.Slot, "players", j.Terms.Players, "input_delay", j.Terms.InputDelay, "rtt", j.RTT, "rollback", nc.Rollback, "path", j.Path, "connect", j.Connect.Round(time.Millisecond))
	switch {
	case j.Rejoin:
		log.Info("netplay: the session was under way: this player takes a place in it (their own back, or one given up), replaying the game from its start to catch up", "slot", j.Slot)
	case j.Watching:
		log.Info("netplay: watching the session: replaying it from its start to catch up, then following it")
	}
	return netrun.New(j, s, o.Run), nil
}

// connector is how o connects its session, with opt: through the lobby,
// as the host or as a joiner; it sets the waiting screen.
func connector(o *Options, opt *Transport, screen **waitscreen.Screen) func(context.Context) (*transport.Joined, error) {
	log := o.Log
	switch {
	case o.Lobby != "":
		return byLobby(o, opt, screen)
	case o.Host != "":
		if opt.Code == "" {
			opt.Code = transport.NewCode()
		}
		s := waitscreen.Host(o.Host, opt.Code, opt.Terms.Players)
		*screen, opt.Host.Arrived = s, s.Arrived
		if opt.Terms.LateJoin { // the host takes players who join late
			opt.Host.Start = s.Startable() // Enter starts with whoever is there
		}
		ho, addr := *opt, o.Host
		return func(ctx context.Context) (*transport.Joined, error) {
			return transport.Host(ctx, addr, ho.Options, ho.Host, func(a net.Addr) {
				s.Listening(a)
				log.Info("netplay: hosting: the other players run the same game with -join ADDR -code CODE", "addr", a.String(), "code", ho.Code, "players", ho.Terms.Players)
			})
		}
	default:
		spectate, addr := opt.Local.Spectate, o.Join
		*screen = waitscreen.Join(addr, spectate)
		log.Info("netplay: joining", "addr", addr, "spectate", spectate)
		jo := *opt
		return func(ctx context.Context) (*transport.Joined, error) {
			return transport.Join(ctx, addr, jo.Options, jo.Join)
		}
	}
}
