// Package meet is how a desktop run meets the other peers of its session
// through a lobby (tools/lobby): it takes a seat in the room for the code,
// finds a path to the others with ICE (platform/transport's Meet) and
// says on the waiting screen what meeting has reached, or why it failed
// in a player's terms.
package meet

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"sync"
	"time"

	"github.com/lockstep-engine/lockstep/platform/desktop/internal/waitscreen"
	"github.com/lockstep-engine/lockstep/platform/lobby"
	"github.com/lockstep-engine/lockstep/platform/transport"
)

// Options are the transport's options for a session: every peer's, and
// those of the role it takes, host or joiner (the lobby decides which).
type Options struct {
	transport.Options
	Host transport.HostOptions // used if the lobby makes this peer the host
	Join transport.JoinOptions // used if it joins another
}

// ByLobby is package connect's way to connect for -lobby: it makes up a code when
// there is none (for the player to share) and a waiting screen that says
// what meeting has reached. anyCount says the game plays 2 or more
// counts: a peer that finds a room takes its count.
func ByLobby(addr string, opt *Options, anyCount bool, log *slog.Logger, screen **waitscreen.Screen) func(context.Context) (*transport.Joined, error) {
	if opt.Code == "" {
		opt.Code = transport.NewCode()
		log.Info("netplay: share this code: the other players run the same game with -lobby ADDR -code CODE", "lobby", addr, "code", opt.Code)
	}
	p := &progress{screen: &waitscreen.Screen{}, lobby: addr, code: opt.Code, players: opt.Terms.Players, watch: opt.Local.Spectate}
	p.set(stateLobby, 0, nil)
	*screen = p.screen
	o := *opt
	return func(ctx context.Context) (*transport.Joined, error) {
		return meetByLobby(ctx, addr, o, anyCount, log, p)
	}
}

// joinLobby takes this peer's seat in the room for the code: a spectator
// a watcher's, in a room that must be there; a game of any count the
// room's count when there is one, else a new room of its own count.
func joinLobby(ctx context.Context, addr string, opt Options, anyCount bool, log *slog.Logger) (*lobby.Client, error) {
	lo := lobby.Options{Players: opt.Terms.Players, Logger: log, Watch: opt.Local.Spectate}
	if !anyCount && !lo.Watch {
		return lobby.Join(ctx, addr, opt.Code, lo)
	}
	lo.Players, lo.NoCreate = 0, true
	c, err := lobby.Join(ctx, addr, opt.Code, lo)
	if lo.Watch || !errors.Is(err, lobby.ErrCodeUnknown) {
		return c, err
	}
	lo.Players, lo.NoCreate = opt.Terms.Players, false
	return lobby.Join(ctx, addr, opt.Code, lo)
}

