package lobby

import (
	"errors"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"
)

// A peer coming when every player seat is taken takes the lowest guest
// seat, is in the room's status as a guest, and exchanges sealed
// messages with the host both ways.
func TestAJoinTakesAGuestSeatWhenThePlayerSeatsAreFull(t *testing.T) {
	addr, s := serve(t, ServerConfig{PollWait: 50 * time.Millisecond, JoinRate: 100, Rate: 1000})
	ctx := testContext(t)
	host := joinT(t, addr, "guest-seat-code", Options{Players: 2})
	joinT(t, addr, "guest-seat-code", Options{})
	guest := joinT(t, addr, "guest-seat-code", Options{})
	if guest.Slot() != 2 {
		t.Fatalf("a third peer in a two-player room took seat %d, want the first guest seat, 2", guest.Slot())
	}
	st, err := host.Wait(ctx, func(s Status) bool { return len(s.Guests) == 1 })
	if err != nil || !st.Full() || !slices.Equal(st.Joined, []int{0, 1}) || !slices.Equal(st.Guests, []int{2}) {
		t.Fatalf("the host's status %+v, %v: want players 0 and 1 and the guest 2", st, err)
	}
	if err := host.Send(ctx, 2, []byte("welcome back")); err != nil {
		t.Fatal(err)
	}
	if from, p, err := guest.Recv(ctx); err != nil || from != 0 || string(p) != "welcome back" {
		t.Fatalf("the guest's Recv = %d %q %v", from, p, err)
	}
	if err := guest.Send(ctx, 0, []byte("my offer")); err != nil {
		t.Fatal(err)
	}
	if from, p, err := host.Recv(ctx); err != nil || from != 2 || string(p) != "my offer" {
		t.Fatalf("the host's Recv = %d %q %v", from, p, err)
	}
	if st := s.Stats(); st.Joins != 3 || st.GuestJoins != 1 || st.WatchJoins != 0 {
		t.Errorf("stats count %d joins, %d guests, %d watchers: want 3, 1, 0", st.Joins, st.GuestJoins, st.WatchJoins)
	}
}

// A watcher takes a guest seat even with a player seat free, and never
// makes a room.
func TestAWatcherNeverTakesAPlayerSeatNorCreates(t *testing.T) {
	addr, s := serve(t, ServerConfig{PollWait: 50 * time.Millisecond, JoinRate: 100, Rate: 1000})
	ctx := testContext(t)
	_, err := Join(ctx, addr, "nobody-here-code", Options{Watch: true, Logger: quiet()})
	if !errors.Is(err, ErrCodeUnknown) {
		t.Fatalf("watching a code nobody hosts: %v, want ErrCodeUnknown", err)
	}
	if st := s.Stats(); st.RoomsCreated != 0 || st.Rooms != 0 {
		t.Fatalf("a watcher made a room: %+v", st)
	}
	host := joinT(t, addr, "watched-code", Options{Players: 3})
	watcher := joinT(t, addr, "watched-code", Options{Watch: true})
	if watcher.Slot() != 3 {
		t.Fatalf("a watcher of a three-player room with two player seats free took seat %d, want 3", watcher.Slot())
	}
	if player := joinT(t, addr, "watched-code", Options{}); player.Slot() != 1 {
		t.Fatalf("a player after the watcher took seat %d, want 1", player.Slot())
	}
	st, err := host.Wait(ctx, func(s Status) bool { return len(s.Joined) == 2 && len(s.Guests) == 1 })
	if err != nil || st.Full() || !slices.Equal(st.Guests, []int{3}) {
		t.Fatalf("the host's status %+v, %v: want players 0 and 1 and the watcher 3, not full", st, err)
	}
	if st := s.Stats(); st.WatchJoins != 1 || st.GuestJoins != 1 || st.UnknownRoom != 1 {
		t.Errorf("stats %+v: want one watch join, one guest join, one unknown room", st)
	}
}

