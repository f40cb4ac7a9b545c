package tracked

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// pe builds the first bytes of a Windows program: an MZ header whose field
// at 0x3c points at a PE signature.
func pe(sig string) []byte {
	b := make([]byte, 0x80)
	copy(b, "MZ")
	binary.LittleEndian.PutUint32(b[peOffsetField:], 0x40)
	copy(b[0x40:], sig)
	return b
}

func TestFormatTellsExecutablesByTheirMagicBytes(t *testing.T) {
	for _, tc := range []struct {
		name    string
		content []byte
		want    string
	}{
		{"ELF", []byte("\x7fELF\x02\x01\x01\x00rest"), ELF},
		{"PE", pe("PE\x00\x00"), PE},
		{"MZ text without a PE header", pe("NOPE"), ""},
		{"MZ alone", []byte("MZ"), ""},
		{"MZ pointing past the end", append([]byte("MZ"), make([]byte, 0x3e)...), ""},
		{"short ELF prefix", []byte("\x7fEL"), ""},
		{"empty", nil, ""},
		{"Go source", []byte("package main\n"), ""},
		{"PNG", []byte("\x89PNG\r\n\x1a\n"), ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Format(bytes.NewReader(tc.content))
			if err != nil {
				t.Fatal(err)
			}
			if got != tc.want {
				t.Errorf("Format = %q, want %q", got, tc.want)
			}
		})
	}
}

func TestExecutablesNamesTheProgramsAmongFiles(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, content []byte) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, content, 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	self, err := os.Executable() // this test binary: an ELF or PE
	if err != nil {
		t.Fatal(err)
	}
	names := []string{
		write("main.go", []byte("package main\n")),
		write("game.exe", pe("PE\x00\x00")),
		self,
		filepath.Join(dir, "deleted"),
	}
	got, err := Executables(names)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || !strings.HasPrefix(got[0], names[1]+" (PE)") || !strings.HasPrefix(got[1], self+" (") {
		t.Errorf("Executables = %q, want the .exe and this test's binary", got)
	}
}

// TestNoTrackedExecutables fails when git tracks a built program: build
// outputs go to bin/ (ignored), and a committed binary bloats every clone
// for good.
func TestNoTrackedExecutables(t *testing.T) {
	names := trackedFiles(t)
	if len(names) < 100 {
		t.Fatalf("found only %d files in the repository: the listing is wrong", len(names))
	}
	found, err := Executables(names)
	if err != nil {
		t.Fatal(err)
	}
	if len(found) > 0 {
		t.Errorf("the repository tracks built programs; remove them (git rm --cached FILE) and build into bin/ instead:\n%s",
			strings.Join(found, "\n"))
	}
}

// trackedFiles lists what git tracks, as paths from the current
// directory; outside a git checkout (a source archive), every file of the
// module but bin/ and out/.
func trackedFiles(t *testing.T) []string {
	t.Helper()
	root, err := exec.Command("git", "rev-parse", "--show-toplevel").Output()
	if errors.Is(err, exec.ErrNotFound) {
		t.Fatal("this check lists the repository's files with git: install git")
	}
	if err != nil {
		return moduleFiles(t)
	}
	top := strings.TrimSpace(string(root))
	out, err := exec.Command("git", "-C", top, "ls-files", "-z").Output()
	if err != nil {
		t.Fatalf("git ls-files: %v", err)
	}
	var names []string
	for name := range strings.SplitSeq(strings.TrimRight(string(out), "\x00"), "\x00") {
		names = append(names, filepath.Join(top, name))
	}
	return names
}

func moduleFiles(t *testing.T) []string {
	t.Helper()
	root := filepath.Join("..", "..", "..")
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatalf("not a git checkout and no module root at %s: %v", root, err)
	}
	var names []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != root && (d.Name() == "bin" || d.Name() == "out" || strings.HasPrefix(d.Name(), ".")) {
			return filepath.SkipDir
		}
		if d.Type().IsRegular() {
			names = append(names, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return names
}
