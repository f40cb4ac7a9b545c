package transport

import (
	"bytes"
	"errors"
	"net"
	"testing"
	"time"

	"github.com/quic-go/quic-go"
)

func TestTheSTUNSideOfQUICsSocketGetsWhatIsNotQUICAndSendsFromIt(t *testing.T) {
	udp, err := net.ListenUDP("udp4", &net.UDPAddr{IP: net.IPv4(127, 0, 0, 1)})
	if err != nil {
		t.Fatal(err)
	}
	tr := &quic.Transport{Conn: udp}
	defer tr.Close()
	side := newSTUNSide(tr)
	defer side.Close()
	peer, err := net.ListenUDP("udp4", &net.UDPAddr{IP: net.IPv4(127, 0, 0, 1)})
	if err != nil {
		t.Fatal(err)
	}
	defer peer.Close()

	// A read before anything arrives: it must start taking non-QUIC
	// packets first, and time out at its deadline.
	_ = side.SetReadDeadline(time.Now().Add(50 * time.Millisecond))
	var ne net.Error
	if _, _, err := side.ReadFrom(make([]byte, 64)); !errors.As(err, &ne) || !ne.Timeout() {
		t.Fatalf("read past the deadline: %v, want a timeout", err)
	}
	_ = side.SetReadDeadline(time.Time{})

	stun := []byte{0x00, 0x01, 0x00, 0x00, 0x21, 0x12, 0xa4, 0x42} // a binding request's first bytes
	got := make([]byte, 64)
	for try := 0; ; try++ {
		if _, err := peer.WriteTo(stun, udp.LocalAddr()); err != nil {
			t.Fatal(err)
		}
		_ = side.SetReadDeadline(time.Now().Add(100 * time.Millisecond))
		n, from, err := side.ReadFrom(got)
		if err == nil {
			if !bytes.Equal(got[:n], stun) || from.String() != peer.LocalAddr().String() {
				t.Fatalf("read %x from %v, want %x from %v", got[:n], from, stun, peer.LocalAddr())
			}
			break
		}
		if try == 20 {
			t.Fatalf("the STUN packet never came through: %v", err)
		}
	}

	if _, err := side.WriteTo([]byte("answer"), peer.LocalAddr()); err != nil {
		t.Fatal(err)
	}
	_ = peer.SetReadDeadline(time.Now().Add(2 * time.Second))
	n, from, err := peer.ReadFrom(got)
	if err != nil || string(got[:n]) != "answer" || from.String() != udp.LocalAddr().String() {
		t.Fatalf("the peer read %q from %v (%v), want \"answer\" from QUIC's socket %v", got[:n], from, err, udp.LocalAddr())
	}
	if side.LocalAddr().String() != udp.LocalAddr().String() {
		t.Fatalf("local address %v, want the socket's %v", side.LocalAddr(), udp.LocalAddr())
	}
}
