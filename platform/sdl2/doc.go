// Package sdl2 is lockstep's desktop platform: an SDL2 window that implements
// engine.Platform, engine.VSyncer and engine.RefreshRater, and a Canvas that
// draws the shapes physics samples need (thousands of circles, rotated
// boxes, polygons, segments) in a few batched RenderGeometry calls, plus a
// debug HUD, a frame-time graph and PNG screenshots.
//
// SDL must be driven from the main OS thread. The sdl package locks it in
// its init, so open the window and run the loop on the main goroutine.
//
// Without a display (no DISPLAY or WAYLAND_DISPLAY on Unix), or with
// Options.Headless, the window is hidden and uses SDL's offscreen driver:
// drawing, reading pixels back and screenshots still work, which is what
// tests and CI rely on. An SDL_VIDEODRIVER environment variable always wins.
package sdl2
