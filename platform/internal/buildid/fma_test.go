package buildid_test

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/lockstep-engine/lockstep/engine/tape"
	"github.com/lockstep-engine/lockstep/physics"
	"github.com/lockstep-engine/lockstep/physics/chipmunk"
	"github.com/lockstep-engine/lockstep/platform/internal/buildid"
)

// fmaTicks is how long each child simulates.
const fmaTicks = 240

// TestFMAPeersComputeAlikeOrAreRefused runs a Chipmunk scene with damped
// springs (math.Exp each step) and contacts (math.Pow each step) in two
// processes, one with GODEBUG=cpu.fma=off (a processor without FMA), at
// 30, 60 and 120 ticks a second. Wherever the two compute different
// ticks, their builds must be refused in a player's words; where their
// builds are accepted, every tick must agree.
func TestFMAPeersComputeAlikeOrAreRefused(t *testing.T) {
	for _, tps := range []int{30, 60, 120} {
		t.Run(strconv.Itoa(tps), func(t *testing.T) {
			withFMA, hashesFMA := fmaChild(t, tps, "")
			without, hashesPlain := fmaChild(t, tps, "cpu.fma=off")
			first := -1
			for i := range hashesFMA {
				if hashesFMA[i] != hashesPlain[i] {
					first = i + 1
					break
				}
			}
			host := buildid.ID{Platform: withFMA, Physics: "chipmunk", Version: "1"}.String()
			joiner := buildid.ID{Platform: without, Physics: "chipmunk", Version: "1"}.String()
			why := buildid.Refusal(host, joiner)
			t.Logf("%d ticks/s: %s against %s: first differing tick %d; refusal %q", tps, withFMA, without, first, why)
			switch {
			case first > 0 && why == "":
				t.Fatalf("at %d ticks/s the processes differ from tick %d, but a joiner on %s is let into a session hosted on %s",
					tps, first, without, withFMA)
			case first < 0 && withFMA != without:
				t.Errorf("at %d ticks/s every tick agrees, yet %s and %s are told apart: the refusal is wider than the difference", tps, withFMA, without)
			case why != "" && !strings.Contains(why, "FMA instructions"):
				t.Errorf("refusal %q does not say what differs in a player's words (FMA instructions)", why)
			}
		})
	}
}

// fmaChild runs the scene in a child process with GODEBUG=godebug and
// returns its platform and its state hash after every tick.
func fmaChild(t *testing.T, tps int, godebug string) (tape.Platform, []physics.Digest) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestFMAChildScene$", "-test.count=1")
	cmd.Env = append(os.Environ(), "LOCKSTEP_FMA_CHILD="+strconv.Itoa(tps), "GODEBUG="+godebug)
	cmd.WaitDelay = time.Minute
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("child GODEBUG=%s at %d ticks/s: %v\n%s", godebug, tps, err, out)
	}
	var p tape.Platform
	var hashes []physics.Digest
	for sc := bufio.NewScanner(bytes.NewReader(out)); sc.Scan(); {
		if s, ok := strings.CutPrefix(sc.Text(), "platform "); ok {
			p = tape.ParsePlatform(s)
		} else if s, ok := strings.CutPrefix(sc.Text(), "hash "); ok {
			v, err := strconv.ParseUint(s, 16, 64)
			if err != nil {
				t.Fatalf("child printed %q", sc.Text())
			}
			hashes = append(hashes, physics.Digest(v))
		}
	}
	if p.Arch == "" || len(hashes) != fmaTicks {
		t.Fatalf("child GODEBUG=%s printed platform %v and %d hashes, want %d:\n%s", godebug, p, len(hashes), fmaTicks, out)
	}
	return p, hashes
}

// TestFMAChildScene is the child of TestFMAPeersComputeAlikeOrAreRefused:
// with LOCKSTEP_FMA_CHILD set to a tick rate it prints this process's
// platform and the scene's hash after every tick; without, it only
// checks the scene runs.
func TestFMAChildScene(t *testing.T) {
	tps, _ := strconv.Atoi(os.Getenv("LOCKSTEP_FMA_CHILD"))
	child := tps > 0
	if !child {
		tps = 60
	}
	w, err := chipmunk.New(physics.Config{Gravity: mgl64.Vec2{0, -9.8}})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	ground, err := w.AddBody(physics.BodyDef{Kind: physics.Static, Shapes: []physics.Shape{{Kind: physics.Box, Half: mgl64.Vec2{10, 0.5}}}})
	if err != nil {
		t.Fatal(err)
	}
	var prev physics.BodyID = ground
	for i := range 4 { // a chain of balls on damped springs, falling onto the ground
		b, err := w.AddBody(physics.BodyDef{Pos: mgl64.Vec2{float64(i) * 0.9, 3 + 0.37*float64(i)}, AngVel: 0.3,
			Shapes: []physics.Shape{{Kind: physics.Circle, Radius: 0.3, Density: 1}}})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.AddJoint(physics.JointDef{Kind: physics.Spring, A: prev, B: b, AnchorA: mgl64.Vec2{0.1, 0}, RestLength: 0.8, Stiffness: 40, Damping: 1.7}); err != nil {
			t.Fatal(err)
		}
		prev = b
	}
	var states []physics.BodyState
	if child {
		fmt.Println("platform", tape.ThisPlatform())
	}
	for range fmaTicks {
		if err := w.Step(time.Second / time.Duration(tps)); err != nil {
			t.Fatal(err)
		}
		states = w.Snapshot(states[:0])
		if child {
			fmt.Println("hash", physics.Hash(states))
		}
	}
	if len(states) != 5 {
		t.Fatalf("the scene has %d bodies, want 5", len(states))
	}
}
