package sdl2

import (
	"errors"
	"fmt"
	"image"
	"math"
	"unsafe"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/veandco/go-sdl2/sdl"
)

// TargetOptions configure NewTarget. The zero value makes a target of one
// texel per unit, sampled nearest.
type TargetOptions struct {
	Filter Filter // how the target is sampled where it is drawn; zero: FilterNearest
	// FollowCanvas gives the target as many texels a unit as the window's
	// canvas has drawable pixels a unit (Canvas.PixelScale): drawn at its
	// size in canvas units, one texel lands on one pixel, sharp at any
	// window size. The target is made again at the new scale when the
	// window's scale changes, and reports Lost. False: one texel a unit.
	FollowCanvas bool
}

// target is what a Texture made by NewTarget has beyond a texture.
type target struct {
	w, h   int     // size in units
	follow bool    // texels follow the canvas's pixel scale
	scale  float64 // texels per unit of the texture as made
	lost   bool    // pixels undefined since last drawn into
}

// NewTarget makes a texture to draw into, width×height units: Canvas.SetTarget
// sends every drawing call there (shapes, sprites, text, the transform and
// Camera, Clear) until SetTarget(nil), and the texture is then drawn like any
// other, with Sprite (Sprite.Size {width, height} draws it at its size in
// units). It starts transparent and reports Lost.
//
// A target's pixels live only on the renderer: when the renderer is
// replaced or the graphics device reset, or the target is remade at a new
// scale, they are gone, and Lost says so until the target is drawn into
// again; redraw it then (or every frame). Sprite.Flash on a target draws
// nothing, and SetPixels refuses it.
func (c *Canvas) NewTarget(width, height int, opts TargetOptions) (*Texture, error) {
	mustMain("Canvas.NewTarget")
	name := fmt.Sprintf("(%d×%d target)", width, height)
	switch {
	case width <= 0 || height <= 0:
		return nil, fmt.Errorf("sdl2: NewTarget %d×%d: want both sides at least 1", width, height)
	case opts.Filter > FilterLinear:
		return nil, fmt.Errorf("sdl2: texture %s: unknown filter %v; use FilterNearest or FilterLinear", name, opts.Filter)
	case c.ren == nil:
		return nil, fmt.Errorf("sdl2: texture %s: %w", name, ErrNoRenderer)
	}
	t := &Texture{c: c, filter: opts.Filter, name: name, trg: &target{w: width, h: height, follow: opts.FollowCanvas}}
	t.trg.scale = t.trg.wantScale(c)
	if err := t.sizeTarget(); err != nil {
		return nil, err
	}
	if err := t.upload(); err != nil {
		return nil, err
	}
	t.slot = len(c.textures)
	c.textures = append(c.textures, t)
	return t, nil
}

// wantScale is how many texels a unit the target should have now.
func (g *target) wantScale(c *Canvas) float64 {
	if !g.follow {
		return 1
	}
	if c.target != nil {
		return c.saved.view.scale
	}
	return c.view.scale
}

// sizeTarget sets the texture's texel size from its units and scale: img
// holds the size only (its pixels live on the renderer).
func (t *Texture) sizeTarget() error {
	g := t.trg
	tw, th := max(1, int(math.Round(float64(g.w)*g.scale))), max(1, int(math.Round(float64(g.h)*g.scale)))
	if err := t.c.fits(tw, th, t.name); err != nil {
		return err
	}
	t.img = &image.NRGBA{Rect: image.Rect(0, 0, tw, th)}
	return nil
}

// uploadTarget makes the target's texture on the current renderer,
// transparent.
func (t *Texture) uploadTarget() error {
	quality := "nearest"
	if t.filter == FilterLinear {
		quality = "linear"
	}
	sdl.SetHintWithPriority(sdl.HINT_RENDER_SCALE_QUALITY, quality, sdl.HINT_OVERRIDE)
	w, h := t.img.Rect.Dx(), t.img.Rect.Dy()
	tex, err := t.c.ren.CreateTexture(uint32(sdl.PIXELFORMAT_RGBA32), sdl.TEXTUREACCESS_TARGET, int32(w), int32(h))
	if err != nil {
		return fmt.Errorf("sdl2: texture %s: create a %d×%d target: %w; the renderer may not support render targets", t.name, w, h, err)
	}
	if err := tex.SetBlendMode(sdl.BLENDMODE_BLEND); err != nil {
		tex.Destroy()
		return fmt.Errorf("sdl2: texture %s: set its blend mode: %w", t.name, err)
	}
	t.tex, t.trg.lost = tex, true
	// Clear it: a new texture's pixels are undefined.
	var cur *sdl.Texture
	if t.c.target != nil {
		cur = t.c.target.tex
	}
	err = t.c.ren.SetRenderTarget(tex)
	if err == nil {
		t.c.ren.SetDrawColor(0, 0, 0, 0)
		err = t.c.ren.Clear()
		if rerr := t.c.ren.SetRenderTarget(cur); err == nil {
			err = rerr
		}
	}
	if err != nil {
		return fmt.Errorf("sdl2: texture %s: clear the new target: %w", t.name, err)
	}
	return nil
}

// Lost reports whether a target's pixels are undefined (new, or lost with
// the renderer or device, or remade at a new scale) since it was last
// drawn into with SetTarget. False for a texture that is not a target.
func (t *Texture) Lost() bool {
	mustMain("Texture.Lost")
	return t.trg != nil && t.trg.lost
}

