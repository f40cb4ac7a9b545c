package lobby

import (
	"crypto/cipher"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"

	"golang.org/x/crypto/chacha20poly1305"
)

// MaxPayload is the largest message a peer may send through the lobby:
// room for an ICE description with dozens of candidates.
const MaxPayload = 4096

// instanceLen is the size of a peer's instance: random bytes it picks at
// every join, so that nothing sealed for one session is accepted in
// another that reuses the code (and the key).
const instanceLen = 16

type instance [instanceLen]byte

func newInstance() instance {
	var i instance
	_, _ = rand.Read(i[:]) // crypto/rand.Read never fails
	return i
}

// A sealed box: version, the sender's counter and instance in the clear
// (authenticated), a random XChaCha20 nonce, the ciphertext and its tag.
const (
	boxVersion  = 1
	boxHeader   = 1 + 8 + instanceLen
	boxOverhead = boxHeader + chacha20poly1305.NonceSizeX + chacha20poly1305.Overhead
	// maxBox is the largest sealed box: MaxPayload sealed.
	maxBox = MaxPayload + boxOverhead
)

// maxInstancesSeen bounds how many instances a receiver remembers
// counters for: a session's whole length of peers joining, coming back
// and watching (each join a new instance) fits; only a peer holding the
// code can add one, and one that keeps inventing more is flooding.
const maxInstancesSeen = 1024

// The sealer binds each seat as one byte: every seat of a room fits.
const _ = uint8(maxSeats - 1)

var (
	errSeal   = errors.New("sealed message does not open")
	errReplay = errors.New("sealed message opened already (a replay)")
)

// sealer seals a peer's messages and opens the others'. The additional
// data binds each box to the room, the sender's and receiver's slots, the
// receiver's instance, and the sender's instance and counter: the lobby
// cannot redirect a box to another peer, reflect it back, replay it
// (counters only rise per sender instance) or carry it over from an
// earlier session with the same code (the receiver's instance is new).
type sealer struct {
	aead    cipher.AEAD
	room    roomID
	slot    int
	inst    instance
	counter uint64
	last    map[instance]uint64 // highest counter opened, per sender instance
}

func newSealer(s secrets, slot int, inst instance) (*sealer, error) {
	if !validSlot(slot) {
		return nil, fmt.Errorf("lobby: seat %d out of range: at most %d seats", slot, maxSeats)
	}
	aead, err := chacha20poly1305.NewX(s.key[:])
	if err != nil {
		return nil, fmt.Errorf("lobby: sealing key: %w", err)
	}
	return &sealer{aead: aead, room: s.room, slot: slot, inst: inst, last: make(map[instance]uint64)}, nil
}

func (s *sealer) additional(from, to int, toInst instance, header []byte) []byte {
	ad := make([]byte, 0, 64+boxHeader)
	ad = append(ad, "lockstep lobby seal v1"...)
	ad = append(ad, s.room[:]...)
	ad = append(ad, byte(from), byte(to))
	ad = append(ad, toInst[:]...)
	return append(ad, header...)
}

// seal returns payload sealed for slot to, whose instance is toInst.
func (s *sealer) seal(to int, toInst instance, payload []byte) ([]byte, error) {
	if len(payload) > MaxPayload {
		return nil, fmt.Errorf("lobby: message of %d bytes: at most %d go through the lobby", len(payload), MaxPayload)
	}
	if !validSlot(to) {
		return nil, fmt.Errorf("lobby: seal for seat %d: at most %d seats", to, maxSeats)
	}
	s.counter++
	box := make([]byte, boxHeader+chacha20poly1305.NonceSizeX, maxBox)
	box[0] = boxVersion
	binary.BigEndian.PutUint64(box[1:9], s.counter)
	copy(box[9:boxHeader], s.inst[:])
	nonce := box[boxHeader:]
	_, _ = rand.Read(nonce)
	ad := s.additional(s.slot, to, toInst, box[:boxHeader])
	return s.aead.Seal(box, nonce, payload, ad), nil
}

// open returns the payload of a box from slot from, or errSeal when it
// is not a box a peer holding the code sealed for this peer, in order, in
// this session. The sender's instance comes from the box's header: the
// tag covers it, and the counter check is per instance.
func (s *sealer) open(from int, box []byte) ([]byte, error) {
	if !validSlot(from) || len(box) < boxOverhead || len(box) > maxBox || box[0] != boxVersion {
		return nil, errSeal
	}
	var inst instance
	copy(inst[:], box[9:boxHeader])
	counter := binary.BigEndian.Uint64(box[1:9])
	last, seen := s.last[inst]
	switch {
	case seen && counter <= last:
		return nil, errReplay
	case counter == 0 || (!seen && len(s.last) >= maxInstancesSeen):
		return nil, errSeal
	}
	nonce := box[boxHeader : boxHeader+chacha20poly1305.NonceSizeX]
	ad := s.additional(from, s.slot, s.inst, box[:boxHeader])
	payload, err := s.aead.Open(nil, nonce, box[boxHeader+chacha20poly1305.NonceSizeX:], ad)
	if err != nil {
		return nil, errSeal
	}
	s.last[inst] = counter
	return payload, nil
}
