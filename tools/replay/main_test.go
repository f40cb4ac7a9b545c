package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/tape"
	"github.com/lockstep-engine/lockstep/tools/internal/samplebin"
)

// record makes a recording of the tumble scene, headless.
func record(t *testing.T) string {
	t.Helper()
	samples, err := samplebin.Dir()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	bin, err := samplebin.Build(samples, "tumble", dir)
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

// writeTape writes a valid recording of a few input-free ticks whose
// header names scene.
func writeTape(t *testing.T, scene string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "crafted.tape")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	w, err := tape.NewWriter(f, tape.Header{Scene: scene, Seed: 1, TPS: 60, Platform: tape.ThisPlatform()})
	if err != nil {
		t.Fatal(err)
	}
	var in engine.Input
	for range 3 {
		if w.Due() {
			if err := w.Check(0); err != nil {
				t.Fatal(err)
			}
		}
		if err := w.Tick(&in); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(0); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestARecordingNamingNoSampleSceneIsRejectedUnbuilt(t *testing.T) {
	// A samples directory with one scene, ok, and beside it a main
	// package that a crafted header points at with a path. Neither
	// compiles, so a build of either would say so in the output.
	root := t.TempDir()
	samples := filepath.Join(root, "samples")
	for _, dir := range []string{filepath.Join(samples, "ok"), filepath.Join(samples, "scene"), filepath.Join(root, "x")} {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte("package main\n\nnot go\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, scene := range []string{"../x", "scene", "nosuchscene", "OK", ""} {
		t.Run(scene, func(t *testing.T) {
			rec := writeTape(t, scene)
			var out, errs bytes.Buffer
			if code := run([]string{"-samples", samples, rec}, &out, &errs); code != 1 {
				t.Fatalf("replay of a recording of scene %q exited %d, want 1:\n%s%s", scene, code, &out, &errs)
			}
			msg := out.String() + errs.String()
			if !strings.Contains(msg, "not one of the samples") || !strings.Contains(msg, "-replay "+rec) || strings.Contains(msg, "build") {
				t.Fatalf("scene %q was not refused before building:\n%s", scene, msg)
			}
		})
	}
	// The control: the listed scene does get built (and fails to compile).
	var out, errs bytes.Buffer
	if code := run([]string{"-samples", samples, writeTape(t, "ok")}, &out, &errs); code != 1 || !strings.Contains(out.String(), "build ok") {
		t.Fatalf("replay of scene ok exited %d without trying to build it:\n%s%s", code, &out, &errs)
	}
}
