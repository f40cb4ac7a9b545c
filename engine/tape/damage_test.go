package tape

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"runtime"
	"runtime/metrics"
	"strings"
	"testing"

	"github.com/lockstep-engine/lockstep/engine"
)

// appendSeal appends the checksum of b, as the first seal of a recording.
func appendSeal(b []byte) []byte {
	return binary.LittleEndian.AppendUint32(b, crc32.Checksum(b, castagnoli))
}

// Small recordings whose every byte is edited to every value.
func damageCases(t *testing.T) map[string][]byte {
	idle := Header{Scene: "tumble", Seed: 1, TPS: 60, Interval: 60, Platform: "amd64 v1"}
	return map[string][]byte{
		"idle, no settings":  record(t, idle, make([]engine.Input, 600)),
		"played, 3 settings": record(t, testHeader, script(60, 3)),
	}
}

// goroutinesCreated returns how many goroutines this process has started.
func goroutinesCreated(t *testing.T) uint64 {
	t.Helper()
	s := []metrics.Sample{{Name: "/sched/goroutines-created:goroutines"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		t.Fatalf("runtime/metrics has no %s", s[0].Name)
	}
	return s[0].Value.Uint64()
}

// TestEveryValueOfEveryByteIsRejectedWithinItsRange edits every byte of
// two small recordings to every other value: 180,795 reads, one after
// another on the test's goroutine. The race pass (-race) skips it: Read
// starts no goroutine (counted here: the test fails when it does) and
// each read has a copy of its own, so the race detector has nothing to
// compare, and it cost 13 s of CPU there. Read beside a writer on another
// goroutine is stream_test's, which the race pass runs.
func TestEveryValueOfEveryByteIsRejectedWithinItsRange(t *testing.T) {
	if raceDetector {
		t.Skip("one goroutine reading damaged copies: nothing for the race detector; the run without -race reads every edit")
	}
	for name, b := range damageCases(t) {
		t.Run(name, func(t *testing.T) {
			runtime.GC() // the collector's workers are started by then
			created := goroutinesCreated(t)
			defer func() {
				if n := goroutinesCreated(t) - created; n != 0 {
					t.Errorf("reading the edits started %d goroutines: run this test in the race pass too (remove its skip under -race)", n)
				}
			}()
			edits := 0
			for i := range b {
				for v := range 256 {
					if byte(v) == b[i] {
						continue
					}
					edits++
					c := bytes.Clone(b)
					c[i] = byte(v)
					_, err := Read(c)
					var fe *FormatError
					if !errors.As(err, &fe) {
						t.Fatalf("byte %d = %#x: Read = %v, want a *FormatError", i, v, err)
					}
					if int64(i) < fe.Offset || int64(i) > fe.End {
						t.Fatalf("byte %d = %#x: the error names bytes %d to %d: %v", i, v, fe.Offset, fe.End, err)
					}
					if fe.End-fe.Offset > 300 {
						t.Fatalf("byte %d = %#x: the error names %d bytes, want the one chunk: %v", i, v, fe.End-fe.Offset+1, err)
					}
					// The file is whole: it may look cut short (a length
					// was lengthened), but must not be blamed on a killed
					// recorder alone.
					if errors.Is(err, ErrTruncated) && !strings.Contains(err.Error(), "damaged") {
						t.Fatalf("byte %d = %#x: %v, which does not say the file may be damaged", i, v, err)
					}
				}
			}
			t.Logf("%d bytes, %d edits", len(b), edits)
		})
	}
}

func TestALengthenedSceneNameIsDamageNotACutFile(t *testing.T) {
	b := record(t, testHeader, script(20, 2))
	at := len(magic) + 1 // the scene name's length, after the version
	if int(b[at]) != len(testHeader.Scene) {
		t.Fatalf("byte %d is %d, not the scene name's length", at, b[at])
	}
	for n := len(testHeader.Scene) + 1; n < 128; n++ {
		c := bytes.Clone(b)
		c[at] = byte(n)
		_, err := Read(c)
		if !errors.Is(err, ErrCorrupt) || strings.Contains(err.Error(), "killed") || !strings.Contains(err.Error(), "length at byte 9") {
			t.Fatalf("scene name length %d: %v, want damage pointing at the length", n, err)
		}
	}
}

func TestEveryTruncationIsRejectedAsCutShort(t *testing.T) {
	b := record(t, testHeader, script(50, 4))
	for n := range len(b) {
		_, err := Read(b[:n])
		if n == 0 {
			if !errors.Is(err, ErrTruncated) {
				t.Fatalf("empty file: %v, want ErrTruncated", err)
			}
			continue
		}
		var fe *FormatError
		if !errors.Is(err, ErrTruncated) || !errors.As(err, &fe) {
			t.Fatalf("first %d of %d bytes: Read = %v, want ErrTruncated", n, len(b), err)
		}
		if fe.End != int64(n) || fe.Offset > int64(n) {
			t.Fatalf("first %d of %d bytes: the error names bytes %d to %d, want up to the first missing one", n, len(b), fe.Offset, fe.End)
		}
	}
}

func TestAFileEndingAtACheckpointSaysTheRecorderStopped(t *testing.T) {
	var buf bytes.Buffer
	w, err := NewWriter(&buf, testHeader)
	if err != nil {
		t.Fatal(err)
	}
	in := script(25, 5)
	for i := range in {
		if w.Due() {
			if err := w.Check(fakeHash(uint64(i))); err != nil {
				t.Fatal(err)
			}
		}
		if err := w.Tick(&in[i]); err != nil {
			t.Fatal(err)
		}
	}
	// Ticks 20 to 24 are still in the writer's buffer: the file is as a
	// recorder killed now leaves it.
	header := len(appendSeal(appendHeader(nil, &testHeader)))
	for _, n := range []int{header, buf.Len()} {
		_, err = Read(buf.Bytes()[:n])
		if !errors.Is(err, ErrTruncated) || !strings.Contains(err.Error(), "recording process was killed") {
			t.Fatalf("a recording cut at byte %d after a checksum: %v, want it said to have stopped", n, err)
		}
	}
}

func TestVersionsOtherThanThisOneAreRefusedSayingWhy(t *testing.T) {
	b := record(t, testHeader, script(20, 5))
	with := func(v byte) []byte { c := bytes.Clone(b); c[len(magic)] = v; return c }
	tests := []struct {
		name string
		b    []byte
		want error
		msg  string
	}{
		{"version 1", with(1), ErrVersion, "version 1, from an older lockstep, does not record every setting of its run; this build reads versions 3 to 6: record the run again"},
		{"version 2", with(2), ErrVersion, "version 2, from an older lockstep, numbers keys differently and holds no text or controllers; this build reads versions 3 to 6: record the run again"},
		{"version 7", with(7), ErrVersion, "version 7; this build reads versions 3 to 6: a newer lockstep made it"},
		{"version 0", with(0), ErrVersion, "version 0, from an older"},
		{"a PNG", []byte("\x89PNG\r\n\x1a\n...."), ErrNotTape, "does not start with"},
		{"bytes after the end", append(bytes.Clone(b), 0), ErrCorrupt, "bytes follow the end record, from byte"},
	}
	for _, tt := range tests {
		_, err := Read(tt.b)
		if !errors.Is(err, tt.want) || !strings.Contains(err.Error(), tt.msg) {
			t.Errorf("%s: Read = %v, want %v saying %q", tt.name, err, tt.want, tt.msg)
		}
	}
}
