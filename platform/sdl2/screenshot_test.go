package sdl2

import (
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"
)

func TestScreenshotFileAppearsWholeOrNotAtAll(t *testing.T) {
	dir := t.TempDir()
	old := filepath.Join(dir, "old.png")
	if err := os.WriteFile(old, []byte("the previous screenshot"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, "isadir.png"), 0o755); err != nil {
		t.Fatal(err)
	}
	good := image.NewRGBA(image.Rect(0, 0, 4, 3))
	tests := []struct {
		name, file string
		img        image.Image
		ok         bool
	}{
		{"encoding fails", "old.png", image.NewRGBA(image.Rect(0, 0, 0, 0)), false}, // png refuses an empty image
		{"rename fails", "isadir.png", good, false},
		{"written", "new.png", good, true},
	}
	for _, tt := range tests {
		err := writePNG(filepath.Join(dir, tt.file), tt.img)
		if (err == nil) != tt.ok {
			t.Errorf("%s: writePNG = %v", tt.name, err)
		}
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if len(names) != 3 || names[0] != "isadir.png" || names[1] != "new.png" || names[2] != "old.png" {
		t.Errorf("directory holds %q, want isadir.png, new.png and old.png only: no temporary file left", names)
	}
	if b, _ := os.ReadFile(old); string(b) != "the previous screenshot" {
		t.Errorf("a failed screenshot changed the file it was to replace: %q", b)
	}
	f, err := os.Open(filepath.Join(dir, "new.png"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	m, err := png.Decode(f)
	if err != nil {
		t.Fatalf("new.png: %v", err)
	}
	if m.Bounds() != good.Bounds() {
		t.Errorf("new.png is %v, want the 4×3 image", m.Bounds())
	}
}
