package audio

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
)

// wavHeaderSize is the canonical 44-byte header: RIFF, fmt (PCM) and the
// data chunk's header.
const wavHeaderSize = 44

// maxWAVData is the most sample bytes a WAV file's 32-bit sizes can
// count: 6 h 12 min at 48 kHz stereo.
const maxWAVData = math.MaxUint32 - wavHeaderSize

// ErrWAVFull: a WAV file holds at most about 6 hours at 48 kHz stereo.
var ErrWAVFull = errors.New("audio: the WAV file is full (4 GiB, 6 h at 48 kHz stereo): capture shorter runs")

// WAVWriter writes 16-bit stereo samples at Rate as a WAV file. It writes
// the header first with the sizes unknown; Close fills them in where the
// output can be written at an offset (a file), and otherwise leaves them
// saying "to the end of the file", which readers such as sox accept.
type WAVWriter struct {
	w    io.Writer
	data int64
	err  error
}

// NewWAVWriter writes the header to w and returns the writer.
func NewWAVWriter(w io.Writer) (*WAVWriter, error) {
	ww := &WAVWriter{w: w}
	if _, err := w.Write(wavHeader(unknownSize)); err != nil {
		return nil, fmt.Errorf("audio: write WAV header: %w", err)
	}
	return ww, nil
}

func wavHeader(data uint32) []byte {
	h := make([]byte, wavHeaderSize)
	riff := uint32(unknownSize)
	if data != unknownSize {
		riff = data + wavHeaderSize - 8
	}
	copy(h[0:], "RIFF")
	binary.LittleEndian.PutUint32(h[4:], riff)
	copy(h[8:], "WAVEfmt ")
	binary.LittleEndian.PutUint32(h[16:], 16)
	binary.LittleEndian.PutUint16(h[20:], 1) // PCM
	binary.LittleEndian.PutUint16(h[22:], 2)
	binary.LittleEndian.PutUint32(h[24:], Rate)
	binary.LittleEndian.PutUint32(h[28:], Rate*4)
	binary.LittleEndian.PutUint16(h[32:], 4)
	binary.LittleEndian.PutUint16(h[34:], 16)
	copy(h[36:], "data")
	binary.LittleEndian.PutUint32(h[40:], data)
	return h
}

// Write writes little-endian 16-bit stereo samples (what Config.Capture
// receives). The first error sticks.
func (w *WAVWriter) Write(p []byte) (int, error) {
	if w.err != nil {
		return 0, w.err
	}
	if w.data+int64(len(p)) > maxWAVData {
		w.err = ErrWAVFull
		return 0, w.err
	}
	n, err := w.w.Write(p)
	w.data += int64(n)
	if err != nil {
		w.err = err
	}
	return n, err
}

// Bytes returns how many sample bytes were written.
func (w *WAVWriter) Bytes() int64 { return w.data }

// Close fills in the header's sizes through at, when it is not nil and
// can write at an offset (an error wrapping errors.ErrUnsupported says it
// cannot: the sizes then stay unknown). It returns the first error of the
// writes too.
func (w *WAVWriter) Close(at io.WriterAt) error {
	if at == nil || w.err != nil {
		return w.err
	}
	h := wavHeader(uint32(w.data))
	if _, err := at.WriteAt(h[4:8], 4); errors.Is(err, errors.ErrUnsupported) {
		return nil
	} else if err != nil {
		return fmt.Errorf("audio: finish WAV header: %w", err)
	}
	if _, err := at.WriteAt(h[40:44], 40); err != nil {
		return fmt.Errorf("audio: finish WAV header: %w", err)
	}
	return nil
}
