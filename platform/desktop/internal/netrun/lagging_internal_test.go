package netrun

import (
	"image/color"
	"strings"
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/netplay"
	"github.com/lockstep-engine/lockstep/platform/sdl2"
	"github.com/veandco/go-sdl2/sdl"
)

// inbox is a netplay.Link whose datagrams go to another inbox's queue.
type inbox struct {
	to *inbox
	q  [][]byte
}

func (l *inbox) Send(b []byte) error {
	l.to.q = append(l.to.q, append([]byte(nil), b...))
	return nil
}

func (l *inbox) Receive() ([]byte, bool) {
	if len(l.q) == 0 {
		return nil, false
	}
	b := l.q[0]
	l.q = l.q[1:]
	return b, true
}

type fixedHash uint64

func (h fixedHash) StateHash() uint64 { return uint64(h) }

// A player whose peer answers but never sends input is named on the
// screen, not only in the log: "player 1 is lagging" over the game, as a
// silent player's "waiting for player 1" is.
func TestALaggingPlayerIsNamedOnTheScreen(t *testing.T) {
	hl, jl := &inbox{}, &inbox{}
	hl.to, jl.to = jl, hl
	terms := netplay.Terms{Players: 2, InputDelay: 2, HashInterval: 4}
	host, err := netplay.New(netplay.Config{Terms: terms, Slot: 0, Peers: []netplay.Peer{{Slot: 1, Link: hl}}})
	if err != nil {
		t.Fatal(err)
	}
	joiner, err := netplay.New(netplay.Config{Terms: terms, Slot: 1, Peers: []netplay.Peer{{Slot: 0, Link: jl}}})
	if err != nil {
		t.Fatal(err)
	}
	r := &Session{session: host, window: time.Minute}
	players := make([]engine.Input, 2)
	var n uint64
	now := time.Duration(0)
	for range 150 { // 1.5 s of 10 ms frames: past the notice, short of the bound
		now += 10 * time.Millisecond
		if err := joiner.Frame(now, false); err != nil { // answers, never takes a tick: no input
			t.Fatal(err)
		}
		if err := host.Frame(now, false); err != nil {
			t.Fatal(err)
		}
		if ok, err := host.Inputs(n, &engine.Input{}, players, fixedHash(1)); err != nil {
			t.Fatal(err)
		} else if ok {
			n++
		}
	}
	text := string(r.bannerText(r.banner[:0]))
	if !strings.HasPrefix(text, "player 1 is lagging: their input keeps the game waiting (") {
		t.Fatalf("with player 1 lagging %v the banner says %q, want them named", now, text)
	}
	if n := testing.AllocsPerRun(100, func() { r.bannerText(r.banner[:0]) }); n != 0 {
		t.Errorf("the banner's text allocates %v times a frame, want 0", n)
	}
	if px := bannerPixels(t, r); px == 0 {
		t.Errorf("nothing drawn over the game for %q", text)
	}
	for range 100 { // a second more with player 1 silent: waited for, not lagging
		now += 10 * time.Millisecond
		if err := host.Frame(now, false); err != nil {
			t.Fatal(err)
		}
	}
	if text := string(r.bannerText(r.banner[:0])); !strings.HasPrefix(text, "waiting for player 1: ") || !strings.Contains(text, "their place is held") {
		t.Errorf("with player 1 silent a second after lagging the banner says %q, want them waited for", text)
	}
}

// bannerPixels draws r's banner over a black headless window and counts
// the pixels in the banner's colour.
func bannerPixels(t *testing.T, r *Session) int {
	t.Helper()
	var count int
	var err error
	sdl.Do(func() {
		var w *sdl2.Window
		if w, err = sdl2.Open(sdl2.Options{Headless: true, Width: 640, Height: 360}); err != nil {
			return
		}
		defer w.Close()
		c := w.Canvas()
		c.Clear(color.RGBA{A: 255})
		r.drawWaiting(c)
		img, ierr := w.Image()
		if err = ierr; err != nil {
			return
		}
		for i := 0; i < len(img.Pix); i += 4 {
			if p := img.Pix[i : i+3]; p[0] > 200 && p[1] > 140 && p[1] < 230 && p[2] < 140 {
				count++
			}
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	return count
}
