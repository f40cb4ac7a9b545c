package lobby

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"testing"
)

// pair makes the sealers of slot 0 and slot 1 of one session on code.
func pair(t *testing.T, code string) (*sealer, *sealer) {
	t.Helper()
	sec, err := deriveSecrets(code)
	if err != nil {
		t.Fatal(err)
	}
	a, err := newSealer(sec, 0, newInstance())
	if err != nil {
		t.Fatal(err)
	}
	b, err := newSealer(sec, 1, newInstance())
	if err != nil {
		t.Fatal(err)
	}
	return a, b
}

func TestRoomIDAndKeyComeFromTheCodeAlone(t *testing.T) {
	s1, err := deriveSecrets("same-code-1")
	if err != nil {
		t.Fatal(err)
	}
	s2, _ := deriveSecrets("same-code-1")
	s3, _ := deriveSecrets("same-code-2")
	if s1 != s2 {
		t.Fatal("one code gave two different room ids or keys")
	}
	if s1.room == s3.room || s1.key == s3.key {
		t.Fatal("two codes share a room id or a key")
	}
	if bytes.Equal(s1.room[:], s1.key[:]) {
		t.Fatal("the room id the lobby sees is the sealing key")
	}
	for _, code := range []string{"", "short", string(make([]byte, MaxCode+1))} {
		if _, err := deriveSecrets(code); err == nil {
			t.Errorf("a code of %d characters was accepted", len(code))
		}
	}
}

func TestSealedMessagesOpenOnceInOrderForTheirReceiverOnly(t *testing.T) {
	a, b := pair(t, "sealing-code")
	box1, _ := a.seal(1, b.inst, []byte("first"))
	box2, _ := a.seal(1, b.inst, []byte("second"))
	if p, err := b.open(0, box1); err != nil || string(p) != "first" {
		t.Fatalf("open the first: %q %v", p, err)
	}
	if _, err := b.open(0, box1); err == nil {
		t.Error("a replayed box opened")
	}
	if p, err := b.open(0, box2); err != nil || string(p) != "second" {
		t.Fatalf("open the second: %q %v", p, err)
	}
	box3, _ := a.seal(1, b.inst, []byte("third"))
	box4, _ := a.seal(1, b.inst, []byte("fourth"))
	if _, err := b.open(0, box4); err != nil {
		t.Fatal(err)
	}
	if _, err := b.open(0, box3); err == nil {
		t.Error("an older box opened after a newer one (reordered)")
	}
	box5, _ := a.seal(1, b.inst, []byte("fifth"))
	if _, err := b.open(2, box5); err == nil {
		t.Error("a box opened as if from another slot")
	}
	if _, err := a.open(1, box5); err == nil {
		t.Error("a box reflected back to its sender opened")
	}
}

func TestABoxFromAnEarlierSessionWithTheSameCodeDoesNotOpen(t *testing.T) {
	a, oldB := pair(t, "reused-code")
	old, _ := a.seal(1, oldB.inst, []byte("yesterday's candidates"))
	_, newB := pair(t, "reused-code")
	if _, err := newB.open(0, old); err == nil {
		t.Fatal("a box sealed for yesterday's peer opened for today's")
	}
	wrong, _ := pair(t, "another-code")
	if _, err := wrong.open(0, old); err == nil {
		t.Fatal("a box opened with another code's key")
	}
}

func TestEveryChangedByteOfABoxIsRejected(t *testing.T) {
	a, b := pair(t, "bit-flip-code")
	box, _ := a.seal(1, b.inst, []byte("ice candidates"))
	for i := range box {
		for _, bit := range []byte{1, 0x80} {
			c := bytes.Clone(box)
			c[i] ^= bit
			if _, err := b.open(0, c); err == nil {
				t.Fatalf("the box opened with byte %d changed", i)
			}
		}
	}
	for n := range len(box) {
		if _, err := b.open(0, box[:n]); err == nil {
			t.Fatalf("the box cut to %d bytes opened", n)
		}
	}
	if _, err := b.open(0, box); err != nil {
		t.Fatalf("the intact box did not open after the attempts: %v", err)
	}
}

// A lobby that drops, repeats, swaps, corrupts and invents boxes at
// random: whatever the receiver accepts is a rising subsequence of what
// the sender sent, byte for byte.
func TestALyingLobbyCanOnlyDropMessages(t *testing.T) {
	for seed := range uint64(64) {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(seed, 7))
			a, b := pair(t, "property-code")
			var sent [][]byte
			var boxes [][]byte
			for i := range 20 {
				p := fmt.Appendf(nil, "message %d of seed %d", i, seed)
				box, _ := a.seal(1, b.inst, p)
				sent, boxes = append(sent, p), append(boxes, box)
			}
			last := -1
			for range 60 {
				i := rng.IntN(len(boxes))
				box := bytes.Clone(boxes[i])
				if rng.IntN(4) == 0 {
					box[rng.IntN(len(box))] ^= byte(1 + rng.IntN(255))
				}
				p, err := b.open(0, box)
				if err != nil {
					continue
				}
				if i <= last || !bytes.Equal(p, sent[i]) {
					t.Fatalf("accepted box %d (%q) after box %d", i, p, last)
				}
				last = i
			}
		})
	}
}

func TestAPayloadOverTheLimitIsRefused(t *testing.T) {
	a, b := pair(t, "limit-code")
	if _, err := a.seal(1, b.inst, make([]byte, MaxPayload+1)); err == nil {
		t.Fatal("sealed a payload over MaxPayload")
	}
	box, err := a.seal(1, b.inst, make([]byte, MaxPayload))
	if err != nil || len(box) != maxBox {
		t.Fatalf("sealing MaxPayload bytes: %d bytes, %v; want %d", len(box), err, maxBox)
	}
	if _, err := b.open(0, box); err != nil {
		t.Fatal(err)
	}
}

// BenchmarkDeriveSecrets is what a join costs a peer, and every guess a
// code guesser holding a room id.
func BenchmarkDeriveSecrets(b *testing.B) {
	for b.Loop() {
		if _, err := deriveSecrets("benchmark-code"); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSealOpen is one ICE message sealed and opened.
func BenchmarkSealOpen(b *testing.B) {
	sec, _ := deriveSecrets("benchmark-code")
	a, _ := newSealer(sec, 0, newInstance())
	r, _ := newSealer(sec, 1, newInstance())
	p := make([]byte, 200)
	for b.Loop() {
		box, _ := a.seal(1, r.inst, p)
		if _, err := r.open(0, box); err != nil {
			b.Fatal(err)
		}
	}
}