// Guest seats are MaxGuests: one more is refused as full, saying the
// guest seats are taken, and a guest leaving frees its seat for the next.
func TestGuestSeatsAreBoundedAndFreedByLeaving(t *testing.T) {
	addr, s := serve(t, ServerConfig{PollWait: 50 * time.Millisecond, JoinRate: 100, Rate: 1000, MaxGuests: 2})
	ctx := testContext(t)
	joinT(t, addr, "bounded-guests", Options{Players: 2})
	joinT(t, addr, "bounded-guests", Options{})
	first := joinT(t, addr, "bounded-guests", Options{})
	if second := joinT(t, addr, "bounded-guests", Options{Watch: true}); first.Slot() != 2 || second.Slot() != 3 {
		t.Fatalf("guests in seats %d and %d, want 2 and 3", first.Slot(), second.Slot())
	}
	for _, o := range []Options{{}, {Watch: true}} {
		o.Logger = quiet()
		_, err := Join(ctx, addr, "bounded-guests", o)
		if !errors.Is(err, ErrRoomFull) || !strings.Contains(err.Error(), "every guest seat is taken") {
			t.Fatalf("a third guest (watching %v): %v, want ErrRoomFull saying the guest seats are taken", o.Watch, err)
		}
	}
	if st := s.Stats(); st.RefusedGuests != 2 || st.Full != 2 {
		t.Errorf("stats count %d refused guests of %d full, want 2 of 2", st.RefusedGuests, st.Full)
	}
	if err := first.Close(); err != nil {
		t.Fatal(err)
	}
	if next := joinT(t, addr, "bounded-guests", Options{}); next.Slot() != 2 {
		t.Fatalf("the next guest took seat %d, want the freed seat 2", next.Slot())
	}
}

// Guests are memberships: they count against MaxMembersPerAddr.
func TestGuestsCountAgainstTheAddressesMembers(t *testing.T) {
	s, err := NewServer(ServerConfig{Logger: quiet(), JoinRate: 100, MaxMembersPerAddr: 3})
	if err != nil {
		t.Fatal(err)
	}
	room := randomRoom()
	for i, want := range []int{http.StatusOK, http.StatusOK, http.StatusOK, http.StatusTooManyRequests} {
		if code, e, _ := call(s, "192.0.2.7:1", pathJoin, joinBody(room, true)); code != want {
			t.Fatalf("join %d from one address: %d %+v, want %d", i, code, e, want)
		}
	}
	if st := s.Stats(); st.GuestJoins != 1 || st.RefusedMembers != 1 {
		t.Errorf("stats count %d guests and %d refused members, want 1 and 1", st.GuestJoins, st.RefusedMembers)
	}
}

// joinAt joins room through the handler from remote and returns the
// member's token, or fails the test.
func joinAt(t *testing.T, s *Server, remote, room string, create bool) string {
	t.Helper()
	return joinWith(t, s, remote, joinBody(room, create))
}

func joinWith(t *testing.T, s *Server, remote string, body []byte) string {
	t.Helper()
	code, e, b := call(s, remote, pathJoin, body)
	rep, _, err := decodeJoinReply(b)
	if code != http.StatusOK || err != nil {
		t.Fatalf("join from %s: %d %+v %v", remote, code, e, err)
	}
	return rep.Member
}

// pollAt polls as member and returns the HTTP status and the room's
// status in the reply.
func pollAt(t *testing.T, s *Server, member string) (int, roomState) {
	t.Helper()
	code, _, b := call(s, "192.0.2.1:1", pathPoll, mustJSON(pollRequest{Member: member, Ver: 1 << 60}))
	if code != http.StatusOK {
		return code, roomState{}
	}
	_, st, err := decodePollReply(b)
	if err != nil {
		t.Fatalf("poll reply: %v", err)
	}
	return code, st
}

func roomClosed(s *Server, room roomID) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	r := s.rooms[room]
	return r == nil || !r.closed.IsZero()
}

