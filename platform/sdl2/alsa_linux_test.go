//go:build linux

package sdl2

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// alsaChild names the environment variable that makes
// TestHelperOpenALSA open a device.
const alsaChild = "LOCKSTEP_ALSA_CHILD"

// On a machine without a sound card, SDL's alsa driver made alsa-lib
// print eight lines of its own to stderr ("ALSA lib pcm.c:2666:
// (snd_pcm_open_noupdate) Unknown PCM default") before OpenAudio's
// error said what happened: now nothing of alsa-lib's reaches stderr,
// and its lines are kept for the debug log (AudioLibraryLines). The
// child opens the default device on the alsa driver; on a machine with a
// card it opens, and alsa-lib has nothing to say either way.
func TestALSAPrintsNothingToStderrWithoutASoundCard(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute) // a cold, busy machine
	defer cancel()
	cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^TestHelperOpenALSA$", "-test.v")
	cmd.Env = append(os.Environ(), alsaChild+"=1", "SDL_AUDIODRIVER=alsa")
	var stdout, stderr strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("child: %v\n%s%s", err, stdout.String(), stderr.String())
	}
	out := stdout.String()
	if strings.Contains(stderr.String(), "ALSA lib") || strings.Contains(out, "ALSA lib") {
		t.Fatalf("alsa-lib printed its own lines:\nstderr:\n%s\nstdout:\n%s", stderr.String(), out)
	}
	if strings.Contains(out, "open failed:") && !strings.Contains(out, "kept: ") {
		t.Fatalf("the device did not open, yet no alsa-lib line was kept for the log:\n%s", out)
	}
	t.Logf("child:\n%s", out)
}

// TestHelperOpenALSA is the child of
// TestALSAPrintsNothingToStderrWithoutASoundCard, and does nothing
// unless started as one: it opens the default audio device and prints
// what happened and what alsa-lib said.
func TestHelperOpenALSA(t *testing.T) {
	if os.Getenv(alsaChild) == "" {
		return
	}
	var report strings.Builder
	onMain(func() {
		d, err := OpenAudio(48000, 512)
		if err != nil {
			fmt.Fprintf(&report, "open failed: %v\n", err)
		} else {
			fmt.Fprintf(&report, "opened on %s\n", d.Driver())
			err = d.Close()
			fmt.Fprintf(&report, "closed: %v\n", err)
		}
	})
	lines, more := AudioLibraryLines()
	for _, l := range lines {
		fmt.Fprintf(&report, "kept: %s\n", strings.ReplaceAll(l, "ALSA lib ", ""))
	}
	fmt.Fprintf(&report, "%d lines, %d more\n", len(lines), more)
	os.Stdout.WriteString(report.String())
}
