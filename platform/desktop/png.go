package desktop

import (
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
)

// savePNGNew writes img to path only if no file is there: the PNG is
// written whole to a temporary file, then linked to path, which fails with
// an error satisfying os.IsExist instead of replacing a file.
func savePNGNew(path string, img image.Image) (err error) {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return fmt.Errorf("screenshot: %w", err)
	}
	defer func() {
		if cerr := f.Close(); cerr != nil && err == nil {
			err = fmt.Errorf("screenshot %s: %w", path, cerr)
		}
		os.Remove(f.Name()) // linked or failed: the temporary name goes either way
	}()
	if err := png.Encode(f, img); err != nil {
		return fmt.Errorf("screenshot %s: %w", path, err)
	}
	if err := f.Chmod(0o644); err != nil {
		return fmt.Errorf("screenshot %s: %w", path, err)
	}
	if err := f.Sync(); err != nil {
		return fmt.Errorf("screenshot %s: %w", path, err)
	}
	if err := os.Link(f.Name(), path); err != nil {
		if os.IsExist(err) {
			return err
		}
		return fmt.Errorf("screenshot: %w", err)
	}
	return nil
}
