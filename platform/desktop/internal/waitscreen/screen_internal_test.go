package waitscreen

import (
	"net"
	"strings"
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/engine"
)

func TestAHostsWaitingScreenSaysHowToJoinAndWhoHasJoined(t *testing.T) {
	s := Host("127.0.0.1:0", "CODE1234", 3)
	s.Listening(&net.UDPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 7777})
	s.Arrived([]net.Addr{&net.UDPAddr{IP: net.IPv4(10, 0, 0, 2), Port: 5000}})
	text := strings.Join(s.lines, "\n")
	for _, want := range []string{"127.0.0.1:7777", "-join 127.0.0.1:7777 -code CODE1234", "code: CODE1234"} {
		if !strings.Contains(text, want) {
			t.Errorf("the screen says %q: want %q in it", text, want)
		}
	}
	if len(s.joined) != 1 || s.joined[0] != "10.0.0.2:5000" {
		t.Fatalf("joined %v: want the one joiner's address", s.joined)
	}
	// On every interface there is no one address to join by.
	all := Host("0.0.0.0:7777", "CODE1234", 2)
	all.Listening(&net.UDPAddr{IP: net.IPv4zero, Port: 7777})
	if !strings.Contains(all.lines[2], "-join ADDR") {
		t.Fatalf("listening on every interface the screen says %q: want ADDR to fill in", all.lines[2])
	}
}

func TestTheWaitingBannerSaysWhoInAPlayersWordsAndHowLongTheirPlaceIsHeld(t *testing.T) {
	for _, tc := range []struct {
		slot           int
		silent, window time.Duration
		want           string
	}{
		{1, 12300 * time.Millisecond, time.Minute, "waiting for player 1: 12.3 s (their place is held 48 s more)"},
		{2, 800 * time.Millisecond, time.Minute, "waiting for player 2: 0.8 s (their place is held 60 s more)"},
		{0, 61 * time.Second, time.Minute, "waiting for player 0: 61.0 s"},
		{1, 20 * time.Second, time.Minute, "player 1 is back, catching up: 20.0 s"},
		{3, 2 * time.Second, time.Minute, "player 3 is joining, catching up: 2.0 s"},
	} {
		var buf [96]byte
		kind := WaitSilent
		if strings.Contains(tc.want, "back") {
			kind = WaitBack
		} else if strings.Contains(tc.want, "joining") {
			kind = WaitJoining
		}
		if got := string(WaitingText(buf[:0], tc.slot, tc.silent, tc.window, kind)); got != tc.want {
			t.Errorf("waiting %v of %v for player %d: %q, want %q", tc.silent, tc.window, tc.slot, got, tc.want)
		}
	}
	var buf [96]byte
	if n := testing.AllocsPerRun(100, func() { WaitingText(buf[:0], 7, time.Hour, time.Hour+time.Minute, WaitSilent) }); n != 0 {
		t.Fatalf("the banner's text allocates %v times a frame, want 0", n)
	}
	if got := string(CatchingUpText(buf[:0], 1234)); got != "catching up with the game: tick 1234" {
		t.Fatalf("catching up: %q", got)
	}
	if n := testing.AllocsPerRun(100, func() { CatchingUpText(buf[:0], 1<<40) }); n != 0 {
		t.Fatalf("the catching-up banner's text allocates %v times a frame, want 0", n)
	}
}

// On a late-join host's waiting screen Enter (either one) asks to start
// with whoever is there: the channel handed to the transport closes
// once, however often it is pressed; other keys and releases do not.
func TestEnterOnALateJoinHostsWaitingScreenStartsNow(t *testing.T) {
	s := Host("127.0.0.1:1", "abcdefgh", 3)
	start := s.Startable()
	for _, k := range []engine.Key{engine.KeyA, engine.KeyEnter} {
		var q quitSink
		q.Key(k, false)
		if q.enter {
			t.Fatalf("%v released counted as Enter pressed", k)
		}
	}
	for _, k := range []engine.Key{engine.KeyEnter, engine.KeyKeypadEnter} {
		var q quitSink
		q.Key(k, true)
		if !q.enter {
			t.Fatalf("%v pressed did not count as Enter", k)
		}
		s.StartNow()
	}
	select {
	case <-start:
	default:
		t.Fatal("Enter did not start the session")
	}
	if !strings.Contains(strings.Join(s.lines, "\n"), "Enter: start now") {
		t.Fatalf("the waiting screen does not offer Enter: %q", s.lines)
	}
}
