package desktop

import (
	"net"
	"strings"
	"testing"
)

func TestAHostsWaitingScreenSaysHowToJoinAndWhoHasJoined(t *testing.T) {
	s := hostScreen("127.0.0.1:0", "CODE1234", 3)
	s.listening(&net.UDPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 7777})
	s.arrived([]net.Addr{&net.UDPAddr{IP: net.IPv4(10, 0, 0, 2), Port: 5000}})
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
	all := hostScreen("0.0.0.0:7777", "CODE1234", 2)
	all.listening(&net.UDPAddr{IP: net.IPv4zero, Port: 7777})
	if !strings.Contains(all.lines[2], "-join ADDR") {
		t.Fatalf("listening on every interface the screen says %q: want ADDR to fill in", all.lines[2])
	}
}
