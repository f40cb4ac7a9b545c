package lobby

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"
)

// fakeClock is the server's clock in these tests: rate limiters refill
// and rooms age only when the test says.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func newFakeClock() *fakeClock { return &fakeClock{t: time.Unix(2e9, 0)} }

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *fakeClock) Advance(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// from is an HTTP client whose connections come from ip (any 127.x.y.z
// is this machine's loopback), so one test plays many addresses.
func from(ip string) *http.Client {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}, Timeout: 5 * time.Second}
	return &http.Client{Transport: &http.Transport{DialContext: d.DialContext, MaxIdleConnsPerHost: 2}, Timeout: 10 * time.Second}
}

// raw posts body to path and returns the HTTP status and the reason.
func raw(t testing.TB, hc *http.Client, addr, path string, body []byte) (int, string) {
	t.Helper()
	resp, err := hc.Post("http://"+addr+path, "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatalf("POST %s: %v", path, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(io.LimitReader(resp.Body, maxReply))
	var e errorReply
	_ = json.Unmarshal(b, &e)
	return resp.StatusCode, e.Reason
}

func randomRoom() string {
	var b [roomIDLen]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

func joinBody(room string, create bool) []byte {
	return mustJSON(joinRequest{V: protocolVersion, Room: room, Inst: seedInst, Create: create})
}

func TestAFloodFromOneAddressIsRateLimitedCountedAndOthersAreServed(t *testing.T) {
	clock := newFakeClock()
	addr, s := serve(t, ServerConfig{Rate: 5, Now: clock.Now, PollWait: 50 * time.Millisecond})
	flooder := from("127.0.0.2")
	if code, _ := raw(t, flooder, addr, pathJoin, joinBody(randomRoom(), true)); code != http.StatusOK {
		t.Fatalf("the flooder's join: %d", code) // it holds a room: the lobby keeps its limiter
	}
	limited := 0
	for range 200 {
		if code, reason := raw(t, flooder, addr, pathPoll, mustJSON(pollRequest{Member: seedToken})); code == http.StatusTooManyRequests && reason == reasonBusy {
			limited++
		}
	}
	if burst := 2*5 + 1 - 1; limited != 200-burst {
		t.Errorf("%d of 200 requests refused, want all but the burst of %d", limited, burst)
	}
	if st := s.Stats(); st.RefusedRate != uint64(limited) {
		t.Errorf("stats count %d refusals, %d happened", st.RefusedRate, limited)
	}
	c, err := Join(testContext(t), addr, "a-patient-player", Options{HTTPClient: from("127.0.0.3"), Logger: quiet()})
	if err != nil {
		t.Fatalf("another address during the flood: %v", err)
	}
	_ = c.Close()
	clock.Advance(3 * time.Second) // the bucket refills
	if code, _ := raw(t, flooder, addr, pathPoll, mustJSON(pollRequest{Member: seedToken})); code != http.StatusNotFound {
		t.Errorf("after the refill the flooder's request got %d, want served (404 for a made-up member)", code)
	}
}

func TestRoomsPerAddressAreBoundedAndFreedWhenTheyEnd(t *testing.T) {
	clock := newFakeClock()
	addr, s := serve(t, ServerConfig{MaxRoomsPerAddr: 3, JoinRate: 1000, Now: clock.Now, RoomTTL: time.Minute})
	hc := from("127.0.0.4")
	for i := range 3 {
		if code, _ := raw(t, hc, addr, pathJoin, joinBody(randomRoom(), true)); code != http.StatusOK {
			t.Fatalf("room %d refused with %d", i, code)
		}
	}
	code, reason := raw(t, hc, addr, pathJoin, joinBody(randomRoom(), true))
	if code != http.StatusTooManyRequests || reason != reasonBusy || s.Stats().RefusedRoomsPerAddr != 1 {
		t.Fatalf("a fourth room: %d %q, stats %+v; want 429 busy, counted", code, reason, s.Stats())
	}
	_, err := Join(testContext(t), addr, "fourth-room-code", Options{HTTPClient: hc, Logger: quiet()})
	if !errors.Is(err, ErrBusy) {
		t.Fatalf("the client's fifth room: %v, want ErrBusy", err)
	}
	clock.Advance(time.Minute)
	s.Sweep() // the rooms expire: closed
	clock.Advance(time.Minute)
	s.Sweep() // and forgotten
	if st := s.Stats(); st.Rooms != 0 || st.Members != 0 || st.ExpiredRooms != 3 {
		t.Fatalf("after expiry: %+v, want no rooms or members and 3 expired", st)
	}
	if code, _ := raw(t, hc, addr, pathJoin, joinBody(randomRoom(), true)); code != http.StatusOK {
		t.Fatalf("a new room after the old ones ended: %d", code)
	}
}

func TestGuessingCodesFindsNothingAndIsSlowedAndCounted(t *testing.T) {
	clock := newFakeClock()
	addr, s := serve(t, ServerConfig{Now: clock.Now})
	_ = joinT(t, addr, "the-real-code", Options{HTTPClient: from("127.0.0.5")})
	guesser := from("127.0.0.6")
	unknown, slowed := 0, 0
	for range 50 {
		switch code, reason := raw(t, guesser, addr, pathJoin, joinBody(randomRoom(), false)); {
		case code == http.StatusNotFound && reason == reasonUnknown:
			unknown++
		case code == http.StatusTooManyRequests:
			slowed++
		default:
			t.Fatalf("a guess answered %d %q", code, reason)
		}
	}
	if unknown != 10 || slowed != 40 {
		t.Errorf("%d guesses answered unknown and %d slowed, want the join burst of 10 and 40", unknown, slowed)
	}
	if st := s.Stats(); st.UnknownRoom != 10 || st.RefusedJoinRate+st.RefusedRate != 40 || st.Rooms != 1 {
		t.Errorf("stats %+v: want 10 unknown, 40 rate refusals, still 1 room", st)
	}
}

func TestOversizedAndMalformedRequestsAreRefusedAndCounted(t *testing.T) {
	addr, s := serve(t, ServerConfig{Rate: 1000, JoinRate: 1000})
	hc := from("127.0.0.7")
	v := fmt.Sprint(protocolVersion)
	cases := []struct {
		path   string
		body   []byte
		code   int
		reason string
	}{
		{pathJoin, bytes.Repeat([]byte("x"), maxRequest+1), http.StatusRequestEntityTooLarge, reasonBad},
		{pathSend, append([]byte(`{"box":"`), bytes.Repeat([]byte("A"), 4*maxBox)...), http.StatusRequestEntityTooLarge, reasonBad},
		{pathJoin, []byte(`{"v":` + v + `,"room":"zz"}`), http.StatusBadRequest, reasonBad},
		{pathJoin, []byte(`{"v":1,"room":"` + randomRoom() + `","inst":"` + seedInst + `"}`), http.StatusBadRequest, reasonVersion},
		{pathJoin, mustJSON(joinRequest{V: protocolVersion, Room: randomRoom(), Inst: seedInst, Players: 99}), http.StatusBadRequest, reasonBad},
		{pathSend, mustJSON(sendRequest{Member: seedToken, To: 200, Box: seedBox()}), http.StatusBadRequest, reasonBad},
		{pathSend, mustJSON(sendRequest{Member: seedToken, To: maxSeats, Box: seedBox()}), http.StatusBadRequest, reasonBad},
		{pathSend, mustJSON(sendRequest{Member: seedToken, To: 1, Box: []byte{1}}), http.StatusBadRequest, reasonBad},
		{pathPoll, []byte("\x00\xff not json"), http.StatusBadRequest, reasonBad},
		{"/v1/nothing", []byte(`{}`), http.StatusNotFound, reasonBad},
	}
	for _, c := range cases {
		if code, reason := raw(t, hc, addr, c.path, c.body); code != c.code || reason != c.reason {
			t.Errorf("%s %.40q: %d %q, want %d %q", c.path, c.body, code, reason, c.code, c.reason)
		}
	}
	if st := s.Stats(); st.Oversized != 2 || st.Malformed != 7 || st.RefusedVersion != 1 {
		t.Errorf("stats count %d oversized, %d malformed and %d in another version, want 2, 7 and 1", st.Oversized, st.Malformed, st.RefusedVersion)
	}
	req, _ := http.NewRequest(http.MethodPost, "http://"+addr+pathPoll, nil)
	req.Header.Set("X-Big", string(bytes.Repeat([]byte("h"), 2*maxHeaderBytes)))
	resp, err := hc.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusRequestHeaderFieldsTooLarge {
		t.Errorf("oversized headers: %d, want 431", resp.StatusCode)
	}
}

func TestSlowAndSurplusConnectionsAreClosedAndCounted(t *testing.T) {
	addr, s := serveWith(t, ServerConfig{MaxConnsPerAddr: 4}, func(s *Server) { s.headerTimeout = 300 * time.Millisecond })
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP("127.0.0.8")}}
	var conns []net.Conn
	for range 10 {
		c, err := d.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		_, _ = c.Write([]byte("POST /v1/poll HTTP/1.1\r\nHost: x\r\n")) // and never the rest
		conns = append(conns, c)
	}
	closed := 0
	for _, c := range conns {
		_ = c.SetReadDeadline(time.Now().Add(5 * time.Second))
		if _, err := c.Read(make([]byte, 512)); err != nil {
			closed++ // reset at once (surplus) or after the header timeout
		}
	}
	if closed != 10 {
		t.Errorf("%d of 10 half-sent requests were closed within 5 s", closed)
	}
	if st := s.Stats(); st.RefusedConns != 6 {
		t.Errorf("stats count %d refused connections, want 6 beyond the 4 allowed", st.RefusedConns)
	}
	c, err := Join(testContext(t), addr, "after-slowloris", Options{HTTPClient: from("127.0.0.8"), Logger: quiet()})
	if err != nil {
		t.Fatalf("the same address once its slow connections were closed: %v", err)
	}
	_ = c.Close()
}

