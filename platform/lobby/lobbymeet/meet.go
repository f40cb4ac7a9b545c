// Package lobbymeet meets the other peers of a netplay session through a
// lobby (platform/lobby, served by tools/lobby): it takes a seat in the
// room for the session's code, finds a path to the others with ICE
// (platform/transport's Meet) with the lobby as the rendezvous and its
// STUN and TURN servers, and tells the caller what meeting has reached.
// The lobby decides the roles: the first peer in the room hosts, the
// others join it.
//
// It says nothing in a player's words: a failure is one of its own
// errors (ErrUnanswered, *NobodyJoinedError), the lobby's (*lobby.Error)
// or the transport's (transport.ErrNoPath, transport.ErrRelayRefused,
// ...), wrapped, for the program to put in its own.
package lobbymeet

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"sync"
	"time"

	"github.com/lockstep-engine/lockstep/platform/lobby"
	"github.com/lockstep-engine/lockstep/platform/transport"
)

// Options are how a peer meets the others through a lobby. Code (in the
// embedded transport.Options) must be set; the rest may be left zero.
type Options struct {
	// Options are the transport's options for every peer: the code the
	// players share (transport.NewCode makes one), the terms this peer
	// wishes for, its own part (Local; Local.Spectate comes to watch),
	// its build and its logger (nil: slog.Default()). Meet sets Lobby,
	// the address to bind, to the lobby's.
	transport.Options
	// Host is used if the lobby makes this peer the host; its zero
	// value takes the transport's defaults. A non-nil Host.Start lets
	// the host of a LateJoin game start with the players there.
	Host transport.HostOptions
	// Join is used if this peer joins another; its zero value takes the
	// transport's defaults.
	Join transport.JoinOptions
	// AnyCount says the game plays any count of players: a peer that
	// finds a room for the code takes the room's count, one that finds
	// none makes a room of Terms.Players. False (the zero value): the
	// room must be of Terms.Players.
	AnyCount bool
	// Progress, when not nil, is told what meeting has reached (see
	// Progress). Nil: nobody is.
	Progress Progress
	// FullWait bounds meeting once the lobby says every player is in the
	// room: past it Meet fails with ErrUnanswered. Zero means a minute
	// (ICE tries a path for 20 s at most, the relay's included, then
	// QUIC); a negative value is refused.
	FullWait time.Duration
}

// Progress is told a Status each time meeting reaches a state or the
// room's fill changes. It is called from the goroutines that meet, one
// call at a time, and never after Meet has returned. It must return at
// once: not block, not wait for the meeting, not call Meet; hand the
// Status over (under a lock, or on a channel without blocking) to what
// shows it. A failure is not told to it: Meet returns it.
type Progress func(Status)

// State is how far a meeting has got.
type State int

const (
	// Contacting: asking the lobby for a seat in the room (the zero
	// State).
	Contacting State = iota
	// Waiting: in the room, the other players still to come.
	Waiting
	// Connecting: every player is in the room: ICE and QUIC at work.
	Connecting
)

// Status is what meeting has reached.
type Status struct {
	// State is how far it has got; its zero value is Contacting.
	State State
	// Joined is how many players are in the room, this peer included
	// if it plays; 0 while Contacting.
	Joined int
	// Players is the room's count of players, as the lobby gave it; 0
	// while Contacting.
	Players int
	// Seat is this peer's in the room: 0 hosts, 1 to Players-1 play,
	// Players and up is a guest's (a spectator, or a player coming to a
	// game under way). 0 while Contacting, before it has one.
	Seat int
}

// fullWait is FullWait's default.
const fullWait = time.Minute

// ErrUnanswered is what Meet's error wraps when the lobby said every
// player was in the room and no path to them was found within
// FullWait: the lobby lied, or the others left without a word. A new
// code may help.
var ErrUnanswered = errors.New("netplay: the lobby says every player is here, but they did not answer")

// NobodyJoinedError is Meet's error when the lobby closed the room of a
// host nobody joined (a lobby closes a room left alone a few minutes).
// Hosting again with the same code works at once.
type NobodyJoinedError struct {
	// Err is the failure it ended in (wrapping lobby.ErrRoomClosed);
	// never nil.
	Err error
}

// Error says that nobody joined, then the failure.
func (e *NobodyJoinedError) Error() string {
	return "lobbymeet: nobody else joined before the lobby closed the room: " + e.Err.Error()
}

// Unwrap returns the failure it ended in.
func (e *NobodyJoinedError) Unwrap() error { return e.Err }

