package tape

import (
	"bytes"
	"errors"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"testing/iotest"

	"github.com/lockstep-engine/lockstep/engine"
)

// playAll plays p to the end, returning the ticks' inputs, the hashes by
// tick (-1 for none) and the error that stopped it.
func playAll(p *Player) (ins []engine.Input, err error) {
	var in engine.Input
	for {
		_, _, err := p.Next(&in)
		if err != nil {
			return ins, err
		}
		ins = append(ins, in)
	}
}

func TestAPlayerStreamsFromAPipeAsTheRecordingArrives(t *testing.T) {
	inputs := script(500, 11)
	b := record(t, testHeader, inputs)
	pr, pw := io.Pipe()
	go func() {
		// Dribble it in, a few bytes at a time.
		r := rand.New(rand.NewPCG(1, 2))
		for rest := b; len(rest) > 0; {
			n := min(len(rest), 1+r.IntN(40))
			if _, err := pw.Write(rest[:n]); err != nil {
				return
			}
			rest = rest[n:]
		}
		pw.Close()
	}()
	p, err := NewPlayer(pr)
	if err != nil {
		t.Fatal(err)
	}
	if !p.Header.equal(&testHeader) {
		t.Fatalf("header %+v, want %+v", p.Header, testHeader)
	}
	got, err := playAll(p)
	if err != io.EOF {
		t.Fatalf("playing from a pipe stopped after %d ticks: %v", len(got), err)
	}
	if !slicesEqual(got, inputs) {
		t.Fatal("the ticks played from a pipe differ from those recorded")
	}
	if n, final, ok := p.End(); !ok || n != 500 || final != fakeHash(500) {
		t.Fatalf("End = %d, %v, %v; want 500 ticks and the final hash", n, final, ok)
	}
}

func slicesEqual(a, b []engine.Input) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestEndIsUnknownBeforeTheEnd(t *testing.T) {
	p, err := NewPlayer(bytes.NewReader(record(t, testHeader, script(30, 1))))
	if err != nil {
		t.Fatal(err)
	}
	var in engine.Input
	if _, _, err := p.Next(&in); err != nil {
		t.Fatal(err)
	}
	if _, _, ok := p.End(); ok {
		t.Fatal("End is known after one tick of 30")
	}
}

// countingReader counts the bytes read through it.
type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

type endless struct {
	prefix []byte
	fill   func([]byte)
}

func (e *endless) Read(p []byte) (int, error) {
	if len(e.prefix) > 0 {
		n := copy(p, e.prefix)
		e.prefix = e.prefix[n:]
		return n, nil
	}
	e.fill(p)
	return len(p), nil
}

func repeat(c byte) func([]byte) {
	return func(p []byte) {
		for i := range p {
			p[i] = c
		}
	}
}

func TestEndlessInputFailsWithinItsFirstBytesInBoundedMemory(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	random := func(p []byte) {
		for i := range p {
			p[i] = byte(r.Uint32())
		}
	}
	good := record(t, testHeader, script(100, 12))
	header := good[:len(appendHeader(nil, &testHeader))+4] // and its checksum
	tests := []struct {
		name   string
		prefix []byte
		fill   func([]byte)
		want   error
	}{
		{"zeros (/dev/zero)", nil, repeat(0), ErrNotTape},
		{"random bytes", nil, random, ErrNotTape},
		{"the magic, then 0x80 for ever (a varint that never ends)", []byte(magic), repeat(0x80), ErrCorrupt},
		{"a header, then zeros", header, repeat(0), ErrCorrupt},
		{"a header, then 0xff", header, repeat(0xff), ErrCorrupt},
		{"a header, then random bytes", header, random, ErrCorrupt},
		{"a whole recording, then zeros", good, repeat(0), ErrCorrupt},
		{"a recording's first 500 bytes, then random", good[:500], random, ErrCorrupt},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cr := &countingReader{r: &endless{prefix: bytes.Clone(tt.prefix), fill: tt.fill}}
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			p, err := NewPlayer(cr)
			if err == nil {
				_, err = playAll(p)
			}
			runtime.ReadMemStats(&after)
			if !errors.Is(err, tt.want) {
				t.Fatalf("error %v, want %v", err, tt.want)
			}
			if extra := cr.n - int64(len(tt.prefix)); extra > 2*bufSize {
				t.Errorf("read %d bytes past the prefix before failing, want at most %d", extra, 2*bufSize)
			}
			if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 256<<10 {
				t.Errorf("allocated %d bytes, want at most 256 KiB", alloc)
			}
		})
	}
}

