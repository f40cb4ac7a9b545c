package xvfb

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"strings"
	"testing"
	"time"
)

// connects is how many clients connect one after another, each leaving
// before the next comes: a server that resets when its last client
// leaves dropped about one in five of them (1,500 tries at load 11-15:
// "connection reset by peer" or closed unanswered); with -noreset none.
const connects = 300

// The private servers do not reset between clients: a test's second
// window (or xdotool, or a child process) finds the display it was given.
func TestServersDoNotResetBetweenClients(t *testing.T) {
	s := Start(t)
	for i := range connects {
		if err := connectX(s.Display, ""); err != nil {
			t.Fatalf("client %d of %d on %s: %v: a server that resets when its last client leaves drops a client that comes meanwhile (start it with -noreset)", i+1, connects, s.Display, err)
		}
	}
}

// The shared display of the Makefile's X11 pass (xvfb-run) does not reset
// between clients either: each X11 test's window is the only client, and
// the next test's came while the server reset ("DISPLAY=:99 could not be
// opened" in TestX11TitleAndIconReachTheServer, 1 X11 pass in 7 beside the
// race pass).
func TestX11SharedDisplayDoesNotResetBetweenClients(t *testing.T) {
	display := os.Getenv("DISPLAY")
	if display == "" {
		if os.Getenv("LOCKSTEP_X11") == "1" {
			t.Fatal("LOCKSTEP_X11=1 but DISPLAY is unset: the X11 pass must run under xvfb-run -a")
		}
		t.Skip("no DISPLAY: the Makefile's test-x11 runs this under xvfb-run -a")
	}
	for i := range connects {
		if err := connectX(display, os.Getenv("XAUTHORITY")); err != nil {
			t.Fatalf("client %d of %d on DISPLAY=%s: %v: a server that resets when its last client leaves drops a client that comes meanwhile (give xvfb-run -s \"-noreset ...\")", i+1, connects, display, err)
		}
	}
}

// connectX opens an X connection to display (":N") as Xlib does (the
// abstract socket, else the file), with the MIT-MAGIC-COOKIE-1 for it from
// the file xauthority ("": none), reads the server's answer to the
// connection setup and closes the connection.
func connectX(display, xauthority string) error {
	number, ok := strings.CutPrefix(display, ":")
	if !ok {
		return fmt.Errorf("display %q: want :N", display)
	}
	number, _, _ = strings.Cut(number, ".")
	var name, cookie []byte
	if xauthority != "" {
		var err error
		if cookie, err = readCookie(xauthority, number); err != nil {
			return err
		}
		name = []byte("MIT-MAGIC-COOKIE-1")
	}
	c, err := net.Dial("unix", "@/tmp/.X11-unix/X"+number)
	if err != nil {
		if c, err = net.Dial("unix", "/tmp/.X11-unix/X"+number); err != nil {
			return err
		}
	}
	defer c.Close()
	if err := c.SetDeadline(time.Now().Add(30 * time.Second)); err != nil {
		return err
	}
	var req bytes.Buffer
	req.Write([]byte{'l', 0})
	for _, v := range []uint16{11, 0, uint16(len(name)), uint16(len(cookie)), 0} {
		_ = binary.Write(&req, binary.LittleEndian, v)
	}
	req.Write(padded(name))
	req.Write(padded(cookie))
	if _, err := c.Write(req.Bytes()); err != nil {
		return err
	}
	head := make([]byte, 8)
	if _, err := io.ReadFull(c, head); err != nil {
		return fmt.Errorf("no answer to the connection setup: %w", err)
	}
	if head[0] != 1 {
		reason := make([]byte, head[1])
		_, _ = io.ReadFull(c, reason)
		return fmt.Errorf("refused: %q", strings.TrimSpace(string(reason)))
	}
	return nil
}

func padded(b []byte) []byte { return append(b, make([]byte, (4-len(b)%4)%4)...) }

// readCookie returns the MIT-MAGIC-COOKIE-1 for display number in the
// Xauthority file at path (entries: family, address, number, name, data,
// each but the family a 16-bit big-endian length and its bytes).
func readCookie(path, number string) ([]byte, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read the X authority file: %w", err)
	}
	field := func() ([]byte, bool) {
		if len(b) < 2 || len(b) < 2+int(binary.BigEndian.Uint16(b)) {
			return nil, false
		}
		n := int(binary.BigEndian.Uint16(b))
		f := b[2 : 2+n]
		b = b[2+n:]
		return f, true
	}
	for len(b) >= 2 {
		b = b[2:] // family
		var f [4][]byte
		for i := range f {
			var ok bool
			if f[i], ok = field(); !ok {
				return nil, errors.New("the X authority file " + path + " is cut short")
			}
		}
		if string(f[1]) == number && string(f[2]) == "MIT-MAGIC-COOKIE-1" {
			return f[3], nil
		}
	}
	return nil, fmt.Errorf("no MIT-MAGIC-COOKIE-1 for display :%s in %s", number, path)
}