func TestAReceiverThatNeverPollsFillsOnlyItsBoundedQueue(t *testing.T) {
	addr, s := serve(t, ServerConfig{MaxQueue: 5, PollWait: 50 * time.Millisecond, Rate: 1000})
	ctx := testContext(t)
	a := joinT(t, addr, "queue-flood-code", Options{})
	b := joinT(t, addr, "queue-flood-code", Options{})
	if _, err := a.Wait(ctx, Status.Full); err != nil {
		t.Fatal(err)
	}
	a.busyBackoff = time.Millisecond
	b.stop() // b stops polling: its messages pile up at the lobby
	<-b.polled
	var err error
	sent := 0
	for ; sent < 20; sent++ {
		if err = a.Send(ctx, 1, []byte("spam")); err != nil {
			break
		}
	}
	if sent != 5 || !errors.Is(err, ErrBusy) {
		t.Fatalf("sent %d, then %v; want 5 and ErrBusy", sent, err)
	}
	if st := s.Stats(); st.RefusedQueue != 1+sendRetries || st.QueuedBytes > 5*(5<<10+64) {
		t.Fatalf("stats %+v: want the last Send and its %d repeats refused, and at most 5 boxes queued", st, sendRetries)
	}
}

func TestSilentMembersAreDroppedAndExpiredRoomsCloseForThoseWaiting(t *testing.T) {
	clock := newFakeClock()
	addr, s := serve(t, ServerConfig{Now: clock.Now, PollWait: 50 * time.Millisecond, RoomTTL: time.Minute, MemberTimeout: 10 * time.Second})
	hc := from("127.0.0.14")
	code, _ := raw(t, hc, addr, pathJoin, joinBody(randomRoom(), true)) // joins and never polls
	if code != http.StatusOK {
		t.Fatal(code)
	}
	host := joinT(t, addr, "expiry-code", Options{})
	clock.Advance(11 * time.Second)
	pollsAfter(t, s, 2) // the host polls at the new time: it is not silent
	s.Sweep()
	if st := s.Stats(); st.ExpiredMembers != 1 || st.Members != 1 {
		t.Fatalf("after 11 s: %+v, want the silent member dropped (its room closed) and the polling host kept", st)
	}
	clock.Advance(time.Minute)
	s.Sweep()
	_, _, err := host.Recv(testContext(t))
	if !errors.Is(err, ErrRoomClosed) {
		t.Fatalf("Recv in an expired room: %v, want ErrRoomClosed", err)
	}
}

