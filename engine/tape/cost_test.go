package tape

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/lockstep-engine/lockstep/engine"
)

// ticksPerByte bounds how many ticks a recording holds for its size, and
// so what replaying it can cost: a checkpoint of at least 14 bytes every
// 60 ticks at most, and 2 bytes for a run of identical ticks between two
// (the format's doc, in format.go, says so).
const ticksPerByte = 4

// amplified writes by hand a recording whose every hash interval of n
// ticks is one run of identical ticks: what no recorder of this package
// writes when n is over DefaultInterval, at the fewest bytes a tick.
func amplified(n uint64, intervals int) []byte {
	h := Header{Scene: "stress", Seed: 1, TPS: 60, Interval: int(n), Platform: "amd64 v1",
		Settings: []Setting{{"bodies", "20000"}}}
	var crc uint32
	b := appendHeader(nil, &h)
	crc = crc32.Update(crc, castagnoli, b)
	seal := func() { b = binary.LittleEndian.AppendUint32(b, crc) }
	add := func(p []byte) { b = append(b, p...); crc = crc32.Update(crc, castagnoli, p) }
	seal()
	check := func(tag byte, tick uint64) {
		p := binary.AppendUvarint([]byte{tag}, tick)
		add(binary.LittleEndian.AppendUint64(p, uint64(fakeHash(tick))))
		seal()
	}
	ticks := uint64(0)
	for range intervals {
		check(tagCheck, ticks)
		add(binary.AppendUvarint([]byte{tagSame}, n))
		ticks += n
	}
	check(tagEnd, ticks)
	return b
}

func TestARecordingWithALongerHashIntervalThanTheRecordersIsRefused(t *testing.T) {
	// 22 KB that held 10^9 ticks: 92 s of CPU to check, hours to replay.
	for _, n := range []uint64{DefaultInterval + 1, 1 << 10, 1 << 20} {
		b := amplified(n, 1000)
		tp, err := Read(b)
		if err == nil {
			t.Fatalf("interval %d: %d bytes read as %d ticks (%d a byte)", n, len(b), tp.Ticks, tp.Ticks/uint64(len(b)))
		}
		var fe *FormatError
		if !errors.As(err, &fe) || !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), fmt.Sprintf("hash interval %d", n)) {
			t.Fatalf("interval %d: %v, want ErrCorrupt naming the interval", n, err)
		}
	}
	b := amplified(DefaultInterval, 1000)
	if tp, err := Read(b); err != nil || tp.Ticks > ticksPerByte*uint64(len(b)) {
		t.Fatalf("the recorder's own interval, at its fewest bytes a tick: %v, %d bytes hold %d ticks", err, len(b), tp.Ticks)
	}
}

func TestNoRecordingHoldsMoreThanFourTicksAByte(t *testing.T) {
	// Recordings of idle stretches, each at its writer's fewest bytes,
	// and at every interval the writer takes.
	for seed := range uint64(60) {
		r := rand.New(rand.NewPCG(seed, 9))
		h := testHeader
		h.Interval = 1 + r.IntN(DefaultInterval)
		in := script(r.IntN(200), seed)
		in = append(in, make([]engine.Input, r.IntN(5000))...)
		b := record(t, h, in)
		if n := uint64(len(in)); n > ticksPerByte*uint64(len(b)) {
			t.Fatalf("seed %d: %d ticks in %d bytes", seed, n, len(b))
		}
	}
}

func TestCheckpointsAndReadOfALongIdleRecordingSkipRuns(t *testing.T) {
	h := testHeader
	h.Interval = DefaultInterval
	b := record(t, h, make([]engine.Input, 6000))
	tp, err := Read(b)
	if err != nil || tp.Ticks != 6000 {
		t.Fatalf("Read: %v, %v", tp, err)
	}
	ticks, _ := tp.Checkpoints()
	if len(ticks) != 100 || ticks[99] != 5940 {
		t.Fatalf("checkpoints at %v, want every 60 ticks to 5940", ticks)
	}
	p := tp.Play()
	var in engine.Input
	n := 0
	for {
		if _, _, err := p.Next(&in); err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		n++
	}
	if n != 6000 {
		t.Fatalf("played %d ticks, want every one of 6000", n)
	}
}

// BenchmarkReadIdle checks an idle recording: the cost a byte, whatever
// the ticks.
func BenchmarkReadIdle(b *testing.B) {
	h := testHeader
	h.Interval = DefaultInterval
	rec := record(b, h, make([]engine.Input, 60*60*60))
	b.SetBytes(int64(len(rec)))
	for b.Loop() {
		if _, err := Read(rec); err != nil {
			b.Fatal(err)
		}
	}
}
