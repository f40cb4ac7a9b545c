package lobby

import (
	"fmt"
	"strings"
	"time"
)

// The decoders below turn bytes from the network into checked values:
// every field in range, every size bounded, or errMalformed saying what.
// Both ends use them (the server on requests, the client on replies) and
// both are fuzzed.

type join struct {
	room     roomID
	inst     instance
	players  int // 0: take the room's
	create   bool
	watch    bool      // a guest seat only; never creates
	verifier *[32]byte // nil: none given
	proof    *[32]byte // nil: none given
}

// optional32 parses an optional 32-byte hex field: nil when empty.
func optional32(s, name string) (*[32]byte, error) {
	if s == "" {
		return nil, nil
	}
	b, ok := parseHex(s, 32)
	if !ok {
		return nil, fmt.Errorf("%w: %s is not 32 bytes of hex", errMalformed, name)
	}
	var v [32]byte
	copy(v[:], b)
	return &v, nil
}

func decodeJoin(b []byte) (join, error) {
	var r joinRequest
	var j join
	if err := decode(b, maxRequest, &r); err != nil {
		return j, err
	}
	if r.V != protocolVersion {
		return j, fmt.Errorf("%w: the game speaks lobby protocol %d, this lobby %d: update the game", errVersion, r.V, protocolVersion)
	}
	room, ok := parseHex(r.Room, roomIDLen)
	if !ok {
		return j, fmt.Errorf("%w: room is not %d bytes of hex", errMalformed, roomIDLen)
	}
	copy(j.room[:], room)
	if j.inst, ok = parseInstance(r.Inst); !ok {
		return j, fmt.Errorf("%w: inst is not %d bytes of hex", errMalformed, instanceLen)
	}
	if r.Players != 0 && !validPlayers(r.Players) {
		return j, fmt.Errorf("%w: players %d out of range", errMalformed, r.Players)
	}
	j.players, j.create, j.watch = r.Players, r.Create && !r.Watch, r.Watch
	var err error
	if j.verifier, err = optional32(r.Verifier, "verifier"); err != nil {
		return j, err
	}
	if j.proof, err = optional32(r.Proof, "proof"); err != nil {
		return j, err
	}
	return j, nil
}

func decodeSend(b []byte) (sendRequest, error) {
	var r sendRequest
	if err := decode(b, maxRequest, &r); err != nil {
		return r, err
	}
	if !validToken(r.Member) {
		return r, fmt.Errorf("%w: member token", errMalformed)
	}
	if !validSlot(r.To) {
		return r, fmt.Errorf("%w: to slot %d out of range", errMalformed, r.To)
	}
	if len(r.Box) < boxOverhead || len(r.Box) > maxBox {
		return r, fmt.Errorf("%w: box of %d bytes, want %d to %d", errMalformed, len(r.Box), boxOverhead, maxBox)
	}
	return r, nil
}

func decodePoll(b []byte) (pollRequest, error) {
	var r pollRequest
	if err := decode(b, maxRequest, &r); err != nil {
		return r, err
	}
	if !validToken(r.Member) {
		return r, fmt.Errorf("%w: member token", errMalformed)
	}
	return r, nil
}

func decodeLeave(b []byte) (leaveRequest, error) {
	var r leaveRequest
	if err := decode(b, maxRequest, &r); err != nil {
		return r, err
	}
	if !validToken(r.Member) {
		return r, fmt.Errorf("%w: member token", errMalformed)
	}
	return r, nil
}

// roomState is a checked statusWire: the public Status, the room's
// number of guest seats and each seat's instance, for sealing.
type roomState struct {
	Status
	guests int
	insts  map[int]instance
}

func checkStatus(w statusWire) (roomState, error) {
	st := roomState{insts: make(map[int]instance, len(w.Members))}
	if !validPlayers(w.Players) || w.Guests < 0 || w.Guests > maxGuests || len(w.Members) > w.Players+w.Guests {
		return st, fmt.Errorf("%w: status of %d members in %d player and %d guest seats", errMalformed, len(w.Members), w.Players, w.Guests)
	}
	st.Players, st.guests = w.Players, w.Guests
	prev := -1
	for _, m := range w.Members {
		inst, ok := parseInstance(m.Inst)
		if m.Slot <= prev || m.Slot >= w.Players+w.Guests || !ok {
			return st, fmt.Errorf("%w: status member slot %d", errMalformed, m.Slot)
		}
		prev = m.Slot
		if m.Slot < w.Players {
			st.Joined = append(st.Joined, m.Slot)
		} else {
			st.Guests = append(st.Guests, m.Slot)
		}
		st.insts[m.Slot] = inst
	}
	if w.Expires > 0 {
		st.Expires = time.Unix(w.Expires, 0)
	}
	return st, nil
}

func decodeJoinReply(b []byte) (joinReply, roomState, error) {
	var r joinReply
	if err := decode(b, maxReply, &r); err != nil {
		return r, roomState{}, err
	}
	if !validToken(r.Member) || !validSlot(r.Slot) {
		return r, roomState{}, fmt.Errorf("%w: member token or slot %d", errMalformed, r.Slot)
	}
	if err := checkServers(r.Servers); err != nil {
		return r, roomState{}, err
	}
	st, err := checkStatus(r.Status)
	if err != nil {
		return r, st, err
	}
	if _, ok := st.insts[r.Slot]; !ok {
		return r, st, fmt.Errorf("%w: own slot %d missing from the status", errMalformed, r.Slot)
	}
	return r, st, nil
}

func checkServers(ss []ICEServer) error {
	if len(ss) > maxServers {
		return fmt.Errorf("%w: %d ICE servers, at most %d", errMalformed, len(ss), maxServers)
	}
	for _, s := range ss {
		if len(s.URLs) == 0 || len(s.URLs) > maxServers {
			return fmt.Errorf("%w: ICE server with %d URLs", errMalformed, len(s.URLs))
		}
		for _, u := range s.URLs {
			if len(u) > maxURL || !(strings.HasPrefix(u, "stun:") || strings.HasPrefix(u, "turn:") || strings.HasPrefix(u, "turns:")) {
				return fmt.Errorf("%w: ICE server URL %.40q", errMalformed, u)
			}
		}
		if len(s.Username) > maxURL || len(s.Credential) > maxURL {
			return fmt.Errorf("%w: ICE server credentials too long", errMalformed)
		}
	}
	return nil
}

func decodePollReply(b []byte) (pollReply, roomState, error) {
	var r pollReply
	if err := decode(b, maxReply, &r); err != nil {
		return r, roomState{}, err
	}
	if len(r.Msgs) > maxBatch {
		return r, roomState{}, fmt.Errorf("%w: %d messages in one poll, at most %d", errMalformed, len(r.Msgs), maxBatch)
	}
	for _, m := range r.Msgs {
		if !validSlot(m.From) || len(m.Box) > maxBox {
			return r, roomState{}, fmt.Errorf("%w: message from slot %d of %d bytes", errMalformed, m.From, len(m.Box))
		}
	}
	if err := checkServers(r.Servers); err != nil {
		return r, roomState{}, err
	}
	st, err := checkStatus(r.Status)
	return r, st, err
}
