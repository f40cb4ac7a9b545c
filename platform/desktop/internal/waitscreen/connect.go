package waitscreen

import (
	"context"
	"fmt"
	"time"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/gamepad"
	"github.com/lockstep-engine/lockstep/engine/host"
	"github.com/lockstep-engine/lockstep/engine/mouse"
	"github.com/lockstep-engine/lockstep/platform/sdl2"
	"github.com/lockstep-engine/lockstep/platform/transport"
)

// quitSink is the events of a window that shows no game: only a request
// to close it counts, and Enter pressed (start now, on a host that may).
type quitSink struct{ quit, enter bool }

func (q *quitSink) Key(k engine.Key, down bool) {
	q.enter = q.enter || down && (k == engine.KeyEnter || k == engine.KeyKeypadEnter)
}

func (q *quitSink) Button(mouse.Button, bool) {}

func (q *quitSink) Pointer(float64, float64) {}

func (q *quitSink) Scroll(int32, int32) {}

func (q *quitSink) Text([]byte) {}

func (q *quitSink) PadConnected(int, bool) {}

func (q *quitSink) PadButton(int, gamepad.Button, bool) {}

func (q *quitSink) PadAxis(int, gamepad.Axis, int16) {}

func (q *quitSink) Window(engine.WindowState) {}

func (q *quitSink) Quit() { q.quit = true }

var _ host.EventSink = (*quitSink)(nil)

// Connect runs connect on another goroutine and draws s in win
// until it returns: a window appears at once, saying what it waits for.
// Closing the window or ctx ending stops the wait (connect is handed a
// context that ends then, and must return soon after); the loop runs a
// frame every waitFrame, so it ends within one of connect.
func Connect(ctx context.Context, win *sdl2.Window, s *Screen, connect func(context.Context) (*transport.Joined, error)) (*transport.Joined, error) {
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	type result struct {
		j   *transport.Joined
		err error
	}
	done := make(chan result, 1)
	go func() {
		j, err := connect(ctx)
		done <- result{j, err}
	}()
	frame := time.NewTicker(waitFrame)
	defer frame.Stop()
	sink := &quitSink{}
	for {
		win.PollEvents(sink)
		if sink.quit {
			cancel(ErrWindowClosed)
		}
		if sink.enter {
			s.StartNow()
		}
		s.Draw(win.Canvas())
		_ = win.Present()
		select {
		case r := <-done:
			if r.err != nil && context.Cause(ctx) != nil {
				r.err = fmt.Errorf("%w: %w", context.Cause(ctx), r.err)
			}
			return r.j, r.err
		case <-frame.C:
		}
	}
}
