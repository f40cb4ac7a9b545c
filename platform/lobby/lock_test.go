package lobby

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// These tests play the round-5 attacks that locked the lobby for
// everyone, scaled down, through the handler with a settable remote
// address (many addresses in one process) or on loopback addresses.

// call is one request from remote through the handler: the status and
// the refusal, if any.
func call(s *Server, remote, path string, body []byte) (int, errorReply, []byte) {
	req := httptest.NewRequest(http.MethodPost, path, bytes.NewReader(body))
	req.RemoteAddr = remote
	w := httptest.NewRecorder()
	s.ServeHTTP(w, req)
	var e errorReply
	_ = json.Unmarshal(w.Body.Bytes(), &e)
	return w.Code, e, w.Body.Bytes()
}

func v4(i int) string { return fmt.Sprintf("10.%d.%d.%d:4000", i>>16&255, i>>8&255, i&255) }

// One request from each of many addresses, polls and guesses that find
// nothing, must not lock new players out: the lobby keeps no state for
// the polls and forgets the least recently seen guessers.
func TestAFloodOfAddressesDoesNotLockOutNewPlayers(t *testing.T) {
	clock := newFakeClock()
	s, err := NewServer(ServerConfig{Logger: quiet(), Now: clock.Now, MaxAddrs: 500})
	if err != nil {
		t.Fatal(err)
	}
	for i := range 3000 {
		if code, _, _ := call(s, v4(i), pathPoll, mustJSON(pollRequest{Member: seedToken})); code != http.StatusNotFound {
			t.Fatalf("poll %d for a made-up member: %d, want 404", i, code)
		}
		if code, _, _ := call(s, v4(100000+i), pathJoin, joinBody(randomRoom(), false)); code != http.StatusNotFound {
			t.Fatalf("guess %d: %d, want 404", i, code)
		}
	}
	s.mu.Lock()
	tracked := len(s.addrs)
	s.mu.Unlock()
	if tracked > 500 {
		t.Errorf("%d addresses tracked after the flood, want at most MaxAddrs 500", tracked)
	}
	code, e, _ := call(s, "192.0.2.77:5000", pathJoin, joinBody(randomRoom(), true))
	if code != http.StatusOK {
		t.Fatalf("a new player after the flood: %d %+v, want served", code, e)
	}
}

// The /64s of one IPv6 /48 count together: a /48 holds at most 16
// times one address's rooms, a /56 4 times.
func TestTheSlash64sOfOneSlash48CountTogether(t *testing.T) {
	s, err := NewServer(ServerConfig{Logger: quiet(), MaxRoomsPerAddr: 2})
	if err != nil {
		t.Fatal(err)
	}
	made := 0
	for i := range 256 { // /64s 2001:db8:7:XX00::/64 spread over the /56s of one /48
		remote := fmt.Sprintf("[2001:db8:7:%x::1]:4000", i<<8|i&3)
		for range 2 {
			if code, _, _ := call(s, remote, pathJoin, joinBody(randomRoom(), true)); code == http.StatusOK {
				made++
			}
		}
	}
	if made != 2*16 {
		t.Errorf("one /48 made %d rooms, want 32 (16 times 2)", made)
	}
	oneSlash56 := 0
	for i := range 64 {
		remote := fmt.Sprintf("[2001:db8:8:%x::1]:4000", i)
		if code, _, _ := call(s, remote, pathJoin, joinBody(randomRoom(), true)); code == http.StatusOK {
			oneSlash56++
		}
	}
	if oneSlash56 != 2*4 {
		t.Errorf("the /64s of one /56 made %d rooms, want 8 (4 times 2)", oneSlash56)
	}
	if code, _, _ := call(s, "[2001:db8:9::1]:4000", pathJoin, joinBody(randomRoom(), true)); code != http.StatusOK {
		t.Errorf("another /48: %d, want served", code)
	}
}

