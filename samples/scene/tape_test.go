package scene

import (
	"errors"
	"github.com/lockstep-engine/lockstep/platform/desktop"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	tapefmt "github.com/lockstep-engine/lockstep/engine/tape"
)

func TestReplayOfAnInteractiveRunReproducesEveryHash(t *testing.T) {
	dir := t.TempDir()
	rec := filepath.Join(dir, "run.tape")
	o := quickOptions(300)
	o.Output.Record = rec
	user := newLab()
	user.script = userScript
	sum, err := execute(user, o)
	if err != nil {
		t.Fatalf("recording: %v", err)
	}
	if user.clicks < 20 {
		t.Fatalf("only %d ticks saw the user's buttons or keys: the script did not reach the scene", user.clicks)
	}

	o = quickOptions(0)
	o.Output.Replay = rec
	replay := newLab()
	replay.script = otherUser // live input during a replay is ignored
	rsum, err := execute(replay, o)
	if err != nil {
		t.Fatalf("replay: %v", err)
	}
	if len(replay.hashes) != 300 || !slices.Equal(replay.hashes, user.hashes) {
		for i := range min(len(replay.hashes), len(user.hashes)) {
			if replay.hashes[i] != user.hashes[i] {
				t.Fatalf("replay differs from tick %d on (%d ticks replayed)", i, len(replay.hashes))
			}
		}
		t.Fatalf("replay ran %d ticks, the run %d", len(replay.hashes), len(user.hashes))
	}
	if rsum.StateHash != sum.StateHash || rsum.Ticks != 300 {
		t.Fatalf("replay ended at %s after %d ticks, the run at %s", rsum.StateHash, rsum.Ticks, sum.StateHash)
	}
	// Without the recording the other user's clicks would change the run.
	o.Output.Replay = ""
	o.Loop.Ticks = 300
	live := newLab()
	live.script = otherUser
	if _, err := execute(live, o); err != nil {
		t.Fatal(err)
	}
	if slices.Equal(live.hashes, user.hashes) {
		t.Fatal("a different user gave the same run: the test cannot tell replayed input from live")
	}
}

func TestReplayFailsLoudlyAtTheFirstCheckpointThatDiffers(t *testing.T) {
	rec := filepath.Join(t.TempDir(), "run.tape")
	o := quickOptions(200)
	o.Output.Record = rec
	if _, err := execute(newLab(), o); err != nil {
		t.Fatal(err)
	}
	o = quickOptions(0)
	o.Output.Replay, o.Output.StatsJSON = rec, filepath.Join(t.TempDir(), "sum.json")
	changed := newLab()
	changed.nudgeAt = 130 // the scene behaves differently from tick 130
	sum, err := execute(changed, o)
	if !errors.Is(err, desktop.ErrDiverged) {
		t.Fatalf("replay of a changed scene: %v, want desktop.ErrDiverged", err)
	}
	for _, want := range []string{"at tick 180", "last matched at tick 120, so one of ticks 120 to 179 went differently"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not say %q", err, want)
		}
	}
	if sum.Ticks != 180 || !strings.Contains(sum.Error, "diverged") {
		t.Fatalf("summary: %d ticks, error %q; want the 180 before the differing checkpoint and the error", sum.Ticks, sum.Error)
	}
	if b, err := os.ReadFile(o.Output.StatsJSON); err != nil || !strings.Contains(string(b), "diverged") {
		t.Fatalf("summary file: %v %s", err, b)
	}
}

func TestRecordingEditedByOneByteIsRejectedWithTheOffset(t *testing.T) {
	dir := t.TempDir()
	rec := filepath.Join(dir, "run.tape")
	o := quickOptions(150)
	o.Output.Record = rec
	user := newLab()
	user.script = userScript
	if _, err := execute(user, o); err != nil {
		t.Fatal(err)
	}
	good, err := os.ReadFile(rec)
	if err != nil {
		t.Fatal(err)
	}
	for _, off := range []int{3, 12, len(good) / 2, len(good) - 2} {
		bad := slices.Clone(good)
		bad[off] ^= 0x20
		path := filepath.Join(dir, "bad.tape")
		if err := os.WriteFile(path, bad, 0o644); err != nil {
			t.Fatal(err)
		}
		o := quickOptions(0)
		o.Output.Replay = path
		_, err := execute(newLab(), o)
		var fe *tapefmt.FormatError
		if !errors.As(err, &fe) || int64(off) < fe.Offset || int64(off) > fe.End {
			t.Fatalf("byte %d edited: %v, want a format error naming its offset", off, err)
		}
		if !strings.Contains(err.Error(), "-replay") || !strings.Contains(err.Error(), "byte") {
			t.Fatalf("byte %d edited: error %q does not say which flag and where", off, err)
		}
	}
	// Cut short, and from another version.
	cut := filepath.Join(dir, "cut.tape")
	if err := os.WriteFile(cut, good[:len(good)-5], 0o644); err != nil {
		t.Fatal(err)
	}
	o = quickOptions(0)
	o.Output.Replay = cut
	if _, err := execute(newLab(), o); !errors.Is(err, tapefmt.ErrTruncated) {
		t.Fatalf("truncated recording: %v, want ErrTruncated", err)
	}
}

func TestReplayOfAnotherSceneOrSeedSaysWhichFlags(t *testing.T) {
	rec := filepath.Join(t.TempDir(), "run.tape")
	o := quickOptions(10)
	o.Output.Record, o.Seed = rec, 7
	if _, err := execute(newLab(), o); err != nil {
		t.Fatal(err)
	}
	o = quickOptions(0)
	o.Output.Replay = rec
	o.Output.StatsJSON = filepath.Join(t.TempDir(), "sum.json")
	_, err := execute(newLab(), o)
	if err == nil || !strings.Contains(err.Error(), "-seed 7") || !errors.Is(err, desktop.ErrUsage) {
		t.Fatalf("replay with another seed: %v, want a usage error naming -seed 7", err)
	}
	// The run never started, and still says why in its summary.
	b, rerr := os.ReadFile(o.Output.StatsJSON)
	if rerr != nil || !strings.Contains(string(b), "-seed 7") || !strings.Contains(string(b), `"scene": "lab"`) {
		t.Fatalf("summary of a run that failed to start: %v\n%s", rerr, b)
	}
}
