package sdl2

import "github.com/go-gl/mathgl/mgl64"

// Camera looks at the world, where y points up, and maps it onto the
// drawable, where y points down.
type Camera struct {
	Center mgl64.Vec2 // world point shown at the middle of the drawable
	Zoom   float64    // pixels per world unit; 0 means 1
}

// Transform returns the world → pixel transform for a drawable of the given
// size in pixels, for Canvas.SetTransform.
func (cam Camera) Transform(width, height int) mgl64.Mat3 {
	z := cam.zoom()
	return mgl64.Translate2D(float64(width)/2, float64(height)/2).
		Mul3(mgl64.Scale2D(z, -z)).
		Mul3(mgl64.Translate2D(-cam.Center[0], -cam.Center[1]))
}

// ToWorld maps a pixel position, such as the mouse's, to world coordinates.
func (cam Camera) ToWorld(x, y float64, width, height int) mgl64.Vec2 {
	z := cam.zoom()
	return mgl64.Vec2{
		cam.Center[0] + (x-float64(width)/2)/z,
		cam.Center[1] - (y-float64(height)/2)/z,
	}
}

func (cam Camera) zoom() float64 {
	if cam.Zoom == 0 {
		return 1
	}
	return cam.Zoom
}
