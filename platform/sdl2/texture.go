package sdl2

import (
	"cmp"
	"errors"
	"fmt"
	"image"
	"image/draw"
	_ "image/jpeg" // LoadTexture decodes JPEG
	_ "image/png"  // and PNG
	"io"
	"unsafe"

	"github.com/lockstep-engine/lockstep/platform/internal/output"
	"github.com/veandco/go-sdl2/sdl"
)

// Filter is how a texture is sampled where it is drawn larger, smaller or
// turned.
type Filter uint8

// The filters.
const (
	FilterNearest Filter = iota // each pixel takes its nearest texel: sharp, for pixel art
	FilterLinear                // blends the nearest texels: smooth under scaling and rotation
)

// String returns the filter's name, "nearest" or "linear".
func (f Filter) String() string {
	switch f {
	case FilterNearest:
		return "nearest"
	case FilterLinear:
		return "linear"
	}
	return fmt.Sprintf("Filter(%d)", uint8(f))
}

// TextureOptions configure NewTexture and LoadTexture. The zero value
// samples the nearest texel and loads files of up to DefaultMaxTexels.
type TextureOptions struct {
	Filter Filter // how scaled texels are sampled; zero: FilterNearest
	// MaxTexels is the most texels (width × height) LoadTexture decodes
	// from a file, checked against the size the file's header declares
	// before any pixel is decoded; 0 means DefaultMaxTexels. Raise it for
	// a larger image the game trusts; the renderer's largest side still
	// applies. NewTexture, given pixels already in memory, ignores it.
	MaxTexels int
}

// DefaultMaxTexels is LoadTexture's budget when TextureOptions.MaxTexels
// is 0: 4096×4096 texels, 64 MiB of pixels. A file of a few hundred
// kilobytes can declare 16384×16384, a gigabyte or more once decoded.
const DefaultMaxTexels = 4096 * 4096

// Texture is an image uploaded to a window's renderer, drawn with
// Canvas.DrawSprite. It belongs to the canvas that made it.
//
// A texture lives on its renderer, and SetVSync sometimes has to replace
// the renderer (when the driver cannot switch vsync live), which destroys
// every texture on it. So a Texture keeps a copy of its pixels (4 bytes a
// texel in Go memory) and uploads itself again the next time it is drawn.
type Texture struct {
	c      *Canvas
	img    *image.NRGBA // straight alpha, as SDL blends
	tex    *sdl.Texture // nil while not uploaded to the current renderer
	filter Filter
	slot   int      // index in c.textures; -1 once destroyed
	name   string   // for errors: the file, or the image's size
	shape  *Texture // white texels with this one's alpha, for Sprite.Flash; nil until then
	trg    *target  // what a render target has more; nil for other textures
}

// NewTexture uploads a copy of img as a texture. Any image.Image works:
// premultiplied colours (image.RGBA) are converted to the straight alpha
// SDL blends with.
func (c *Canvas) NewTexture(img image.Image, opts TextureOptions) (*Texture, error) {
	mustMain("Canvas.NewTexture")
	if img == nil {
		return nil, errors.New("sdl2: NewTexture: the image is nil")
	}
	b := img.Bounds()
	return c.newTexture(img, opts, fmt.Sprintf("(%d×%d image)", b.Dx(), b.Dy()))
}

// LoadTexture decodes a PNG or JPEG file and uploads it as a texture.
// The size its header declares is checked against the renderer's largest
// texture and against opts.MaxTexels before any pixel is decoded: a file
// of a few bytes can claim a size that would take gigabytes. A PNG is
// kept as decoded, without another copy; a JPEG's planes are converted
// once into the texture's pixels.
func (c *Canvas) LoadTexture(path string, opts TextureOptions) (*Texture, error) {
	mustMain("Canvas.LoadTexture")
	f, err := output.OpenRegular(path) // a FIFO would hang the open
	if err != nil {
		return nil, fmt.Errorf("sdl2: load texture: %w", err)
	}
	defer f.Close()
	cfg, format, err := image.DecodeConfig(f)
	if err != nil {
		return nil, fmt.Errorf("sdl2: decode texture %s: %w; PNG and JPEG files are supported", path, err)
	}
	name := path + " (" + format + ")"
	if err := c.fits(cfg.Width, cfg.Height, name); err != nil {
		return nil, err
	}
	if err := withinBudget(cfg.Width, cfg.Height, opts.MaxTexels, name); err != nil {
		return nil, err
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return nil, fmt.Errorf("sdl2: load texture: %w", err)
	}
	img, _, err := image.Decode(f)
	if err != nil {
		return nil, fmt.Errorf("sdl2: decode texture %s: %w; PNG and JPEG files are supported", path, err)
	}
	if n := decodedNRGBA(img, format); n != nil {
		return c.adoptTexture(n, opts, name) // the decoder's pixels are ours: no copy
	}
	if format == "jpeg" {
		return c.adoptTexture(opaqueNRGBA(img), opts, name)
	}
	return c.newTexture(img, opts, name)
}

