package connect

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"

	"github.com/lockstep-engine/lockstep/platform/desktop/internal/waitscreen"
	"github.com/lockstep-engine/lockstep/platform/lobby"
	"github.com/lockstep-engine/lockstep/platform/lobby/lobbymeet"
	"github.com/lockstep-engine/lockstep/platform/transport"
)

// byLobby is how a run connects for -lobby (package lobbymeet): it makes
// up a code when there is none (for the player to share) and a waiting
// screen (screen, on return) that says what meeting has reached, and
// puts a failure in a player's words.
func byLobby(o *Options, opt *Transport, screen **waitscreen.Screen) func(context.Context) (*transport.Joined, error) {
	addr, log := o.Lobby, o.Log
	if opt.Code == "" {
		opt.Code = transport.NewCode()
		log.Info("netplay: share this code: the other players run the same game with -lobby ADDR -code CODE", "lobby", addr, "code", opt.Code)
	}
	p := &progress{screen: &waitscreen.Screen{}, lobby: addr, code: opt.Code, watch: opt.Local.Spectate}
	p.meeting(lobbymeet.Status{State: lobbymeet.Contacting})
	mo := lobbymeet.Options{Options: opt.Options, Host: opt.Host, Join: opt.Join, AnyCount: o.AnyCount, Progress: p.meeting}
	if opt.Terms.LateJoin && mo.Host.Start == nil {
		// Enter starts the game with the players there, if the lobby
		// makes this peer its host.
		mo.Host.Start, p.enter = p.screen.OfferStart(), true
	}
	*screen = p.screen
	return func(ctx context.Context) (*transport.Joined, error) {
		return meetByLobby(ctx, addr, mo, log, p)
	}
}

// meetByLobby meets the other players through the lobby at addr, telling
// p what happens; a failure is said on p's screen (unless the wait was
// given up) and returned in a player's words.
func meetByLobby(ctx context.Context, addr string, mo lobbymeet.Options, log *slog.Logger, p *progress) (*transport.Joined, error) {
	j, err := lobbymeet.Meet(ctx, addr, mo)
	if err != nil {
		return nil, p.fail(ctx, lobbyFailure(addr, err))
	}
	if j.Slot != 0 && mo.Terms.InputDelay != 0 {
		log.Warn("netplay: -input-delay is the host's to choose, and another player hosts this game: this machine plays with the host's", "input_delay", mo.Terms.InputDelay)
	}
	return j, nil
}

// lobbyFailure says why meeting through the lobby at addr failed in a
// player's terms and what to try, then the cause for the log; it wraps
// err.
func lobbyFailure(addr string, err error) error {
	var le *lobby.Error
	var alone *lobbymeet.NobodyJoinedError
	switch {
	case errors.As(err, &alone):
		return &waitscreen.PlayerError{Msg: "netplay: nobody else joined in time (a lobby closes a room after a few minutes alone): run the game again to host with the same code, and share it again (" + alone.Err.Error() + ")", Err: err}
	case errors.As(err, &le) && errors.Is(le.Kind, lobby.ErrUnreachable):
		return &waitscreen.PlayerError{Msg: fmt.Sprintf("netplay: the lobby at %s cannot be reached: check the lobby address and your internet connection, or play without a lobby (-host and -join) (%v)", addr, le.Err), Err: err}
	case errors.Is(err, transport.ErrRelayRefused): // before the lobby's: the other player leaving it follows from this
		return &waitscreen.PlayerError{Msg: "netplay: no path between the players, and the relay server refused this one: try again (relay credentials last minutes); if it persists, the lobby's relay is full or misconfigured (" + err.Error() + ")", Err: err}
	case errors.As(err, &le):
		return &waitscreen.PlayerError{Msg: fmt.Sprintf("netplay: %v: %s (%v)", le.Kind, le.Try, le.Err), Err: err}
	case errors.Is(err, lobbymeet.ErrUnanswered):
		return &waitscreen.PlayerError{Msg: "netplay: the lobby says every player is here, but the others did not answer: they may have left, or the lobby is wrong: try again with a new code (" + err.Error() + ")", Err: err}
	case errors.Is(err, transport.ErrNoPath):
		return &waitscreen.PlayerError{Msg: "netplay: no network path between the players, not even through the relay: try again, or let one player forward a UDP port and use -host/-join (" + err.Error() + ")", Err: err}
	}
	return err
}

// progress is what meeting through the lobby has reached, said on the
// waiting screen: the goroutines that meet tell it (meeting), the main
// one draws the screen.
type progress struct {
	screen *waitscreen.Screen
	lobby  string
	code   string
	watch  bool // this peer comes to watch
	// enter: Enter starts a LateJoin game with the players there, if
	// this peer hosts it (seat 0).
	enter bool

	mu     sync.Mutex
	failed bool
}

// meeting is the meeting's lobbymeet.Progress: it says st on the
// screen; after a failure nothing changes what the screen says.
func (p *progress) meeting(st lobbymeet.Status) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.failed {
		p.screen.Say(p.lines(st)...)
	}
}

// fail shows err on the screen and returns it, unless the wait was given
// up (the window closed, a signal): then the screen keeps what it waited
// for.
func (p *progress) fail(ctx context.Context, err error) error {
	if ctx.Err() != nil {
		return err
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.failed {
		p.failed = true
		p.screen.Say(waitscreen.FailureLines(err.Error())...)
	}
	return err
}

// lines are what the waiting screen shows for st: the code to share,
// who has joined, what it waits for.
func (p *progress) lines(st lobbymeet.Status) []string {
	code := "code: " + p.code
	share := "the other players start this game with -lobby " + p.lobby + " -code " + p.code
	here := fmt.Sprintf("players here: %d of %d", st.Joined, st.Players)
	if st.State != lobbymeet.Contacting {
		switch {
		case p.watch:
			return []string{code, "watching this game: connecting to its host (directly, or through the relay)..."}
		case st.Players > 0 && st.Seat >= st.Players: // a guest's seat: every player's is taken
			return []string{code, here, "the game has started: asking its host for a place (a player coming back gets their own)..."}
		}
	}
	switch st.State {
	case lobbymeet.Contacting:
		return []string{"contacting the lobby...", code, share}
	case lobbymeet.Waiting:
		lines := []string{code, share, here, "waiting for the other players to join with this code"}
		if p.enter && st.Seat == 0 {
			lines = append(lines, waitscreen.StartHint)
		}
		return lines
	}
	return []string{code, here, "everyone is here: connecting (directly, or through the relay)..."}
}
