package waitscreen

import (
	"context"
	"time"

	"github.com/lockstep-engine/lockstep/engine/host"
	"github.com/lockstep-engine/lockstep/platform/sdl2"
)

// FailureHold bounds how long a failure stays on screen for the player
// to read when the window is not closed.
const FailureHold = time.Minute

// FailureWidth is the most characters a line of a failure takes on the
// waiting screen.
const FailureWidth = 60

// FailureLines are what the waiting screen says when the session could
// not start: a heading, then each paragraph wrapped, a blank line
// between them.
func FailureLines(paragraphs ...string) []string {
	lines := []string{"could not start the game:"}
	for i, p := range paragraphs {
		if i > 0 {
			lines = append(lines, "")
		}
		lines = append(lines, wrapText(p, FailureWidth)...)
	}
	return lines
}

// frames is a window a screen is held on: its events, and a frame
// drawing the screen.
type frames interface {
	PollEvents(host.EventSink)
	frame(s *Screen)
}

// windowFrames draws frames in an SDL window.
type windowFrames struct{ *sdl2.Window }

func (w windowFrames) frame(s *Screen) {
	s.Draw(w.Canvas())
	_ = w.Present()
}

// hold draws s in w a frame every waitFrame (wait sleeps) until a request
// to close the window, ctx ending, or FailureHold after it started by now
// (a monotonic clock): drawing takes time too, and on a busy machine
// counting frames alone held the screen 84 s.
func hold(ctx context.Context, w frames, s *Screen, now func() time.Duration, wait func(time.Duration)) {
	sink := &quitSink{}
	start := now()
	for range FailureHold / waitFrame {
		if w.PollEvents(sink); sink.quit || ctx.Err() != nil {
			return
		}
		w.frame(s)
		left := FailureHold - (now() - start)
		if left <= 0 {
			return
		}
		wait(min(waitFrame, left))
	}
}

// PlayerError is a failure told in a player's terms; Unwrap gives the
// cause it explains.
type PlayerError struct {
	// Msg is what the player reads; Err the cause it explains (nil: none).
	Msg string
	Err error
}

func (e *PlayerError) Error() string { return e.Msg }

func (e *PlayerError) Unwrap() error { return e.Err }

// Hold keeps s on win, drawn a frame every waitFrame, until the player
// closes the window, ctx ends (a signal) or FailureHold passes.
func Hold(ctx context.Context, win *sdl2.Window, s *Screen) {
	start := time.Now()
	hold(ctx, windowFrames{win}, s, func() time.Duration { return time.Since(start) }, time.Sleep)
}
