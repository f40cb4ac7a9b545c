package audio

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// oggPages splits an Ogg file into its pages.
func oggPages(t testing.TB, b []byte) [][]byte {
	t.Helper()
	var out [][]byte
	for len(b) > 0 {
		if len(b) < 27 || string(b[:4]) != "OggS" {
			t.Fatalf("not an Ogg page at %d bytes from the end", len(b))
		}
		n := 27 + int(b[26])
		for _, l := range b[27:n] {
			n += int(l)
		}
		out = append(out, b[:n:n])
		b = b[n:]
	}
	return out
}

// resealed returns page with its checksum made right.
func resealed(page []byte) []byte {
	p := append([]byte(nil), page...)
	crc := oggCRCTable()
	binary.LittleEndian.PutUint32(p[22:], oggCRC(&crc, p))
	return p
}

// chained returns n copies of the Ogg file b one after another, each a
// link of its own (its own serial number), as a chained stream is.
func chained(t testing.TB, b []byte, n int) []byte {
	t.Helper()
	pages := oggPages(t, b)
	var out []byte
	for i := range n {
		for _, p := range pages {
			q := append([]byte(nil), p...)
			binary.LittleEndian.PutUint32(q[14:], uint32(1000+i))
			out = append(out, resealed(q)...)
		}
	}
	return out
}

func readTestdata(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// A chained file is read one link at a time: libvorbisfile opened on a
// seekable source reads every link's headers and comments at once (a
// 64 MB file of short links took 1.4 GB to load and 1.8 GB to stream).
func TestAChainedOggIsDecodedOneLinkAtATime(t *testing.T) {
	one, err := Load("testdata/tone.ogg")
	if err != nil {
		t.Fatal(err)
	}
	const links = 40
	path := filepath.Join(t.TempDir(), "chained.ogg")
	if err := os.WriteFile(path, chained(t, readTestdata(t, "tone.ogg"), links), 0o644); err != nil {
		t.Fatal(err)
	}
	whole, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if whole.Frames() != links*one.Frames() {
		t.Errorf("the chained file decodes to %d frames, want %d links of %d", whole.Frames(), links, one.Frames())
	}
	st, err := OpenStream(path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	d := st.d.(*vorbisDecoder)
	buf := make([]int16, 4096*2)
	for reads := 0; ; reads++ {
		if got := d.f.Links(); got != 1 {
			t.Fatalf("after %d reads the decoder holds %d links at once, want 1", reads, got)
		}
		n, err := d.read(buf)
		if errors.Is(err, io.EOF) || reads > 10000 {
			break
		}
		if err != nil || n == 0 {
			t.Fatalf("read %d: %d frames, %v", reads, n, err)
		}
	}
	if err := d.rewind(); err != nil || d.f.Links() != 1 {
		t.Errorf("rewind: %v, %d links", err, d.f.Links())
	}
}

// countingDecoder counts the reads of the decoder it wraps.
type countingDecoder struct {
	decoder
	reads int
}

func (c *countingDecoder) read(p []int16) (int, error) {
	c.reads++
	return c.decoder.read(p)
}

// sparseWAV writes a WAV file whose header declares frames frames of
// 16-bit stereo, all there but taking no disk space.
func sparseWAV(t testing.TB, frames int64) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "long.wav")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	h := wavBytes(2, 48000, 16, uint32(frames*4), nil)
	if _, err := f.Write(h); err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(int64(len(h)) + frames*4); err != nil {
		t.Fatal(err)
	}
	return path
}

// longOgg is tone.ogg with its last page saying the stream runs for
// frames frames.
func longOgg(t testing.TB, frames int64) []byte {
	t.Helper()
	pages := oggPages(t, readTestdata(t, "tone.ogg"))
	last := append([]byte(nil), pages[len(pages)-1]...)
	binary.LittleEndian.PutUint64(last[6:], uint64(frames))
	var out []byte
	for _, p := range pages[:len(pages)-1] {
		out = append(out, p...)
	}
	return append(out, resealed(last)...)
}

// An over-long sound is refused from what its headers say, before a
// sample of it is decoded (a 10-minute file was decoded up to the
// 5-minute limit, 55 MiB, before being refused).
func TestLoadRefusesOverLongSoundsBeforeDecodingThem(t *testing.T) {
	wav, err := os.ReadFile(sparseWAV(t, MaxFrames+1))
	if err != nil {
		t.Fatal(err)
	}
	mp3 := bytes.Repeat(readTestdata(t, "tone.mp3"), MaxFrames/(12*1152)+1)
	for _, tc := range []struct {
		name string
		data []byte
	}{
		{"long.wav", wav},
		{"long.ogg", longOgg(t, MaxFrames+1)},
		{"long.mp3", mp3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d, err := newDecoder(tc.name, nopCloserOf(tc.data), false)
			if err != nil {
				t.Fatal(err)
			}
			defer d.close()
			c := &countingDecoder{decoder: d}
			_, err = decodeWhole(tc.name, c)
			if !errors.Is(err, ErrFormat) || !strings.Contains(err.Error(), "its headers say") || !strings.Contains(err.Error(), "OpenStream") {
				t.Errorf("decodeWhole: %v, want it refused from the headers, saying to stream it", err)
			}
			if c.reads != 0 {
				t.Errorf("%d reads of the decoder before the refusal, want none", c.reads)
			}
		})
	}
	// Through Load, from files.
	if _, err := Load(sparseWAV(t, MaxFrames+1)); err == nil || !strings.Contains(err.Error(), "its headers say") {
		t.Errorf("Load of a WAV file declaring %d frames: %v", MaxFrames+1, err)
	}
	// The Ogg file holds a quarter second, but says it is longer.
	path := filepath.Join(t.TempDir(), "long.ogg")
	if err := os.WriteFile(path, longOgg(t, MaxFrames+1), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(path); err == nil || !strings.Contains(err.Error(), "its headers say") {
		t.Errorf("Load of an Ogg file saying it has %d frames: %v", MaxFrames+1, err)
	}
	// Up to the limit is fine, and so is streaming a long one.
	if _, err := Load(sparseWAV(t, MaxFrames)); err != nil {
		t.Errorf("Load of a WAV file of %d frames: %v", MaxFrames, err)
	}
	st, err := OpenStream(path)
	if err != nil {
		t.Fatalf("OpenStream of a long Ogg file: %v", err)
	}
	st.Close()
}

