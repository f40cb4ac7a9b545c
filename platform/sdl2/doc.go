// Package sdl2 is lockstep's desktop platform: an SDL2 window that implements
// host.Platform, host.VSyncer and host.RefreshRater, and a Canvas that
// draws what games need in a few batched RenderGeometry calls: the shapes
// physics samples draw (thousands of circles, rotated boxes, polygons,
// segments), sprites from PNG or JPEG textures and atlases, TrueType and
// OpenType text at any size, a debug HUD, a frame-time graph, and PNG
// screenshots.
//
// A game may draw in its own units whatever the window's size: give the
// window a logical size (Options.LogicalWidth, Window.SetLogicalSize) and
// the canvas scales it to fit, letterboxed, by whole numbers if asked;
// Window.PointerToCanvas maps the mouse into the same units, high-DPI
// displays included. The window also switches desktop fullscreen, and sets
// its title, icon, cursor and relative mouse mode.
//
// SDL must be driven from the main OS thread. The sdl package locks it in
// its init, so open the window and run the loop on the main goroutine.
// Open and every method of a Window, Canvas, Texture or Face panic, naming
// themselves and the main thread, when called from another goroutine: a
// check of a few nanoseconds, where a draw call from another goroutine
// crashed inside SDL.
//
// Without a display (no DISPLAY or WAYLAND_DISPLAY on Unix) or with
// Options.Headless, the window is headless: hidden, on SDL's offscreen
// driver, and Window.HeadlessReason says why. Drawing, reading pixels back
// and screenshots still work, which is what tests and CI rely on. A
// display that is named but does not answer is an error (ErrNoDisplay),
// never a window nobody sees. An SDL_VIDEODRIVER environment variable
// always wins.
package sdl2
