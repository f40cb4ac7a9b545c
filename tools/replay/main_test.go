package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lockstep-engine/lockstep/tools/internal/samplebin"
)

// record makes a recording of the tumble scene, headless.
func record(t *testing.T) string {
	t.Helper()
	root, err := samplebin.Root()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	bin, err := samplebin.Build(filepath.Join(root, "samples"), "tumble", dir)
	if err != nil {
		t.Fatal(err)
	}
	rec := filepath.Join(dir, "run.tape")
	cmd := exec.Command(bin, "-headless", "-mode", "uncapped", "-ticks", "150", "-record", rec)
	cmd.Env = append(os.Environ(), "SDL_VIDEODRIVER=offscreen")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("recording: %v\n%s", err, out)
	}
	return rec
}

func TestRecordingVerifiesAndAnEditedOneIsRejectedWithItsOffset(t *testing.T) {
	rec := record(t)
	var out, errs bytes.Buffer
	if code := run([]string{rec}, &out, &errs); code != 0 {
		t.Fatalf("replay of a fresh recording exited %d:\n%s%s", code, &out, &errs)
	}
	if !strings.Contains(out.String(), "every hash matched") {
		t.Fatalf("replay did not say the hashes matched:\n%s", &out)
	}

	b, err := os.ReadFile(rec)
	if err != nil {
		t.Fatal(err)
	}
	b[len(b)/2] ^= 0x10
	bad := filepath.Join(t.TempDir(), "edited.tape")
	if err := os.WriteFile(bad, b, 0o644); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	errs.Reset()
	if code := run([]string{bad}, &out, &errs); code != 1 {
		t.Fatalf("replay of an edited recording exited %d, want 1:\n%s%s", code, &out, &errs)
	}
	if msg := out.String() + errs.String(); !strings.Contains(msg, "bytes") || !strings.Contains(msg, "damaged") {
		t.Fatalf("the rejection does not locate the damage:\n%s", msg)
	}
}
