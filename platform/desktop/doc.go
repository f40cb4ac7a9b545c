// Package desktop runs a game in a window: the one way to run a lockstep
// game as a desktop program, and the one place its contract is written.
//
//	func main() {
//		desktop.Main(&game{}, desktop.Config{Name: "mygame"})
//	}
//
// # Running
//
// Main parses the command line every lockstep program shares (power modes,
// tick rate, stop conditions, -headless, -physics, -record and -replay,
// -screenshot, -stats-json, profiles and traces, -hud and -debug, sound's
// -audio-out, -mute and -volume, netplay's -host, -join, -lobby and
// -rollback, the -synctest check; -h lists them and the keys), runs the
// game and exits: status 0 on a clean end, 2 for a bad command line or
// Config, 1 when the run failed. Main is Parse and Run:
//
//   - Parse registers every flag with the Config's values as defaults,
//     and the game's own flags (Flagger), and returns the Config with
//     what the command line gave written back into it (the game's flags
//     in GameFlags).
//   - Run(ctx, game, cfg) runs the game with a Config and no command
//     line, and returns the run's Summary.
//
// So a Config written in code and the same values typed as flags run
// alike. Config holds every option there is: the game's static facts
// (Name, Description, LocalFlags, Bot), the loop's (Loop, an
// engine.Config; Loop.Players for a game with player slots), the
// window's (sdl2.Options), the debug tools', the outputs', the seed, the
// physics engine, sound and netplay. A zero field means its documented
// default, in Run as on the command line; Run checks the whole Config
// first and names the first bad field (Config.Loop.TPS), Parse the flag
// (-tps). The window is always closed and every output is written whole
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
// A game is a Game: Tick(*engine.Tick) error advances it by one fixed
// step, Draw(*sdl2.Canvas, *engine.Frame) error draws a frame, blending
// between the last two ticks by Frame.Alpha. What a game is, rather than
// what it does, goes in its Config: Name, Description, Loop.Players,
// LocalFlags and Bot. A game may also have these methods, found by type
// assertion; a method with one of their names but another signature, or
// one of two partners without the other, stops the run at start, naming
// it:
//
//   - Start(*Setup) error (desktop.Starter): setting up once the flags
//     are set and the window is open, with what the run made for the game:
//     the seed, the physics engine (Setup.NewWorld), the window, a logger,
//     the sound mixer (Play in Tick places a sound on the ticks' timeline,
//     recorded by -audio-out; PlayNow is heard only; see platform/audio),
//     save data (which a replay never writes; see SaveData), and the slot
//     in a netplay session.
//   - Flags(*flag.FlagSet) and Validate() error (desktop.Flagger): flags
//     of the game's own, and the check of their values (its error exits
//     with status 2). Every one but those Config.LocalFlags names changes
//     the simulation: recordings keep them, replays and netplay joiners
//     take them. Config.GameFlags sets them from code.
//   - Update(*engine.Frame) error (engine.Updater): once a frame, before
//     its ticks: cameras, menus, what does not change the simulation.
//   - World() physics.Stepper (engine.Simulator): a physics world the loop
//     steps after every tick and blends into Frame.Bodies.
//   - StateHash() uint64 (engine.StateHasher): the state recordings and
//     netplay peers check, for state outside a world.
//   - Seat(local *engine.Input, players []engine.Input) (engine.Seater): how
//     a game with player slots splits one machine's input among them
//     (default: host.SeatLocal). A netplay session fills each slot from
//     its peer instead.
//   - Fork() and CopyFrom() (engine.Predictor): a second instance of the
//     game (Fork() (engine.Predictor, error)), and copying one instance's
//     whole state, its world through physics.World.CopyFrom, into another
//     (CopyFrom(engine.Predictor) error). A netplay session then draws
//     each frame from a copy ticked ahead of the confirmed input
//     (-rollback), with an input delay of 0 to 2 ticks; without them it
//     plays in pure lockstep. enginetest.SyncTest checks that a copy is whole
//     in a test; Config.SyncTest (-synctest N) checks it on any run alone,
//     failing at the first tick whose copies differ.
//   - Close() error (io.Closer): freeing what Start made.
//
// A game with player slots (Config.Loop.Players) sees every player's
// input in Tick.Players, by slot, and a zero Tick.Input, on one machine and
// in a netplay session alike.
//
// In this order: Flags while the command line is parsed, then Validate;
// Run registers Flags again, sets them as Config.GameFlags says and calls
// Validate; the window opens; Start; then each frame Update once, Tick
// zero or more times, Draw once; Close after the window is closed,
// whatever happened (not when the Config or the contract check failed).
// Every call is on the main goroutine, the one that called Main or Run:
// SDL wants its main OS thread, so call Main from main and never call the
// game from other goroutines.
//
// The package example is a whole game.
package desktop

// The reference pages docs/reference/command-line.md (from the flag table)
// and docs/reference/summary.md (from Summary's types and doc comments)
// are written by this package's tests; TestReference...IsCurrent fails
// when a committed page differs from the code.
//go:generate go test -run ^TestReference -count=1 . -args -update
