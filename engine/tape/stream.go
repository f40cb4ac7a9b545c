package tape

import (
	"bufio"
	"errors"
	"hash/crc32"
	"io"
)

// bufSize is how much of a recording a stream holds at once: far more
// than the longest field (a 255-byte name), few enough read calls.
const bufSize = 16 << 10

// stream is a recording's bytes as they arrive. Every byte consumed is
// folded into the running checksum, and the window ahead is bounded, so
// reading costs the same memory whatever the input.
type stream struct {
	br  *bufio.Reader
	off int64  // bytes consumed
	crc uint32 // CRC-32C of the bytes consumed
	eof bool   // the input has ended: what is buffered is all there is
	err error  // the first read error other than io.EOF
}

func newStream(r io.Reader) stream { return stream{br: bufio.NewReaderSize(r, bufSize)} }

// peek returns the next n (≤ bufSize) bytes without consuming them, fewer
// if the input ends or fails first. Once it has ended, peek does not read
// again: a terminal or a pipe could block.
func (s *stream) peek(n int) []byte {
	if s.eof || s.err != nil {
		n = min(n, s.br.Buffered())
	}
	b, err := s.br.Peek(n)
	switch {
	case err == nil || errors.Is(err, bufio.ErrBufferFull):
	case errors.Is(err, io.EOF):
		s.eof = true
	case s.err == nil:
		s.err = err
	}
	return b
}

// buffered returns the bytes read ahead, without reading more.
func (s *stream) buffered() []byte {
	b, _ := s.br.Peek(s.br.Buffered())
	return b
}

// consume consumes b, which peek just returned (or a prefix of it).
func (s *stream) consume(b []byte) {
	s.crc = crc32.Update(s.crc, castagnoli, b)
	n, _ := s.br.Discard(len(b)) // cannot fail: the bytes are buffered
	s.off += int64(n)
}

// ReadByte consumes one byte, for binary.ReadUvarint.
func (s *stream) ReadByte() (byte, error) {
	b := s.peek(1)
	if len(b) == 0 {
		if s.err != nil {
			return 0, s.err
		}
		return 0, io.EOF
	}
	c := b[0]
	s.consume(b)
	return c, nil
}

// rest consumes whatever is left of an input that has ended or failed.
func (s *stream) rest() { s.consume(s.peek(s.br.Buffered())) }
