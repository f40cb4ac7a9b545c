package samplebin

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestBuildRefusesNamesThatAreNotPlainSceneNames(t *testing.T) {
	// samples holds a package at each of these paths; none may be built.
	root := t.TempDir()
	samples := filepath.Join(root, "samples")
	for _, name := range []string{"../x", "a/b", "Up", "dot.ted", "", " x", "x\n"} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			bin, err := Build(samples, name, dir)
			if err == nil || !strings.Contains(err.Error(), "not a scene name") {
				t.Fatalf("Build(%q) = %q, %v; want it refused as not a scene name", name, bin, err)
			}
			if entries, _ := os.ReadDir(dir); len(entries) > 0 {
				t.Errorf("Build(%q) left %d files in the output directory", name, len(entries))
			}
		})
	}
}

func TestKnownListsOnlyDiscoveredScenes(t *testing.T) {
	samples := t.TempDir()
	for _, dir := range []string{"tumble", "scene", "notes"} {
		if err := os.MkdirAll(filepath.Join(samples, dir), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, dir := range []string{"tumble", "scene"} {
		if err := os.WriteFile(filepath.Join(samples, dir, "main.go"), []byte("package main\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for name, want := range map[string]bool{"tumble": true, "scene": false, "notes": false, "../tumble": false, "tumble/": false, "": false} {
		got, err := Known(samples, name)
		if err != nil {
			t.Fatal(err)
		}
		if got != want {
			t.Errorf("Known(%q) = %v, want %v", name, got, want)
		}
	}
}
