package audio

import (
	"bytes"
	"errors"
	"fmt"
	"io"

	"github.com/lockstep-engine/lockstep/platform/internal/output"
)

// decoder turns one encoded file into 16-bit samples, a block at a time:
// what Load reads to the end and a Stream reads as it plays.
type decoder interface {
	// read decodes up to len(p)/channels frames into p, interleaved, and
	// returns how many frames it wrote; 0 and io.EOF at the end.
	read(p []int16) (int, error)
	// rewind starts again from the first frame.
	rewind() error
	rate() int
	channels() int
	// frames returns how many frames the file's headers say it holds,
	// -1 when they do not say: what decoding it whole would cost, known
	// before any of it is decoded.
	frames() int64
	close() error
}

// readSeekCloser is an encoded file: a file on disk, or bytes in memory.
type readSeekCloser interface {
	io.ReadSeeker
	io.Closer
}

// memFile is an encoded file in memory; a decoder may read b in place.
type memFile struct {
	*bytes.Reader
	b []byte
}

func (memFile) Close() error { return nil }

// newDecoder recognises the format of r by its first bytes. name is for
// errors. A decoder for a stream keeps its memory bounded whatever the
// file's length; one for Load may index the file to learn its length.
func newDecoder(name string, r readSeekCloser, stream bool) (decoder, error) {
	var head [12]byte
	n, err := io.ReadFull(r, head[:])
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
		return nil, fmt.Errorf("audio: read %s: %w", name, err)
	}
	if _, err := r.Seek(0, io.SeekStart); err != nil {
		return nil, fmt.Errorf("audio: read %s: %w", name, err)
	}
	h := head[:n]
	var d decoder
	switch {
	case n == 0:
		return nil, fmt.Errorf("%w: %s is empty", ErrFormat, name)
	case bytes.HasPrefix(h, []byte("RIFF")) || bytes.HasPrefix(h, []byte("RIFX")):
		d, err = newWAVDecoder(name, r)
	case bytes.HasPrefix(h, []byte("OggS")):
		d, err = newVorbisDecoder(name, r)
	case bytes.HasPrefix(h, []byte("ID3")) || n >= 2 && h[0] == 0xff && h[1]&0xe0 == 0xe0:
		d, err = newMP3Decoder(name, r, stream)
	default:
		return nil, fmt.Errorf("%w: %s is not WAV, Ogg Vorbis or MP3 (it starts with % x): convert it (sox in out.wav)", ErrFormat, name, h)
	}
	if err != nil {
		return nil, err
	}
	if err := checkShape(name, d.rate(), d.channels()); err != nil {
		return nil, errors.Join(err, d.close())
	}
	return d, nil
}

// Load decodes a WAV, Ogg Vorbis or MP3 file whole into memory. A file
// whose headers say it holds more than MaxFrames frames (WAV's data size,
// Ogg's granule positions, MP3's frames) is refused before any of it is
// decoded, and one that turns out longer as it is decoded is refused at
// the limit. path must be a regular file (a FIFO is refused at once). Its
// errors name the file and wrap ErrFormat when the data is at fault.
func Load(path string) (*Sound, error) {
	f, err := output.OpenRegular(path) // a FIFO would hang the open
	if err != nil {
		return nil, fmt.Errorf("audio: %w", err)
	}
	defer f.Close()
	return decodeAll(path, f)
}

// Decode decodes a WAV, Ogg Vorbis or MP3 file held in memory (an
// embedded asset, say) whole. name appears in errors.
func Decode(name string, data []byte) (*Sound, error) {
	return decodeAll(name, nopCloserOf(data))
}

func decodeAll(name string, r readSeekCloser) (s *Sound, err error) {
	d, err := newDecoder(name, r, false)
	if err != nil {
		return nil, err
	}
	defer func() { err = errors.Join(err, d.close()) }()
	return decodeWhole(name, d)
}

// decodeWhole decodes d to its end, refusing before decoding anything a
// file whose headers say it is longer than MaxFrames, and while decoding
// one that turns out longer than they said.
func decodeWhole(name string, d decoder) (*Sound, error) {
	if n := d.frames(); n > MaxFrames {
		return nil, fmt.Errorf("%w: %s is %d s long (%d frames at %d Hz, its headers say): longer than %d frames (%d s) is music: stream it with OpenStream",
			ErrFormat, name, n/int64(max(d.rate(), 1)), n, d.rate(), MaxFrames, MaxFrames/max(d.rate(), 1))
	}
	ch := d.channels()
	buf := make([]int16, 0, 4096*ch)
	for {
		if len(buf) == cap(buf) {
			if len(buf)/ch >= MaxFrames {
				return nil, tooLong(name, len(buf)/ch, d.rate())
			}
			buf = append(buf, make([]int16, min(len(buf), MaxFrames*ch-len(buf)+ch))...)[:len(buf)]
		}
		n, err := d.read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n*ch]
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, err
		}
		if n == 0 {
			return nil, fmt.Errorf("%w: %s: the decoder made no progress", ErrFormat, name)
		}
	}
	if len(buf)/ch > MaxFrames {
		return nil, tooLong(name, len(buf)/ch, d.rate())
	}
	return &Sound{name: name, rate: d.rate(), channels: ch, data: buf[:len(buf):len(buf)]}, nil
}

func nopCloserOf(b []byte) readSeekCloser { return memFile{bytes.NewReader(b), b} }
