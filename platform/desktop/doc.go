// Package desktop runs a game as a desktop program: one call, Main, gives
// any game the command line every lockstep program shares (power modes,
// tick rate, stop conditions, -headless, -physics, -record and -replay,
// -screenshot, -stats-json, profiles and traces; see Options), an SDL
// window that is always closed, the HUD and hotkeys (Esc, V, I, P, ., +,
// -, F1, F11 or Alt+Enter, F12), and every output written whole or not at
// all, also when the run is interrupted or fails.
//
// A game is an sdl2.Game: a fixed-rate Tick and a Draw onto the window's
// canvas. What else it is (Namer, Starter, Flagger, engine.Simulator,
// engine.StateHasher, engine.Updater, io.Closer) is found by type
// assertion. The package example is a whole game.
package desktop
