package audio

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"

	"github.com/hajimehoshi/go-mp3"
)

// mp3Decoder reads MP3 through github.com/hajimehoshi/go-mp3, which always
// gives 16-bit stereo. That library trusts its input in places (a damaged
// frame can index out of range), so every call into it recovers a panic
// as a format error.
type mp3Decoder struct {
	name    string
	r       readSeekCloser
	d       *mp3.Decoder
	stream  bool // d reads r as a stream: it keeps no index of the frames
	scratch []byte
}

// newMP3Decoder decodes r. For Load, go-mp3 first indexes every frame of
// the file (8 bytes each), which tells the length before decoding; a
// stream hides r's Seek from it, so that it keeps nothing per frame, and
// rewinds by starting again.
func newMP3Decoder(name string, r readSeekCloser, stream bool) (d *mp3Decoder, err error) {
	d = &mp3Decoder{name: name, r: r, stream: stream}
	if err := d.start(); err != nil {
		return nil, err
	}
	return d, nil
}

// start makes the go-mp3 decoder, reading from r's current position.
func (d *mp3Decoder) start() error {
	var src io.Reader = d.r
	if d.stream {
		src = struct{ io.Reader }{d.r}
	}
	err := d.guard(func() error {
		var err error
		d.d, err = mp3.NewDecoder(src)
		return err
	})
	if errors.Is(err, io.EOF) {
		err = fmt.Errorf("%w: %s: no whole MP3 frame: re-encode it, or use Ogg Vorbis or WAV", ErrFormat, d.name)
	}
	return err
}

// frames is go-mp3's count of the frames' samples, for Load.
func (d *mp3Decoder) frames() int64 {
	if n := d.d.Length(); n >= 0 {
		return n / 4
	}
	return -1
}

// guard runs f, turning a panic or a decoding error into one that names
// the file.
func (d *mp3Decoder) guard(f func() error) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("%w: %s: damaged MP3 data (%v): re-encode it, or use Ogg Vorbis or WAV", ErrFormat, d.name, p)
		}
	}()
	err = f()
	if err != nil && !errors.Is(err, io.EOF) {
		err = fmt.Errorf("%w: %s: damaged MP3 data (%v): re-encode it, or use Ogg Vorbis or WAV", ErrFormat, d.name, err)
	}
	return err
}

func (d *mp3Decoder) rate() int     { return d.d.SampleRate() }
func (d *mp3Decoder) channels() int { return 2 }
func (d *mp3Decoder) close() error  { return d.r.Close() }
func (d *mp3Decoder) rewind() error {
	if d.stream {
		if _, err := d.r.Seek(0, io.SeekStart); err != nil {
			return fmt.Errorf("audio: rewind %s: %w", d.name, err)
		}
		return d.start()
	}
	return d.guard(func() error { _, err := d.d.Seek(0, io.SeekStart); return err })
}

func (d *mp3Decoder) read(p []int16) (int, error) {
	frames := len(p) / 2
	if cap(d.scratch) < frames*4 {
		d.scratch = make([]byte, frames*4)
	}
	b := d.scratch[:frames*4]
	n := 0
	err := d.guard(func() error {
		var err error
		// go-mp3 hands out at most one MP3 frame a call.
		for n < len(b) && err == nil {
			var m int
			m, err = d.d.Read(b[n:])
			n += m
			if m == 0 && err == nil {
				err = errors.New("the decoder made no progress")
			}
		}
		return err
	})
	n -= n % 4
	for i := 0; i < n/2; i++ {
		p[i] = int16(binary.LittleEndian.Uint16(b[2*i:]))
	}
	if n > 0 && errors.Is(err, io.EOF) {
		err = nil
	}
	return n / 4, err
}
