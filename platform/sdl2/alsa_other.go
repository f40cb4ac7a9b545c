//go:build !linux

package sdl2

// quietAudioLibrary does nothing: alsa-lib is Linux's.
func quietAudioLibrary() {}

// AudioLibraryLines returns, and forgets, what the system's audio library
// said while SDL opened or played a device: nothing but on Linux, where
// alsa-lib prints its own errors (see alsa_linux.go).
func AudioLibraryLines() (lines []string, more uint64) { return nil, 0 }
