package desktop

import (
	"context"
	"errors"
	"fmt"
	"image/color"
	"image/png"
	"net"
	"sync"
	"time"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/host"
	"github.com/lockstep-engine/lockstep/platform/internal/output"
	"github.com/lockstep-engine/lockstep/platform/sdl2"
	"github.com/lockstep-engine/lockstep/platform/transport"
)

// waitFrame is how often the waiting screen is drawn.
const waitFrame = time.Second / 30

// errWindowClosed ends a wait for players the user gave up on.
var errWindowClosed = errors.New("the window was closed while waiting for players")

// waitScreen is what a window shows while its session connects: whether
// it hosts or joins, the code to share and who has joined so far. The
// connecting goroutine updates it; the main one draws it.
type waitScreen struct {
	mu      sync.Mutex
	lines   []string // what it says, top to bottom
	players int      // the session's, the host included
	joined  []string // the joiners' addresses, on a host
	hosting bool
	code    string // the session's, on a host
	// start, on the host of a LateJoin game, is closed when Enter asks
	// to start with whoever is there (transport.Options.Start); nil
	// elsewhere. The connecting goroutine makes it (offerStart) and the
	// main one closes it (startNow), both holding mu.
	start   chan struct{}
	started bool
}

// startHint is what a host's screen says when Enter may start the game.
const startHint = "Enter: start now with the players here (the others join late)"

// startable makes s, a host's, offer Enter to start with the players
// there and say so; it returns the channel Enter closes.
func (s *waitScreen) startable() <-chan struct{} {
	start := s.offerStart()
	s.mu.Lock()
	defer s.mu.Unlock()
	s.lines = append(s.lines, startHint)
	return start
}

// offerStart lets Enter start the game, without saying so (a lobby's
// progress says it); it returns the channel Enter closes.
func (s *waitScreen) offerStart() <-chan struct{} {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.start = make(chan struct{})
	return s.start
}

// startNow closes start once, from the main goroutine's events (a
// lobby's connecting goroutine may be making it: see offerStart).
func (s *waitScreen) startNow() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.start != nil && !s.started {
		s.started = true
		close(s.start)
	}
}

func hostScreen(addr, code string, players int) *waitScreen {
	return &waitScreen{hosting: true, players: players, code: code, lines: []string{
		"hosting a session of " + fmt.Sprint(players) + " players on " + addr,
		"the others run this game with",
		"    -join ADDR -code " + code,
		"code: " + code,
	}}
}

func joinScreen(addr string, watch bool) *waitScreen {
	if watch {
		return &waitScreen{lines: []string{"watching the session at " + addr, "waiting for the host..."}}
	}
	return &waitScreen{lines: []string{"joining the session at " + addr, "waiting for the host..."}}
}

// say replaces what the screen says (a lobby's, as meeting goes on).
func (s *waitScreen) say(lines ...string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.lines = lines
}

// listening says where the host listens, once it does, and the address
// to join it by when that is the one it listens on (not 0.0.0.0).
func (s *waitScreen) listening(a net.Addr) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.lines[0] = fmt.Sprintf("hosting a session of %d players on %s", s.players, a)
	if u, ok := a.(*net.UDPAddr); ok && !u.IP.IsUnspecified() {
		s.lines[2] = "    -join " + a.String() + " -code " + s.code
	}
}

// arrived is transport.Options.Arrived: who holds a place now.
func (s *waitScreen) arrived(addrs []net.Addr) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.joined = s.joined[:0]
	for _, a := range addrs {
		s.joined = append(s.joined, a.String())
	}
}

var (
	waitBackground = color.RGBA{R: 18, G: 20, B: 28, A: 255}
	waitText       = color.RGBA{R: 230, G: 230, B: 235, A: 255}
)

// draw draws the screen: its lines, then one line per place.
func (s *waitScreen) draw(c *sdl2.Canvas) {
	s.mu.Lock()
	defer s.mu.Unlock()
	c.Clear(waitBackground)
	lh := c.LineHeight()
	y := lh
	width, _ := c.Size()
	cols := int((float64(width) - 2*lh) / c.TextWidth("M"))
	for _, l := range wrapColumns(s.lines, cols) {
		c.Text(lh, y, l, waitText)
		y += lh * 1.5
	}
	if !s.hosting {
		return
	}
	y += lh
	c.Text(lh, y, "player 0: this machine (host)", waitText)
	for slot := 1; slot < s.players; slot++ {
		y += lh * 1.5
		who := "waiting..."
		if slot <= len(s.joined) {
			who = s.joined[slot-1]
		}
		c.Text(lh, y, fmt.Sprintf("player %d: %s", slot, who), waitText)
	}
}

// screenshot writes the screen to path: the run's last frame when it
// ended before its session started.
func (s *waitScreen) screenshot(ctx context.Context, win *sdl2.Window, path string) error {
	c := win.Canvas()
	s.draw(c)
	if err := c.Flush(); err != nil {
		return fmt.Errorf("-screenshot %s: %w", path, err)
	}
	img, err := win.Image()
	if err != nil {
		return fmt.Errorf("-screenshot %s: %w", path, err)
	}
	return writeOutput(ctx, "-screenshot", path, func(f *output.File) error { return png.Encode(f, img) })
}

// quitSink is the events of a window that shows no game: only a request
// to close it counts, and Enter pressed (start now, on a host that may).
type quitSink struct{ quit, enter bool }

func (q *quitSink) Key(k engine.Key, down bool) {
	q.enter = q.enter || down && (k == engine.KeyEnter || k == engine.KeyKeypadEnter)
}
func (q *quitSink) Button(engine.MouseButton, bool)       {}
func (q *quitSink) Pointer(float64, float64)              {}
func (q *quitSink) Scroll(int32, int32)                   {}
func (q *quitSink) Text([]byte)                           {}
func (q *quitSink) PadConnected(int, bool)                {}
func (q *quitSink) PadButton(int, engine.PadButton, bool) {}
func (q *quitSink) PadAxis(int, engine.PadAxis, int16)    {}
func (q *quitSink) Window(engine.WindowState)             {}
func (q *quitSink) Quit()                                 { q.quit = true }

var _ host.EventSink = (*quitSink)(nil)

// connectDrawing runs connect on another goroutine and draws s in win
// until it returns: a window appears at once, saying what it waits for.
// Closing the window or ctx ending stops the wait (connect is handed a
// context that ends then, and must return soon after); the loop runs a
// frame every waitFrame, so it ends within one of connect.
func connectDrawing(ctx context.Context, win *sdl2.Window, s *waitScreen, connect func(context.Context) (*transport.Joined, error)) (*transport.Joined, error) {
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
			cancel(errWindowClosed)
		}
		if sink.enter {
			s.startNow()
		}
		s.draw(win.Canvas())
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
