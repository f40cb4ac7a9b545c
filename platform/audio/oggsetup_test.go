package audio

import (
	"errors"
	"strings"
	"testing"
)

// bitWriter writes a Vorbis packet's bits, least significant first.
type bitWriter struct {
	b []byte
	n int
}

func (w *bitWriter) write(v uint64, bits int) {
	for i := range bits {
		if w.n%8 == 0 {
			w.b = append(w.b, 0)
		}
		w.b[w.n/8] |= byte(v>>i&1) << (w.n % 8)
		w.n++
	}
}

// oggPackets returns the first n packets of an Ogg file of one stream.
func oggPackets(t testing.TB, file []byte, n int) [][]byte {
	t.Helper()
	var out [][]byte
	var cur []byte
	for _, p := range oggPages(t, file) {
		segs := int(p[26])
		body := p[27+segs:]
		for _, l := range p[27 : 27+segs] {
			cur, body = append(cur, body[:l]...), body[l:]
			if l < 255 {
				out, cur = append(out, cur), nil
				if len(out) == n {
					return out
				}
			}
		}
	}
	t.Fatalf("fewer than %d packets", n)
	return nil
}

// craftedSetup is the smallest setup header libvorbis takes, with books
// codebooks of 2^bits-1 entries each: one codeword of bits-1 bits and the
// rest of bits bits, a complete code, declared in a few bytes.
func craftedSetup(books, bits int) []byte {
	w := &bitWriter{}
	w.write(5, 8)
	for _, c := range []byte("vorbis") {
		w.write(uint64(c), 8)
	}
	w.write(uint64(books-1), 8)
	entries := uint64(1)<<bits - 1
	for range books {
		w.write(0x564342, 24)
		w.write(1, 16)       // dimensions
		w.write(entries, 24) // entries
		w.write(1, 1)        // ordered
		w.write(uint64(bits-2), 5)
		w.write(1, ilog(entries))
		w.write(entries-1, ilog(entries-1))
		w.write(0, 4) // no lookup
	}
	for _, f := range [][2]uint64{
		{0, 6}, {0, 16}, // one time-domain transform
		{0, 6}, {1, 16}, {0, 5}, {1, 2}, {8, 4}, // one floor 1, no partitions
		{0, 6}, {0, 16}, {0, 24}, {0, 24}, {0, 24}, {0, 6}, {0, 8}, {0, 3}, {0, 1}, // one residue
		{0, 6}, {0, 16}, {0, 1}, {0, 1}, {0, 2}, {0, 8}, {0, 8}, {0, 8}, // one mapping
		{0, 6}, {0, 1}, {0, 16}, {0, 16}, {0, 8}, // one mode
		{1, 1}, // framing
	} {
		w.write(f[0], int(f[1]))
	}
	return w.b
}

// withSetup is tone.ogg with its setup header replaced.
func withSetup(t testing.TB, setup []byte) []byte {
	t.Helper()
	tone := readTestdata(t, "tone.ogg")
	pages := oggPages(t, tone)
	pk := oggPackets(t, tone, 3)
	serial := uint32(pages[0][14]) | uint32(pages[0][15])<<8 | uint32(pages[0][16])<<16 | uint32(pages[0][17])<<24
	lacing := func(ps ...[]byte) (lac, body []byte) {
		for _, p := range ps {
			n := len(p)
			for ; n >= 255; n -= 255 {
				lac = append(lac, 255)
			}
			lac, body = append(lac, byte(n)), append(body, p...)
		}
		return lac, body
	}
	out := append([]byte(nil), pages[0]...) // the identification header
	lac, body := lacing(pk[1], setup)
	headers := oggPage(serial, 0, 0, lac, body)
	headers[18] = 1 // the second page: libogg takes a gap for a hole
	out = append(out, resealed(headers)...)
	return append(out, pages[len(pages)-1]...) // the audio
}

// A setup header of a few bytes can declare codebooks of millions of
// entries: libvorbis 1.3.7 sorts a book's entries in an array on the C
// stack, and a book of a million entries (a file of 1.4 KB) overflowed it
// and killed the process (SIGSEGV); 255 books of 65,535 took 153 MB.
func TestCodebooksNoEncoderWritesAreRefusedBeforeLibvorbisBuildsThem(t *testing.T) {
	for _, tc := range []struct {
		books, bits int
		want        string
	}{
		{1, 20, "a codebook of 1048575 entries"},
		{255, 16, "codebooks of 327675 entries"},
	} {
		data := withSetup(t, craftedSetup(tc.books, tc.bits))
		for name, open := range map[string]func() error{
			"Decode":    func() error { _, err := Decode("bomb.ogg", data); return err },
			"NewStream": func() error { _, err := NewStream("bomb.ogg", data); return err },
		} {
			if err := open(); !errors.Is(err, ErrFormat) || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("%s of %d books of %d entries: %v, want %q", name, tc.books, 1<<tc.bits-1, err, tc.want)
			}
		}
	}
	// The same header with books of the size encoders write decodes.
	if _, err := Decode("small.ogg", withSetup(t, craftedSetup(3, 12))); err != nil {
		t.Errorf("3 books of 4095 entries: %v", err)
	}
	// Every real book is read through: the header parses to its end.
	setup := oggPackets(t, readTestdata(t, "tone.ogg"), 3)[2]
	if err := checkSetup(setup); err != nil {
		t.Errorf("tone.ogg's setup header: %v", err)
	}
}
