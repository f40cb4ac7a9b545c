// Package waitscreen is what a desktop run shows in place of the game while
// its netplay session connects or after it failed to: the waiting screen
// (who hosts, the code to share, who has joined), a failure in a player's
// terms held for them to read, and the banner over the game while a
// player is silent, lagging or catching up.
package waitscreen

import (
	"errors"
	"fmt"
	"image/color"
	"net"
	"slices"
	"sync"
	"time"

	"github.com/lockstep-engine/lockstep/platform/sdl2"
)

// waitFrame is how often the waiting screen is drawn.
const waitFrame = time.Second / 30

// ErrWindowClosed ends a wait for players the user gave up on.
var ErrWindowClosed = errors.New("the window was closed while waiting for players")

// Screen is what a window shows while its session connects: whether
// it hosts or joins, the code to share and who has joined so far. The
// connecting goroutine updates it; the main one draws it.
type Screen struct {
	mu      sync.Mutex
	lines   []string // what it says, top to bottom
	players int      // the session's, the host included
	joined  []string // the joiners' addresses, on a host
	hosting bool
	code    string // the session's, on a host
	// start, on the host of a LateJoin game, is closed when Enter asks
	// to start with whoever is there (transport.HostOptions.Start); nil
	// elsewhere. The connecting goroutine makes it (OfferStart) and the
	// main one closes it (StartNow), both holding mu.
	start   chan struct{}
	started bool
}

// StartHint is what a host's screen says when Enter may start the game.
const StartHint = "Enter: start now with the players here (the others join late)"

// Startable makes s, a host's, offer Enter to start with the players
// there and say so; it returns the channel Enter closes.
func (s *Screen) Startable() <-chan struct{} {
	start := s.OfferStart()
	s.mu.Lock()
	defer s.mu.Unlock()
	s.lines = append(s.lines, StartHint)
	return start
}

// OfferStart lets Enter start the game, without saying so (a lobby's
// progress says it); it returns the channel Enter closes.
func (s *Screen) OfferStart() <-chan struct{} {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.start = make(chan struct{})
	return s.start
}

// StartNow closes start once, from the main goroutine's events (a
// lobby's connecting goroutine may be making it: see OfferStart).
func (s *Screen) StartNow() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.start != nil && !s.started {
		s.started = true
		close(s.start)
	}
}

func Host(addr, code string, players int) *Screen {
	return &Screen{hosting: true, players: players, code: code, lines: []string{
		"hosting a session of " + fmt.Sprint(players) + " players on " + addr,
		"the others run this game with",
		"    -join ADDR -code " + code,
		"code: " + code,
	}}
}

func Join(addr string, watch bool) *Screen {
	if watch {
		return &Screen{lines: []string{"watching the session at " + addr, "waiting for the host..."}}
	}
	return &Screen{lines: []string{"joining the session at " + addr, "waiting for the host..."}}
}

// Say replaces what the screen says (a lobby's, as meeting goes on).
func (s *Screen) Say(lines ...string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.lines = lines
}

// Listening says where the host listens, once it does, and the address
// to join it by when that is the one it listens on (not 0.0.0.0).
func (s *Screen) Listening(a net.Addr) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.lines[0] = fmt.Sprintf("hosting a session of %d players on %s", s.players, a)
	if u, ok := a.(*net.UDPAddr); ok && !u.IP.IsUnspecified() {
		s.lines[2] = "    -join " + a.String() + " -code " + s.code
	}
}

// Arrived is transport.HostOptions.Arrived: who holds a place now.
func (s *Screen) Arrived(addrs []net.Addr) {
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

// Draw draws the screen: its lines, then one line per place.
func (s *Screen) Draw(c *sdl2.Canvas) {
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

// Lines is what the screen says now, top to bottom (a copy).
func (s *Screen) Lines() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.lines)
}
