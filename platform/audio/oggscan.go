package audio

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
)

// An Ogg file is read through its page headers before libvorbisfile sees
// it, for two facts that decoding would find out only at their cost: how
// long the audio is (each logical stream's granule positions count its
// samples), so that Load refuses over-long audio before decoding any;
// and how long its longest packet is, since libogg assembles a packet
// whole in memory, and libvorbisfile keeps a stream's comments: a file of
// one 50 MB comment would cost 100 MB to play a second of sound.

// maxOggPacket bounds one Vorbis packet: audio packets take a few
// kilobytes, setup headers tens; a larger one is comments (cover art).
const maxOggPacket = 1 << 20

// maxOggStreams bounds the Vorbis streams open at once in one file: one
// plays, and chained streams follow one another.
const maxOggStreams = 8

// oggFacts is what an Ogg file's page headers say.
type oggFacts struct {
	frames    int64 // samples per channel: every Vorbis stream's (see oggStream.frames), summed
	maxPacket int   // the longest Vorbis packet, in bytes
}

// oggStream is one logical Vorbis stream being scanned.
type oggStream struct {
	serial  uint32
	granule int64  // the last page's, -1 before any
	first   int64  // the first audio page's (granule above 0), -1 before any
	packet  int    // bytes of the packet being assembled
	packets int    // packets ended so far
	setup   []byte // the third packet, the setup header, while it is assembled
}

// maxOggDamage bounds the bytes checksummed in vain, on what looked like
// a page and was not: a file made of false page starts would otherwise
// take hours to scan.
const maxOggDamage = 64 << 20

// oggScanner walks an Ogg file's pages.
type oggScanner struct {
	r       *bufio.Reader
	facts   oggFacts
	streams []oggStream // open Vorbis streams
	damage  int         // bytes checksummed in vain
	spare   []byte      // a setup header's buffer, free for the next
	crc     [256]uint32
}

// scanOgg reads r, an Ogg file from its start, to its end, checking each
// page's checksum as libogg does and skipping what is not a page (libogg
// resynchronises the same way). It fails when a packet is longer than
// maxOggPacket.
func scanOgg(name string, r io.Reader) (oggFacts, error) {
	s := &oggScanner{r: bufio.NewReaderSize(r, 64<<10)} // holds the largest page, 65,307 bytes
	s.crc = oggCRCTable()
	for {
		err := s.page()
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			break
		}
		if err != nil {
			return s.facts, fmt.Errorf("%w: %s: %v: re-encode it (oggenc, or sox in out.ogg)", ErrFormat, name, err)
		}
	}
	for _, st := range s.streams {
		s.facts.frames += st.frames()
	}
	return s.facts, nil
}

// page reads the next page, or skips to the next thing that may be one.
func (s *oggScanner) page() error {
	const headSize = 27
	b, err := s.r.Peek(headSize)
	if err != nil {
		return err
	}
	if !bytes.HasPrefix(b, []byte("OggS")) || b[4] != 0 {
		return s.skip()
	}
	n := int(b[26])
	if b, err = s.r.Peek(headSize + n); err != nil {
		return err
	}
	size := headSize + n
	for _, l := range b[headSize:] {
		size += int(l)
	}
	if b, err = s.r.Peek(size); err != nil {
		return err
	}
	if oggCRC(&s.crc, b) != binary.LittleEndian.Uint32(b[22:]) {
		if s.damage += size; s.damage > maxOggDamage {
			return fmt.Errorf("more than %d MiB that look like pages and are not", maxOggDamage>>20)
		}
		return s.skip()
	}
	err = s.account(b[:headSize], b[headSize:headSize+n], b[headSize+n:])
	_, derr := s.r.Discard(size)
	return errors.Join(err, derr)
}

