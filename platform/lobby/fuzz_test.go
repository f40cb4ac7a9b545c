package lobby

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// Seeds of the fuzzers: valid messages of each kind and a few broken ones.
const (
	seedRoom  = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff"
	seedInst  = "0123456789abcdef0123456789abcdef"
	seedToken = "fedcba9876543210fedcba9876543210"
)

func seedBox() []byte { return bytes.Repeat([]byte{1}, boxOverhead+4) }

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

func addSeeds(f *testing.F, seeds ...[]byte) {
	for _, s := range seeds {
		f.Add(s)
	}
	f.Add([]byte(`{}`))
	f.Add([]byte(`{"v":1} {"v":1}`))
	f.Add([]byte(`[`))
	f.Add([]byte(`{"box":"` + strings.Repeat("A", 100) + `"}`))
}

func FuzzDecodeJoin(f *testing.F) {
	addSeeds(f, mustJSON(joinRequest{V: protocolVersion, Room: seedRoom, Inst: seedInst, Players: 2, Create: true}),
		mustJSON(joinRequest{V: protocolVersion, Room: seedRoom, Inst: seedInst, Create: true, Watch: true}),
		mustJSON(joinRequest{V: 1, Room: seedRoom, Inst: seedInst, Create: true}))
	f.Fuzz(func(t *testing.T, b []byte) {
		j, err := decodeJoin(b)
		if err != nil {
			return
		}
		if j.players != 0 && !validPlayers(j.players) {
			t.Fatalf("accepted %d players", j.players)
		}
		if j.watch && j.create {
			t.Fatalf("a watcher may create: %+v", j)
		}
		again, err := decodeJoin(mustJSON(joinRequest{V: protocolVersion, Room: j.room.String(), Inst: hex.EncodeToString(j.inst[:]), Players: j.players, Create: j.create, Watch: j.watch}))
		if err != nil || again != j {
			t.Fatalf("re-encoding %+v gave %+v, %v", j, again, err)
		}
	})
}

func FuzzDecodeSend(f *testing.F) {
	addSeeds(f, mustJSON(sendRequest{Member: seedToken, To: 1, Box: seedBox()}), mustJSON(sendRequest{Member: seedToken, To: maxSeats - 1, Box: seedBox()}))
	f.Fuzz(func(t *testing.T, b []byte) {
		r, err := decodeSend(b)
		if err != nil {
			return
		}
		if !validSlot(r.To) || len(r.Box) > maxBox || len(r.Box) < boxOverhead || !validToken(r.Member) {
			t.Fatalf("accepted %+v", r)
		}
	})
}

func FuzzDecodePoll(f *testing.F) {
	addSeeds(f, mustJSON(pollRequest{Member: seedToken, Ack: 3, Ver: 9}), mustJSON(leaveRequest{Member: seedToken}))
	f.Fuzz(func(t *testing.T, b []byte) {
		if r, err := decodePoll(b); err == nil && !validToken(r.Member) {
			t.Fatalf("poll accepted token %q", r.Member)
		}
		if r, err := decodeLeave(b); err == nil && !validToken(r.Member) {
			t.Fatalf("leave accepted token %q", r.Member)
		}
	})
}

func seedStatus() statusWire {
	return statusWire{Players: 2, Members: []memberWire{{Slot: 0, Inst: seedInst}, {Slot: 1, Inst: seedInst}}, Expires: 1e9, Ver: 2}
}

// seedGuestStatus is a room of two players with guests in seats 2 and
// 17 of its 16 guest seats (the last).
func seedGuestStatus() statusWire {
	w := seedStatus()
	w.Guests = 16
	w.Members = append(w.Members, memberWire{Slot: 2, Inst: seedInst}, memberWire{Slot: 17, Inst: seedInst})
	return w
}

func FuzzDecodeJoinReply(f *testing.F) {
	servers := []ICEServer{{URLs: []string{"stun:203.0.113.1:3478"}}, {URLs: []string{"turn:203.0.113.1:3478"}, Username: "1:x", Credential: "y", Expires: time.Unix(1e9, 0)}}
	addSeeds(f, mustJSON(joinReply{Member: seedToken, Slot: 1, Servers: servers, Status: seedStatus()}),
		mustJSON(joinReply{Member: seedToken, Slot: 17, Status: seedGuestStatus()}))
	f.Fuzz(func(t *testing.T, b []byte) {
		r, st, err := decodeJoinReply(b)
		if err != nil {
			return
		}
		checkRoomState(t, st)
		if _, ok := st.insts[r.Slot]; !ok || len(r.Servers) > maxServers {
			t.Fatalf("accepted slot %d not in %v, or %d servers", r.Slot, st.Joined, len(r.Servers))
		}
	})
}

