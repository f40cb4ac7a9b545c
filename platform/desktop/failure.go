package desktop

import (
	"context"
	"errors"
	"fmt"
	"time"

	enginehost "github.com/lockstep-engine/lockstep/engine/host"
	"github.com/lockstep-engine/lockstep/platform/sdl2"
	"github.com/lockstep-engine/lockstep/platform/transport"
)

// errGaveUp marks a wait for the session that the player gave up (the
// window closed) or a signal ended: a clean end, not a failure.
var errGaveUp = errors.New("the wait for the session was given up")

// failureHold bounds how long a failure stays on screen for the player
// to read when the window is not closed.
const failureHold = time.Minute

// failureWidth is the most characters a line of a failure takes on the
// waiting screen.
const failureWidth = 60

// failureLines are what the waiting screen says when the session could
// not start: a heading, then each paragraph wrapped, a blank line
// between them.
func failureLines(paragraphs ...string) []string {
	lines := []string{"could not start the game:"}
	for i, p := range paragraphs {
		if i > 0 {
			lines = append(lines, "")
		}
		lines = append(lines, wrapText(p, failureWidth)...)
	}
	return lines
}

// failureWords say why a session with n could not start, in a player's
// terms, then what to try, then (when the first two leave it out) the
// cause. A lobby's failure says it already (lobbyFailure); -join's and
// -host's are said here.
func failureWords(n *NetOptions, err error) []string {
	host := "the host"
	if n.Join != "" {
		host += " at " + n.Join
	}
	var pe *playerError
	switch {
	case errors.As(err, &pe):
		return []string{pe.msg}
	case errors.Is(err, transport.ErrWrongCode):
		return []string{host + " does not know the code " + n.Code + ".",
			"Try: check -code against the code the host's window shows, letter for letter, and start again."}
	case errors.Is(err, transport.ErrNoAnswer):
		return []string{fmt.Sprintf("no answer from %s within %v (-join-timeout).", host, n.JoinTimeout),
			"Try: check that the host is running and waiting, that -join names the address its window shows, and that no firewall blocks UDP; a slow network wants a longer -join-timeout."}
	case errors.Is(err, transport.ErrFull) && n.Spectate:
		return []string{host + " has all the spectators it takes.",
			"Try: watch again once someone else stops watching, or ask the host to start a session that takes more."}
	case errors.Is(err, transport.ErrUnderWay):
		return []string{host + " is playing a session that cannot take this player in now.",
			"Try: ask the host to start a new session, then join it.", err.Error()}
	case errors.Is(err, transport.ErrFull):
		return []string{host + " has all the players its session takes, every one of them still there (or it is busy).",
			"Try: ask the host to start a new session with room for you, then join it."}
	case errors.Is(err, ErrUsage):
		return []string{"this game cannot run the host's settings.",
			"Try: run the same game and version as the host, leaving out the settings the host chooses.", err.Error()}
	case errors.Is(err, transport.ErrRefused):
		return []string{host + " refused to let this game join.",
			"Try: run the very same game as the host (the same program, or one built from the same source the same way).", err.Error()}
	}
	return []string{err.Error()}
}

// holdFailure says on s why the session could not start (err) and keeps
// it on the window until the player closes it, ctx ends (a signal) or
// failureHold passes; a headless run does not wait.
func (r *run) holdFailure(ctx context.Context, s *waitScreen, err error) {
	if s == nil {
		return
	}
	s.say(failureLines(failureWords(&r.cfg.Net, err)...)...)
	if r.win == nil || r.win.Headless() {
		return
	}
	r.log.Info("netplay: the window says why the session could not start until it is closed", "at_most", failureHold)
	start := time.Now()
	hold(ctx, windowFrames{r.win}, s, func() time.Duration { return time.Since(start) }, time.Sleep)
}

// frames is a window a screen is held on: its events, and a frame
// drawing the screen.
type frames interface {
	PollEvents(enginehost.EventSink)
	frame(s *waitScreen)
}

// windowFrames draws frames in an SDL window.
type windowFrames struct{ *sdl2.Window }

func (w windowFrames) frame(s *waitScreen) {
	s.draw(w.Canvas())
	_ = w.Present()
}

// hold draws s in w a frame every waitFrame (wait sleeps) until a request
// to close the window, ctx ending, or failureHold after it started by now
// (a monotonic clock): drawing takes time too, and on a busy machine
// counting frames alone held the screen 84 s.
func hold(ctx context.Context, w frames, s *waitScreen, now func() time.Duration, wait func(time.Duration)) {
	sink := &quitSink{}
	start := now()
	for range failureHold / waitFrame {
		if w.PollEvents(sink); sink.quit || ctx.Err() != nil {
			return
		}
		w.frame(s)
		left := failureHold - (now() - start)
		if left <= 0 {
			return
		}
		wait(min(waitFrame, left))
	}
}
