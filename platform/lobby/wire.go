package lobby

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/lockstep-engine/lockstep/engine/host"
	"github.com/lockstep-engine/lockstep/engine/netplay"
)

// protocolVersion is the lobby protocol this package speaks; the server
// refuses any other (reasonVersion). Version 2 added guest seats: a
// room's seats run past its players, which a version 1 client takes for
// a lying lobby.
const protocolVersion = 2

// The paths the server answers on; every request is a POST of one JSON
// object and every answer one JSON object.
const (
	pathJoin  = "/v1/join"
	pathSend  = "/v1/send"
	pathPoll  = "/v1/poll"
	pathLeave = "/v1/leave"
	pathStats = "/stats"
)

// Size bounds of the wire: a request body is at most maxRequest bytes
// and a reply at most maxReply; a poll returns at most maxBatch messages.
const (
	maxRequest = 2*maxBox + 1024 // one base64 box and the JSON around it
	maxBatch   = 16
	maxReply   = maxBatch*(2*maxBox+64) + 4096
	tokenLen   = 16 // bytes of a member token (hex on the wire)
	maxServers = 8  // ICE servers in a join reply
	maxURL     = 256
	// maxGuests bounds a room's guest seats (ServerConfig.MaxGuests), and
	// maxSeats all of its seats: the sealer binds a seat as one byte.
	maxGuests = 32
	maxSeats  = host.MaxPlayers + maxGuests
)

// ICEServer is a STUN or TURN server the peers may use, in the shape of
// WebRTC's RTCIceServer.
type ICEServer struct {
	// URLs are the server's addresses, such as "stun:203.0.113.5:3478"
	// or "turn:203.0.113.5:3478?transport=udp"; never empty.
	URLs []string `json:"urls"`
	// Username is the TURN REST username, "EXPIRY:NAME"; empty for
	// STUN.
	Username string `json:"username,omitempty"`
	// Credential is the password that goes with Username,
	// base64(HMAC-SHA1(secret, Username)); empty for STUN.
	Credential string `json:"credential,omitempty"`
	// Expires is when the credentials stop working; zero for STUN.
	Expires time.Time `json:"expires,omitzero"`
}

// Status is a room's fill as the lobby last reported it.
type Status struct {
	// Players is the room's number of player seats (slots 0 to
	// Players-1); 0 before the first report.
	Players int
	// Joined are the player seats taken, ascending, this peer's
	// included.
	Joined []int
	// Guests are the guest seats taken (Players and up: a peer that came
	// when every player seat was taken, or to watch), ascending, this
	// peer's included; empty when there are none. Whether a guest plays
	// is the host's session's to decide: the lobby only lets it meet the
	// others.
	Guests []int
	// Expires is when the lobby drops the room; zero before the first
	// report.
	Expires time.Time
}

// Full reports whether every player seat of the room is taken (guest
// seats do not count).
func (s Status) Full() bool { return s.Players > 0 && len(s.Joined) == s.Players }

type joinRequest struct {
	V       int    `json:"v"`
	Room    string `json:"room"`
	Inst    string `json:"inst"`
	Players int    `json:"players"`
	Create  bool   `json:"create"`
	// Verifier (a creator's) and Proof (a joiner's, once asked): see
	// verifier. Empty from older clients, whose rooms ask for no proof.
	Verifier string `json:"verifier,omitempty"`
	Proof    string `json:"proof,omitempty"`
	// Watch asks for a guest seat only, in a room that exists.
	Watch bool `json:"watch,omitempty"`
}

type memberWire struct {
	Slot int    `json:"slot"`
	Inst string `json:"inst"`
}

type statusWire struct {
	Players int          `json:"players"`
	Guests  int          `json:"guests"`  // guest seats, after the players'
	Members []memberWire `json:"members"` // of every seat, ascending
	Expires int64        `json:"expires"` // unix seconds
	Ver     uint64       `json:"ver"`     // rises at every change of members
}

type joinReply struct {
	Member  string      `json:"member"`
	Slot    int         `json:"slot"`
	Servers []ICEServer `json:"servers"`
	Status  statusWire  `json:"status"`
}

type sendRequest struct {
	Member string `json:"member"`
	To     int    `json:"to"`
	Box    []byte `json:"box"`
}

type pollRequest struct {
	Member string `json:"member"`
	Ack    uint64 `json:"ack"` // highest message seq received; the server drops those
	Ver    uint64 `json:"ver"` // room version last seen; a change ends the wait
}

type msgWire struct {
	Seq  uint64 `json:"seq"`
	From int    `json:"from"`
	Box  []byte `json:"box"`
	// sender is the address that sent it, charged for it while it waits
	// (the server's only, never on the wire).
	sender string
}

type pollReply struct {
	Msgs   []msgWire  `json:"msgs"`
	Status statusWire `json:"status"`
	// Servers, when present, replace the ones handed out before, whose
	// credentials were getting old.
	Servers []ICEServer `json:"servers,omitempty"`
}

type leaveRequest struct {
	Member string `json:"member"`
}

type errorReply struct {
	Reason  string `json:"error"`
	Message string `json:"message"`
}

var (
	errMalformed = errors.New("malformed")
	// errVersion is a join in another protocol version than the
	// server's (refused with reasonVersion, not counted as malformed).
	errVersion = errors.New("another lobby protocol version")
)

// decode reads exactly one JSON object of at most limit bytes into v.
func decode(b []byte, limit int, v any) error {
	if len(b) > limit {
		return fmt.Errorf("%w: %d bytes, at most %d", errMalformed, len(b), limit)
	}
	d := json.NewDecoder(bytes.NewReader(b))
	if err := d.Decode(v); err != nil {
		return fmt.Errorf("%w: %v", errMalformed, err)
	}
	if d.More() {
		return fmt.Errorf("%w: more than one object", errMalformed)
	}
	return nil
}

// validSlot reports a seat any room may have: a player's or a guest's.
func validSlot(s int) bool { return s >= 0 && s < maxSeats }

// validPlayers reports a room's player count a session can have.
func validPlayers(n int) bool { return n != 0 && netplay.Terms{Players: n}.Check() == nil }

// parseHex decodes exactly n bytes of lowercase or uppercase hex.
func parseHex(s string, n int) ([]byte, bool) {
	if len(s) != 2*n {
		return nil, false
	}
	b, err := hex.DecodeString(s)
	return b, err == nil
}

func parseInstance(s string) (instance, bool) {
	var i instance
	b, ok := parseHex(s, instanceLen)
	copy(i[:], b)
	return i, ok
}

func validToken(s string) bool {
	_, ok := parseHex(s, tokenLen)
	return ok
}
