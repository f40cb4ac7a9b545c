package output

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// Names Windows gives to devices, and names ending in a dot or a space
// (which Windows writes as another file), were written as asked on Linux
// and silently lost or renamed on Windows (-stats-json nul.json and
// -record COM1.tape wrote nothing; "out." became "out"). Every output is
// refused them now, on every system, by every way of writing one and by
// the flags' check (Distinct), naming the rule; inputs may be read from
// them, and names that only look alike are written.
func TestOutputNamesWindowsMapsToDevicesAreRefusedEverywhere(t *testing.T) {
	dir := t.TempDir()
	bad := map[string]string{
		"NUL": "device", "nul.json": "device", "CON": "device", "con.txt": "device", "COM1.tape": "device",
		"com9": "device", "LPT1": "device", "lpt9.x.y": "device", "AUX": "device", "Prn.png": "device",
		"CON .txt": "device", "out.": "dot or a space", "out ": "dot or a space", "out.json.": "dot or a space",
	}
	open := map[string]func(string) error{
		"Create":        func(p string) error { f, err := Create(p); abort(f); return err },
		"CreateContext": func(p string) error { f, err := CreateContext(context.Background(), p); abort(f); return err },
		"CreateNew":     func(p string) error { f, err := CreateNew(p); abort(f); return err },
		"CreateOwn":     func(p string) error { f, err := CreateOwn(p); abort(f); return err },
		"Distinct":      func(p string) error { return Distinct(Named{Flag: "-stats-json", Path: p}) },
	}
	for name, rule := range bad {
		p := filepath.Join(dir, name)
		for how, f := range open {
			if err := f(p); err == nil || !strings.Contains(err.Error(), rule) || !strings.Contains(err.Error(), "Windows") {
				t.Errorf("%s(%q) = %v, want a refusal naming the rule (%s, on Windows)", how, name, err, rule)
			}
		}
		// On Windows a device's name is the device: reading CON reads the
		// console (under Wine, opening it fails: "Invalid handle"), so an
		// input is let be by the rule, but not by Windows.
		if runtime.GOOS == "windows" && rule == "device" {
			continue
		}
		if err := Distinct(Named{Flag: "-replay", Path: p, Input: true}); err != nil {
			t.Errorf("Distinct of the input %q: %v, want an input's name let be", name, err)
		}
	}
	entries, err := os.ReadDir(dir)
	if err != nil || len(entries) != 0 {
		t.Fatalf("refused outputs left %d files (%v)", len(entries), err)
	}
	for _, name := range []string{"console.json", "com10", "nul-scores", "best.v2.json", "LPT", "xCON"} {
		f, err := Create(filepath.Join(dir, name))
		if err == nil {
			err = f.Commit()
		}
		if err != nil {
			t.Errorf("Create(%q): %v, want it written", name, err)
		}
	}
}

func abort(f *File) {
	if f != nil {
		_ = f.Abort()
	}
}
