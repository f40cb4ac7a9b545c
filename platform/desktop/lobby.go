package desktop

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"

	pnet "github.com/lockstep-engine/lockstep/platform/netplay"
	"github.com/lockstep-engine/lockstep/platform/netplay/lobby"
)

// meetByLobby joins the lobby's room for the code (made up when there is
// none, for the player to share) and meets the other players through it.
// p, when not nil, is told what happens, for the waiting screen.
func meetByLobby(ctx context.Context, addr string, opt pnet.Options, log *slog.Logger, p *progress) (*pnet.Joined, error) {
	if opt.Code == "" {
		opt.Code = pnet.NewCode()
		log.Info("netplay: share this code: the other players run the same game with -lobby ADDR -code CODE", "lobby", addr, "code", opt.Code)
	}
	p.set(stateLobby, opt.Code, 0, opt.Players, nil)
	c, err := lobby.Join(ctx, addr, opt.Code, lobby.Options{Players: opt.Players, Logger: log})
	if err != nil {
		err = lobbyFailure(addr, err)
		p.set(stateFailed, opt.Code, 0, opt.Players, err)
		return nil, err
	}
	defer c.Close()
	role := "joining"
	if c.Slot() == 0 {
		role = "hosting"
	}
	log.Info("netplay: in the lobby", "role", role, "slot", c.Slot(), "code", opt.Code)
	wctx, stop := context.WithCancel(ctx)
	defer stop()
	go watchRoom(wctx, c, opt, log, p)
	j, err := pnet.Meet(ctx, c, iceServers(c.Servers()), opt)
	if err != nil {
		err = lobbyFailure(addr, err)
		p.set(stateFailed, opt.Code, len(c.Status().Joined), opt.Players, err)
		return nil, err
	}
	return j, nil
}

// watchRoom logs and shows who is in the room as it changes.
func watchRoom(ctx context.Context, c *lobby.Client, opt pnet.Options, log *slog.Logger, p *progress) {
	last := -1
	for {
		st, err := c.Wait(ctx, func(s lobby.Status) bool { return len(s.Joined) != last })
		if err != nil {
			return
		}
		last = len(st.Joined)
		players := max(st.Players, opt.Players)
		log.Info("netplay: players in the lobby", "joined", last, "of", players)
		state := stateWaitPlayers
		if st.Full() {
			state = stateConnecting
		}
		p.set(state, opt.Code, last, players, nil)
	}
}

// iceServers hands the lobby's STUN and TURN servers to ICE.
func iceServers(ss []lobby.ICEServer) []pnet.ICEServer {
	out := make([]pnet.ICEServer, len(ss))
	for i, s := range ss {
		out[i] = pnet.ICEServer{URLs: s.URLs, Username: s.Username, Credential: s.Credential}
	}
	return out
}

// lobbyFailure says why meeting through the lobby failed in a player's
// terms, and what to try.
func lobbyFailure(addr string, err error) error {
	var le *lobby.Error
	switch {
	case errors.As(err, &le) && errors.Is(le.Kind, lobby.ErrUnreachable):
		return fmt.Errorf("netplay: the lobby at %s cannot be reached: %s: %w", addr, le.Try, err)
	case errors.As(err, &le):
		return fmt.Errorf("netplay: %v: %s: %w", le.Kind, le.Try, err)
	case errors.Is(err, pnet.ErrRelayRefused):
		return fmt.Errorf("netplay: no path between the players, and the relay server refused this one: try again (relay credentials last minutes); if it persists, the lobby's relay is full or misconfigured: %w", err)
	case errors.Is(err, pnet.ErrNoPath):
		return fmt.Errorf("netplay: no network path between the players, not even through the relay: try again, or let one player forward a UDP port and use -host/-join: %w", err)
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

// progress is what meeting has reached, written by the goroutines that
// meet and read by the waiting screen on the main goroutine. A nil
// progress takes nothing.
type progress struct {
	mu              sync.Mutex
	state           int
	code            string
	joined, players int
	err             error
	changes         int // counts set calls, so a reader sees news
}

func (p *progress) set(state int, code string, joined, players int, err error) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.state == stateFailed {
		return
	}
	p.state, p.code, p.joined, p.players, p.err = state, code, joined, players, err
	p.changes++
}

// lines are what the waiting screen shows: the code to share, who has
// joined, what it waits for, and a failure with what to try.
func (p *progress) lines() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	code := "code: " + p.code + "  (the other players give -code " + p.code + ")"
	switch p.state {
	case stateLobby:
		return []string{"Contacting the lobby...", code}
	case stateWaitPlayers:
		return []string{code, fmt.Sprintf("players here: %d of %d", p.joined, p.players), "waiting for the other players to join with this code"}
	case stateConnecting:
		return []string{code, fmt.Sprintf("players here: %d of %d", p.joined, p.players), "connecting to the other players (directly, or through the relay)..."}
	}
	msg := "failed"
	if p.err != nil {
		msg = p.err.Error()
	}
	return []string{"Could not start the game:", msg}
}