func TestRoomFullAndHostLeavingAreTyped(t *testing.T) {
	// Four clients on one address poll every 50 ms, faster than the
	// default 20 requests a second: on a slow run the host's leave was
	// refused as busy. The rate is not what this test is about.
	addr, _ := serve(t, ServerConfig{PollWait: 50 * time.Millisecond, JoinRate: 100, Rate: 1000, MaxGuests: 1})
	ctx := testContext(t)
	host := joinT(t, addr, "full-room-code", Options{Players: 2})
	guest := joinT(t, addr, "full-room-code", Options{})
	if third := joinT(t, addr, "full-room-code", Options{}); third.Slot() != 2 {
		t.Fatalf("a third peer in a two-player room took seat %d, want the guest seat 2", third.Slot())
	}
	_, err := Join(ctx, addr, "full-room-code", Options{Logger: quiet()})
	if !errors.Is(err, ErrRoomFull) || !strings.Contains(err.Error(), "every guest seat is taken") {
		t.Fatalf("a fourth peer in a two-player room of one guest seat: %v, want ErrRoomFull saying the guest seats are taken", err)
	}
	other := joinT(t, addr, "three-player-code", Options{Players: 3})
	if _, err := Join(ctx, addr, "three-player-code", Options{Players: 2, Logger: quiet()}); !errors.Is(err, ErrRoomFull) {
		t.Fatalf("a two-player peer in a three-player room: %v, want ErrRoomFull", err)
	}
	_ = other
	if err := host.Close(); err != nil {
		t.Fatal(err)
	}
	if _, _, err := guest.Recv(ctx); !errors.Is(err, ErrRoomClosed) {
		t.Fatalf("the guest after the host left: %v, want ErrRoomClosed", err)
	}
	if err := guest.Send(ctx, 0, []byte("anyone?")); !errors.Is(err, ErrPeerLeft) && !errors.Is(err, ErrRoomClosed) {
		t.Fatalf("Send after the host left: %v", err)
	}
}

