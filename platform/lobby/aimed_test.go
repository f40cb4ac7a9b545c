package lobby

import (
	"fmt"
	"net/http"
	"testing"
	"time"
)

// A flood that fills the room table at a normal host's load (one room
// an IPv4 address, sixteen an IPv6 /48), each room with a guest from the
// same address so that it is never lone, made every new room evict the
// oldest lone room, a real host waiting for a friend, while its own
// stayed. A room whose members all come from one address counts as lone
// now, and rooms of one party go oldest first: new hosts evict the
// flood's rooms, never each other's, and a host's friend finds the room.
func TestRoomEvictionCannotBeAimedAtHostsWaitingAlone(t *testing.T) {
	for _, v6 := range []bool{false, true} {
		t.Run(fmt.Sprintf("v6=%v", v6), func(t *testing.T) {
			clock := newFakeClock()
			const maxRooms = 20
			s, err := NewServer(ServerConfig{Logger: quiet(), Now: clock.Now, MaxRooms: maxRooms, JoinRate: 1e6, Rate: 1e6})
			if err != nil {
				t.Fatal(err)
			}
			attacker := func(i int) string {
				if v6 {
					return fmt.Sprintf("[2001:db8:%x:%x::1]:4000", i/16, i%16) // 16 rooms a /48
				}
				return v4(i)
			}
			for i := range maxRooms - 2 { // the flood, each room with its own guest
				room, addr := randomRoom(), attacker(i)
				if code, e, _ := call(s, addr, pathJoin, joinBody(room, true)); code != http.StatusOK {
					t.Fatalf("flood room %d: %d %+v", i, code, e)
				}
				if code, e, _ := call(s, addr, pathJoin, joinBody(room, false)); code != http.StatusOK {
					t.Fatalf("flood guest %d: %d %+v", i, code, e)
				}
				clock.Advance(time.Second)
			}
			hosts := make([]string, 10) // real hosts, each waiting for a friend
			for i := range hosts {
				hosts[i] = randomRoom()
				if code, e, _ := call(s, fmt.Sprintf("192.0.2.%d:5000", 10+i), pathJoin, joinBody(hosts[i], true)); code != http.StatusOK {
					t.Fatalf("host %d while the flood holds the table: %d %+v, want a room", i, code, e)
				}
				clock.Advance(time.Second)
			}
			for i, room := range hosts {
				if code, e, _ := call(s, fmt.Sprintf("198.51.100.%d:6000", 10+i), pathJoin, joinBody(room, false)); code != http.StatusOK {
					t.Fatalf("host %d's friend: %d %+v, want their room (%d rooms evicted)", i, code, e, s.Stats().EvictedRooms)
				}
			}
			if st := s.Stats(); st.Rooms != maxRooms || st.EvictedRooms != uint64(len(hosts)-2) {
				t.Fatalf("%d rooms held, %d evicted: want %d held and %d of the flood's evicted", st.Rooms, st.EvictedRooms, maxRooms, len(hosts)-2)
			}
		})
	}
}
