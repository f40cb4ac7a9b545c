// Package engine is what a game writes against: the fixed step it ticks
// (Tick), the frame it draws (Frame, with the blend factor Alpha), the
// input both see (Input: keys, mouse, typed Text, game controllers), a
// netplay session's slots (Tick.Players, Tick.Members, Frame.Connections),
// the optional parts a game may have (Updater, Simulator, StateHasher,
// Seater, Predictor), ErrQuit to end a run and the Config a user sets.
// A game's tests check that its copy is whole with engine/enginetest's
// SyncTest.
//
// The loop that runs a game lives in engine/host, with everything a game
// never calls: Run and its Report, the Config's limits and range check
// (WithDefaults), the Wiring of a run (the Platform and EventSink a window
// system implements, the Clock, the Tape and the Lockstep interfaces that
// engine/tape and engine/netplay implement), stats, pacing, idle-time
// garbage collection and the sync check of a run that ticks a game
// itself (SyncChecker). A game sees the running loop only as Frame.Loop
// (Controls): pause, step, time scale, power mode, interpolation.
// platform/desktop hands a game to host.Run.
//
// The loop runs a game's Parts: one fixed Tick and one Draw, and the
// optional parts a game may have, each found once by whoever hands the
// game to host.Run (platform/desktop's PartsOf finds them on a
// desktop.Game by the interfaces Updater, Simulator, StateHasher, Seater
// and Predictor), so the loop never asks a game what it is: Update for
// per-frame code, World for a physics world the loop steps, snapshots and
// blends, StateHash, Seat for a game with player slots (Config.Players),
// Fork and Predictor for a game a netplay session draws ahead of its
// confirmed input from a copy (enginetest.SyncTest checks that a copy is
// whole).
//
// The package imports physics' interfaces and nothing of SDL, a physics
// backend or the loop.
package engine
