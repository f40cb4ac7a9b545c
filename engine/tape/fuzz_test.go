package tape

import (
	"bytes"
	"errors"
	"io"
	"math/rand/v2"
	"testing"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/physics"
)

func FuzzRead(f *testing.F) {
	f.Add(record(f, testHeader, script(40, 9)))
	f.Add(record(f, testHeader, nil))
	f.Add([]byte(magic))
	f.Add(amplified(DefaultInterval, 20))
	f.Add(amplified(1<<20, 20))
	f.Fuzz(func(t *testing.T, b []byte) {
		tp, err := Read(b)
		if err != nil {
			var fe *FormatError
			if !errors.As(err, &fe) || fe.Offset < 0 || fe.End < fe.Offset || fe.End > int64(len(b)) {
				t.Fatalf("Read error %v is not a *FormatError with a range in the file", err)
			}
			return
		}
		// What it costs to replay is bounded by its size.
		if tp.Ticks > ticksPerByte*uint64(len(b)) || tp.Interval > DefaultInterval {
			t.Fatalf("%d bytes hold %d ticks at a hash interval of %d", len(b), tp.Ticks, tp.Interval)
		}
		// Whatever reads must play to the end, and write out again as a
		// recording of the same run.
		var buf bytes.Buffer
		w, err := NewWriter(&buf, tp.Header)
		if err != nil {
			t.Fatalf("header read but not written: %v", err)
		}
		p := tp.Play()
		var in engine.Input
		for {
			want, check, err := p.Next(&in)
			if check {
				if err := w.Check(want); err != nil {
					t.Fatal(err)
				}
			}
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("a checked tape fails to play: %v", err)
			}
			if err := w.Tick(&in); err != nil {
				t.Fatal(err)
			}
		}
		if err := w.Close(tp.Final); err != nil {
			t.Fatal(err)
		}
		again, err := Read(buf.Bytes())
		if err != nil || !again.Header.equal(&tp.Header) || again.Ticks != tp.Ticks || again.Final != tp.Final {
			t.Fatalf("re-encoded recording reads as %+v, %v; want %+v", again, err, tp)
		}
	})
}

// chunkReader hands out its bytes in chunks of random sizes, 0 included,
// as a pipe or a slow disk might.
type chunkReader struct {
	b []byte
	r *rand.Rand
}

func (c *chunkReader) Read(p []byte) (int, error) {
	if len(c.b) == 0 {
		return 0, io.EOF
	}
	n := copy(p[:min(len(p), c.r.IntN(64))], c.b)
	c.b = c.b[n:]
	return n, nil
}

// played is what playing a recording gave: every tick's input and
// checkpoint, and how it ended.
type played struct {
	ins    []engine.Input
	checks []physics.Digest
	err    string
	ticks  uint64
	final  physics.Digest
}

func play(r io.Reader) played {
	var out played
	p, err := NewPlayer(r)
	if err != nil {
		out.err = err.Error()
		return out
	}
	var in engine.Input
	for {
		want, check, err := p.Next(&in)
		if check {
			out.checks = append(out.checks, want)
		}
		if err != nil {
			out.err = err.Error()
			out.ticks, out.final, _ = p.End()
			return out
		}
		out.ins = append(out.ins, in)
	}
}

// FuzzStream plays any bytes as they would stream from a pipe, in chunks
// of any size, and wants exactly what playing them at once gives: the
// same ticks, the same hashes, the same error at the same byte.
func FuzzStream(f *testing.F) {
	f.Add(record(f, testHeader, script(40, 9)), uint64(1))
	f.Add(record(f, testHeader, script(200, 10))[:700], uint64(2))
	f.Add([]byte(magic+"\x03\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80"), uint64(3))
	f.Fuzz(func(t *testing.T, b []byte, seed uint64) {
		whole := play(bytes.NewReader(b))
		chunked := play(&chunkReader{b: b, r: rand.New(rand.NewPCG(seed, 0))})
		if whole.err != chunked.err || whole.ticks != chunked.ticks || whole.final != chunked.final ||
			!slicesEqual(whole.ins, chunked.ins) || len(whole.checks) != len(chunked.checks) {
			t.Fatalf("in chunks: %d ticks, %d hashes, %q; at once: %d ticks, %d hashes, %q",
				len(chunked.ins), len(chunked.checks), chunked.err, len(whole.ins), len(whole.checks), whole.err)
		}
		for i := range whole.checks {
			if whole.checks[i] != chunked.checks[i] {
				t.Fatalf("hash %d: %v in chunks, %v at once", i, chunked.checks[i], whole.checks[i])
			}
		}
		if whole.err != io.EOF.Error() {
			return
		}
		tp, err := Read(b)
		if err != nil || tp.Ticks != uint64(len(whole.ins)) || tp.Final != whole.final {
			t.Fatalf("played to the end, but Read says %v", err)
		}
	})
}