// opaqueNRGBA converts img, which has no transparency (a JPEG decodes
// to YCbCr, grey or CMYK), into the texture's pixels once, through
// image/draw's fast paths to RGBA: with every pixel opaque, premultiplied
// and straight alpha are the same bytes. (Drawn into NRGBA, the generic
// path took 5 times as long for YCbCr.)
func opaqueNRGBA(img image.Image) *image.NRGBA {
	b := img.Bounds()
	m := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	draw.Draw(m, m.Rect, img, b.Min, draw.Src)
	return &image.NRGBA{Pix: m.Pix, Stride: m.Stride, Rect: m.Rect}
}

// decodedNRGBA returns the pixels a decoder made as straight alpha when
// they are already laid out so: a PNG with alpha decodes to image.NRGBA,
// and one without to image.RGBA, opaque, whose bytes are the same.
func decodedNRGBA(img image.Image, format string) *image.NRGBA {
	var n *image.NRGBA
	switch m := img.(type) {
	case *image.NRGBA:
		n = m
	case *image.RGBA:
		if format != "png" { // only PNG's decoder makes RGBA always opaque
			return nil
		}
		n = &image.NRGBA{Pix: m.Pix, Stride: m.Stride, Rect: m.Rect}
	default:
		return nil
	}
	if n.Rect.Min != (image.Point{}) || n.Stride != 4*n.Rect.Dx() {
		return nil
	}
	return n
}

// withinBudget refuses an image of w×h texels over maxTexels (0:
// DefaultMaxTexels).
func withinBudget(w, h, maxTexels int, name string) error {
	budget := cmp.Or(maxTexels, DefaultMaxTexels)
	if int64(w)*int64(h) > int64(budget) {
		return fmt.Errorf("sdl2: texture %s: %d×%d is %d texels; at most %d are loaded (TextureOptions.MaxTexels): scale the image down, or raise MaxTexels for an image the game trusts",
			name, w, h, int64(w)*int64(h), budget)
	}
	return nil
}

// maxTextureSide is the largest texture side taken when the renderer does
// not say (the software renderer): a 16384×16384 texture is 1 GiB.
const maxTextureSide = 16384

// maxSide returns the largest texture side the renderer takes.
func (c *Canvas) maxSide() int {
	if c.maxTex > 0 {
		return int(c.maxTex)
	}
	return maxTextureSide
}

// fits refuses an image of w×h texels larger than the renderer takes.
func (c *Canvas) fits(w, h int, name string) error {
	if m := c.maxSide(); w > m || h > m {
		return fmt.Errorf("sdl2: texture %s: %d×%d texels; the renderer takes at most %d×%d: split the image or scale it down",
			name, w, h, m, m)
	}
	return nil
}

func (c *Canvas) newTexture(img image.Image, opts TextureOptions, name string) (*Texture, error) {
	b := img.Bounds()
	switch {
	case opts.Filter > FilterLinear:
		return nil, fmt.Errorf("sdl2: texture %s: unknown filter %v; use FilterNearest or FilterLinear", name, opts.Filter)
	case b.Empty():
		return nil, fmt.Errorf("sdl2: texture %s: the image has no pixels", name)
	case c.ren == nil:
		return nil, fmt.Errorf("sdl2: texture %s: %w", name, ErrNoRenderer)
	}
	if err := c.fits(b.Dx(), b.Dy(), name); err != nil {
		return nil, err
	}
	rgba := image.NewNRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	draw.Draw(rgba, rgba.Rect, img, b.Min, draw.Src)
	return c.adoptTexture(rgba, opts, name)
}

// adoptTexture uploads rgba, which the texture keeps: nothing else may
// hold it.
func (c *Canvas) adoptTexture(rgba *image.NRGBA, opts TextureOptions, name string) (*Texture, error) {
	switch {
	case opts.Filter > FilterLinear:
		return nil, fmt.Errorf("sdl2: texture %s: unknown filter %v; use FilterNearest or FilterLinear", name, opts.Filter)
	case rgba.Rect.Empty():
		return nil, fmt.Errorf("sdl2: texture %s: the image has no pixels", name)
	case c.ren == nil:
		return nil, fmt.Errorf("sdl2: texture %s: %w", name, ErrNoRenderer)
	}
	t := &Texture{c: c, img: rgba, filter: opts.Filter, name: name}
	if err := t.upload(); err != nil {
		return nil, err
	}
	t.slot = len(c.textures)
	c.textures = append(c.textures, t)
	return t, nil
}

// Size returns the texture's size in texels.
func (t *Texture) Size() (width, height int) {
	mustMain("Texture.Size")
	if t.img == nil {
		return 0, 0
	}
	return t.img.Rect.Dx(), t.img.Rect.Dy()
}

