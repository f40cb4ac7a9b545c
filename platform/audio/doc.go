// Package audio plays a game's sounds: it decodes WAV, Ogg Vorbis and MP3
// files (whole, or streamed for music), mixes up to a fixed number of
// voices with volume, pan, pitch, looping and fades, and writes the mix as
// a WAV file. It imports no window system: the desktop runner hands its
// output to SDL's audio device.
//
// The mix is made of ticks. A sound a tick starts begins at that tick's
// place on the audio timeline, sample N·rate/TPS for tick N, and after
// each tick the mixer mixes that tick's samples. The stream is therefore
// a function of the sounds the ticks played and nothing else: a replay of
// a recorded run mixes the same bytes, however fast or slowly its frames
// ran, and pausing or slowing the game pauses or slows its sounds. The
// mixing is integer arithmetic, the same on every machine.
//
// Which path a sound takes is in the call: Mixer.Play (from Tick) puts it
// on the ticks' timeline; Mixer.PlayNow (from anywhere: menus, a click in
// Update or Draw) mixes it separately and at once, into what the listener
// hears only, never into the recorded stream. The listener's volumes
// (master, music and effects, -volume, -mute) likewise act only on what
// is heard.
//
// A game holds the Mixer; the runner holds the Runner that made it, which
// alone begins and ends ticks, feeds the device and reads the counters. A
// netplay runner that draws predicted ticks ahead of the verified ones
// marks them (Runner.BeginPredictedTick): their sounds are heard at once,
// once, and faded out if the verified timeline does not play them; the
// recording stays the verified timeline's.
package audio
