package audio

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
)

// The WAV reader is our own rather than github.com/go-audio/wav: that
// library decodes into an []int of 8 bytes a sample, sizes buffers from
// the header's claims, and has not changed since 2020. This one reads the
// RIFF chunks, trusts no size the file cannot back, and converts each
// block to 16 bits as it goes.

// wavFormat is a WAV file's fmt chunk, reduced to what decoding needs.
type wavFormat struct {
	channels, rate int
	bits           int  // 8, 16, 24 or 32 per sample
	float          bool // IEEE float (32 bits) rather than integer PCM
}

// unknownSize is what a WAV writer that cannot seek back (a pipe) leaves
// in the data chunk's size: the data runs to the end of the file.
const unknownSize = math.MaxUint32

type wavDecoder struct {
	name    string
	r       readSeekCloser
	f       wavFormat
	off     int64 // where the samples start
	size    int64 // bytes of samples
	pos     int64 // bytes read since off
	scratch []byte
}

func newWAVDecoder(name string, r readSeekCloser) (*wavDecoder, error) {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: %s: %s: re-export it as PCM WAV (sox in -b 16 out.wav)", ErrFormat, name, fmt.Sprintf(format, args...))
	}
	total, err := r.Seek(0, io.SeekEnd)
	if err == nil {
		_, err = r.Seek(0, io.SeekStart)
	}
	if err != nil {
		return nil, fmt.Errorf("audio: read %s: %w", name, err)
	}
	var riff [12]byte
	if _, err := io.ReadFull(r, riff[:]); err != nil {
		return nil, bad("truncated RIFF header")
	}
	if string(riff[0:4]) != "RIFF" || string(riff[8:12]) != "WAVE" {
		return nil, bad("not a little-endian RIFF WAVE file")
	}
	d := &wavDecoder{name: name, r: r}
	var haveFmt bool
	for pos := int64(12); ; {
		var hdr [8]byte
		if _, err := io.ReadFull(r, hdr[:]); err != nil {
			if !haveFmt {
				return nil, bad("no fmt chunk")
			}
			return nil, bad("no data chunk")
		}
		id, size := string(hdr[:4]), int64(binary.LittleEndian.Uint32(hdr[4:]))
		pos += 8
		switch {
		case id == "fmt ":
			if haveFmt {
				return nil, bad("two fmt chunks")
			}
			if d.f, err = readWAVFormat(r, size, bad); err != nil {
				return nil, err
			}
			haveFmt = true
		case id == "data":
			if !haveFmt {
				return nil, bad("the data chunk comes before the fmt chunk")
			}
			if size == unknownSize {
				size = total - pos
			}
			if size > total-pos {
				return nil, bad("truncated: the header declares %d bytes of samples, the file holds %d", size, max(total-pos, 0))
			}
			d.off, d.size = pos, size-size%int64(d.frameBytes())
			return d, nil
		default:
			if size+size&1 > total-pos {
				return nil, bad("truncated in chunk %q", id)
			}
			if _, err := r.Seek(size+size&1, io.SeekCurrent); err != nil {
				return nil, fmt.Errorf("audio: read %s: %w", name, err)
			}
		}
		pos += size + size&1
	}
}

func readWAVFormat(r io.Reader, size int64, bad func(string, ...any) error) (wavFormat, error) {
	if size < 16 || size > 1024 {
		return wavFormat{}, bad("a fmt chunk of %d bytes", size)
	}
	b := make([]byte, size+size&1)
	if _, err := io.ReadFull(r, b); err != nil {
		return wavFormat{}, bad("truncated fmt chunk")
	}
	tag := binary.LittleEndian.Uint16(b[0:])
	f := wavFormat{
		channels: int(binary.LittleEndian.Uint16(b[2:])),
		rate:     int(binary.LittleEndian.Uint32(b[4:])),
		bits:     int(binary.LittleEndian.Uint16(b[14:])),
	}
	if tag == 0xfffe && size >= 40 { // WAVE_FORMAT_EXTENSIBLE: the real tag opens the sub-format GUID
		tag = binary.LittleEndian.Uint16(b[24:])
	}
	switch {
	case tag == 1 && (f.bits == 8 || f.bits == 16 || f.bits == 24 || f.bits == 32):
	case tag == 3 && f.bits == 32:
		f.float = true
	case tag == 1 || tag == 3:
		return wavFormat{}, bad("%d-bit samples (format %d)", f.bits, tag)
	default:
		return wavFormat{}, bad("compressed WAV (format tag %#x); only PCM and float are read", tag)
	}
	if f.channels < 1 || f.channels > 8 {
		return wavFormat{}, bad("%d channels", f.channels)
	}
	return f, nil
}

func (d *wavDecoder) frames() int64   { return d.size / int64(d.frameBytes()) }
func (d *wavDecoder) frameBytes() int { return d.f.channels * d.f.bits / 8 }
func (d *wavDecoder) rate() int       { return d.f.rate }
func (d *wavDecoder) channels() int   { return d.f.channels }
func (d *wavDecoder) close() error    { return d.r.Close() }

func (d *wavDecoder) rewind() error {
	d.pos = 0
	if _, err := d.r.Seek(d.off, io.SeekStart); err != nil {
		return fmt.Errorf("audio: rewind %s: %w", d.name, err)
	}
	return nil
}

func (d *wavDecoder) read(p []int16) (int, error) {
	fb := int64(d.frameBytes())
	frames := min(int64(len(p)/d.f.channels), (d.size-d.pos)/fb)
	if frames == 0 {
		return 0, io.EOF
	}
	if d.pos == 0 {
		if err := d.rewind(); err != nil {
			return 0, err
		}
	}
	n := int(frames * fb)
	if cap(d.scratch) < n {
		d.scratch = make([]byte, max(n, 4096*int(fb)))
	}
	b := d.scratch[:n]
	if _, err := io.ReadFull(d.r, b); err != nil {
		if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
			return 0, fmt.Errorf("%w: %s: truncated while reading", ErrFormat, d.name)
		}
		return 0, fmt.Errorf("audio: read %s: %w", d.name, err)
	}
	d.pos += int64(n)
	toInt16(p[:int(frames)*d.f.channels], b, d.f)
	return int(frames), nil
}

// toInt16 converts one block of WAV samples.
func toInt16(dst []int16, b []byte, f wavFormat) {
	switch {
	case f.float:
		for i := range dst {
			x := math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
			dst[i] = floatToInt16(x)
		}
	case f.bits == 8:
		for i := range dst {
			dst[i] = int16(b[i]-128) << 8
		}
	case f.bits == 16:
		for i := range dst {
			dst[i] = int16(binary.LittleEndian.Uint16(b[2*i:]))
		}
	case f.bits == 24:
		for i := range dst {
			dst[i] = int16(uint16(b[3*i+1]) | uint16(b[3*i+2])<<8)
		}
	case f.bits == 32:
		for i := range dst {
			dst[i] = int16(binary.LittleEndian.Uint32(b[4*i:]) >> 16)
		}
	}
}

func floatToInt16(x float32) int16 {
	switch {
	case x != x: // NaN
		return 0
	case x >= 1:
		return math.MaxInt16
	case x <= -1:
		return -math.MaxInt16
	}
	return int16(x * math.MaxInt16)
}
