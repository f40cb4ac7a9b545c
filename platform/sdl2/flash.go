package sdl2

import (
	"image"
)

// silhouette returns t's shape, made on first use: a texture of white
// texels with t's alpha and filter. Drawn with a vertex colour it is that
// colour wherever t is opaque, which is what Sprite.Flash draws.
func (t *Texture) silhouette() (*Texture, error) {
	if t.shape != nil {
		return t.shape, nil
	}
	src := t.img
	img := image.NewNRGBA(src.Rect)
	for i := 3; i < len(src.Pix); i += 4 {
		img.Pix[i-3], img.Pix[i-2], img.Pix[i-1], img.Pix[i] = 255, 255, 255, src.Pix[i]
	}
	shape, err := t.c.newTexture(img, TextureOptions{Filter: t.filter}, t.name+" (shape for Flash)")
	if err != nil {
		return nil, err
	}
	t.shape = shape
	return shape, nil
}
