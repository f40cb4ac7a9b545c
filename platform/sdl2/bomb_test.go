package sdl2

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"image"
	"image/color"
	"image/draw"
	"image/jpeg"
	"image/png"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// bomb returns a small image file of the given kind whose header claims
// w×h pixels: a real 8×8 image with its declared size changed.
func bomb(t *testing.T, kind string, w, h int) []byte {
	t.Helper()
	var small image.Image = image.NewNRGBA(image.Rect(0, 0, 8, 8))
	if strings.HasSuffix(kind, "grey") {
		small = image.NewGray(image.Rect(0, 0, 8, 8))
	}
	var buf bytes.Buffer
	var err error
	if strings.HasPrefix(kind, "png") {
		err = png.Encode(&buf, small)
	} else {
		err = jpeg.Encode(&buf, small, nil)
	}
	if err != nil {
		t.Fatal(err)
	}
	b := buf.Bytes()
	if strings.HasPrefix(kind, "png") {
		// IHDR: after the 8-byte signature, length and type; its CRC
		// covers the type and the 13 bytes of data.
		binary.BigEndian.PutUint32(b[16:], uint32(w))
		binary.BigEndian.PutUint32(b[20:], uint32(h))
		binary.BigEndian.PutUint32(b[29:], crc32.ChecksumIEEE(b[12:29]))
		return b
	}
	sof := bytes.Index(b, []byte{0xff, 0xc0}) // baseline frame: length, precision, height, width
	binary.BigEndian.PutUint16(b[sof+5:], uint16(h))
	binary.BigEndian.PutUint16(b[sof+7:], uint16(w))
	return b
}

// allocated returns the bytes of heap f allocates, on the main thread.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	onMain(f)
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

func TestLoadTextureRefusesADeclaredSizeBeyondTheRendererBeforeDecoding(t *testing.T) {
	w := openHeadless(t, Options{})
	c := onMain1(w.Canvas)
	limit := c.maxSide()
	dir := t.TempDir()
	r := rand.New(rand.NewPCG(23, 2))
	kinds := []string{"png rgba", "png grey", "jpeg rgb", "jpeg grey"}
	for seed := range 64 {
		kind := kinds[seed%len(kinds)]
		// One side past the limit, the other anything a header holds;
		// JPEG's sides are 16 bits.
		top := 1 << 20
		if strings.HasPrefix(kind, "jpeg") {
			top = 1<<16 - 1
		}
		over, any := limit+1+r.IntN(top-limit), 1+r.IntN(top)
		if seed%2 == 1 {
			over, any = any, over
		}
		if seed == 63 {
			over, any = top, top
		}
		path := filepath.Join(dir, fmt.Sprintf("bomb%d.img", seed))
		writeFile(t, path, bomb(t, kind, over, any))
		var err error
		heap := allocated(func() { _, err = c.LoadTexture(path, TextureOptions{}) })
		if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("at most %d×%d", limit, limit)) {
			t.Fatalf("%s claiming %d×%d: %v, want the renderer's limit", kind, over, any, err)
		}
		if heap > 4<<20 {
			t.Fatalf("%s claiming %d×%d: refused after allocating %d MiB", kind, over, any, heap>>20)
		}
	}
}

func TestLoadTextureStillLoadsEveryKindWithinTheLimit(t *testing.T) {
	w := openHeadless(t, Options{})
	dir := t.TempDir()
	grey := image.NewGray(image.Rect(0, 0, 8, 8))
	grey.Set(0, 0, color.Gray{200})
	for _, kind := range []string{"png", "jpeg"} {
		var buf bytes.Buffer
		if kind == "png" {
			_ = png.Encode(&buf, grey)
		} else {
			_ = jpeg.Encode(&buf, grey, nil)
		}
		path := filepath.Join(dir, "grey."+kind)
		writeFile(t, path, buf.Bytes())
		var tex *Texture
		var err error
		onMain(func() { tex, err = w.Canvas().LoadTexture(path, TextureOptions{}) })
		if err != nil {
			t.Fatalf("%s: %v", kind, err)
		}
		if x, y := onMain2(tex.Size); x != 8 || y != 8 {
			t.Fatalf("%s: %d×%d", kind, x, y)
		}
	}
}

func TestLoadTextureRefusesMoreTexelsThanItsBudgetBeforeDecoding(t *testing.T) {
	w := openHeadless(t, Options{})
	c := onMain1(w.Canvas)
	side := c.maxSide()
	dir := t.TempDir()
	r := rand.New(rand.NewPCG(36, 9))
	kinds := []string{"png rgba", "png grey", "jpeg rgb", "jpeg grey"}
	for seed := range 64 {
		kind := kinds[seed%len(kinds)]
		budget := []int{0, 64 * 64, 1000 * 700}[seed%3]
		limit := cmp.Or(budget, DefaultMaxTexels)
		// Both sides within the renderer's, their product past the budget.
		wide := limit/side + 1 + r.IntN(side-limit/side)
		high := limit/wide + 1 + r.IntN(side-limit/wide)
		if seed%2 == 1 {
			wide, high = high, wide
		}
		path := filepath.Join(dir, fmt.Sprintf("big%d.img", seed))
		writeFile(t, path, bomb(t, kind, wide, high))
		var err error
		heap := allocated(func() { _, err = c.LoadTexture(path, TextureOptions{MaxTexels: budget}) })
		if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("at most %d are loaded (TextureOptions.MaxTexels)", limit)) {
			t.Fatalf("%s claiming %d×%d, budget %d: %v, want the budget named", kind, wide, high, budget, err)
		}
		if heap > 4<<20 {
			t.Fatalf("%s claiming %d×%d: refused after allocating %d MiB", kind, wide, high, heap>>20)
		}
	}
	// Within a raised budget the file is decoded (and found short).
	path := filepath.Join(dir, "raised.png")
	writeFile(t, path, bomb(t, "png rgba", 4097, 4096))
	var err error
	onMain(func() { _, err = c.LoadTexture(path, TextureOptions{MaxTexels: 4097 * 4096}) })
	if err == nil || strings.Contains(err.Error(), "MaxTexels") {
		t.Fatalf("a 4097×4096 bomb within a raised budget: %v, want a decoding error", err)
	}
}

