// Package host runs a game (engine.Parts) in a main loop at a fixed
// timestep, and holds what a platform, a netplay session or a runner
// implements or reads: a game imports engine, a host imports this.
//
// Run owns the loop on the main OS thread. Each frame it measures real
// time on a monotonic clock, drains the platform's events without blocking,
// adds the frame's time to an accumulator of integer nanoseconds, runs as
// many fixed ticks as the accumulator holds (at most
// engine.Config.MaxSteps; the excess is dropped and counted so a slow
// machine slows the game instead of locking it up), then draws with alpha
// = leftover/dt between the last two ticks, presents, and paces the frame
// by the power mode.
//
// engine.Config is what a user sets; Wiring is what the run is connected
// to: the Platform (window, events, presents; it reports to an EventSink)
// and the Clock come in through small interfaces, so the loop runs under a
// fake clock and platform in tests and never imports SDL or a physics
// backend. A Tape (engine/tape) records or replays every tick's input; a
// Lockstep (engine/netplay's Session) supplies every player's input and
// may be Predicting, a Membership, KeepingAlive or CatchingUp. Run
// returns the run's Report; the Loop a frame runs in (LoopOf) has its
// Stats as they grow.
//
// Importing the package locks the main goroutine to the main OS thread (in
// init, as SDL's own package does), because window systems want their
// calls from the thread that started the process; Run checks it is there
// when its Platform says it must be. With ProfileLabels on, Run sets the
// goroutine's pprof labels per phase and clears them when it returns.
package host