// SetTarget sends the drawing calls that follow into t, a texture made by
// NewTarget, until SetTarget(nil) sends them to the window again. Inside
// a target, canvas units are the target's units (Size returns them), the
// transform starts as the identity, and Clear fills the whole target; the
// window's transform and view come back with SetTarget(nil). Present ends
// a target left set. Setting a target clears its Lost.
func (c *Canvas) SetTarget(t *Texture) error {
	mustMain("Canvas.SetTarget")
	switch {
	case t == nil:
		c.endTarget()
		return nil
	case t.trg == nil:
		return fmt.Errorf("sdl2: SetTarget: texture %s is not a target; make it with NewTarget", t.name)
	case t.c != c:
		return fmt.Errorf("sdl2: SetTarget: texture %s belongs to another window", t.name)
	case t.slot < 0:
		return fmt.Errorf("sdl2: SetTarget: texture %s was destroyed", t.name)
	case c.ren == nil:
		return fmt.Errorf("sdl2: SetTarget %s: %w", t.name, ErrNoRenderer)
	}
	c.submit()
	if want := t.trg.wantScale(c); want != t.trg.scale {
		c.drop(t.tex)
		t.unload()
		t.trg.scale = want
		if err := t.sizeTarget(); err != nil {
			return err
		}
	}
	if t.tex == nil {
		if err := t.upload(); err != nil {
			return err
		}
	}
	if err := c.ren.SetRenderTarget(t.tex); err != nil {
		return fmt.Errorf("sdl2: SetTarget %s: %w", t.name, err)
	}
	if c.target == nil {
		c.saved.view, c.saved.xf = c.view, c.xf
	}
	c.target, t.trg.lost = t, false
	c.xf = mgl64.Ident3()
	c.setView(newView(t.img.Rect.Dx(), t.img.Rect.Dy(), t.trg.w, t.trg.h, false))
	return nil
}

// endTarget sends drawing to the window again.
func (c *Canvas) endTarget() {
	if c.target == nil {
		return
	}
	c.submit()
	c.target = nil
	if c.ren != nil {
		if err := c.ren.SetRenderTarget(nil); err != nil {
			c.fail(fmt.Errorf("sdl2: SetTarget(nil): %w", err))
		}
	}
	c.xf = c.saved.xf
	c.setView(c.saved.view)
}

// loseTargets marks every target's pixels lost (SDL reset its render
// targets); with device, every texture is made again when next drawn.
func (c *Canvas) loseTargets(device bool) {
	c.endTarget()
	for _, t := range c.textures {
		if device {
			c.drop(t.tex)
			t.unload()
		}
		if t.trg != nil {
			t.trg.lost = true
		}
	}
}

// SetPixels replaces the texture's pixels with src's, which must be the
// texture's size: for textures whose content changes every frame (a
// minimap, a video frame, a procedural effect). It copies src into the
// texture's own copy and uploads it, allocating nothing.
func (t *Texture) SetPixels(src *image.NRGBA) error {
	mustMain("Texture.SetPixels")
	switch {
	case t.slot < 0:
		return fmt.Errorf("sdl2: SetPixels: texture %s was destroyed", t.name)
	case t.trg != nil:
		return fmt.Errorf("sdl2: SetPixels: texture %s is a target: draw into it with SetTarget", t.name)
	case src == nil:
		return errors.New("sdl2: SetPixels: the image is nil")
	case src.Rect.Dx() != t.img.Rect.Dx() || src.Rect.Dy() != t.img.Rect.Dy():
		return fmt.Errorf("sdl2: SetPixels: a %d×%d image for texture %s of %d×%d; make a new texture for a new size",
			src.Rect.Dx(), src.Rect.Dy(), t.name, t.img.Rect.Dx(), t.img.Rect.Dy())
	}
	row := 4 * src.Rect.Dx()
	for y := range src.Rect.Dy() {
		o := src.PixOffset(src.Rect.Min.X, src.Rect.Min.Y+y)
		copy(t.img.Pix[y*t.img.Stride:y*t.img.Stride+row], src.Pix[o:o+row])
	}
	if t.shape != nil {
		t.shape.Destroy() // made again from the new pixels when next flashed
		t.shape = nil
	}
	if t.tex == nil {
		return nil // uploads when next drawn
	}
	t.c.drop(t.tex)
	if err := t.tex.Update(nil, unsafe.Pointer(&t.img.Pix[0]), t.img.Stride); err != nil {
		return fmt.Errorf("sdl2: SetPixels: upload texture %s: %w", t.name, err)
	}
	return nil
}

// TargetImage returns a copy of the pixels of target t, straight alpha as
// drawn: for tests and for saving what a target holds. It is slow (it
// waits for the renderer): not for every frame.
func (c *Canvas) TargetImage(t *Texture) (*image.NRGBA, error) {
	mustMain("Canvas.TargetImage")
	if t == nil || t.trg == nil || t.slot < 0 || t.c != c {
		return nil, errors.New("sdl2: TargetImage: want a live target of this canvas, made with NewTarget")
	}
	if err := c.Flush(); err != nil {
		return nil, err
	}
	if t.tex == nil {
		if err := t.upload(); err != nil {
			return nil, err
		}
	}
	if err := c.ren.SetRenderTarget(t.tex); err != nil {
		return nil, fmt.Errorf("sdl2: TargetImage %s: %w", t.name, err)
	}
	img := image.NewNRGBA(t.img.Rect)
	err := c.ren.ReadPixels(nil, uint32(sdl.PIXELFORMAT_RGBA32), unsafe.Pointer(&img.Pix[0]), img.Stride)
	var cur *sdl.Texture
	if c.target != nil {
		cur = c.target.tex
	}
	if rerr := c.ren.SetRenderTarget(cur); err == nil {
		err = rerr
	}
	if err != nil {
		return nil, fmt.Errorf("sdl2: TargetImage %s: read back: %w", t.name, err)
	}
	return img, nil
}
