// Package tracked checks what the repository keeps in git: no built
// program (an ELF or PE executable) belongs there, since every binary is
// built from the sources by `make build` into bin/.
package tracked

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
)

// Executable kinds that Format reports.
const (
	ELF = "ELF" // Linux and most Unix programs and shared objects
	PE  = "PE"  // Windows programs and DLLs (an MZ header pointing at a PE header)
)

// peOffsetField is where an MZ (DOS) header keeps the offset of the PE
// header; a file that starts with "MZ" but has no "PE\0\0" there is not a
// Windows program (plenty of text starts with MZ).
const peOffsetField = 0x3c

// Format reports whether the content r reads is an ELF or a PE executable,
// by its magic bytes: ELF, PE, or "" for anything else.
func Format(r io.ReaderAt) (string, error) {
	var head [4]byte
	n, err := r.ReadAt(head[:], 0)
	if err != nil && !errors.Is(err, io.EOF) {
		return "", fmt.Errorf("reading the first bytes: %w", err)
	}
	switch {
	case n == 4 && bytes.Equal(head[:], []byte("\x7fELF")):
		return ELF, nil
	case n >= 2 && bytes.Equal(head[:2], []byte("MZ")):
		return peFormat(r)
	}
	return "", nil
}

// peFormat follows an MZ header's pointer to a PE signature.
func peFormat(r io.ReaderAt) (string, error) {
	var field [4]byte
	if _, err := r.ReadAt(field[:], peOffsetField); err != nil {
		if errors.Is(err, io.EOF) {
			return "", nil // too short for a DOS header
		}
		return "", fmt.Errorf("reading the MZ header: %w", err)
	}
	var sig [4]byte
	if _, err := r.ReadAt(sig[:], int64(binary.LittleEndian.Uint32(field[:]))); err != nil {
		if errors.Is(err, io.EOF) {
			return "", nil
		}
		return "", fmt.Errorf("reading the PE signature: %w", err)
	}
	if bytes.Equal(sig[:], []byte("PE\x00\x00")) {
		return PE, nil
	}
	return "", nil
}

// Executables returns each of the named files that is an ELF or PE
// executable, as "name (kind)".
func Executables(names []string) ([]string, error) {
	var found []string
	for _, name := range names {
		kind, err := fileFormat(name)
		if err != nil {
			return nil, err
		}
		if kind != "" {
			found = append(found, fmt.Sprintf("%s (%s)", name, kind))
		}
	}
	return found, nil
}

func fileFormat(name string) (string, error) {
	f, err := os.Open(name)
	if errors.Is(err, fs.ErrNotExist) {
		return "", nil // listed by git but deleted in the work tree
	}
	if err != nil {
		return "", fmt.Errorf("checking %s: %w", name, err)
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return "", fmt.Errorf("checking %s: %w", name, err)
	}
	if !info.Mode().IsRegular() {
		return "", nil // a symlink or submodule that git lists
	}
	kind, err := Format(f)
	if err != nil {
		return "", fmt.Errorf("checking %s: %w", name, err)
	}
	return kind, nil
}
