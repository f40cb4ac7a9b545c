package desktop

import (
	"errors"
	"image"
	"image/png"

	"github.com/lockstep-engine/lockstep/platform/internal/output"
)

// savePNGNew writes img to path only if no file is there: otherwise it
// fails with an error wrapping fs.ErrExist and leaves that file alone.
func savePNGNew(path string, img image.Image) error {
	f, err := output.CreateNew(path)
	if err != nil {
		return err
	}
	if err := png.Encode(f, img); err != nil {
		return errors.Join(err, f.Abort())
	}
	return f.Commit()
}