func FuzzDecodePollReply(f *testing.F) {
	addSeeds(f, mustJSON(pollReply{Msgs: []msgWire{{Seq: 1, From: 0, Box: seedBox()}}, Status: seedStatus()}),
		mustJSON(pollReply{Msgs: []msgWire{{Seq: 1, From: 17, Box: seedBox()}}, Status: seedGuestStatus()}))
	f.Fuzz(func(t *testing.T, b []byte) {
		r, st, err := decodePollReply(b)
		if err != nil {
			return
		}
		checkRoomState(t, st)
		if len(r.Msgs) > maxBatch {
			t.Fatalf("accepted %d messages", len(r.Msgs))
		}
	})
}

func checkRoomState(t *testing.T, st roomState) {
	t.Helper()
	if !validPlayers(st.Players) || st.guests < 0 || st.guests > maxGuests || len(st.Joined) > st.Players || len(st.Guests) > st.guests || len(st.insts) != len(st.Joined)+len(st.Guests) {
		t.Fatalf("accepted status %+v", st)
	}
	for i, s := range st.Joined {
		if s >= st.Players || (i > 0 && s <= st.Joined[i-1]) {
			t.Fatalf("accepted joined slots %v", st.Joined)
		}
	}
	for i, s := range st.Guests {
		if s < st.Players || s >= st.Players+st.guests || !validSlot(s) || (i > 0 && s <= st.Guests[i-1]) {
			t.Fatalf("accepted guest seats %v of %d players and %d guest seats", st.Guests, st.Players, st.guests)
		}
	}
}

func FuzzOpen(f *testing.F) {
	sec := secrets{}
	a, _ := newSealer(sec, 0, instance{1})
	b, _ := newSealer(sec, 1, instance{2})
	box, _ := a.seal(1, b.inst, []byte("candidate"))
	guest, _ := newSealer(sec, maxSeats-1, instance{3})
	fromGuest, _ := guest.seal(1, b.inst, []byte("candidate"))
	f.Add(box, 0)
	f.Add(box[:boxOverhead], 0)
	f.Add(fromGuest, maxSeats-1)
	f.Add(fromGuest, maxSeats-1+256) // the seat as a byte, were it not checked
	f.Fuzz(func(t *testing.T, box []byte, from int) {
		recv, _ := newSealer(sec, 1, instance{2})
		p, err := recv.open(from, box)
		if err == nil && (from != 0 && from != maxSeats-1 || string(p) != "candidate") {
			t.Fatalf("a box not sealed by seat 0 or the last guest seat opened from %d: %q", from, p)
		}
	})
}

// FuzzServer sends arbitrary bodies to every request of a server holding
// a room: no panic, a reply in the protocol's set, the books balanced.
func FuzzServer(f *testing.F) {
	addSeeds(f,
		mustJSON(joinRequest{V: protocolVersion, Room: seedRoom, Inst: seedInst, Create: true}),
		mustJSON(joinRequest{V: protocolVersion, Room: seedRoom, Inst: seedInst, Watch: true}),
		mustJSON(sendRequest{Member: seedToken, To: 1, Box: seedBox()}),
		mustJSON(sendRequest{Member: seedToken, To: maxSeats - 1, Box: seedBox()}),
		mustJSON(pollRequest{Member: seedToken}))
	f.Fuzz(func(t *testing.T, body []byte) {
		s, err := NewServer(ServerConfig{PollWait: time.Millisecond, Logger: quiet(), Rate: 1e6, JoinRate: 1e6})
		if err != nil {
			t.Fatal(err)
		}
		for _, path := range []string{pathJoin, pathSend, pathPoll, pathLeave} {
			w := httptest.NewRecorder()
			s.ServeHTTP(w, httptest.NewRequest(http.MethodPost, path, bytes.NewReader(body)))
			switch w.Code {
			case 200, 204, 400, 404, 409, 410, 413, 429, 503:
			default:
				t.Fatalf("%s answered %d", path, w.Code)
			}
			if w.Code >= 400 {
				var e errorReply
				if err := json.Unmarshal(w.Body.Bytes(), &e); err != nil || e.Reason == "" {
					t.Fatalf("%s refused with %q, not an error reply", path, w.Body)
				}
			}
		}
		st := s.Stats()
		if st.QueuedBytes < 0 || st.Rooms > 1 || st.Members > 1 {
			t.Fatalf("books out of balance: %+v", st)
		}
	})
}