// underWay makes a room whose two player seats were taken and whose
// player left again: only its host is in it.
func underWay(t *testing.T, s *Server) (host string, room roomID) {
	t.Helper()
	id := randomRoom()
	host = joinAt(t, s, "192.0.2.1:1", id, true)
	player := joinAt(t, s, "192.0.2.2:1", id, false)
	if code, e, _ := call(s, "192.0.2.2:1", pathLeave, mustJSON(leaveRequest{Member: player})); code != http.StatusNoContent {
		t.Fatalf("the player's leave: %d %+v", code, e)
	}
	return host, mustRoom(t, id)
}

func underWayConfig(clock *fakeClock) ServerConfig {
	return ServerConfig{Logger: quiet(), Now: clock.Now, PollWait: time.Millisecond, RoomTTL: 10 * time.Minute,
		LoneRoomTTL: 3 * time.Minute, SessionTTL: time.Hour, MemberTimeout: 30 * time.Second, JoinRate: 100}
}

// A room under way with only its host in it lives past LoneRoomTTL and
// RoomTTL while the host polls, and ends at SessionTTL: a later join
// hears that the game has started or ended.
func TestARoomUnderWayLivesWhileItsHostPollsUntilSessionTTL(t *testing.T) {
	clock := newFakeClock()
	s, err := NewServer(underWayConfig(clock))
	if err != nil {
		t.Fatal(err)
	}
	created := clock.Now()
	host, room := underWay(t, s)
	for clock.Now().Sub(created) < time.Hour-20*time.Second {
		clock.Advance(20 * time.Second)
		code, st := pollAt(t, s, host)
		s.Sweep()
		want := clock.Now().Add(10 * time.Minute)
		if end := created.Add(time.Hour); want.After(end) {
			want = end
		}
		if code != http.StatusOK || roomClosed(s, room) || !st.Expires.Equal(want) {
			t.Fatalf("%v after creation, the host polling: %d, closed %v, expires %v; want open until %v", clock.Now().Sub(created), code, roomClosed(s, room), st.Expires, want)
		}
	}
	clock.Advance(20 * time.Second)
	pollAt(t, s, host)
	s.Sweep()
	if !roomClosed(s, room) || s.Stats().ExpiredRooms != 1 || s.Stats().ExpiredLoneRooms != 0 {
		t.Fatalf("at SessionTTL: closed %v, stats %+v; want closed by age", roomClosed(s, room), s.Stats())
	}
	if code, _ := pollAt(t, s, host); code != http.StatusGone {
		t.Errorf("the host's poll at SessionTTL: %d, want %d", code, http.StatusGone)
	}
	if code, e, _ := call(s, "192.0.2.3:1", pathJoin, joinBody(hexOf(room), true)); code != http.StatusGone || e.Reason != reasonClosed {
		t.Errorf("a join at SessionTTL: %d %+v, want the room closed", code, e)
	}
}

func hexOf(r roomID) string { return r.String() }

// A room under way ends when its host leaves, or falls silent for
// MemberTimeout, as a room does before it is under way.
func TestARoomUnderWayEndsWithItsHost(t *testing.T) {
	clock := newFakeClock()
	s, err := NewServer(underWayConfig(clock))
	if err != nil {
		t.Fatal(err)
	}
	left, leftRoom := underWay(t, s)
	silent, silentRoom := underWay(t, s)
	clock.Advance(5 * time.Minute) // past LoneRoomTTL: both hosts polling
	pollAt(t, s, left)
	pollAt(t, s, silent)
	s.Sweep()
	if roomClosed(s, leftRoom) || roomClosed(s, silentRoom) {
		t.Fatal("a room under way closed past LoneRoomTTL while its host polls")
	}
	clock.Advance(31 * time.Second) // the other host silent past MemberTimeout
	pollAt(t, s, left)
	if code, e, _ := call(s, "192.0.2.1:1", pathLeave, mustJSON(leaveRequest{Member: left})); code != http.StatusNoContent {
		t.Fatalf("the host's leave: %d %+v", code, e)
	}
	s.Sweep()
	if !roomClosed(s, leftRoom) || !roomClosed(s, silentRoom) || s.Stats().ExpiredMembers != 1 {
		t.Fatalf("closed %v (host left) and %v (host silent), stats %+v: want both closed", roomClosed(s, leftRoom), roomClosed(s, silentRoom), s.Stats())
	}
	for _, room := range []roomID{leftRoom, silentRoom} {
		if code, e, _ := call(s, "192.0.2.3:1", pathJoin, joinBody(hexOf(room), true)); code != http.StatusGone || e.Reason != reasonClosed {
			t.Errorf("a join after the host went: %d %+v, want the room closed", code, e)
		}
	}
}

