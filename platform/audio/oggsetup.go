package audio

import (
	"errors"
	"fmt"
)

// A Vorbis setup header declares codebooks, and libvorbis builds each
// one's decoding tables from the count of entries it declares, which a
// few bytes can make millions: libvorbis 1.3.7 sorts them in an array on
// the C stack (alloca), so one codebook of a million entries in a file of
// 1.4 KB overflows the stack and kills the process, and 256 smaller ones
// take gigabytes. The codebooks are read here first, and refused past
// what any encoder writes (libvorbis's largest books hold a few thousand
// entries).

// Bounds on a setup header's codebooks.
const (
	maxBookEntries  = 1 << 16 // one book's entries (libvorbis's stack array: 512 KiB)
	maxTotalEntries = 1 << 18 // every book's entries (its tables: about 7 MiB)
	maxBookValues   = 1 << 20 // every book's entries × dimensions (its value lists: 4 MiB)
)

// bitReader reads a Vorbis packet's bits, least significant first.
type bitReader struct {
	b   []byte
	pos int // in bits
}

func (r *bitReader) read(n int) (uint64, error) {
	if r.pos+n > len(r.b)*8 {
		return 0, errors.New("the setup header ends inside a codebook")
	}
	var v uint64
	for i := range n {
		bit := r.b[(r.pos+i)/8] >> ((r.pos + i) % 8) & 1
		v |= uint64(bit) << i
	}
	r.pos += n
	return v, nil
}

func (r *bitReader) skip(n uint64) error {
	if n > uint64(len(r.b)*8-r.pos) {
		return errors.New("the setup header ends inside a codebook")
	}
	r.pos += int(n)
	return nil
}

// ilog is the number of bits in v, as the Vorbis specification counts.
func ilog(v uint64) int {
	n := 0
	for ; v > 0; v >>= 1 {
		n++
	}
	return n
}

// checkSetup reads the codebooks of a Vorbis setup header (the stream's
// third packet) and refuses them past the bounds above. What follows
// the codebooks is left to libvorbis.
func checkSetup(packet []byte) error {
	if len(packet) < 7 || packet[0] != 5 || string(packet[1:7]) != "vorbis" {
		return nil // not a setup header: libvorbisfile refuses it
	}
	r := &bitReader{b: packet[7:]}
	n, err := r.read(8)
	if err != nil {
		return err
	}
	var entries, values uint64
	for range n + 1 {
		e, d, err := readBook(r)
		if err != nil {
			return err
		}
		entries, values = entries+e, values+e*d
		if entries > maxTotalEntries || values > maxBookValues {
			return fmt.Errorf("codebooks of %d entries (%d values) in all, more than %d (%d) any encoder writes", entries, values, maxTotalEntries, maxBookValues)
		}
	}
	return nil
}

// readBook reads one codebook, returning its entries and dimensions.
func readBook(r *bitReader) (entries, dim uint64, err error) {
	sync, err := r.read(24)
	if err != nil || sync != 0x564342 {
		return 0, 0, errors.Join(err, errors.New("a damaged codebook"))
	}
	if dim, err = r.read(16); err == nil {
		entries, err = r.read(24)
	}
	if err != nil {
		return 0, 0, err
	}
	if entries > maxBookEntries {
		return 0, 0, fmt.Errorf("a codebook of %d entries, more than %d any encoder writes", entries, maxBookEntries)
	}
	if err := readLengths(r, entries); err != nil {
		return 0, 0, err
	}
	return entries, dim, readLookup(r, entries, dim)
}

// readLengths skips a codebook's codeword lengths.
func readLengths(r *bitReader, entries uint64) error {
	ordered, err := r.read(1)
	if err != nil {
		return err
	}
	if ordered == 1 {
		length, err := r.read(5)
		if err != nil {
			return err
		}
		for i := uint64(0); i < entries; length++ {
			if length >= 32 { // libvorbis refuses codewords over 32 bits
				return errors.New("a codebook's codewords longer than 32 bits")
			}
			num, err := r.read(ilog(entries - i))
			if err != nil {
				return err
			}
			if i += num; i > entries {
				return errors.New("a codebook's lengths overrun its entries")
			}
		}
		return nil
	}
	sparse, err := r.read(1)
	if err != nil {
		return err
	}
	for range entries {
		used := uint64(1)
		if sparse == 1 {
			if used, err = r.read(1); err != nil {
				return err
			}
		}
		if used == 1 {
			if _, err := r.read(5); err != nil {
				return err
			}
		}
	}
	return nil
}

// readLookup skips a codebook's vector lookup table.
func readLookup(r *bitReader, entries, dim uint64) error {
	kind, err := r.read(4)
	switch {
	case err != nil:
		return err
	case kind == 0:
		return nil
	case kind > 2:
		return fmt.Errorf("a codebook of lookup type %d", kind)
	}
	if err := r.skip(64); err != nil { // minimum and delta values
		return err
	}
	bits, err := r.read(4)
	if err == nil {
		_, err = r.read(1) // sequence flag
	}
	if err != nil {
		return err
	}
	values := entries * dim
	if kind == 1 {
		values = lookup1Values(entries, dim)
	}
	return r.skip(values * (bits + 1))
}

// lookup1Values is the greatest r with r to the power dim at most
// entries.
func lookup1Values(entries, dim uint64) uint64 {
	if dim == 0 || entries == 0 {
		return 0
	}
	for r := uint64(1); ; r++ {
		p := uint64(1)
		for range dim {
			if p *= r + 1; p > entries {
				return r
			}
		}
	}
}