func TestLoadTextureKeepsADecodedPNGWithoutCopyingIt(t *testing.T) {
	w := openHeadless(t, Options{})
	c := onMain1(w.Canvas)
	const side = 1024
	dir := t.TempDir()
	for _, alpha := range []bool{true, false} {
		img := image.NewNRGBA(image.Rect(0, 0, side, side))
		for i := range img.Pix {
			img.Pix[i] = byte(i * 7 >> 3)
			if i%4 == 3 && !alpha {
				img.Pix[i] = 255
			}
		}
		var buf bytes.Buffer
		if err := png.Encode(&buf, img); err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, fmt.Sprintf("alpha-%v.png", alpha))
		writeFile(t, path, buf.Bytes())
		var tex *Texture
		var err error
		heap := allocated(func() { tex, err = c.LoadTexture(path, TextureOptions{}) })
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { onMain(tex.Destroy) })
		if pixels := uint64(4 * side * side); heap > pixels+pixels/2 {
			t.Errorf("alpha %v: loading %d KiB of pixels allocated %d KiB: a copy too many", alpha, pixels>>10, heap>>10)
		}
		if !bytes.Equal(tex.img.Pix, img.Pix) {
			t.Errorf("alpha %v: the texture's pixels are not the image's", alpha)
		}
	}
}

// jpegFile writes a side×side JPEG of a colour gradient (or a grey one)
// and returns its path and the image it decodes to.
func jpegFile(t testing.TB, dir string, side int, grey bool) (string, image.Image) {
	t.Helper()
	var src image.Image
	if grey {
		g := image.NewGray(image.Rect(0, 0, side, side))
		for i := range g.Pix {
			g.Pix[i] = byte(i * 7 >> 3)
		}
		src = g
	} else {
		n := image.NewNRGBA(image.Rect(0, 0, side, side))
		for i := range n.Pix {
			n.Pix[i] = byte(i * 7 >> 3)
			if i%4 == 3 {
				n.Pix[i] = 255
			}
		}
		src = n
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, src, &jpeg.Options{Quality: 90}); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, fmt.Sprintf("grey-%v.jpg", grey))
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	decoded, err := jpeg.Decode(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	return path, decoded
}

// BenchmarkLoadTextureJPEG loads a 1024×1024 JPEG, colour (YCbCr) and
// grey: decoding, the conversion to the texture's pixels and the upload.
func BenchmarkLoadTextureJPEG(b *testing.B) {
	w := openHeadless(b, Options{})
	c := onMain1(w.Canvas)
	for _, grey := range []bool{false, true} {
		path, _ := jpegFile(b, b.TempDir(), 1024, grey)
		b.Run(map[bool]string{false: "ycbcr", true: "grey"}[grey], func(b *testing.B) {
			b.ReportAllocs()
			onMain(func() {
				for b.Loop() {
					tex, err := c.LoadTexture(path, TextureOptions{})
					if err != nil {
						b.Fatal(err)
					}
					tex.Destroy()
				}
			})
		})
	}
}

// A JPEG is converted once, from the decoder's planes into the texture's
// pixels (no copy beyond them), and to the same pixels as image/draw's
// conversion to straight alpha.
func TestLoadTextureConvertsAJPEGOnce(t *testing.T) {
	w := openHeadless(t, Options{})
	c := onMain1(w.Canvas)
	const side = 1024
	for _, grey := range []bool{false, true} {
		path, decoded := jpegFile(t, t.TempDir(), side, grey)
		var tex *Texture
		var err error
		heap := allocated(func() { tex, err = c.LoadTexture(path, TextureOptions{}) })
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { onMain(tex.Destroy) })
		planes := uint64(side * side) // grey: one byte a pixel
		if !grey {
			planes = side * side * 3 / 2 // YCbCr 4:2:0
		}
		if pixels := uint64(4 * side * side); heap > planes+pixels+pixels/8 {
			t.Errorf("grey %v: %d KiB allocated for %d KiB of planes and %d KiB of pixels: a copy too many", grey, heap>>10, planes>>10, pixels>>10)
		}
		want := image.NewNRGBA(decoded.Bounds())
		draw.Draw(want, want.Rect, decoded, image.Point{}, draw.Src)
		if !bytes.Equal(tex.img.Pix, want.Pix) {
			t.Errorf("grey %v: the texture's pixels are not the decoded JPEG's", grey)
		}
	}
}