// meetByLobby joins the lobby's room for the code and meets the other
// players through it, telling p what happens. The host stays in the room
// for the whole session (the Joined closes it), meeting through it the
// peers that come while the game is under way: a player whose game
// restarted, a late one, a spectator.
func meetByLobby(ctx context.Context, addr string, opt Options, anyCount bool, log *slog.Logger, p *progress) (*transport.Joined, error) {
	c, err := joinLobby(ctx, addr, opt, anyCount, log)
	if err != nil {
		return nil, p.fail(ctx, Failure(addr, err), 0)
	}
	host := c.Slot() == 0
	if host && opt.Terms.LateJoin && opt.Host.Start == nil {
		opt.Host.Start = p.startable()
	}
	keep := false
	defer func() {
		if !keep {
			_ = c.Close()
		}
	}()
	role := "joining"
	switch {
	case host:
		role = "hosting"
	case opt.Local.Spectate:
		role = "watching"
	}
	log.Info("netplay: in the lobby", "role", role, "slot", c.Slot(), "code", opt.Code)
	if !host && opt.Terms.InputDelay != 0 {
		log.Warn("netplay: -input-delay is the host's to choose, and another player hosts this game: this machine plays with the host's", "input_delay", opt.Terms.InputDelay)
	}
	if !host && anyCount {
		opt.Terms.Players = 0 // the host's count
	}
	p.room(c.Status().Players, c.Slot())
	wctx, stop := context.WithCancel(ctx)
	defer stop()
	go watchRoom(wctx, c, log, p)
	mctx, unanswered := context.WithCancelCause(ctx)
	defer unanswered(nil)
	go boundMeeting(wctx, c, p.meetLimit(), unanswered)
	opt.Lobby = addr // bind only the address facing it
	j, err := transport.Meet(mctx, rendezvous{c}, func() []transport.ICEServer { return iceServers(c.Servers()) }, opt.Options, opt.Host, opt.Join)
	if cause := context.Cause(mctx); err != nil && ctx.Err() == nil && errors.Is(cause, errUnanswered) {
		err = fmt.Errorf("%w (%w)", cause, err)
	}
	if err != nil {
		failure := Failure(addr, err)
		if errors.Is(err, lobby.ErrRoomClosed) && host && len(c.Status().Joined) <= 1 {
			failure = &waitscreen.PlayerError{Msg: "netplay: nobody else joined in time (a lobby closes a room after a few minutes alone): run the game again to host with the same code, and share it again (" + err.Error() + ")", Err: err}
		}
		return nil, p.fail(ctx, failure, len(c.Status().Joined))
	}
	if host {
		keep = true
		j.AlsoClose(c)
	}
	return j, nil
}

// meetLimit is how long meeting may take once the lobby says every
// player is here: ICE (20 s at most a path, the relay's included) and
// QUIC, with room to spare.
const meetLimit = time.Minute

// errUnanswered ends a meeting the lobby called full that no player
// answered in time: the lobby lied, or the others left without a word.
var errUnanswered = errors.New("netplay: the lobby says every player is here, but they did not answer")

// boundMeeting ends the meeting with errUnanswered when it has not
// ended limit after the lobby first said the room was full.
func boundMeeting(ctx context.Context, c *lobby.Client, limit time.Duration, end context.CancelCauseFunc) {
	if _, err := c.Wait(ctx, lobby.Status.Full); err != nil {
		return
	}
	t := time.NewTimer(limit)
	defer t.Stop()
	select {
	case <-t.C:
		end(fmt.Errorf("%w within %v", errUnanswered, limit))
	case <-ctx.Done():
	}
}

// watchRoom logs and shows who is in the room as it changes.
func watchRoom(ctx context.Context, c *lobby.Client, log *slog.Logger, p *progress) {
	last := -1
	for {
		st, err := c.Wait(ctx, func(s lobby.Status) bool { return len(s.Joined) != last })
		if err != nil {
			return
		}
		last = len(st.Joined)
		log.Info("netplay: players in the lobby", "joined", last, "of", p.players)
		state := stateWaitPlayers
		if st.Full() {
			state = stateConnecting
		}
		p.set(state, last, nil)
	}
}

// rendezvous is a lobby membership as Meet uses it: a message to a peer
// waits until the lobby has reported that peer in the room (a peer that
// just joined shows up at the next poll).
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

// Failure says why meeting through the lobby failed in a player's
// terms and what to try, then the cause for the log; it wraps err.
func Failure(addr string, err error) error {
	var le *lobby.Error
	switch {
	case errors.As(err, &le) && errors.Is(le.Kind, lobby.ErrUnreachable):
		return &waitscreen.PlayerError{Msg: fmt.Sprintf("netplay: the lobby at %s cannot be reached: check the lobby address and your internet connection, or play without a lobby (-host and -join) (%v)", addr, le.Err), Err: err}
	case errors.Is(err, transport.ErrRelayRefused): // before the lobby's: the other player leaving it follows from this
		return &waitscreen.PlayerError{Msg: "netplay: no path between the players, and the relay server refused this one: try again (relay credentials last minutes); if it persists, the lobby's relay is full or misconfigured (" + err.Error() + ")", Err: err}
	case errors.As(err, &le):
		return &waitscreen.PlayerError{Msg: fmt.Sprintf("netplay: %v: %s (%v)", le.Kind, le.Try, le.Err), Err: err}
	case errors.Is(err, errUnanswered):
		return &waitscreen.PlayerError{Msg: "netplay: the lobby says every player is here, but the others did not answer: they may have left, or the lobby is wrong: try again with a new code (" + err.Error() + ")", Err: err}
	case errors.Is(err, transport.ErrNoPath):
		return &waitscreen.PlayerError{Msg: "netplay: no network path between the players, not even through the relay: try again, or let one player forward a UDP port and use -host/-join (" + err.Error() + ")", Err: err}
	}
	return err
}