// Flooders filling queues get their share of the message budget, not
// all of it: a pair that meets later still exchanges its messages. A
// refused message does not keep its sender alive.
func TestQueuedMessagesAreSharedPerAddress(t *testing.T) {
	clock := newFakeClock()
	s, err := NewServer(ServerConfig{Logger: quiet(), Now: clock.Now, MaxQueuedBytes: 64 * (maxBox + 64), Rate: 1e6, JoinRate: 1e6, MaxQueue: 1000, MemberTimeout: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	pairIn := func(remote string) (string, string) {
		room := randomRoom()
		_, _, b := call(s, remote, pathJoin, joinBody(room, true))
		host, _, err := decodeJoinReply(b)
		if err != nil {
			t.Fatal(err)
		}
		_, _, b = call(s, remote, pathJoin, joinBody(room, false))
		guest, _, err := decodeJoinReply(b)
		if err != nil {
			t.Fatal(err)
		}
		return host.Member, guest.Member
	}
	send := func(remote, member string, to int) int {
		code, _, _ := call(s, remote, pathSend, mustJSON(sendRequest{Member: member, To: to, Box: make([]byte, maxBox)}))
		return code
	}
	flooder := "198.51.100.1:4000"
	host, _ := pairIn(flooder)
	taken := 0
	for range 100 {
		if send(flooder, host, 1) == http.StatusNoContent {
			taken++
		}
	}
	if st := s.Stats(); taken == 0 || st.QueuedBytes > 128<<10 {
		t.Fatalf("one address had %d messages (%d bytes) taken of a budget of 64: want its share, 128 KiB at most", taken, st.QueuedBytes)
	}
	clock.Advance(6 * time.Second)
	for range 100 {
		send(flooder, host, 1) // all refused: the flooder's share is spent
	}
	clock.Advance(5 * time.Second)
	s.Sweep()
	if _, ok := s.members[host]; ok {
		t.Errorf("a member whose messages were all refused for 11 s is still held: a refusal counted as liveness")
	}
	a, _ := pairIn("203.0.113.1:4000")
	if code := send("203.0.113.1:4000", a, 1); code != http.StatusNoContent {
		t.Fatalf("a pair meeting after the flood could not send: %d", code)
	}
}

// A room nobody joins closes long before a room's lifetime: holding
// rooms costs a flood more than a poll every 20 s.
func TestALoneRoomClosesSoonerThanAFullOne(t *testing.T) {
	clock := newFakeClock()
	s, err := NewServer(ServerConfig{Logger: quiet(), Now: clock.Now, MemberTimeout: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	lone, full := randomRoom(), randomRoom()
	call(s, "192.0.2.1:1", pathJoin, joinBody(lone, true))
	call(s, "192.0.2.2:1", pathJoin, joinBody(full, true))
	call(s, "192.0.2.3:1", pathJoin, joinBody(full, false))
	clock.Advance(3*time.Minute + time.Second)
	s.Sweep()
	s.mu.Lock()
	loneClosed, fullClosed := !s.rooms[mustRoom(t, lone)].closed.IsZero(), !s.rooms[mustRoom(t, full)].closed.IsZero()
	s.mu.Unlock()
	if !loneClosed || fullClosed {
		t.Fatalf("after 3 minutes: lone room closed %v, full room closed %v; want only the lone one", loneClosed, fullClosed)
	}
	// Its code hosts again at once (the host running the game again, or
	// a friend arriving late), instead of "the game already started".
	if code, e, b := call(s, "192.0.2.4:1", pathJoin, joinBody(lone, true)); code != http.StatusOK {
		t.Fatalf("hosting again in a lone room that closed: %d %+v, want a room afresh", code, e)
	} else if rep, _, err := decodeJoinReply(b); err != nil || rep.Slot != 0 {
		t.Fatalf("hosting again: %+v %v, want slot 0", rep, err)
	}
	if code, e, b := call(s, "192.0.2.5:1", pathJoin, joinBody(full, true)); code != http.StatusOK {
		t.Errorf("a third peer at the full room: %d %+v, want a guest seat", code, e)
	} else if rep, _, err := decodeJoinReply(b); err != nil || rep.Slot != 2 {
		t.Errorf("a third peer at the full room: %+v %v, want the guest seat 2", rep, err)
	}
}

func mustRoom(t *testing.T, hexID string) roomID {
	var r roomID
	b, ok := parseHex(hexID, roomIDLen)
	if !ok {
		t.Fatal("bad room id")
	}
	copy(r[:], b)
	return r
}

// Every refusal for load says the lobby is busy; none tells the player
// that they sent too much (they may share an address with a flooder).
func TestBusyRefusalsBlameTheLobbyNotThePlayer(t *testing.T) {
	s, err := NewServer(ServerConfig{Logger: quiet(), Rate: 1, JoinRate: 1, MaxRoomsPerAddr: 1, MaxRooms: 2})
	if err != nil {
		t.Fatal(err)
	}
	var busy []string
	for i := range 12 {
		code, e, _ := call(s, v4(i%3), pathJoin, joinBody(randomRoom(), true))
		if code != http.StatusOK {
			busy = append(busy, e.Message)
		}
	}
	if len(busy) == 0 {
		t.Fatal("nothing refused: the test shows nothing")
	}
	for _, m := range busy {
		if !strings.Contains(m, "lobby is busy") || strings.Contains(m, "your") {
			t.Errorf("refusal %q: want the lobby's busyness, not the player's address", m)
		}
	}
}

// Idle keep-alive connections cannot take every connection: a new one
// over a bound closes the oldest idle one within it instead of being
// refused.
func TestIdleConnectionsGiveWayToNewOnes(t *testing.T) {
	addr, s := serve(t, ServerConfig{MaxConns: 8, MaxConnsPerAddr: 4})
	var holders []*http.Client
	for i := range 4 { // 4 addresses × 2 idle keep-alive connections = all 8
		for range 2 {
			hc := from(fmt.Sprintf("127.0.3.%d", 10+i))
			hc.Transport.(*http.Transport).MaxIdleConnsPerHost = 1
			raw(t, hc, addr, "/nothing", nil)
			holders = append(holders, hc)
			waitIdle(t, s, len(holders))
		}
	}
	c, err := Join(testContext(t), addr, "after-idle-flood", Options{HTTPClient: from("127.0.4.1"), Logger: quiet()})
	if err != nil {
		t.Fatalf("a player while idle connections held every place: %v", err)
	}
	_ = c.Close()
	same := from("127.0.3.10") // one address over its own bound: its oldest idle one goes
	for range 5 {
		d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP("127.0.3.10")}}
		conn, err := d.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(conn, "POST /nothing HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n")
		_, _ = conn.Read(make([]byte, 512))
		defer conn.Close()
		waitIdle(t, s, 1)
	}
	if code, _ := raw(t, same, addr, "/nothing", nil); code != http.StatusNotFound {
		t.Fatalf("the address's next request: %d", code)
	}
	if st := s.Stats(); st.RefusedConns != 0 {
		t.Errorf("%d connections refused, want idle ones closed instead", st.RefusedConns)
	}
	_ = holders
}

// waitIdle waits (bounded) until n connections are idle at the server.
func waitIdle(t *testing.T, s *Server, n int) {
	t.Helper()
	for range 500 {
		s.connMu.Lock()
		idle := s.idle.Len()
		s.connMu.Unlock()
		if idle >= n {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("fewer than %d connections idle within 5 s", n)
}

// A full room table does not keep new players out: a flood holding every
// room (2,500 addresses with 4 rooms each, at one poll a room every 20 s,
// held all 10,000) loses the room of the address holding most to each
// new creator, and its re-creations churn its own rooms, never the new
// player's.
func TestAFullRoomTableMakesRoomForANewPlayer(t *testing.T) {
	clock := newFakeClock()
	const maxRooms, flooders = 20, 5
	s, err := NewServer(ServerConfig{Logger: quiet(), Now: clock.Now, MaxRooms: maxRooms, MaxRoomsPerAddr: 4, JoinRate: 1e6, Rate: 1e6})
	if err != nil {
		t.Fatal(err)
	}
	flood := func(i int) int {
		code, _, _ := call(s, v4(i%flooders), pathJoin, joinBody(randomRoom(), true))
		return code
	}
	for i := range maxRooms {
		if code := flood(i); code != http.StatusOK {
			t.Fatalf("flood room %d: %d", i, code)
		}
	}
	player := randomRoom()
	code, e, b := call(s, "192.0.2.9:5000", pathJoin, joinBody(player, true))
	if code != http.StatusOK {
		t.Fatalf("a new player while a flood held every room: %d %+v, want a room", code, e)
	}
	host, _, err := decodeJoinReply(b)
	if err != nil {
		t.Fatal(err)
	}
	retaken := 0
	for i := range 10 * maxRooms { // the flood takes its rooms back, again and again
		switch code := flood(i); code {
		case http.StatusOK:
			retaken++
		case http.StatusTooManyRequests: // an address already holding its 4
		default:
			t.Fatalf("flood re-creation %d: %d, want one of its own rooms evicted for it", i, code)
		}
		clock.Advance(time.Second)
	}
	if code, _, _ := call(s, "192.0.2.9:5000", pathPoll, mustJSON(pollRequest{Member: host.Member})); code != http.StatusOK { // Ver 0: answered at once
		t.Fatalf("the new player's poll after the flood churned: %d, want its room still held", code)
	}
	st := s.Stats()
	if st.Rooms != maxRooms || retaken < maxRooms || st.EvictedRooms != uint64(1+retaken) || st.RefusedRooms != 0 {
		t.Fatalf("%d rooms, %d retaken, %d evicted, %d refused: want MaxRooms held, the flood churning its own (one evicted for each creation past MaxRooms), none refused", st.Rooms, retaken, st.EvictedRooms, st.RefusedRooms)
	}
	// When no address holds more than the creator, the table is full.
	fair, err := NewServer(ServerConfig{Logger: quiet(), MaxRooms: 3, JoinRate: 1e6, Rate: 1e6})
	if err != nil {
		t.Fatal(err)
	}
	for i := range 3 {
		call(fair, v4(100+i), pathJoin, joinBody(randomRoom(), true))
	}
	call(fair, v4(100), pathJoin, joinBody(randomRoom(), true)) // holds 2 now: the others' go first
	if code, e, _ := call(fair, v4(101), pathJoin, joinBody(randomRoom(), true)); code != http.StatusServiceUnavailable || e.Reason != reasonBusy {
		t.Errorf("an address holding one room, when none holds more: %d %+v, want refused as busy", code, e)
	}
}

// A message budget filled from many addresses, each within its share
// (36 addresses filled 64 MiB before there were shares; with them 512
// still can, or 32 IPv6 /48s), does not keep a new pair from exchanging
// its messages: the room holding most waiting messages has them dropped
// to make room for a room holding fewer.
func TestAFullMessageBudgetMakesRoomForANewPair(t *testing.T) {
	const box = maxBox + 64 // what one message counts
	const flooders, share = 8, 4
	s, err := NewServer(ServerConfig{Logger: quiet(), MaxQueuedBytes: flooders * share * box, MaxQueuedPerAddr: share * box, Rate: 1e6, JoinRate: 1e6, MaxQueue: 1000})
	if err != nil {
		t.Fatal(err)
	}
	pair := func(a, b string) (host, guest string) {
		room := randomRoom()
		_, _, body := call(s, a, pathJoin, joinBody(room, true))
		h, _, err := decodeJoinReply(body)
		if err != nil {
			t.Fatal(err)
		}
		_, _, body = call(s, b, pathJoin, joinBody(room, false))
		g, _, err := decodeJoinReply(body)
		if err != nil {
			t.Fatal(err)
		}
		return h.Member, g.Member
	}
	send := func(remote, member string) int {
		code, _, _ := call(s, remote, pathSend, mustJSON(sendRequest{Member: member, To: 1, Box: make([]byte, maxBox)}))
		return code
	}
	for i := range flooders {
		host, _ := pair(v4(i), v4(i))
		for range share {
			if code := send(v4(i), host); code != http.StatusNoContent {
				t.Fatalf("flooder %d within its share: %d", i, code)
			}
		}
	}
	if st := s.Stats(); st.QueuedBytes != flooders*share*box {
		t.Fatalf("%d bytes queued, want the whole budget %d", st.QueuedBytes, flooders*share*box)
	}
	host, _ := pair("203.0.113.1:4000", "203.0.113.2:4000")
	for i := range 3 {
		if code := send("203.0.113.1:4000", host); code != http.StatusNoContent {
			t.Fatalf("a new pair's message %d while the budget was full: %d, want taken", i, code)
		}
	}
	st := s.Stats()
	if st.DroppedQueues != 1 || st.QueuedBytes != (flooders-1)*share*box+3*box {
		t.Errorf("%d rooms' messages dropped, %d bytes queued: want one flooder's room emptied for the pair's 3", st.DroppedQueues, st.QueuedBytes)
	}
}
