package codeid

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// program is a small simulation whose speed is a constant.
const program = `package main

import "fmt"

const speed = SPEED

var table = [4]float64{1, 2, 3, 4}

func main() {
	x := 0.0
	for i := range 100 {
		x += speed * table[i%4]
	}
	fmt.Println(x)
}
`

// build builds the program with speed in a fresh module (a new directory
// each time) with -trimpath, and returns the executable.
func build(t *testing.T, speed string, flags ...string) string {
	t.Helper()
	dir := t.TempDir()
	for name, body := range map[string]string{
		"go.mod":  "module example.com/sim\n\ngo 1.22\n",
		"main.go": strings.Replace(program, "SPEED", speed, 1),
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	bin := filepath.Join(dir, "sim")
	cmd := exec.Command("go", append(append([]string{"build", "-trimpath"}, flags...), "-o", bin, ".")...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-buildvcs=false", "GOWORK=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

func digest(t *testing.T, path string) string {
	t.Helper()
	d, err := File(path)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func TestTheSameCodeBuiltInTwoPlacesHasOneDigestAndOtherCodeAnother(t *testing.T) {
	a, b := build(t, "7.0"), build(t, "7.0") // two directories, outside any VCS
	c := build(t, "7.5")
	da, db, dc := digest(t, a), digest(t, b), digest(t, c)
	if da != db {
		t.Fatalf("one source built in two directories: digests %s and %s, want equal", da, db)
	}
	if dc == da {
		t.Fatalf("a changed constant left the digest %s: want another", dc)
	}
}

func TestSelfFingerprintsTheTestBinary(t *testing.T) {
	d, err := Self()
	if err != nil || len(d) != 32 {
		t.Fatalf("Self() = %q, %v: want 32 hex digits", d, err)
	}
}

func TestAFileThatIsNoExecutableIsRefused(t *testing.T) {
	path := filepath.Join(t.TempDir(), "notes.txt")
	if err := os.WriteFile(path, []byte("not a program"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := File(path); err == nil || !strings.Contains(err.Error(), "not an ELF") {
		t.Fatalf("File(text) = %v, want it refused as no executable", err)
	}
}

func TestBlankStampZeroesEveryStampAndNothingElse(t *testing.T) {
	stamp := string(infoStart) + "path\tx\nbuild\tvcs.revision=abc\n" + string(infoEnd)
	b := []byte("code" + stamp + "more" + stamp + "end")
	blankStamp(b)
	want := "code" + strings.Repeat("\x00", len(stamp)) + "more" + strings.Repeat("\x00", len(stamp)) + "end"
	if string(b) != want {
		t.Fatalf("blankStamp left %q", b)
	}
}
