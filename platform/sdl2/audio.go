package sdl2

import (
	"errors"
	"fmt"
	"unsafe"

	"github.com/veandco/go-sdl2/sdl"
)

// AudioDevice is SDL's audio output, fed by queueing 16-bit stereo
// frames (platform/audio's Mixer.Feed does). Its methods are called on
// the main goroutine (they panic elsewhere, as the window's do).
type AudioDevice struct {
	id     sdl.AudioDeviceID
	driver string
	rate   int
	buffer int // frames SDL hands the hardware at a time
}

// OpenAudio opens the default output device for 16-bit stereo at rate
// hertz, played in blocks of bufferFrames (a power of two; the lower, the
// less latency and the more often SDL's audio thread wakes). SDL converts
// when the hardware wants another format. SDL_AUDIODRIVER chooses the
// driver (dummy and disk need no sound card).
func OpenAudio(rate, bufferFrames int) (*AudioDevice, error) {
	mustMain("OpenAudio")
	if rate < 1 || bufferFrames < 1 || bufferFrames > 1<<15 {
		return nil, fmt.Errorf("sdl2: open audio: rate %d, buffer %d frames: want a positive rate and 1 to 32768 frames", rate, bufferFrames)
	}
	quietAudioLibrary()
	if err := sdl.InitSubSystem(sdl.INIT_AUDIO); err != nil {
		return nil, fmt.Errorf("sdl2: start SDL's audio: %w", err)
	}
	want := sdl.AudioSpec{Freq: int32(rate), Format: sdl.AUDIO_S16SYS, Channels: 2, Samples: uint16(bufferFrames)}
	var got sdl.AudioSpec
	id, err := sdl.OpenAudioDevice("", false, &want, &got, 0)
	if err != nil {
		driver := sdl.GetCurrentAudioDriver()
		sdl.QuitSubSystem(sdl.INIT_AUDIO)
		return nil, fmt.Errorf("sdl2: open an audio device on driver %q: %w", driver, err)
	}
	sdl.PauseAudioDevice(id, false)
	return &AudioDevice{id: id, driver: sdl.GetCurrentAudioDriver(), rate: rate, buffer: int(got.Samples)}, nil
}

// Driver returns SDL's audio driver: pulseaudio, alsa, dummy, disk...
func (d *AudioDevice) Driver() string { return d.driver }

// BufferFrames returns the block size SDL plays in, in frames.
func (d *AudioDevice) BufferFrames() int { return d.buffer }

// Queued returns the frames queued and not yet handed to the hardware.
func (d *AudioDevice) Queued() int {
	mustMain("AudioDevice.Queued")
	return int(sdl.GetQueuedAudioSize(d.id)) / 4
}

// Queue appends interleaved stereo frames.
func (d *AudioDevice) Queue(frames []int16) error {
	mustMain("AudioDevice.Queue")
	if d.id == 0 {
		return errors.New("sdl2: the audio device is closed")
	}
	if len(frames) == 0 {
		return nil
	}
	// SDL copies the bytes: in native order, as AUDIO_S16SYS says.
	b := unsafe.Slice((*byte)(unsafe.Pointer(&frames[0])), 2*len(frames))
	if err := sdl.QueueAudio(d.id, b); err != nil {
		return fmt.Errorf("sdl2: queue audio: %w", err)
	}
	return nil
}

// Close stops the device and SDL's audio. Closing twice does nothing.
func (d *AudioDevice) Close() error {
	mustMain("AudioDevice.Close")
	if d.id == 0 {
		return nil
	}
	sdl.CloseAudioDevice(d.id)
	sdl.QuitSubSystem(sdl.INIT_AUDIO)
	d.id = 0
	return nil
}