// Filter returns how the texture is sampled.
func (t *Texture) Filter() Filter {
	mustMain("Texture.Filter")
	return t.filter
}

// SetFilter changes how the texture is sampled from the next draw on. SDL
// fixes a texture's filter when it makes it, so the texture is made again
// from its pixels: change filters between scenes, not every frame.
func (t *Texture) SetFilter(f Filter) error {
	mustMain("Texture.SetFilter")
	switch {
	case f > FilterLinear:
		return fmt.Errorf("sdl2: texture %s: unknown filter %v; use FilterNearest or FilterLinear", t.name, f)
	case t.slot < 0:
		return fmt.Errorf("sdl2: texture %s was destroyed", t.name)
	case f == t.filter:
		return nil
	}
	t.filter = f
	if t.shape != nil {
		if err := t.shape.SetFilter(f); err != nil {
			return err
		}
	}
	if t.tex == nil {
		return nil // uploads with the new filter when next drawn
	}
	t.c.drop(t.tex)
	t.unload()
	return t.upload()
}

// Destroy frees the texture on the renderer and its copy of the pixels.
// Drawing it afterwards is an error. Closing the window destroys every
// texture it made.
func (t *Texture) Destroy() {
	mustMain("Texture.Destroy")
	if t.slot < 0 {
		return
	}
	if t.shape != nil {
		t.shape.Destroy()
		t.shape = nil
	}
	if t.c.target == t {
		t.c.endTarget()
	}
	t.c.drop(t.tex)
	t.unload()
	t.c.unlist(t)
	t.img = nil
}

// upload makes the texture on the canvas's current renderer.
func (t *Texture) upload() error {
	if t.c.ren == nil {
		return fmt.Errorf("sdl2: texture %s: %w", t.name, ErrNoRenderer)
	}
	if t.trg != nil {
		return t.uploadTarget()
	}
	tex, err := createTexture(t.c.ren, t.img, t.filter)
	if err != nil {
		return fmt.Errorf("sdl2: texture %s: %w", t.name, err)
	}
	t.tex = tex
	return nil
}

// unload frees the texture on the renderer; the renderer must be alive.
func (t *Texture) unload() {
	if t.tex != nil {
		t.tex.Destroy()
		t.tex = nil
	}
}

// drop sends what is queued with tex before tex goes away.
func (c *Canvas) drop(tex *sdl.Texture) {
	if tex != nil && c.tex == tex {
		c.submit()
		c.tex = nil
	}
}

// bind makes t, drawn with blend, the texture of the geometry that
// follows, uploading it first if the renderer was replaced. It records why
// it cannot and returns false.
func (c *Canvas) bind(t *Texture, blend Blend) bool {
	var err error
	switch {
	case t == nil:
		err = errors.New("sdl2: draw a sprite without a texture; set Sprite.Texture")
	case t.c != c:
		err = fmt.Errorf("sdl2: texture %s belongs to another window; make it with this window's canvas", t.name)
	case t.slot < 0:
		err = fmt.Errorf("sdl2: texture %s was destroyed", t.name)
	case !blend.valid():
		err = fmt.Errorf("sdl2: unknown blend mode %v", blend)
	case t.tex == nil:
		err = t.upload()
	}
	if err != nil {
		c.fail(err)
		return false
	}
	c.use(t.tex, blend)
	return true
}

// createTexture uploads img to ren, sampled with filter.
func createTexture(ren *sdl.Renderer, img *image.NRGBA, filter Filter) (*sdl.Texture, error) {
	// SDL gives a texture the filter this hint names when it makes it.
	// go-sdl2 v0.4.40 does not wrap SDL_SetTextureScaleMode, and setting
	// the hint keeps this package free of C. Override: the environment's
	// SDL_RENDER_SCALE_QUALITY must not change what the caller asked for.
	quality := "nearest"
	if filter == FilterLinear {
		quality = "linear"
	}
	sdl.SetHintWithPriority(sdl.HINT_RENDER_SCALE_QUALITY, quality, sdl.HINT_OVERRIDE)
	w, h := img.Rect.Dx(), img.Rect.Dy()
	// RGBA32 is R, G, B, A in memory on every byte order, as image.NRGBA.
	tex, err := ren.CreateTexture(uint32(sdl.PIXELFORMAT_RGBA32), sdl.TEXTUREACCESS_STATIC, int32(w), int32(h))
	if err != nil {
		return nil, fmt.Errorf("create a %d×%d texture: %w", w, h, err)
	}
	if err := tex.Update(nil, unsafe.Pointer(&img.Pix[0]), img.Stride); err != nil {
		tex.Destroy()
		return nil, fmt.Errorf("upload a %d×%d texture: %w", w, h, err)
	}
	if err := tex.SetBlendMode(sdl.BLENDMODE_BLEND); err != nil {
		tex.Destroy()
		return nil, fmt.Errorf("set a texture's blend mode: %w", err)
	}
	return tex, nil
}
