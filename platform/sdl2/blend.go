package sdl2

import (
	"fmt"

	"github.com/veandco/go-sdl2/sdl"
)

// Blend is how a sprite's pixels combine with what is already drawn. The
// zero value is BlendAlpha.
type Blend uint8

// The blend modes. Colours are straight (not premultiplied) alpha, which is
// what NewTexture uploads.
const (
	BlendAlpha    Blend = iota // src·a + dst·(1−a): ordinary transparency
	BlendAdd                   // src·a + dst: light, fire, glow
	BlendMultiply              // src·dst + dst·(1−a): shadows, tinting what is beneath
	BlendNone                  // src: replaces, alpha and all
)

// sdlBlendMul is SDL_BLENDMODE_MUL (SDL 2.0.12), which go-sdl2 v0.4.40 does
// not name. Unlike SDL_BLENDMODE_MOD it leaves the destination alone where
// the sprite is transparent.
const sdlBlendMul sdl.BlendMode = 0x8

// sdl returns SDL's blend mode for b.
func (b Blend) sdl() sdl.BlendMode {
	switch b {
	case BlendAdd:
		return sdl.BLENDMODE_ADD
	case BlendMultiply:
		return sdlBlendMul
	case BlendNone:
		return sdl.BLENDMODE_NONE
	}
	return sdl.BLENDMODE_BLEND
}

func (b Blend) valid() bool { return b <= BlendNone }

// String returns the mode's name, such as "alpha".
func (b Blend) String() string {
	switch b {
	case BlendAlpha:
		return "alpha"
	case BlendAdd:
		return "add"
	case BlendMultiply:
		return "multiply"
	case BlendNone:
		return "none"
	}
	return fmt.Sprintf("Blend(%d)", uint8(b))
}
