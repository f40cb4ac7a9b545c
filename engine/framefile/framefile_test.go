package framefile

import (
	"bytes"
	"errors"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/engine/host"
)

// randomRecord is a frame of whole microseconds, as the file keeps them.
func randomRecord(rng *rand.Rand, n uint64) host.FrameRecord {
	us := func(max int64) time.Duration { return time.Duration(rng.Int64N(max)) * time.Microsecond }
	r := host.FrameRecord{N: n, Tick: n*2 + uint64(rng.IntN(3)), Duration: us(1e6), Steps: rng.IntN(9),
		GCs: uint32(rng.IntN(3)), GCPause: us(5000), Resimulated: rng.IntN(9), Copied: rng.IntN(2) == 0}
	for p := range host.NumPhases {
		r.Wall[p], r.CPU[p] = us(50000), us(50000)
	}
	return r
}

func TestFramesReadBackAsWritten(t *testing.T) {
	for seed := range uint64(60) {
		rng := rand.New(rand.NewPCG(seed, 1))
		var buf bytes.Buffer
		recs, hitch := writeRandom(t, &buf, rng)
		f, err := Read(&buf)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if f.Scene != "stress" || f.TPS != 60 || len(f.Phases) != int(host.NumPhases) || f.Phases[host.PhaseFlush] != "flush" {
			t.Fatalf("seed %d: header %q %d %v", seed, f.Scene, f.TPS, f.Phases)
		}
		if len(f.Frames) != len(recs) {
			t.Fatalf("seed %d: %d frames read, %d written", seed, len(f.Frames), len(recs))
		}
		for i, r := range recs {
			if g := f.Frames[i]; !sameFrame(g, &r, hitch[i]) {
				t.Fatalf("seed %d frame %d: read %+v, wrote %+v (hitch %v)", seed, i, g, r, hitch[i])
			}
		}
	}
}

// writeRandom writes a file of up to 200 random frames to w, scene
// "stress" at 60 ticks a second, and returns the frames and which were
// hitches.
func writeRandom(t *testing.T, w io.Writer, rng *rand.Rand) ([]host.FrameRecord, []bool) {
	t.Helper()
	fw, err := NewWriter(w, "stress", 60)
	if err != nil {
		t.Fatal(err)
	}
	recs := make([]host.FrameRecord, rng.IntN(200))
	hitch := make([]bool, len(recs))
	for i := range recs {
		recs[i], hitch[i] = randomRecord(rng, uint64(i)), rng.IntN(10) == 0
		if err := fw.Frame(&recs[i], hitch[i]); err != nil {
			t.Fatal(err)
		}
	}
	if err := fw.Flush(); err != nil {
		t.Fatal(err)
	}
	return recs, hitch
}

// sameFrame reports whether g, read back, is r written with hitch.
func sameFrame(g Frame, r *host.FrameRecord, hitch bool) bool {
	same := g.N == r.N && g.Tick == r.Tick && g.Duration == r.Duration && g.Steps == r.Steps &&
		g.GCs == int(r.GCs) && g.GCPause == r.GCPause && g.Resimulated == r.Resimulated &&
		g.Copied == r.Copied && g.Hitch == hitch
	for p := range host.NumPhases {
		same = same && g.Wall[p] == r.Wall[p] && g.CPU[p] == r.CPU[p]
	}
	return same
}

func TestWritingAFrameAllocatesNothing(t *testing.T) {
	w, err := NewWriter(io.Discard, "x", 60)
	if err != nil {
		t.Fatal(err)
	}
	r := randomRecord(rand.New(rand.NewPCG(1, 2)), 7)
	if n := testing.AllocsPerRun(500, func() { _ = w.Frame(&r, true) }); n != 0 {
		t.Fatalf("writing a frame allocates %v times, want 0", n)
	}
}

func TestBadFilesAreErrorsThatSayWhat(t *testing.T) {
	var good bytes.Buffer
	w, _ := NewWriter(&good, "x", 60)
	r := randomRecord(rand.New(rand.NewPCG(3, 4)), 0)
	_ = w.Frame(&r, false)
	_ = w.Flush()
	b := good.Bytes()
	for name, in := range map[string][]byte{
		"empty":        nil,
		"other magic":  append([]byte("LSTAPE01"), b[8:]...),
		"version 2":    append(append([]byte(magic), 2), b[9:]...),
		"cut in frame": b[:len(b)-3],
		"huge scene":   append([]byte(magic+"\x01"), 0xff, 0xff, 0xff, 0xff, 0x0f),
	} {
		if _, err := Read(bytes.NewReader(in)); !errors.Is(err, ErrFormat) {
			t.Errorf("%s: %v, want ErrFormat", name, err)
		}
	}
}

// FuzzRead holds the reader to its promise: any input is a File or
// ErrFormat, never a panic, and a File read writes back to itself.
func FuzzRead(f *testing.F) {
	paths, _ := filepath.Glob("testdata/*.frames")
	if len(paths) == 0 {
		f.Fatal("no seed files in testdata/*.frames")
	}
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		file, err := Read(bytes.NewReader(b))
		if err != nil {
			if !errors.Is(err, ErrFormat) {
				t.Fatalf("error %v is not ErrFormat", err)
			}
			return
		}
		if len(file.Phases) > maxPhases || len(file.Frames) > MaxFrames {
			t.Fatalf("read past the limits: %d phases, %d frames", len(file.Phases), len(file.Frames))
		}
		for _, fr := range file.Frames {
			if len(fr.Wall) != len(file.Phases) || len(fr.CPU) != len(file.Phases) {
				t.Fatalf("a frame of %d phases in a file of %d", len(fr.Wall), len(file.Phases))
			}
		}
	})
}

// BenchmarkWriteFrame is what -frames-out adds to a frame: encoding its
// record into the buffer (the buffer's writes to the file included, on
// average).
func BenchmarkWriteFrame(b *testing.B) {
	w, err := NewWriter(io.Discard, "x", 60)
	if err != nil {
		b.Fatal(err)
	}
	r := randomRecord(rand.New(rand.NewPCG(1, 2)), 7)
	b.ReportAllocs()
	for b.Loop() {
		if w.Full() { // a full writer writes nothing: start another
			w, _ = NewWriter(io.Discard, "x", 60)
		}
		r.N++
		_ = w.Frame(&r, false)
	}
}