// The states of meeting, as the waiting screen says them.
const (
	stateLobby       = iota // asking the lobby
	stateWaitPlayers        // in the room, others still to come
	stateConnecting         // the room is full: ICE and QUIC at work
	stateFailed             // it failed: err says why
)

// progress is what meeting through the lobby has reached, said on the
// waiting screen; the goroutines that meet write it, the main one draws.
type progress struct {
	screen  *waitscreen.Screen
	lobby   string
	code    string
	players int
	seat    int  // this peer's in the room
	watch   bool // it comes to watch
	// enter: this peer hosts a LateJoin game, and Enter starts it with
	// the players there (see startable).
	enter bool

	// limit bounds meeting once the room is full; 0 means meetLimit.
	limit time.Duration

	mu     sync.Mutex
	failed bool
}

// meetLimit is p.limit, or meetLimit when it is 0.
func (p *progress) meetLimit() time.Duration {
	if p.limit == 0 {
		return meetLimit
	}
	return p.limit
}

// startable lets Enter start a LateJoin game whose host this peer is
// with the players connected, the others' places empty until they come
// (transport.HostOptions.Start), and says so while it waits; it returns the
// channel Enter closes.
func (p *progress) startable() <-chan struct{} {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.enter = true
	return p.screen.OfferStart()
}

// room notes the room's count and this peer's seat, as the lobby gave
// them.
func (p *progress) room(players, seat int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.players, p.seat = players, seat
}

// set says the state on the screen; after a failure nothing changes it.
func (p *progress) set(state, joined int, err error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.failed {
		return
	}
	p.failed = state == stateFailed
	p.screen.Say(p.lines(state, joined, err)...)
}

// fail shows err on the screen and returns it, unless the wait was given
// up (the window closed, a signal): then the screen keeps what it waited
// for.
func (p *progress) fail(ctx context.Context, err error, joined int) error {
	if ctx.Err() == nil {
		p.set(stateFailed, joined, err)
	}
	return err
}

// lines are what the waiting screen shows: the code to share, who has
// joined, what it waits for, or a failure with what to try.
func (p *progress) lines(state, joined int, err error) []string {
	code := "code: " + p.code
	share := "the other players start this game with -lobby " + p.lobby + " -code " + p.code
	here := fmt.Sprintf("players here: %d of %d", joined, p.players)
	if state == stateWaitPlayers || state == stateConnecting {
		switch {
		case p.watch:
			return []string{code, "watching this game: connecting to its host (directly, or through the relay)..."}
		case p.players > 0 && p.seat >= p.players: // a guest's seat: every player's is taken
			return []string{code, here, "the game has started: asking its host for a place (a player coming back gets their own)..."}
		}
	}
	switch state {
	case stateLobby:
		return []string{"contacting the lobby...", code, share}
	case stateWaitPlayers:
		lines := []string{code, share, here, "waiting for the other players to join with this code"}
		if p.enter {
			lines = append(lines, waitscreen.StartHint)
		}
		return lines
	case stateConnecting:
		return []string{code, here, "everyone is here: connecting (directly, or through the relay)..."}
	}
	return waitscreen.FailureLines(err.Error())
}
