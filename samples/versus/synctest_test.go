package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// versus played alone by its -bot passes -synctest 8 from the command
// line: every tick, the state of 8 ticks before is copied and simulated
// again with the same players' input, and the copies agree.
func TestVersusWithItsBotPassesTheSyncTestMode(t *testing.T) {
	bin := build(t)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	p := &peerRun{sum: filepath.Join(t.TempDir(), "sum.json")}
	p.cmd = exec.CommandContext(ctx, bin, "-headless", "-mode", "uncapped", "-bot", "3", "-ticks", "1200",
		"-synctest", "8", "-stats-json", p.sum)
	p.cmd.Env = append(os.Environ(), "SDL_VIDEODRIVER=offscreen")
	p.cmd.Stderr = &p.stderr
	if err := p.cmd.Run(); err != nil {
		t.Fatalf("%v:\n%s", err, p.stderr.String())
	}
	s := p.summary(t)
	st := s.SyncTest
	if s.Ticks != 1200 || st == nil || st.Depth != 8 || st.Checked != 1193 || st.FirstMismatch != nil {
		t.Fatalf("%d ticks, synctest %+v: want 1200 ticks, depth 8, 1193 checked, no mismatch", s.Ticks, st)
	}
}
