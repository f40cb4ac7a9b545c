package sdl2

import (
	"image/color"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// A sprite's size can be given in world units whatever its texels, and a
// flash moves its colours toward another (a white hit flash on a blue
// sprite is white, not the purple a multiplying tint gives), or adds it.
func TestSpriteSizeInWorldUnitsAndFlash(t *testing.T) {
	w := openHeadless(t, Options{Width: 200, Height: 100})
	blue := newTexture(t, w, solidImage(16, 8, color.RGBA{0, 0, 255, 255}), TextureOptions{})
	black := color.RGBA{0, 0, 0, 255}
	img := drawAndRead(t, w, func(c *Canvas) {
		c.Clear(black)
		// 10 canvas units a world unit, y down: a 2×1 sprite of 16×8 texels
		// covers 20×10 pixels; a zero height keeps the aspect.
		c.SetTransform(mgl64.Scale2D(10, 10))
		c.DrawSprite(Sprite{Texture: blue, Size: mgl64.Vec2{2, 1}}, mgl64.Vec2{1, 1}, 0)
		c.DrawSprite(Sprite{Texture: blue, Size: mgl64.Vec2{4}}, mgl64.Vec2{4, 1}, 0)
		c.SetTransform(mgl64.Ident3())
		c.DrawSpritePx(Sprite{Texture: blue, Size: mgl64.Vec2{20, 10}, Flash: color.RGBA{255, 255, 255, 255}}, 100, 10, 0)
		c.DrawSpritePx(Sprite{Texture: blue, Size: mgl64.Vec2{20, 10}, Flash: color.RGBA{255, 255, 255, 128}}, 130, 10, 0)
		c.DrawSpritePx(Sprite{Texture: blue, Size: mgl64.Vec2{20, 10}, Flash: color.RGBA{255, 0, 0, 255}, FlashAdd: true}, 160, 10, 0)
		c.DrawSpritePx(Sprite{Texture: blue, Size: mgl64.Vec2{20, 10}, Tint: color.RGBA{255, 255, 255, 255}}, 100, 40, 0)
	})
	checkPixels(t, img, 3, []pixelWant{
		{"inside the 2×1 sprite", 29, 19, color.RGBA{0, 0, 255, 255}},
		{"right of the 2×1 sprite", 31, 15, black},
		{"below the 2×1 sprite", 15, 21, black},
		{"inside the 4-wide sprite, 2 high", 79, 29, color.RGBA{0, 0, 255, 255}},
		{"below the 4-wide sprite", 60, 31, black},
		{"a full white flash", 110, 15, color.RGBA{255, 255, 255, 255}},
		{"a half white flash", 140, 15, color.RGBA{128, 128, 255, 255}},
		{"an added red flash", 170, 15, color.RGBA{255, 0, 255, 255}},
		{"a white tint changes nothing", 110, 45, color.RGBA{0, 0, 255, 255}},
	})
}
