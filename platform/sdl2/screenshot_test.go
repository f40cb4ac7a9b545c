package sdl2

import (
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

func TestScreenshotReplacesFilesWholeAndKeepsLinks(t *testing.T) {
	dir, link := screenshotDir(t)
	var w *Window
	var err error
	onMain(func() { w, err = Open(Options{Width: 64, Height: 48, Headless: true}) })
	if err != nil {
		t.Fatal(err)
	}
	defer onMain(func() { w.Close() })
	errs := map[string]error{}
	onMain(func() {
		w.Canvas().Clear(blue)
		for _, name := range []string{"new.png", "latest.png", "isadir.png"} {
			errs[name] = w.Screenshot(filepath.Join(dir, name))
		}
	})
	if errs["new.png"] != nil || errs["latest.png"] != nil {
		t.Fatalf("Screenshot: new file %v, through a link %v", errs["new.png"], errs["latest.png"])
	}
	if errs["isadir.png"] == nil {
		t.Error("Screenshot onto a directory succeeded")
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("latest.png after a screenshot through it: %v, %v; want the link kept", fi.Mode(), err)
	}
	for _, name := range []string{"new.png", "real.png"} {
		checkBlueShot(t, dir, name)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if want := []string{"isadir.png", "latest.png", "new.png", "real.png"}; !slices.Equal(names, want) {
		t.Errorf("directory holds %q, want %q: no temporary file left", names, want)
	}
}

// screenshotDir makes a directory holding real.png (an earlier
// screenshot), latest.png (a link to it) and isadir.png (a directory),
// and returns it and the link's path.
func screenshotDir(t *testing.T) (dir, link string) {
	t.Helper()
	dir = t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "real.png"), []byte("the previous screenshot"), 0o644); err != nil {
		t.Fatal(err)
	}
	link = filepath.Join(dir, "latest.png")
	if err := os.Symlink("real.png", link); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, "isadir.png"), 0o755); err != nil {
		t.Fatal(err)
	}
	return dir, link
}

// checkBlueShot checks that name in dir is a PNG of 64×48 pixels, blue
// at (10, 10).
func checkBlueShot(t *testing.T, dir, name string) {
	t.Helper()
	f, err := os.Open(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	m, err := png.Decode(f)
	f.Close()
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if r, g, b, _ := m.At(10, 10).RGBA(); m.Bounds().Dx() != 64 || m.Bounds().Dy() != 48 || uint8(r>>8) != blue.R || uint8(g>>8) != blue.G || uint8(b>>8) != blue.B {
		t.Errorf("%s is %v with %v at (10, 10), want 64×48 of %v", name, m.Bounds(), m.At(10, 10), blue)
	}
}
