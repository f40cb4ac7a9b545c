package lobby

import (
	"bytes"
	"fmt"
	"net/http"
	"net/http/httptest"
	"runtime"
	"sync"
	"testing"
	"time"
)

// A flood of room creations from hundreds of addresses: the lobby holds
// MaxRooms, makes room for creators past them by evicting rooms of the
// addresses holding most, refuses what is over an address's own limit,
// and counts all of it.
func TestAFloodOfRoomsFromManyAddressesIsHeldAtMaxRooms(t *testing.T) {
	const maxRooms, addrs, perAddr = 300, 100, 5
	clock := newFakeClock()
	addr, s := serve(t, ServerConfig{MaxRooms: maxRooms, MaxRoomsPerAddr: 4, Now: clock.Now})
	var wg sync.WaitGroup
	var mu sync.Mutex
	codes := map[int]int{}
	for i := range addrs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			hc := from(fmt.Sprintf("127.0.%d.%d", 1+i/200, 20+i%200))
			for range perAddr {
				code, _ := raw(t, hc, addr, pathJoin, joinBody(randomRoom(), true))
				mu.Lock()
				codes[code]++
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	st := s.Stats()
	t.Logf("flood of %d creations from %d addresses: %v; stats %+v", addrs*perAddr, addrs, codes, st)
	accepted := codes[http.StatusOK]
	if st.Rooms != maxRooms || st.RoomsMax != maxRooms || st.EvictedRooms != uint64(accepted-maxRooms) {
		t.Fatalf("held %d rooms (most %d), %d accepted, %d evicted; want exactly MaxRooms %d held and one evicted for each accepted past them", st.Rooms, st.RoomsMax, accepted, st.EvictedRooms, maxRooms)
	}
	if refused := st.RefusedRooms + st.RefusedRoomsPerAddr; refused != uint64(addrs*perAddr-accepted) || codes[http.StatusServiceUnavailable]+codes[http.StatusTooManyRequests] != addrs*perAddr-accepted {
		t.Fatalf("%d refusals counted, %v answered; want %d", refused, codes, addrs*perAddr-accepted)
	}
	clock.Advance(time.Minute) // members silent: dropped, rooms closed
	s.Sweep()
	clock.Advance(time.Minute)
	s.Sweep()
	if st := s.Stats(); st.Rooms != 0 || st.Members != 0 {
		t.Fatalf("after the flooders went silent: %d rooms, %d members held", st.Rooms, st.Members)
	}
}

// BenchmarkRoomMemory measures the heap a room with its host costs the
// lobby (bytes/room), and with two members whose queues are full
// (bytes/full-room): the most a room can cost.
func BenchmarkRoomMemory(b *testing.B) {
	const n = 2000
	for b.Loop() {
		empty := roomBytes(b, n, false)
		full := roomBytes(b, n/10, true)
		b.ReportMetric(empty, "bytes/room")
		b.ReportMetric(full, "bytes/full-room")
	}
}

// TestRoomMemoryIsBounded holds the measured cost of a room under a
// ceiling the limits promise: a few KiB for a waiting host, and two
// members' full queues at most for a busy room.
func TestRoomMemoryIsBounded(t *testing.T) {
	empty := worstRoomBytes(t, 1000, false)
	full := worstRoomBytes(t, 40, true)
	t.Logf("heap per room: %.0f bytes with its host, %.0f with two members and full queues", empty, full)
	if empty > 8<<10 {
		t.Errorf("a waiting room costs %.0f bytes, want under 8 KiB", empty)
	}
	if limit := float64(2*32*(5<<10+64) + 16<<10); full > limit { // a box's allocation rounds up to 4.75 KiB
		t.Errorf("a full room costs %.0f bytes, want under %.0f (two full queues)", full, limit)
	}
}

// roomBytes creates n rooms in a fresh server (through ServeHTTP, as
// requests would) and returns the heap growth per room. The server's
// clock moves a millisecond each time it is read, so its rate limiters
// (bursts of ten joins) refill between requests whatever the system
// clock's grain: Go's clock on Windows moves with the timer interrupt,
// in steps of 0.5 to 15.6 ms, and with it the eleventh join of one step
// was refused as busy.
func roomBytes(tb testing.TB, n int, fill bool) float64 {
	tb.Helper()
	clock := newFakeClock()
	now := func() time.Time { clock.Advance(time.Millisecond); return clock.Now() }
	s, err := NewServer(ServerConfig{Logger: quiet(), MaxRoomsPerAddr: n, MaxMembersPerAddr: 2 * n, MaxQueuedPerAddr: 1 << 30, Rate: 1e9, JoinRate: 1e9, Now: now})
	if err != nil {
		tb.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	for range n {
		room := randomRoom()
		host := handlerJoin(tb, s, room)
		if fill {
			guest := handlerJoin(tb, s, room)
			for range 32 {
				handlerSend(tb, s, host, 1)
				handlerSend(tb, s, guest, 0)
			}
		}
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	runtime.KeepAlive(s)
	return (float64(after.HeapAlloc) - float64(before.HeapAlloc)) / float64(n)
}

// worstRoomBytes is the largest of three measurements: memory freed by
// goroutines of earlier tests can only make one look smaller.
func worstRoomBytes(tb testing.TB, n int, fill bool) float64 {
	return max(roomBytes(tb, n, fill), roomBytes(tb, n, fill), roomBytes(tb, n, fill))
}

func handlerJoin(tb testing.TB, s *Server, room string) string {
	w := httptest.NewRecorder()
	s.ServeHTTP(w, httptest.NewRequest(http.MethodPost, pathJoin, bytes.NewReader(joinBody(room, true))))
	rep, _, err := decodeJoinReply(w.Body.Bytes())
	if w.Code != http.StatusOK || err != nil {
		tb.Fatalf("join: %d %s %v", w.Code, w.Body, err)
	}
	return rep.Member
}

func handlerSend(tb testing.TB, s *Server, member string, to int) {
	w := httptest.NewRecorder()
	body := mustJSON(sendRequest{Member: member, To: to, Box: make([]byte, maxBox)})
	s.ServeHTTP(w, httptest.NewRequest(http.MethodPost, pathSend, bytes.NewReader(body)))
	if w.Code != http.StatusNoContent {
		tb.Fatalf("send: %d %s", w.Code, w.Body)
	}
}

// BenchmarkFloodDefaults floods a lobby with its default limits from
// 3,000 addresses making 4 rooms each and a guess each: it reports the
// most rooms held, the refusals and the heap they cost (rooms, members
// and per-address limiters together).
func BenchmarkFloodDefaults(b *testing.B) {
	for b.Loop() {
		s, err := NewServer(ServerConfig{Logger: quiet()})
		if err != nil {
			b.Fatal(err)
		}
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		for i := range 3000 {
			remote := fmt.Sprintf("10.%d.%d.1:4000", i/250, i%250)
			for j := range 5 {
				req := httptest.NewRequest(http.MethodPost, pathJoin, bytes.NewReader(joinBody(randomRoom(), j < 4)))
				req.RemoteAddr = remote
				s.ServeHTTP(httptest.NewRecorder(), req)
			}
		}
		runtime.GC()
		runtime.ReadMemStats(&after)
		st := s.Stats()
		b.ReportMetric(float64(st.RoomsMax), "rooms_max")
		b.ReportMetric(float64(st.RefusedRooms+st.RefusedRoomsPerAddr), "refused")
		b.ReportMetric(float64(st.UnknownRoom), "unknown")
		b.ReportMetric((float64(after.HeapAlloc)-float64(before.HeapAlloc))/float64(st.Rooms), "bytes/room")
		b.ReportMetric((float64(after.HeapAlloc)-float64(before.HeapAlloc))/(1<<20), "heap_MiB")
		runtime.KeepAlive(s)
	}
}
