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
	"syscall"
	"unsafe"
)

// ErrData marks a stream libvorbisfile refused or could not decode.
var ErrData = errors.New("not a decodable Ogg Vorbis stream")

// File is an open Vorbis stream. It is not safe for concurrent use.
type File struct {
	f        *C.lsv_file
	pin      *runtime.Pinner // the bytes of OpenBytes, read in place
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

// OpenFile decodes the file f from its start, reading it as it goes
// through a descriptor of its own: close f when convenient.
func OpenFile(f *os.File) (*File, error) {
	rc, err := f.SyscallConn()
	if err != nil {
		return nil, err
	}
	fd := -1
	cerr := rc.Control(func(d uintptr) { fd, err = dupCloseOnExec(int(d)) })
	if err = errors.Join(cerr, err); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrData, err)
	}
	var code C.int
	v := C.lsv_open_fd(C.int(fd), &code)
	return opened(v, code)
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

// dupCloseOnExec returns a new descriptor for fd that no child inherits.
func dupCloseOnExec(fd int) (int, error) {
	syscall.ForkLock.RLock()
	defer syscall.ForkLock.RUnlock()
	n, err := syscall.Dup(fd)
	if err != nil {
		return -1, err
	}
	syscall.CloseOnExec(n)
	return n, nil
}
