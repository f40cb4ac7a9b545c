// Package vorbis decodes Ogg Vorbis through the system's libvorbisfile
// (Debian: libvorbis-dev) and a small C shim of ours. No pure-Go decoder
// the module proxy serves is kept up; libvorbis is the reference decoder
// and every distribution packages it.
package vorbis

// #cgo pkg-config: vorbisfile
// #include <stdlib.h>
// #include <vorbis/codec.h>
// #include "shim.h"
import "C"

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/cgo"
	"unsafe"
)

// ErrData marks a stream libvorbisfile refused or could not decode.
var ErrData = errors.New("not a decodable Ogg Vorbis stream")

// File is an open Vorbis stream. It is not safe for concurrent use.
type File struct {
	f        *C.lsv_file
	pin      *runtime.Pinner // the bytes of OpenBytes, read in place
	src      *os.File        // the file of OpenFile, closed by Close
	handle   cgo.Handle      // src as the C side names it (0: none)
	channels int
	rate     int
}

// OpenBytes decodes from b, which it reads in place (pinned) until Close:
// b must not change until then.
func OpenBytes(b []byte) (*File, error) {
	var cerr C.int
	var p unsafe.Pointer
	pin := new(runtime.Pinner)
	if len(b) > 0 {
		pin.Pin(&b[0])
		p = unsafe.Pointer(&b[0])
	}
	f, err := opened(C.lsv_open_mem(p, C.size_t(len(b)), &cerr), cerr)
	if err != nil {
		pin.Unpin()
		return nil, err
	}
	f.pin = pin
	return f, nil
}

// OpenFile decodes the file f from its start, reading it as it goes (at
// offsets of its own, whatever f's). The File owns f from then on: Close
// closes it, and so does OpenFile when it fails. Reading goes through Go
// (ReadAt), so it works the same wherever os.File does.
func OpenFile(f *os.File) (*File, error) {
	h := cgo.NewHandle(f)
	var code C.int
	v, err := opened(C.lsv_open_src(C.uintptr_t(h), &code), code)
	if err != nil {
		h.Delete()
		return nil, errors.Join(err, f.Close())
	}
	v.src, v.handle = f, h
	return v, nil
}

// lsvGoRead reads up to n bytes at offset at of the file behind handle h
// into p, for the C shim: how many (0 at the end), or -1 on an error.
//
//export lsvGoRead
func lsvGoRead(h C.uintptr_t, at C.longlong, p unsafe.Pointer, n C.size_t) C.long {
	f := cgo.Handle(h).Value().(*os.File)
	k, err := f.ReadAt(unsafe.Slice((*byte)(p), int(n)), int64(at))
	if k == 0 && err != nil && !errors.Is(err, io.EOF) {
		return -1
	}
	return C.long(k)
}

func opened(f *C.lsv_file, cerr C.int) (*File, error) {
	if f == nil {
		return nil, fmt.Errorf("%w (%s)", ErrData, describe(int(cerr)))
	}
	var ch C.int
	var rate C.long
	C.lsv_info(f, &ch, &rate)
	return &File{f: f, channels: int(ch), rate: int(rate)}, nil
}

// Links returns how many links of a chained stream the decoder holds at
// once: 1, since it reads every source as a stream.
func (f *File) Links() int { return int(C.lsv_links(f.f)) }

// Channels returns the stream's channel count.
func (f *File) Channels() int { return f.channels }

// Rate returns the stream's sample rate in hertz.
func (f *File) Rate() int { return f.rate }

// Read decodes up to len(p)/Channels frames into p, interleaved 16-bit,
// and returns how many; 0 and io.EOF at the end.
func (f *File) Read(p []int16) (int, error) {
	frames := len(p) / max(f.channels, 1)
	if frames == 0 {
		return 0, nil
	}
	n := C.lsv_read(f.f, (*C.short)(unsafe.Pointer(&p[0])), C.long(frames))
	switch {
	case n == 0:
		return 0, io.EOF
	case n < 0:
		return 0, fmt.Errorf("%w (%s)", ErrData, describe(int(n)))
	}
	return int(n), nil
}

// Rewind goes back to the first frame.
func (f *File) Rewind() error {
	if rc := C.lsv_rewind(f.f); rc != 0 {
		return fmt.Errorf("%w: rewind: %s", ErrData, describe(int(rc)))
	}
	return nil
}

// Close frees the decoder. Close it once.
func (f *File) Close() {
	if f.f != nil {
		C.lsv_close(f.f)
		f.f = nil
	}
	if f.pin != nil {
		f.pin.Unpin()
		f.pin = nil
	}
	if f.src != nil {
		f.handle.Delete()
		f.src.Close() // read-only: nothing to lose
		f.src = nil
	}
}

func describe(code int) string {
	switch code {
	case C.OV_ENOTVORBIS:
		return "not Vorbis data"
	case C.OV_EBADHEADER:
		return "a damaged Vorbis header"
	case C.OV_EVERSION:
		return "an unsupported Vorbis version"
	case C.OV_EREAD:
		return "a read error"
	case C.OV_EFAULT:
		return "out of memory or an internal error"
	case C.OV_EBADLINK, C.OV_EINVAL:
		return "damaged or truncated data"
	case -1000:
		return "a chained stream that changes its channels or rate"
	}
	return fmt.Sprintf("libvorbisfile error %d", code)
}