// skip discards what comes before the next "OggS", at least one byte.
func (s *oggScanner) skip() error {
	b, err := s.r.Peek(s.r.Size())
	if len(b) == 0 {
		return err
	}
	i := bytes.Index(b[1:], []byte("OggS"))
	if i < 0 {
		i = len(b) - len("OggS") // keep what may be the start of one
	}
	_, err = s.r.Discard(max(i+1, 1))
	return err
}

// account adds one page to its stream's facts.
func (s *oggScanner) account(h, lacing, body []byte) error {
	const bos, eos = 2, 4
	serial := binary.LittleEndian.Uint32(h[14:])
	i := s.find(serial)
	if h[5]&bos != 0 {
		if i >= 0 || !bytes.HasPrefix(body, []byte("\x01vorbis")) {
			return nil // a repeated start, or another codec's stream: libvorbisfile skips it
		}
		if len(s.streams) == maxOggStreams {
			return fmt.Errorf("more than %d Vorbis streams at once", maxOggStreams)
		}
		s.streams = append(s.streams, oggStream{serial: serial, granule: -1, first: -1})
		i = len(s.streams) - 1
	}
	if i < 0 {
		return nil
	}
	st := &s.streams[i]
	for _, l := range lacing {
		st.packet += int(l)
		if st.packet > maxOggPacket {
			return fmt.Errorf("a packet longer than %d KiB (comments, such as cover art, most likely); strip them (vorbiscomment -w -t TITLE=x)", maxOggPacket>>10)
		}
		if st.packets == 2 && int(l) <= len(body) {
			if st.setup == nil { // one buffer serves every link in turn
				st.setup, s.spare = s.spare[:0], nil
			}
			st.setup = append(st.setup, body[:l]...)
		}
		body = body[min(int(l), len(body)):]
		if l < 255 {
			if st.packets == 2 {
				err := checkSetup(st.setup)
				if s.spare, st.setup = st.setup, nil; err != nil {
					return err
				}
			}
			s.facts.maxPacket = max(s.facts.maxPacket, st.packet)
			st.packet = 0
			st.packets++
		}
	}
	if g := int64(binary.LittleEndian.Uint64(h[6:])); g >= 0 {
		st.granule = max(st.granule, g)
		if st.first < 0 && g > 0 {
			st.first = g
		}
	}
	if h[5]&eos != 0 {
		s.facts.frames += st.frames()
		s.streams = append(s.streams[:i], s.streams[i+1:]...)
	}
	return nil
}

// maxFirstGranule is the most samples one page can end on: 255 packets
// of 4,096 samples each. A first audio page past it belongs to a stream
// that starts part way (recorded from a live broadcast), whose granule
// positions count from where the broadcast began.
const maxFirstGranule = 255 * 4096

// frames is how many samples the stream's pages say it holds: its last
// granule position, less the first audio page's when the stream starts
// part way (then the first page's own samples go uncounted, a fraction of
// a second: a decoder counts them only by decoding). A stream of one
// audio page is taken at its word.
func (st *oggStream) frames() int64 {
	switch {
	case st.granule < 0:
		return 0
	case st.first > maxFirstGranule && st.granule > st.first:
		return st.granule - st.first
	}
	return st.granule
}

func (s *oggScanner) find(serial uint32) int {
	for i, st := range s.streams {
		if st.serial == serial {
			return i
		}
	}
	return -1
}

// oggCRCTable returns the table of Ogg's CRC-32: polynomial 0x04c11db7,
// most significant bit first, unlike hash/crc32's tables.
func oggCRCTable() (t [256]uint32) {
	for i := range t {
		r := uint32(i) << 24
		for range 8 {
			if r&(1<<31) != 0 {
				r = r<<1 ^ 0x04c11db7
			} else {
				r <<= 1
			}
		}
		t[i] = r
	}
	return t
}

// oggCRC returns the checksum of page, its checksum field counted as 0.
func oggCRC(t *[256]uint32, page []byte) uint32 {
	var c uint32
	for i, b := range page {
		if i >= 22 && i < 26 {
			b = 0
		}
		c = c<<8 ^ t[byte(c>>24)^b]
	}
	return c
}
