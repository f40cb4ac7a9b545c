package main

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/lockstep-engine/lockstep/physics/backend"
)

// line is one configuration's line of the report.
var line = regexp.MustCompile(`(?m)^  (\S.*?)\s+hash (\S+)\s+frames\s+\d+\s+fps\s+\S+\s+stalls (\d+) \((\d+) injected\)\s+bailouts (\d+)\s+(.*)$`)

// Under -short (make test's race pass, which runs the tool's own
// goroutines, each waiting on a child, under the race detector) the test
// plays interp alone: the children are the same plain builds either way,
// and the plain pass plays both scenes.
func TestEveryConfigurationOfAScenesEndsOnOneHashThroughStallsAndBailouts(t *testing.T) {
	scenes := []string{"tumble", "interp"}
	if testing.Short() {
		scenes = scenes[1:]
	}
	// 150 ticks put checkpoints at 0, 60 and 120, each at least
	// stallMargin ticks before the end: all three stalls land.
	var out, errs bytes.Buffer
	code := run([]string{"-scenes", strings.Join(scenes, ","), "-ticks", "150"}, &out, &errs)
	if code != 0 {
		t.Fatalf("determinism exited %d\nstdout:\n%s\nstderr:\n%s", code, &out, &errs)
	}
	engines := backend.Built()
	for _, scene := range scenes {
		for _, e := range engines {
			if want := "ok   " + scene + " on " + e.String(); !strings.Contains(out.String(), want) {
				t.Errorf("output lacks %q:\n%s", want, &out)
			}
		}
	}
	lines := line.FindAllStringSubmatch(out.String(), -1)
	if want := len(scenes) * len(engines) * len(configs); len(lines) != want {
		t.Fatalf("%d configuration lines, want %d:\n%s", len(lines), want, &out)
	}
	for i, m := range lines {
		c := configs[i%len(configs)]
		if m[1] != c.name {
			t.Fatalf("line %d is for %q, want %q:\n%s", i, m[1], c.name, &out)
		}
		stalls, _ := strconv.Atoi(m[3])
		injected, _ := strconv.Atoi(m[4])
		bailouts, _ := strconv.Atoi(m[5])
		if injected != c.stalls {
			t.Errorf("%s: %d stalls injected, want %d", c.name, injected, c.stalls)
		}
		if stalls < c.stalls {
			t.Errorf("%s: the summary counts %d stalls, want at least the %d injected", c.name, stalls, c.stalls)
		}
		if c.bailouts && bailouts == 0 {
			t.Errorf("%s: no bailouts after %d stalls under -max-steps 1", c.name, injected)
		}
		if m[6] != "same" {
			t.Errorf("%s: verdict %q, want same", c.name, m[6])
		}
	}
}

func TestVerdictFailsARunThatMissedWhatItsConfigurationTests(t *testing.T) {
	stalled := configs[4]
	bailing := configs[5]
	if stalled.stalls == 0 || !bailing.bailouts {
		t.Fatal("configs[4] must inject stalls and configs[5] must want bailouts")
	}
	ref := result{cfg: configs[0], hash: "a", checks: []string{"1", "2", "a"}, checkTicks: []uint64{0, 60, 100}}
	tests := []struct {
		name string
		r    result
		want string
	}{
		{"same", result{cfg: configs[1], hash: "a"}, "same"},
		{"stalled", result{cfg: stalled, hash: "a", stalls: 3, injected: 3}, "same"},
		{"stalls unseen", result{cfg: stalled, hash: "a", stalls: 0, injected: 3}, "FAILED: 3 stalls injected, the summary counts 0"},
		{"some stalls unseen", result{cfg: stalled, hash: "a", stalls: 2, injected: 3}, "FAILED: 3 stalls injected, the summary counts 2"},
		{"no bailout", result{cfg: bailing, hash: "a", stalls: 3, injected: 3}, "FAILED: 3 stalls under -max-steps 1 and no bailout"},
		{"bailed out", result{cfg: bailing, hash: "a", stalls: 3, injected: 3, bailouts: 3}, "same"},
		{"differs at once", result{cfg: configs[1], hash: "b", checks: []string{"x", "2", "b"}}, "DIFFERS from the first checkpoint (tick 0)"},
		{"differs later", result{cfg: configs[1], hash: "b", checks: []string{"1", "x", "b"}}, "DIFFERS from tick 60 (matched through tick 0)"},
		{"differs at the end", result{cfg: configs[1], hash: "b", checks: []string{"1", "2", "b"}}, "DIFFERS from tick 100 (matched through tick 60)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := verdict(ref, tt.r); got != tt.want {
				t.Errorf("verdict = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestABadCommandLineExits2(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"-scenes", "nosuchscene"}, "nosuchscene"},
		{[]string{"-scenes", "tumble,../x"}, "../x"},
		{[]string{"-tps", "0"}, "-tps"},
		{[]string{"-tps", "-1"}, "-tps"},
		{[]string{"-tps", "10001"}, "1 to 10000"},
		{[]string{"-ticks", "0"}, "-ticks"},
		{[]string{"extra"}, "usage"},
	}
	for _, tt := range tests {
		var out, errs bytes.Buffer
		if code := run(tt.args, &out, &errs); code != 2 {
			t.Errorf("determinism %s exited %d, want 2:\n%s%s", strings.Join(tt.args, " "), code, &out, &errs)
		}
		if !strings.Contains(errs.String(), tt.want) {
			t.Errorf("determinism %s: stderr does not name %q:\n%s", strings.Join(tt.args, " "), tt.want, &errs)
		}
	}
}