// A lobby that answers garbage or too much: the client fails with
// ErrProtocol, bounded, never a panic or a hang.
func TestAHostileLobbyReplyIsRefusedByTheClient(t *testing.T) {
	for name, reply := range map[string][]byte{
		"garbage":   []byte("<html>hello</html>"),
		"oversized": bytes.Repeat([]byte(" "), maxReply+10),
		"bad slot":  mustJSON(joinReply{Member: seedToken, Slot: 5, Status: seedStatus()}),
		"bad url":   mustJSON(joinReply{Member: seedToken, Slot: 0, Servers: []ICEServer{{URLs: []string{"http://x"}}}, Status: seedStatus()}),
	} {
		t.Run(name, func(t *testing.T) {
			ln, err := net.Listen("tcp", "127.0.0.1:0")
			if err != nil {
				t.Fatal(err)
			}
			srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { _, _ = w.Write(reply) })}
			go func() { _ = srv.Serve(ln) }()
			defer srv.Close()
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			if _, err := Join(ctx, ln.Addr().String(), "hostile-lobby", Options{Logger: quiet()}); !errors.Is(err, ErrProtocol) {
				t.Fatalf("Join: %v, want ErrProtocol", err)
			}
		})
	}
}

// pollsAfter waits (bounded) until n more requests reach the server.
func pollsAfter(t *testing.T, s *Server, n uint64) {
	t.Helper()
	r0 := s.Stats().Requests
	for range 500 {
		if s.Stats().Requests >= r0+n {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("no %d requests within 5 s", n)
}

// Peers that hit the lobby's rate limit slow down and carry on: a 429 on
// a poll or a send is retried, not the end of the membership.
func TestPeersRideOutTheRateLimit(t *testing.T) {
	addr, s := serve(t, ServerConfig{Rate: 1, PollWait: 20 * time.Millisecond}) // a burst of 3: the receiver's join and polls pass it
	ctx := testContext(t)
	a := joinT(t, addr, "rate-limited-code", Options{HTTPClient: from("127.0.0.30")})
	b := joinT(t, addr, "rate-limited-code", Options{HTTPClient: from("127.0.0.31")})
	if _, err := a.Wait(ctx, Status.Full); err != nil {
		t.Fatal(err)
	}
	a.stop() // the sender only sends: its messages meet the receiver's polls, which hit the limit
	<-a.polled
	for i := range 5 {
		if err := a.Send(ctx, 1, []byte{byte(i)}); err != nil {
			t.Fatalf("%v %+v", err, s.Stats())
		}
		if _, p, err := b.Recv(ctx); err != nil || p[0] != byte(i) {
			t.Fatalf("message %d: %v %v", i, p, err)
		}
	}
	if st := s.Stats(); st.RefusedRate == 0 {
		t.Fatalf("the polls never hit the limit (stats %+v): the test shows nothing", st)
	}
}

// A host that waits in its room longer than half the credentials' life
// is handed new ones, so the relay still lets it in when a guest comes.
func TestCredentialsAreRenewedWhileWaiting(t *testing.T) {
	clock := newFakeClock()
	addr, _ := serve(t, ServerConfig{Now: clock.Now, PollWait: 20 * time.Millisecond, TURN: []string{"turn:127.0.0.1:3478"}, TURNSecret: []byte("k"), TURNTTL: 10 * time.Minute, RoomTTL: time.Hour, MemberTimeout: time.Hour})
	host := joinT(t, addr, "patient-host-code", Options{})
	first := host.Servers()[0]
	clock.Advance(6 * time.Minute)
	ctx := testContext(t)
	for host.Servers()[0].Expires.Equal(first.Expires) {
		select {
		case <-ctx.Done():
			t.Fatalf("credentials expiring at %v were not renewed 6 minutes on", first.Expires)
		case <-time.After(10 * time.Millisecond):
		}
	}
	if renewed := host.Servers()[0]; !renewed.Expires.Equal(clock.Now().Add(10*time.Minute).Truncate(time.Second)) || renewed.Credential == first.Credential {
		t.Fatalf("renewed credentials %+v, want new ones expiring 10 minutes from now", renewed)
	}
}
