package sdl2

import (
	"errors"
	"fmt"
	"image"
	"image/png"
	"unsafe"

	"github.com/lockstep-engine/lockstep/platform/internal/output"
	"github.com/veandco/go-sdl2/sdl"
)

// Image returns the pixels drawn since the last Present. Call it after
// drawing and before Present: once a frame is presented, most renderers
// leave the back buffer undefined.
func (w *Window) Image() (*image.RGBA, error) {
	mustMain("Window.Image")
	if err := w.Err(); err != nil {
		return nil, err
	}
	img, err := w.canvas.Image()
	if err != nil && w.ren != nil {
		err = fmt.Errorf("%w (renderer %q)", err, w.rendName)
	}
	return img, err
}

// Image returns the pixels drawn since the last Present, as Window.Image
// does: a game's Draw can read back what it drew.
func (c *Canvas) Image() (*image.RGBA, error) {
	mustMain("Canvas.Image")
	if err := c.Flush(); err != nil {
		return nil, err
	}
	if c.ren == nil {
		return nil, ErrNoRenderer
	}
	pw, ph, err := c.ren.GetOutputSize()
	if err != nil {
		return nil, fmt.Errorf("sdl2: read the drawable size for a screenshot: %w", err)
	}
	img := image.NewRGBA(image.Rect(0, 0, int(pw), int(ph)))
	if len(img.Pix) == 0 {
		return img, nil
	}
	// RGBA32 is R, G, B, A in memory on every byte order, as image.RGBA.
	if err := c.ren.ReadPixels(nil, uint32(sdl.PIXELFORMAT_RGBA32), unsafe.Pointer(&img.Pix[0]), img.Stride); err != nil {
		return nil, fmt.Errorf("sdl2: read back %d×%d pixels: %w", pw, ph, err)
	}
	// The drawable is opaque; some renderers leave alpha undefined.
	for i := 3; i < len(img.Pix); i += 4 {
		img.Pix[i] = 0xff
	}
	return img, nil
}

// Screenshot writes the pixels drawn since the last Present to path as a
// PNG. Like Image, call it after drawing and before Present. A regular
// file appears whole or not at all: the PNG goes to a temporary file beside
// path, renamed over it once complete, and removed on any failure; a path
// that is not a regular file (/dev/stdout, a FIFO) is written into, never
// replaced.
func (w *Window) Screenshot(path string) error {
	mustMain("Window.Screenshot")
	img, err := w.Image()
	if err != nil {
		return err
	}
	f, err := output.Create(path)
	if err != nil {
		return fmt.Errorf("sdl2: screenshot: %w", err)
	}
	if err := png.Encode(f, img); err != nil {
		return fmt.Errorf("sdl2: screenshot: %w", errors.Join(err, f.Abort()))
	}
	if err := f.Commit(); err != nil {
		return fmt.Errorf("sdl2: screenshot: %w", err)
	}
	return nil
}
