package lobby

import (
	"crypto/hkdf"
	"crypto/sha256"
	"encoding/hex"
	"fmt"

	"golang.org/x/crypto/argon2"
)

// MinCode is the shortest code accepted, as for a direct session.
const MinCode = 8

// MaxCode is the longest code accepted: anything longer is a mistake.
const MaxCode = 128

// The argon2id cost of turning a code into room id and key. The lobby
// sees every room id: with a fast hash an 8-character code would fall to
// a few hours of guessing on one GPU; at 19 MiB and two passes (OWASP's
// lowest recommended argon2id setting) every guess costs about 60 ms of
// one core and 19 MiB of memory (BenchmarkDeriveSecrets), so the 36^8
// space of an 8-character code costs thousands of core-years, and a
// generated 16-character code (80 bits) is out of reach. Peers pay it
// once a join.
const (
	kdfTime    = 2
	kdfMemory  = 19 * 1024 // KiB
	kdfThreads = 1
)

// kdfSalt is fixed: the peers share nothing but the code, so there is no
// per-room salt to agree on; the domain string keeps the derivation apart
// from every other use of a code (the session's TLS key among them).
const kdfSalt = "lockstep lobby room v1"

// roomIDLen is the size of a room id, in bytes (hex on the wire).
const roomIDLen = 32

// roomID names a room on the lobby.
type roomID [roomIDLen]byte

// String is the room id in hex, as the wire carries it.
func (r roomID) String() string { return hex.EncodeToString(r[:]) }

// secrets are what a peer derives from the code: the room id it shows
// the lobby and the key it seals messages with. Both come from one slow
// argon2id output through HKDF with different labels, so neither says
// anything about the other and both cost a guesser the same.
type secrets struct {
	room  roomID
	key   [32]byte
	proof [32]byte // shown to join a room made by another peer (see joinProof)
}

func deriveSecrets(code string) (secrets, error) {
	var s secrets
	if len(code) < MinCode || len(code) > MaxCode {
		return s, fmt.Errorf("lobby: code of %d characters: want %d to %d", len(code), MinCode, MaxCode)
	}
	master := argon2.IDKey([]byte(code), []byte(kdfSalt), kdfTime, kdfMemory, kdfThreads, 32)
	room, err := hkdf.Expand(sha256.New, master, "room id", roomIDLen)
	if err != nil {
		return s, fmt.Errorf("lobby: derive the room id: %w", err)
	}
	key, err := hkdf.Expand(sha256.New, master, "seal key", 32)
	if err != nil {
		return s, fmt.Errorf("lobby: derive the sealing key: %w", err)
	}
	proof, err := hkdf.Expand(sha256.New, master, "join proof", 32)
	if err != nil {
		return s, fmt.Errorf("lobby: derive the join proof: %w", err)
	}
	copy(s.room[:], room)
	copy(s.key[:], key)
	copy(s.proof[:], proof)
	return s, nil
}

// verifier is what a room's creator gives the lobby of its join proof:
// its SHA-256. A peer joining the room shows the proof itself, which
// only the code yields; one that saw the room id and the verifier go by
// (on the path of a plain-HTTP lobby) cannot take a place in the room
// before the friend it was meant for.
func verifier(proof [32]byte) [32]byte { return sha256.Sum256(proof[:]) }
