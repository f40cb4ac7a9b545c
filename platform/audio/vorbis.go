package audio

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/lockstep-engine/lockstep/platform/audio/internal/vorbis"
)

type vorbisDecoder struct {
	name  string
	f     *vorbis.File
	facts oggFacts
}

// newVorbisDecoder reads r's page headers (see scanOgg), then decodes a
// file on disk as it reads it (the decoder owns it then, and closes it
// with itself), and bytes in memory in place. On failure it closes r.
func newVorbisDecoder(name string, r readSeekCloser) (*vorbisDecoder, error) {
	facts, err := scanOgg(name, r)
	if err == nil {
		_, err = r.Seek(0, io.SeekStart)
	}
	if err != nil {
		return nil, errors.Join(err, r.Close())
	}
	var f *vorbis.File
	switch src := r.(type) {
	case *os.File: // the decoder owns it from here, and closes it
		f, err = vorbis.OpenFile(src)
	case memFile: // read in place: a stream of bytes in memory costs no copy
		f, err = vorbis.OpenBytes(src.b)
	default: // every source is one of those
		err = errors.Join(fmt.Errorf("no way to read a %T", r), r.Close())
	}
	if err != nil {
		if f != nil {
			f.Close()
		}
		return nil, fmt.Errorf("%w: %s: %v: re-encode it (oggenc, or sox in out.ogg)", ErrFormat, name, err)
	}
	return &vorbisDecoder{name: name, f: f, facts: facts}, nil
}

// frames is what the page headers say: a damaged or lying file may hold
// more, or less.
func (d *vorbisDecoder) frames() int64 { return d.facts.frames }

func (d *vorbisDecoder) rate() int     { return d.f.Rate() }
func (d *vorbisDecoder) channels() int { return d.f.Channels() }
func (d *vorbisDecoder) close() error  { d.f.Close(); return nil }

func (d *vorbisDecoder) rewind() error {
	if err := d.f.Rewind(); err != nil {
		return fmt.Errorf("%w: %s: %v", ErrFormat, d.name, err)
	}
	return nil
}

func (d *vorbisDecoder) read(p []int16) (int, error) {
	n, err := d.f.Read(p)
	if err != nil && !errors.Is(err, io.EOF) {
		return n, fmt.Errorf("%w: %s: %v: re-encode it (oggenc, or sox in out.ogg)", ErrFormat, d.name, err)
	}
	return n, err
}
