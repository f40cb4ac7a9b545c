// Package codeid fingerprints a Go program's own code: the machine code,
// constants and initialised data its executable holds, so that two peers
// of a session can tell whether they run the same simulation whatever
// their version control says.
//
// The digest covers the sections the program runs from: code (.text),
// read-only data (.rodata: constants, strings, type data), initialised
// data (.data, .noptrdata) and the type and interface tables. It leaves
// out what changes between identical builds: the build ID, symbol and
// debug tables, the line table (which holds the source files' paths), and
// the module and VCS stamp (runtime/debug's build info), whose bytes are
// zeroed where they sit.
//
// So it is the same for one source built by one Go version with the same
// flags, on any machine of one architecture, at any VCS revision, and
// differs when any code, constant or initialised variable does, or the Go
// version, build tags, GOAMD64 level or -race. Build with -trimpath to
// make it the same in any directory too: without it the line table holds
// the source's absolute paths, and paths of another length can move the
// data segment by a page and with it every address the code holds (two
// checkouts in different directories are then refused: the safe side).
// Likewise a VCS stamp of another length (-buildvcs=false against a git
// build, a modified tree against a clean one) moves the data after it. A
// game that knows better names its version instead
// (desktop.Config.Version).
package codeid

import (
	"bytes"
	"crypto/sha256"
	"debug/elf"
	"debug/macho"
	"debug/pe"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
)

// Sections hashed, by the names each format gives them.
var (
	elfSections   = []string{".text", ".rodata", ".typelink", ".itablink", ".noptrdata", ".data"}
	machoSections = []string{"__text", "__rodata", "__typelink", "__itablink", "__noptrdata", "__data"}
	peSections    = []string{".text", ".rdata", ".data"}
)

// The markers cmd/go wraps the module and VCS stamp in.
var (
	infoStart = []byte("0w\xaf\x0c\x92t\x08\x02A\xe1\xc1\x07\xe6\xd6\x18\xe6")
	infoEnd   = []byte("\xf92C1\x86\x18 r\x00\x82B\x10A\x16\xd8\xf2")
)

// Self returns the digest of the running executable.
func Self() (string, error) {
	path, err := os.Executable()
	if err != nil {
		return "", fmt.Errorf("codeid: find this program's file: %w", err)
	}
	return File(path)
}

// File returns the digest of the executable at path: hex SHA-256, 16
// bytes of it.
func File(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", fmt.Errorf("codeid: %w", err)
	}
	defer f.Close()
	secs, err := sections(f)
	if err != nil {
		return "", fmt.Errorf("codeid: %s: %w", path, err)
	}
	h := sha256.New()
	for _, s := range secs {
		b, err := io.ReadAll(s)
		if err != nil {
			return "", fmt.Errorf("codeid: %s: read: %w", path, err)
		}
		blankStamp(b)
		fmt.Fprintf(h, "%d\n", len(b))
		h.Write(b)
	}
	return hex.EncodeToString(h.Sum(nil)[:16]), nil
}

var errFormat = errors.New("not an ELF, Mach-O or PE executable")

// sections returns readers of the hashed sections f has, in order.
func sections(f *os.File) ([]io.Reader, error) {
	var out []io.Reader
	if e, err := elf.NewFile(f); err == nil {
		for _, n := range elfSections {
			if s := e.Section(n); s != nil && s.Type != elf.SHT_NOBITS {
				out = append(out, s.Open())
			}
		}
	} else if m, err := macho.NewFile(f); err == nil {
		for _, n := range machoSections {
			for _, s := range m.Sections {
				if s.Name == n {
					out = append(out, s.Open())
				}
			}
		}
	} else if p, err := pe.NewFile(f); err == nil {
		for _, n := range peSections {
			if s := p.Section(n); s != nil {
				out = append(out, s.Open())
			}
		}
	} else {
		return nil, errFormat
	}
	if len(out) == 0 {
		return nil, errors.New("no code sections found")
	}
	return out, nil
}

// blankStamp zeroes every module and VCS stamp in b.
func blankStamp(b []byte) {
	for from := 0; ; {
		i := bytes.Index(b[from:], infoStart)
		if i < 0 {
			return
		}
		i += from
		j := bytes.Index(b[i:], infoEnd)
		if j < 0 {
			return
		}
		end := i + j + len(infoEnd)
		clear(b[i:end])
		from = end
	}
}
