package sdl2

import (
	"strings"
	"testing"
)

// atlasBytes returns the bytes of glyph atlas pixels the faces c caches
// hold.
func atlasBytes(c *Canvas) int {
	n := 0
	for _, f := range c.faces {
		if f.atlas.img != nil {
			n += len(f.atlas.img.Pix)
		}
	}
	return n
}

func TestFacesOfManySizesStayWithinTheAtlasBudget(t *testing.T) {
	// A zoom through 60 sizes took 1.2 GB when every size stayed cached.
	w := openHeadless(t, Options{Width: 640, Height: 480})
	font := goRegular(t)
	var faces []*Face
	for i := range 60 {
		size := 8 + float64(i)*6
		var f *Face
		var err error
		var held int
		onMain(func() {
			if f, err = w.Canvas().Face(font, size); err == nil {
				w.Canvas().DrawText(f, 0, 0, "Zoom 0123456789", white)
				err = w.Canvas().Flush()
			}
			held = atlasBytes(w.Canvas())
		})
		if err != nil {
			t.Fatalf("size %v: %v", size, err)
		}
		if held > 64<<20 {
			t.Fatalf("after %d sizes (the last %v), the faces hold %d MiB of atlases, want at most 64", i+1, size, held>>20)
		}
		faces = append(faces, f)
	}
	// The first sizes gave their atlases up; they still draw.
	img := drawAndRead(t, w, func(c *Canvas) {
		c.Clear(black)
		c.DrawText(faces[10], 10, 10, "HH", white)
	})
	if b := litBounds(img); b.Empty() {
		t.Fatal("a face whose atlas was released drew nothing")
	}
}

func TestReleaseFreesAFaceWhichStillDrawsAfter(t *testing.T) {
	w := openHeadless(t, Options{})
	f := newFace(t, w, goRegular(t), 40)
	var before, after, held int
	onMain(func() {
		before = len(w.Canvas().textures)
		f.Release()
		held, after = atlasBytes(w.Canvas()), len(w.Canvas().textures)
	})
	if f.atlas.img != nil || held != 0 || after != before-1 {
		t.Fatalf("after Release: atlas %v, %d bytes held, %d textures (was %d)", f.atlas.img != nil, held, after, before)
	}
	img := drawAndRead(t, w, func(c *Canvas) {
		c.Clear(black)
		c.DrawText(f, 10, 10, "HH", white)
	})
	if litBounds(img).Empty() {
		t.Fatal("a released face drew nothing")
	}
}

func TestAFaceTooLargeForAnAtlasIsRefusedBeforeRasterising(t *testing.T) {
	// A 40×30 logical canvas in a 1280×960 window: 32 pixels a unit, so
	// size 1024 is 32,768 pixels an em.
	w := openHeadless(t, Options{Width: 1280, Height: 960, LogicalWidth: 40, LogicalHeight: 30})
	font := goRegular(t)
	for _, size := range []float64{1024, 500, 200} {
		var err error
		heap := allocated(func() { _, err = w.Canvas().Face(font, size) })
		if err == nil || !strings.Contains(err.Error(), "largest glyph atlas") {
			t.Fatalf("size %v at 32 pixels a unit: %v, want a refusal naming the atlas's limit", size, err)
		}
		if heap > 1<<20 {
			t.Fatalf("size %v: refused after allocating %d MiB", size, heap>>20)
		}
	}
	// One that fits is made, its glyphs rasterised as they are drawn.
	var f *Face
	var err error
	onMain(func() { f, err = w.Canvas().Face(font, 60) })
	if err != nil {
		t.Fatal(err)
	}
	img := drawAndRead(t, w, func(c *Canvas) {
		c.Clear(black)
		c.DrawText(f, 0, 0, "H", white)
		if err := c.Flush(); err != nil {
			t.Error(err)
		}
	})
	if litBounds(img).Empty() {
		t.Fatal("size 60 at 32 pixels a unit drew nothing")
	}
}
