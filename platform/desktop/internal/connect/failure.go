package connect

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/lockstep-engine/lockstep/platform/desktop/internal/waitscreen"
	"github.com/lockstep-engine/lockstep/platform/sdl2"
	"github.com/lockstep-engine/lockstep/platform/transport"
)

// failureWords say why a session with o could not start, in a player's
// terms, then what to try, then (when the first two leave it out) the
// cause. A lobby's failure says it already (lobbyFailure); -join's and
// -host's are said here.
func failureWords(o *Options, err error) []string {
	host := "the host"
	if o.Join != "" {
		host += " at " + o.Join
	}
	var pe *waitscreen.PlayerError
	switch {
	case errors.As(err, &pe):
		return []string{pe.Msg}
	case errors.Is(err, transport.ErrWrongCode):
		return []string{host + " does not know the code " + o.Meet.Code + ".",
			"Try: check -code against the code the host's window shows, letter for letter, and start again."}
	case errors.Is(err, transport.ErrNoAnswer):
		return []string{fmt.Sprintf("no answer from %s within %v (-join-timeout).", host, o.Meet.Local.Handshake),
			"Try: check that the host is running and waiting, that -join names the address its window shows, and that no firewall blocks UDP; a slow network wants a longer -join-timeout."}
	case errors.Is(err, transport.ErrFull) && o.Meet.Local.Spectate:
		return []string{host + " has all the spectators it takes.",
			"Try: watch again once someone else stops watching, or ask the host to start a session that takes more."}
	case errors.Is(err, transport.ErrUnderWay):
		return []string{host + " is playing a session that cannot take this player in now.",
			"Try: ask the host to start a new session, then join it.", err.Error()}
	case errors.Is(err, transport.ErrFull):
		return []string{host + " has all the players its session takes, every one of them still there (or it is busy).",
			"Try: ask the host to start a new session with room for you, then join it."}
	case o.Usage != nil && errors.Is(err, o.Usage):
		return []string{"this game cannot run the host's settings.",
			"Try: run the same game and version as the host, leaving out the settings the host chooses.", err.Error()}
	case errors.Is(err, transport.ErrRefused):
		return []string{host + " refused to let this game join.",
			"Try: run the very same game as the host (the same program, or one built from the same source the same way).", err.Error()}
	}
	return []string{err.Error()}
}

// hold says on s why the session could not start (words) and keeps it
// on win until the player closes it, ctx ends (a signal) or
// waitscreen.FailureHold passes; a headless run does not wait.
func hold(ctx context.Context, win *sdl2.Window, s *waitscreen.Screen, words []string, log *slog.Logger) {
	if s == nil {
		return
	}
	s.Say(waitscreen.FailureLines(words...)...)
	if win == nil || win.Headless() {
		return
	}
	log.Info("netplay: the window says why the session could not start until it is closed", "at_most", waitscreen.FailureHold)
	waitscreen.Hold(ctx, win, s)
}