// A room that never had every player seat taken is not under way: its
// host's polls keep it from neither LoneRoomTTL nor RoomTTL (a watcher
// does not put it under way).
func TestARoomNotUnderWayLivesAsBefore(t *testing.T) {
	clock := newFakeClock()
	s, err := NewServer(underWayConfig(clock))
	if err != nil {
		t.Fatal(err)
	}
	lone, watched := randomRoom(), randomRoom()
	loneHost := joinAt(t, s, "192.0.2.1:1", lone, true)
	watchedHost := joinAt(t, s, "192.0.2.1:1", watched, true)
	watcher := joinWith(t, s, "192.0.2.2:1", mustJSON(joinRequest{V: protocolVersion, Room: watched, Inst: seedInst, Watch: true}))
	created := clock.Now()
	closedAt := map[string]time.Duration{}
	for clock.Now().Sub(created) < 11*time.Minute {
		clock.Advance(20 * time.Second)
		pollAt(t, s, loneHost)
		pollAt(t, s, watchedHost)
		pollAt(t, s, watcher)
		s.Sweep()
		for _, id := range []string{lone, watched} {
			if _, ok := closedAt[id]; !ok && roomClosed(s, mustRoom(t, id)) {
				closedAt[id] = clock.Now().Sub(created)
			}
		}
	}
	if closedAt[lone] != 3*time.Minute || closedAt[watched] != 10*time.Minute {
		t.Fatalf("the lone room closed after %v, the watched one after %v: want LoneRoomTTL (3m) and RoomTTL (10m)", closedAt[lone], closedAt[watched])
	}
}

// A game of an older protocol (version 1 knew no guest seats) is told to
// update, and so is this one by a lobby of another version.
func TestAnotherProtocolVersionIsToldToUpdateTheGame(t *testing.T) {
	s, err := NewServer(ServerConfig{Logger: quiet()})
	if err != nil {
		t.Fatal(err)
	}
	code, e, _ := call(s, "192.0.2.1:1", pathJoin, mustJSON(joinRequest{V: 1, Room: randomRoom(), Inst: seedInst, Create: true}))
	if code != http.StatusBadRequest || e.Reason != reasonVersion || !strings.Contains(e.Message, "update the game") {
		t.Fatalf("a version 1 join: %d %+v, want a refusal saying to update the game", code, e)
	}
	if st := s.Stats(); st.RefusedVersion != 1 || st.Malformed != 0 {
		t.Errorf("stats count %d in another version and %d malformed, want 1 and 0", st.RefusedVersion, st.Malformed)
	}
	addr := fakeLobby(t, func(w http.ResponseWriter, _ *http.Request) {
		refuse(w, http.StatusBadRequest, reasonVersion, "speaks 3")
	})
	_, err = Join(shortContext(t), addr, "versioned-code", Options{Logger: quiet()})
	if !errors.Is(err, ErrProtocol) || !strings.Contains(err.Error(), "update the game") {
		t.Fatalf("Join at a lobby of another version: %v, want ErrProtocol saying to update the game", err)
	}
}
