// Package desktop runs a game in a window: the one way to run a lockstep
// game as a desktop program.
//
//	func main() { desktop.Main(&game{}, desktop.Config{}) }
//
// Main parses the command line every lockstep program shares (power modes,
// tick rate, stop conditions, -headless, -physics, -record and -replay,
// -screenshot, -stats-json, profiles and traces, -hud and -debug, sound's
// -audio-out, -mute and -volume; -h lists them and the keys) over the
// Config's values as defaults, runs the game and exits. Run does the same without a command line and returns the
// run's Summary. Config is every option there is: the loop's
// (engine.Config), the window's (sdl2.Options), the debug tools' and the
// outputs'. The window is always closed and every output is written whole
// or not at all, also when the run is interrupted or fails.
//
// # What a player gets, and what a developer asks for
//
// A zero Config is a game as it ships: no debug HUD, no debug hotkey,
// every key the game's except F11 and Alt+Enter (fullscreen) and F12 (a
// screenshot), which Debug.NoFullscreenKey and Debug.NoScreenshotKey free
// too. -debug (Debug.Keys) turns on the developer's keys: Esc quits, V
// cycles the power mode, I toggles interpolation, P pauses, . runs one
// tick while paused, + and - double and halve the time scale, F1 toggles
// the HUD; -hud (Debug.HUD) shows the HUD from the start. No hotkey fires
// while text input is on (sdl2.Window.SetTextInput).
//
// # The game contract
//
// A game is a Game: Tick(*engine.Tick) error and Draw(*sdl2.Canvas,
// *engine.Frame) error. What it is rather than what it does is in its
// Config: Name, Description, Loop.Players (player slots), LocalFlags and
// Bot. It may also have these methods, found by type assertion; a method
// with one of their names but another signature is an error when the run
// starts, naming it:
//
//   - Start(*Setup) error (desktop.Starter): setting up, with what the run
//     made for the game (seed, physics engine, window, logger, the sound
//     mixer: sounds played in Tick are placed on the ticks' timeline and
//     recorded by -audio-out; see platform/audio; save data, which a
//     replay never writes: see SaveData).
//   - Flags(*flag.FlagSet) and Validate() error (desktop.Flagger): flags of
//     the game's own. Every one but those Config.LocalFlags names is taken
//     to change the simulation: recordings keep them, replays and netplay
//     joiners take them. Config.GameFlags sets them from code.
//   - Update(*engine.Frame) error (engine.Updater): once a frame, before
//     its ticks: cameras, menus, what does not change the simulation.
//   - World() physics.Stepper (engine.Simulator): a physics world the loop
//     steps after every tick and blends into Frame.Bodies.
//   - StateHash() uint64 (engine.StateHasher): the state recordings check,
//     for state outside a world.
//   - Seat(local *engine.Input, players []engine.Input) (engine.Seater):
//     how a game with player slots splits one machine's input into them
//     (default: engine.SeatLocal).
//   - Fork() and CopyFrom() (engine.Predictor): a second instance of the
//     game (Fork() (engine.Predictor, error)), and copying one instance's
//     whole state, its world through physics.World.CopyFrom, into another
//     (CopyFrom(engine.Predictor) error). A netplay session then draws
//     each frame from a copy ticked ahead of the confirmed input
//     (-rollback), with an input delay of 0 to 2 ticks; without them it
//     plays in pure lockstep. engine.SyncTest checks that a copy is whole.
//   - Close() error (io.Closer): freeing what Start made.
//
// In this order: Flags while the command line is parsed, then Validate
// (Run registers Flags again and sets them from Config.GameFlags); the
// window opens; Start; then each frame Update
// once, Tick zero or more times, Draw once; Close after the window is
// closed, whatever happened (not when the command line was bad or the
// contract check failed). Every call is on the main goroutine, the one
// that called Main or Run: SDL wants its main OS thread, so call Main from
// main and never call the game from other goroutines.
//
// The package example is a whole game.
package desktop
