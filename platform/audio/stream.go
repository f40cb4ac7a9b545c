package audio

import (
	"errors"
	"fmt"
	"io"

	"github.com/lockstep-engine/lockstep/platform/internal/output"
)

// streamBlock is how many frames a Stream decodes at a time: 85 ms at
// 48 kHz.
const streamBlock = 4096

// Stream is music decoded a block at a time as it plays, from a file
// (OpenStream) or bytes (NewStream), so that minutes of audio take a few
// kilobytes. A Stream plays in one voice at a time: playing it again
// starts it over. Its decoding happens in the mix (in the tick that
// mixes it, for a tick's sound), so it stays deterministic. Close it when
// done.
type Stream struct {
	name  string
	d     decoder
	buf   []int16 // one carried frame and a block
	owner *voice
	err   error
}

// OpenStream opens a WAV, Ogg Vorbis or MP3 file for streaming, of any
// length: the stream keeps a bounded decoder state (hundreds of kilobytes)
// whatever the file holds (one link of a chained Ogg file at a time; no
// index of an MP3 file's frames), and an Ogg file is refused when a packet
// of it is over 1 MiB or its codebooks are larger than encoders make them.
// path must be a regular file. Errors name the file and wrap ErrFormat when
// the data is at fault.
func OpenStream(path string) (*Stream, error) {
	f, err := output.OpenRegular(path) // a FIFO would hang the open
	if err != nil {
		return nil, fmt.Errorf("audio: %w", err)
	}
	return newStream(path, f)
}

// NewStream streams from encoded bytes held in memory (an embedded asset),
// reading them in place: do not change them until the stream is closed.
func NewStream(name string, data []byte) (*Stream, error) {
	return newStream(name, nopCloserOf(data))
}

func newStream(name string, r readSeekCloser) (*Stream, error) {
	d, err := newDecoder(name, r, true)
	if err != nil {
		return nil, errors.Join(err, r.Close())
	}
	return &Stream{name: name, d: d, buf: make([]int16, (streamBlock+1)*d.channels())}, nil
}

// Name returns the path or name the stream was opened with.
func (s *Stream) Name() string { return s.name }

// Err returns the error that ended the stream's playing early, if any: a
// file damaged after its start.
func (s *Stream) Err() error { return s.err }

// Close releases the decoder; a voice playing the stream ends.
func (s *Stream) Close() error {
	if s.owner != nil {
		s.owner.active = false
		s.owner = nil
	}
	if s.d == nil {
		return nil
	}
	err := s.d.close()
	s.d = nil
	return err
}

func (s *Stream) source() {}

// start makes v play the stream from its beginning.
func (s *Stream) start(v *voice) {
	if s.owner != nil && s.owner != v {
		s.owner.active = false
	}
	s.owner = v
	v.ch, v.data, v.frames, v.pos = s.d.channels(), s.buf[:0], 0, 0
	if err := s.d.rewind(); err != nil {
		s.err = err
	}
}

// refill decodes the next block for v, keeping the frame v is on as the
// new block's first so that interpolation runs across the seam. It
// reports whether there is more to play.
func (s *Stream) refill(v *voice) bool {
	if s.owner != v || s.d == nil || s.err != nil {
		return false
	}
	ch := v.ch
	carry := 0
	if v.frames > 0 {
		copy(s.buf[:ch], s.buf[(v.frames-1)*ch:v.frames*ch])
		v.pos -= uint64(v.frames-1) << 32
		carry = 1
	}
	rewound := false
	for {
		n, err := s.d.read(s.buf[carry*ch:])
		if n > 0 {
			v.data, v.frames = s.buf[:(carry+n)*ch], carry+n
			return true
		}
		switch {
		case errors.Is(err, io.EOF) && v.loop && !rewound:
			rewound = true // an empty stream must not rewind forever
			if err = s.d.rewind(); err == nil {
				continue
			}
		case errors.Is(err, io.EOF):
			return false
		case err == nil:
			err = fmt.Errorf("%w: %s: the decoder made no progress", ErrFormat, s.name)
		}
		s.err = err
		return false
	}
}