// A stream of an MP3 file keeps no index of its frames (go-mp3 keeps 8
// bytes a frame when it can seek: megabytes for a long file).
func TestAnMP3StreamKeepsNoIndex(t *testing.T) {
	st, err := NewStream("tone.mp3", readTestdata(t, "tone.mp3"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if n := st.d.frames(); n != -1 {
		t.Errorf("the stream's decoder knows the length (%d frames): it indexed the file", n)
	}
}

// oggPage makes one page of stream serial.
func oggPage(serial uint32, flags byte, granule int64, lacing []byte, body []byte) []byte {
	p := []byte("OggS\x00")
	p = append(p, flags)
	p = binary.LittleEndian.AppendUint64(p, uint64(granule))
	p = binary.LittleEndian.AppendUint32(p, serial)
	p = binary.LittleEndian.AppendUint32(p, 0) // sequence: libogg's concern
	p = binary.LittleEndian.AppendUint32(p, 0) // checksum
	p = append(p, byte(len(lacing)))
	p = append(p, lacing...)
	return resealed(append(p, body...))
}

// A packet longer than maxOggPacket (a comment of 50 MB cost 100 MB to
// open) is refused before libvorbisfile assembles it.
func TestAnOggPacketLongerThanTheBoundIsRefused(t *testing.T) {
	pages := oggPages(t, readTestdata(t, "tone.ogg"))
	serial := binary.LittleEndian.Uint32(pages[0][14:])
	var b []byte
	b = append(b, pages[0]...) // the identification header
	full := bytes.Repeat([]byte{255}, 255)
	for range maxOggPacket/(255*255) + 1 { // a comment packet that never ends
		b = append(b, oggPage(serial, 1, -1, full, make([]byte, 255*255))...)
	}
	for _, open := range []func() error{
		func() error { _, err := Decode("huge.ogg", b); return err },
		func() error { _, err := NewStream("huge.ogg", b); return err },
	} {
		if err := open(); !errors.Is(err, ErrFormat) || !strings.Contains(err.Error(), "packet longer than") {
			t.Errorf("%v, want the packet refused", err)
		}
	}
	facts, err := scanOgg("tone.ogg", bytes.NewReader(readTestdata(t, "tone.ogg")))
	if err != nil || facts.frames != 12000 || facts.maxPacket == 0 || facts.maxPacket > 64<<10 {
		t.Errorf("tone.ogg: %+v, %v; want 12000 frames", facts, err)
	}
}

// A stream of bytes in memory reads them in place: it copied them twice
// (to Go, then to C), so 64 MB cost 128 MB more.
func TestAnOggStreamFromMemoryReadsTheBytesInPlace(t *testing.T) {
	data := chained(t, readTestdata(t, "tone.ogg"), 200) // 1.1 MB
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	st, err := NewStream("chained.ogg", data)
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if got := after.TotalAlloc - before.TotalAlloc; got > uint64(len(data))/4 {
		t.Errorf("NewStream of %d bytes allocated %d bytes: it copied them", len(data), got)
	}
}

// A stream recorded part way through a broadcast counts its granule
// positions from the broadcast's start: its length is from its first
// audio page on, and Load takes it.
func TestAnOggStreamThatStartsPartWayIsNotTakenForALongOne(t *testing.T) {
	const offset = 1 << 40
	orig := readTestdata(t, "noise-pages.ogg") // 48,000 frames on three audio pages
	var b []byte
	for _, p := range oggPages(t, orig) {
		q := append([]byte(nil), p...)
		if g := int64(binary.LittleEndian.Uint64(q[6:])); g > 0 {
			binary.LittleEndian.PutUint64(q[6:], uint64(g+offset))
		}
		b = append(b, resealed(q)...)
	}
	for name, data := range map[string][]byte{"noise-pages.ogg": orig, "live.ogg": b} {
		facts, err := scanOgg(name, bytes.NewReader(data))
		if err != nil || facts.frames < 20000 || facts.frames > 48000 {
			t.Errorf("%s: %+v, %v; want at most its 48,000 frames, less its first page's", name, facts, err)
		}
		d, err := newDecoder(name, nopCloserOf(data), false)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := decodeWhole(name, d); err != nil {
			t.Errorf("%s: decodeWhole: %v", name, err)
		}
		d.close()
	}
}