func TestReadFileOfTwoGigabytesFailsAtOnceInBoundedMemory(t *testing.T) {
	dir := t.TempDir()
	good := record(t, testHeader, script(50, 13))
	tests := []struct {
		name string
		head []byte
		want string
	}{
		{"2 GiB of zeros", nil, "does not start with"},
		{"a recording followed by 2 GiB of zeros", good, "bytes follow the end record"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(dir, "big.tape")
			if err := os.WriteFile(path, tt.head, 0o644); err != nil {
				t.Fatal(err)
			}
			// Sparse: costs no disk, reads as zeros.
			if err := os.Truncate(path, 2<<30+int64(len(tt.head))); err != nil {
				t.Fatal(err)
			}
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			_, err := ReadFile(path)
			runtime.ReadMemStats(&after)
			if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), path) {
				t.Fatalf("ReadFile = %v, want an error naming the file and saying %q", err, tt.want)
			}
			if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 256<<10 {
				t.Errorf("allocated %d bytes, want at most 256 KiB", alloc)
			}
		})
	}
}

func TestReadFileOfDevZeroFailsAtOnce(t *testing.T) {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := ReadFile("/dev/zero")
	runtime.ReadMemStats(&after)
	if !errors.Is(err, ErrNotTape) {
		t.Fatalf("ReadFile(/dev/zero) = %v, want ErrNotTape", err)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 256<<10 {
		t.Errorf("allocated %d bytes, want at most 256 KiB", alloc)
	}
}

func TestReadFileOfADirectorySaysSo(t *testing.T) {
	dir := t.TempDir()
	_, err := ReadFile(dir)
	if err == nil || !strings.Contains(err.Error(), "is a directory") {
		t.Fatalf("ReadFile(dir) = %v, want it to say it is a directory", err)
	}
}

func TestAReadErrorIsReportedAsSuchNotAsDamage(t *testing.T) {
	b := record(t, testHeader, script(100, 15))
	for _, n := range []int{0, 4, 20, len(b) / 2, len(b) - 1, len(b)} {
		r := io.MultiReader(bytes.NewReader(b[:n]), iotest.ErrReader(syscall.EIO))
		p, err := NewPlayer(r)
		if err == nil {
			_, err = playAll(p)
		}
		var fe *FormatError
		if !errors.Is(err, syscall.EIO) || errors.As(err, &fe) {
			t.Fatalf("EIO after %d bytes: %v, want the read error, not a format error", n, err)
		}
	}
}

func TestAReaderThatNeverReturnsDataFailsInsteadOfHanging(t *testing.T) {
	_, err := NewPlayer(iotest.ErrReader(nil)) // (0, nil) for ever
	if !errors.Is(err, io.ErrNoProgress) {
		t.Fatalf("NewPlayer of a reader returning nothing = %v, want io.ErrNoProgress", err)
	}
}

func TestAPlayerOfAFileSeesItChangedSinceItWasRead(t *testing.T) {
	path := filepath.Join(t.TempDir(), "a.tape")
	if err := os.WriteFile(path, record(t, testHeader, script(30, 16)), 0o644); err != nil {
		t.Fatal(err)
	}
	tp, err := ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	other := testHeader
	other.Seed = 8
	if err := os.WriteFile(path, record(t, other, script(30, 16)), 0o644); err != nil {
		t.Fatal(err)
	}
	var in engine.Input
	if _, _, err := tp.Play().Next(&in); err == nil || !strings.Contains(err.Error(), "changed since it was read") {
		t.Fatalf("playing a replaced recording: %v, want it noticed", err)
	}
	os.Remove(path)
	if _, _, err := tp.Play().Next(&in); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("playing a removed recording: %v, want ErrNotExist", err)
	}
}

func TestEveryWayOfChunkingTheInputReadsTheSame(t *testing.T) {
	b := record(t, testHeader, script(300, 17))
	readers := map[string]func([]byte) io.Reader{
		"one byte at a time":   func(b []byte) io.Reader { return iotest.OneByteReader(bytes.NewReader(b)) },
		"half of each request": func(b []byte) io.Reader { return iotest.HalfReader(bytes.NewReader(b)) },
		"EOF with the data":    func(b []byte) io.Reader { return iotest.DataErrReader(bytes.NewReader(b)) },
	}
	for name, mk := range readers {
		for _, n := range []int{len(b), len(b) - 1, len(b) / 2, 30} {
			want, werr := readAll(bytes.NewReader(b[:n]))
			got, gerr := readAll(mk(b[:n]))
			if !slicesEqual(got, want) || errString(gerr) != errString(werr) {
				t.Fatalf("%s, %d bytes: %d ticks then %v; whole: %d ticks then %v", name, n, len(got), gerr, len(want), werr)
			}
		}
	}
}

func readAll(r io.Reader) ([]engine.Input, error) {
	p, err := NewPlayer(r)
	if err != nil {
		return nil, err
	}
	return playAll(p)
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
