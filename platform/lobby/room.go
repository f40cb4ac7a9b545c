package lobby

import (
	"encoding/hex"
	"time"
)

// room is one session's meeting place on the server.
type room struct {
	id      roomID
	players int
	// slots are its seats: players, then its guest seats.
	slots   []*member
	owner   string // address that created it
	created time.Time
	// underway says every player seat has been taken once: the session
	// is on, the host waits in the room for players coming back, late
	// or watching (no LoneRoomTTL; see extendLocked).
	underway bool
	// holders are the units owner counts against (holdersLocked),
	// which evictRoomLocked weighs.
	holders []*addrState
	expires time.Time
	lone    time.Time // since when it has had one member; zero with more
	// mixed: its members come from more than one address (see mixed),
	// which evictRoomLocked spares longer.
	mixed bool
	// verifier is its creator's (see verifier); nil asks joiners for no
	// proof (a room an older client made).
	verifier *[32]byte
	closed   time.Time // zero while open; swept a MemberTimeout later
	// alone says it was closed for LoneRoomTTL: hosting again with its
	// code takes the id at once (nobody else is in it to tell).
	alone  bool
	queued int    // bytes of its members' waiting messages (queuedBytes)
	ver    uint64 // rises at every change of members
	wake   chan struct{}
}

// member is one peer's place in a room.
type member struct {
	token    string
	room     *room
	slot     int
	inst     instance
	addr     string
	queue    []msgWire // messages for this member, seq ascending
	seq      uint64    // last seq given
	lastSeen time.Time
	polling  int       // polls held open now
	renew    time.Time // when its TURN credentials are due for new ones
}

func newRoom(id roomID, players, guests int, owner string, now, expires time.Time) *room {
	return &room{id: id, players: players, slots: make([]*member, players+guests), owner: owner, created: now, expires: expires, wake: make(chan struct{})}
}

// lonely is when r's time alone began: its lone time kept, or now,
// when it has one member; zero when it has more (or none), or when it
// is under way.
func lonely(r *room, now time.Time) time.Time {
	if r.underway {
		return time.Time{}
	}
	n := 0
	for _, m := range r.slots {
		if m != nil {
			n++
		}
	}
	switch {
	case n != 1:
		return time.Time{}
	case r.lone.IsZero():
		return now
	}
	return r.lone
}

// changed wakes every poll of the room; members says whether who is in
// it changed too.
func (r *room) changed(members bool) {
	if members {
		r.ver++
	}
	close(r.wake)
	r.wake = make(chan struct{})
}

// freeSlot is the lowest free player seat, or when none is (or for a
// watcher) the lowest free guest seat; -1 when none is free.
func (r *room) freeSlot(watch bool) int {
	first := 0
	if watch {
		first = r.players
	}
	for i := first; i < len(r.slots); i++ {
		if r.slots[i] == nil {
			return i
		}
	}
	return -1
}

// playersIn reports whether every player seat is taken.
func (r *room) playersIn() bool {
	for _, m := range r.slots[:r.players] {
		if m == nil {
			return false
		}
	}
	return true
}

func (r *room) empty() bool {
	for _, m := range r.slots {
		if m != nil {
			return false
		}
	}
	return true
}

func (r *room) status() statusWire {
	w := statusWire{Players: r.players, Guests: len(r.slots) - r.players, Expires: r.expires.Unix(), Ver: r.ver}
	for _, m := range r.slots {
		if m != nil {
			w.Members = append(w.Members, memberWire{Slot: m.slot, Inst: hex.EncodeToString(m.inst[:])})
		}
	}
	return w
}

// queuedBytes is what a waiting message counts against
// MaxQueuedBytes: the box and a fixed allowance for the rest.
func queuedBytes(m msgWire) int { return cap(m.Box) + 64 }
