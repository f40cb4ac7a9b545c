package sdl2

import (
	"bytes"
	"encoding/binary"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// SDL's disk driver writes what the device plays to a file: the frames
// queued come out in order, as 16-bit stereo.
func TestAudioDevicePlaysWhatIsQueuedOnTheDiskDriver(t *testing.T) {
	out := filepath.Join(t.TempDir(), "played.raw")
	t.Setenv("SDL_AUDIODRIVER", "disk")
	t.Setenv("SDL_DISKAUDIOFILE", out)
	t.Setenv("SDL_DISKAUDIODELAY", "1") // ms between blocks: the test need not wait in real time
	frames := make([]int16, 2*4800)
	for i := range frames {
		frames[i] = int16(i%200 - 100)
	}
	var want bytes.Buffer
	_ = binary.Write(&want, binary.NativeEndian, frames)
	// played reports whether the driver's file holds every queued frame:
	// the last block reaches it after the queue has emptied.
	played := func() bool {
		raw, err := os.ReadFile(out)
		return err == nil && bytes.Contains(raw, want.Bytes())
	}
	var d *AudioDevice
	var err error
	var queuedAfter int
	onMain(func() {
		if d, err = OpenAudio(48000, 256); err != nil {
			return
		}
		if err = d.Queue(frames); err != nil {
			return
		}
		if q := d.Queued(); q > 4800 {
			t.Errorf("%d frames queued after queueing 4800", q)
		}
		for deadline := time.Now().Add(10 * time.Second); d.Queued() > 0 && time.Now().Before(deadline); {
			time.Sleep(5 * time.Millisecond)
		}
		queuedAfter = d.Queued()
		for deadline := time.Now().Add(10 * time.Second); !played() && time.Now().Before(deadline); {
			time.Sleep(5 * time.Millisecond)
		}
		err = d.Close()
	})
	if err != nil {
		t.Fatal(err)
	}
	if d.Driver() != "disk" || queuedAfter != 0 {
		t.Fatalf("driver %q, %d frames never played", d.Driver(), queuedAfter)
	}
	raw, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(raw, want.Bytes()) {
		t.Errorf("the disk driver's %d bytes do not hold the %d queued", len(raw), want.Len())
	}
	onMain(func() {
		if err := d.Close(); err != nil || d.Queue(frames) == nil {
			t.Errorf("a closed device: Close %v, Queue accepted frames", err)
		}
	})
}

func TestOpenAudioRefusesABadBufferAndOtherGoroutines(t *testing.T) {
	var err error
	onMain(func() { _, err = OpenAudio(48000, 0) })
	if err == nil {
		t.Error("a buffer of 0 frames was accepted")
	}
	defer func() {
		if p := recover(); p == nil {
			t.Error("OpenAudio off the main goroutine did not panic")
		}
	}()
	_, _ = OpenAudio(48000, 256)
}
