//go:build linux

package output

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestNamesUpToTheFileSystemsLimitAreWritten(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []int{200, 239, 240, 250, MaxName} {
		for _, fresh := range []bool{true, false} {
			name := strings.Repeat("n", n-1) + map[bool]string{true: "f", false: "c"}[fresh]
			path := filepath.Join(dir, name)
			if fresh {
				if err := write(t, path, "first"); err != nil {
					t.Errorf("Create of a %d-byte name: %v", n, err)
					continue
				}
				if err := write(t, path, "second"); err != nil {
					t.Errorf("replacing a %d-byte name: %v", n, err)
				}
				if got := readFile(t, path); got != "second" {
					t.Errorf("%d-byte name holds %q", n, got)
				}
				continue
			}
			f, err := CreateNew(path)
			if err != nil {
				t.Errorf("CreateNew of a %d-byte name: %v", n, err)
				continue
			}
			f.Write([]byte("new"))
			if err := f.Commit(); err != nil {
				t.Errorf("CreateNew of a %d-byte name: %v", n, err)
			}
		}
	}
	for _, e := range names(t, dir) {
		if strings.HasSuffix(e, ".tmp") {
			t.Errorf("a temporary file was left: %s", e)
		}
	}
}

func TestANameOverTheLimitIsRefusedNamingIt(t *testing.T) {
	path := filepath.Join(t.TempDir(), strings.Repeat("n", MaxName+1))
	_, err := Create(path)
	if err == nil || !strings.Contains(err.Error(), "255 bytes") {
		t.Errorf("Create of a %d-byte name: %v, want an error naming the limit", MaxName+1, err)
	}
	if _, err := CreateNew(path); err == nil || !strings.Contains(err.Error(), "255 bytes") {
		t.Errorf("CreateNew of a %d-byte name: %v, want an error naming the limit", MaxName+1, err)
	}
	if _, err := os.Stat(filepath.Dir(path)); err != nil {
		t.Fatal(err)
	}
}
