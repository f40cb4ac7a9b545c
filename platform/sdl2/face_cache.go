package sdl2

import (
	"fmt"
	"image"
)

// faceBudget bounds the glyph atlases of one canvas's faces together, in
// bytes of pixels kept in Go memory (the renderer holds a copy of each as
// a texture): a zoom through 60 sizes took 1.2 GB when every size stayed.
// Past it, the faces drawn or measured longest ago give their atlases up.
const faceBudget = 64 << 20

// maxAtlasSide bounds a glyph atlas's sides: one atlas can fill the budget.
const maxAtlasSide = 4096

// atlasSide returns the largest side of a glyph atlas on this canvas.
func (c *Canvas) atlasSide() int { return min(c.maxSide(), maxAtlasSide) }

// Release frees the face's glyph atlas, on the renderer and in memory, and
// drops the face from its canvas's cache. The face stays usable: drawing
// or measuring with it again rasterises its glyphs anew. A canvas releases
// the faces it has used least recently by itself when their atlases
// together would pass 64 MiB.
func (f *Face) Release() {
	mustMain("Face.Release")
	f.release()
}

func (f *Face) release() {
	c := f.c
	if f.atlas.img == nil {
		return
	}
	c.drop(f.atlas.tex)
	f.atlas.unload()
	c.faceBytes -= len(f.atlas.img.Pix)
	f.atlas.img = nil
	c.unlist(f.atlas)
	if key := (faceKey{f.font, f.size}); c.faces[key] == f {
		delete(c.faces, key)
	}
	f.ascii = [128]int32{}
	clear(f.more)
	f.glyphs = f.glyphs[:0]
}

// remake rasterises a released face again at the canvas's scale, and
// caches it again.
func (f *Face) remake() error {
	c := f.c
	if err := f.rasterAt(c.view.scale); err != nil {
		return err
	}
	if f.atlas.slot < 0 {
		f.atlas.slot = len(c.textures)
		c.textures = append(c.textures, f.atlas)
	}
	if c.faces == nil {
		c.faces = map[faceKey]*Face{}
	}
	if key := (faceKey{f.font, f.size}); c.faces[key] == nil {
		c.faces[key] = f
	}
	return nil
}

// newAtlas returns a blank w×h atlas for f, which is to replace f's own,
// first releasing the faces used least recently while the canvas's
// atlases would pass faceBudget.
func (f *Face) newAtlas(w, h int) (*image.NRGBA, error) {
	c := f.c
	mine := 0
	if f.atlas.img != nil {
		mine = len(f.atlas.img.Pix)
	}
	for c.faceBytes-mine+4*w*h > faceBudget {
		lru := c.leastRecentFace(f)
		if lru == nil {
			return nil, fmt.Errorf("sdl2: font %s at %v: a %d×%d glyph atlas would pass the %d MiB a canvas's faces may hold; draw fewer distinct glyphs at this size",
				f.font.name, f.size, w, h, faceBudget>>20)
		}
		lru.release()
	}
	c.faceBytes += 4*w*h - mine
	return image.NewNRGBA(image.Rect(0, 0, w, h)), nil
}

// leastRecentFace returns the cached face other than f drawn or measured
// longest ago, or nil.
func (c *Canvas) leastRecentFace(f *Face) *Face {
	var lru *Face
	for _, g := range c.faces {
		if g != f && g.atlas.img != nil && (lru == nil || g.used < lru.used) {
			lru = g
		}
	}
	return lru
}

// unlist takes t off the canvas's list of live textures.
func (c *Canvas) unlist(t *Texture) {
	if t.slot < 0 {
		return
	}
	last := len(c.textures) - 1
	c.textures[t.slot] = c.textures[last]
	c.textures[t.slot].slot = t.slot
	c.textures[last] = nil
	c.textures = c.textures[:last]
	t.slot = -1
}
