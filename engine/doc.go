// Package engine runs a game's main loop at a fixed timestep.
//
// Run owns the loop on the main OS thread. Each frame it measures real
// time on a monotonic clock, drains the platform's events without blocking,
// adds the frame's time to an accumulator of integer nanoseconds, runs as
// many fixed ticks as the accumulator holds (at most Config.MaxSteps; the
// excess is dropped and counted so a slow machine slows the game instead of
// locking it up), then draws with alpha = leftover/dt between the last two
// ticks, presents, and paces the frame by the power mode.
//
// The loop runs a game's Parts: one fixed Tick and one Draw, and the
// optional parts a game may have, each found once by whoever hands the
// game to Run (platform/desktop's PartsOf finds them on a desktop.Game by
// the interfaces Updater, Simulator, StateHasher, Seater and Predictor),
// so the loop never asks a game what it is: Update for per-frame code,
// World for a physics world the loop steps, snapshots and blends,
// StateHash, Seat for a game with player slots (Config.Players), Fork
// and Predictor for a game a netplay session draws ahead of its confirmed
// input from a copy (see Predicting; SyncTest checks that a copy is
// whole). Config is what a user sets; Wiring is what the run is
// connected to: the Platform (window, events, presents) and the Clock
// come in through small interfaces, so the loop runs under a fake clock and platform in tests and
// never imports SDL or a physics backend.
//
// Importing the package locks the main goroutine to the main OS thread (in
// init, as SDL's own package does), because window systems want their
// calls from the thread that started the process; Run checks it is there
// when its Platform says it must be. With ProfileLabels on, Run sets the
// goroutine's pprof labels per phase and clears them when it returns.
package engine