// Meet takes a seat in the room for o.Code at the lobby at addr (host
// and port) and meets the other players through it. The host stays in
// the room for the whole session (closing the Joined leaves it),
// meeting through it the peers that come while the game is under way: a
// player whose game restarted, a late one, a spectator. Meet returns
// when the session is joined, it fails, or ctx ends.
func Meet(ctx context.Context, addr string, o Options) (*transport.Joined, error) {
	if err := o.check(); err != nil {
		return nil, err
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	if o.FullWait == 0 {
		o.FullWait = fullWait
	}
	tell := o.Progress
	if tell == nil {
		tell = func(Status) {}
	}
	tell(Status{State: Contacting})
	c, err := joinRoom(ctx, addr, &o)
	if err != nil {
		return nil, err
	}
	j, err := meetInRoom(ctx, c, addr, o, tell)
	if err != nil || c.Slot() != 0 {
		_ = c.Close()
	}
	if err != nil {
		return nil, err
	}
	if c.Slot() == 0 {
		j.AlsoClose(c)
	}
	return j, nil
}

// check says what is wrong with o, if anything.
func (o *Options) check() error {
	switch {
	case o.Code == "":
		return errors.New("lobbymeet: no code: give every player the same one (transport.NewCode makes one)")
	case o.FullWait < 0:
		return fmt.Errorf("lobbymeet: FullWait is %v: give a positive time, or 0 for a minute", o.FullWait)
	}
	return nil
}

// joinRoom takes this peer's seat in the room for the code: a
// spectator a guest's, in a room that must be there; a game of any
// count the room's count when there is one, else a new room of its own
// count.
func joinRoom(ctx context.Context, addr string, o *Options) (*lobby.Client, error) {
	lo := lobby.Options{Players: o.Terms.Players, Logger: o.Logger, Watch: o.Local.Spectate}
	if !o.AnyCount && !lo.Watch {
		return lobby.Join(ctx, addr, o.Code, lo)
	}
	lo.Players, lo.NoCreate = 0, true
	c, err := lobby.Join(ctx, addr, o.Code, lo)
	if lo.Watch || !errors.Is(err, lobby.ErrCodeUnknown) {
		return c, err
	}
	lo.Players, lo.NoCreate = o.Terms.Players, false
	return lobby.Join(ctx, addr, o.Code, lo)
}

// meetInRoom meets the others through c, its seat taken, telling tell
// what happens; the caller closes c, or hands it to the Joined.
func meetInRoom(ctx context.Context, c *lobby.Client, addr string, o Options, tell Progress) (*transport.Joined, error) {
	host, log := c.Slot() == 0, o.Logger
	role := "joining"
	switch {
	case host:
		role = "hosting"
	case o.Local.Spectate:
		role = "watching"
	}
	log.Info("netplay: in the lobby", "role", role, "slot", c.Slot(), "code", o.Code)
	if !host && o.AnyCount {
		o.Terms.Players = 0 // the host's count
	}
	wctx, stop := context.WithCancel(ctx)
	mctx, unanswered := context.WithCancelCause(ctx)
	var watching sync.WaitGroup
	defer func() {
		stop()
		unanswered(nil)
		watching.Wait() // Progress is not called once Meet returns
	}()
	watching.Go(func() { watchRoom(wctx, c, log, tell) })
	watching.Go(func() { boundMeeting(wctx, c, o.FullWait, unanswered) })
	o.Lobby = addr // bind only the address facing it
	j, err := transport.Meet(mctx, rendezvous{c}, func() []transport.ICEServer { return iceServers(c.Servers()) }, o.Options, o.Host, o.Join)
	if cause := context.Cause(mctx); err != nil && ctx.Err() == nil && errors.Is(cause, ErrUnanswered) {
		err = fmt.Errorf("%w (%w)", cause, err)
	}
	if err != nil && errors.Is(err, lobby.ErrRoomClosed) && host && len(c.Status().Joined) <= 1 {
		err = &NobodyJoinedError{Err: err}
	}
	return j, err
}

// boundMeeting ends the meeting with ErrUnanswered when it has not
// ended limit after the lobby first said the room was full.
func boundMeeting(ctx context.Context, c *lobby.Client, limit time.Duration, end context.CancelCauseFunc) {
	if _, err := c.Wait(ctx, lobby.Status.Full); err != nil {
		return
	}
	t := time.NewTimer(limit)
	defer t.Stop()
	select {
	case <-t.C:
		end(fmt.Errorf("%w within %v", ErrUnanswered, limit))
	case <-ctx.Done():
	}
}

// watchRoom logs and tells who is in the room as it changes.
func watchRoom(ctx context.Context, c *lobby.Client, log *slog.Logger, tell Progress) {
	players, seat := c.Status().Players, c.Slot()
	last := -1
	for {
		st, err := c.Wait(ctx, func(s lobby.Status) bool { return len(s.Joined) != last })
		if err != nil {
			return
		}
		last = len(st.Joined)
		log.Info("netplay: players in the lobby", "joined", last, "of", players)
		state := Waiting
		if st.Full() {
			state = Connecting
		}
		tell(Status{State: state, Joined: last, Players: players, Seat: seat})
	}
}

// rendezvous is a lobby membership as transport.Meet uses it: a message
// to a peer waits until the lobby has reported that peer in the room (a
// peer that just joined shows up at the next poll).
type rendezvous struct{ *lobby.Client }

// Send waits, within ctx, for seat to in the room (a player's or a
// guest's), then sends.
func (r rendezvous) Send(ctx context.Context, to int, payload []byte) error {
	if _, err := r.Wait(ctx, func(s lobby.Status) bool { return slices.Contains(s.Joined, to) || slices.Contains(s.Guests, to) }); err != nil {
		return err
	}
	return r.Client.Send(ctx, to, payload)
}

// iceServers hands the lobby's STUN and TURN servers to ICE.
func iceServers(ss []lobby.ICEServer) []transport.ICEServer {
	out := make([]transport.ICEServer, len(ss))
	for i, s := range ss {
		out[i] = transport.ICEServer{URLs: s.URLs, Username: s.Username, Credential: s.Credential}
	}
	return out
}
