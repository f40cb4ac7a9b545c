package audio

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/lockstep-engine/lockstep/platform/audio/internal/vorbis"
)

// maxCompressed bounds an Ogg file decoded from memory: the bytes are
// copied for libvorbisfile.
const maxCompressed = 256 << 20

type vorbisDecoder struct {
	name  string
	f     *vorbis.File
	facts oggFacts
}

// newVorbisDecoder reads r's page headers (see scanOgg), then decodes a
// file on disk as it reads it, and anything else from a copy of its
// bytes. It closes r when done with it.
func newVorbisDecoder(name string, r readSeekCloser) (*vorbisDecoder, error) {
	facts, err := scanOgg(name, r)
	if err == nil {
		_, err = r.Seek(0, io.SeekStart)
	}
	if err != nil {
		return nil, errors.Join(err, r.Close())
	}
	var f *vorbis.File
	if of, ok := r.(*os.File); ok {
		f, err = vorbis.OpenFile(of)
		err = errors.Join(err, r.Close())
	} else {
		var b []byte
		b, err = io.ReadAll(io.LimitReader(r, maxCompressed+1))
		switch {
		case err != nil:
		case len(b) > maxCompressed:
			err = fmt.Errorf("larger than %d MiB", maxCompressed>>20)
		default:
			f, err = vorbis.OpenBytes(b)
		}
		err = errors.Join(err, r.Close())
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
