package desktop

import (
	"errors"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSaveDataSavesWholeFilesAndLoadsThemBack(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "game") // made by the first save
	d, err := newSaveData(dir, "game", false, slog.Default())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.Load("best"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Load before any save: %v, want fs.ErrNotExist", err)
	}
	for _, v := range []string{"10", "2000"} {
		if err := d.Save("best", []byte(v)); err != nil {
			t.Fatal(err)
		}
		if b, err := d.Load("best"); err != nil || string(b) != v {
			t.Errorf("Load after saving %q: %q, %v", v, b, err)
		}
	}
	if names, _ := os.ReadDir(dir); len(names) != 1 {
		t.Errorf("the save directory holds %v, want the one file and no temporary", names)
	}
	for _, bad := range []string{"", ".", "..", "a/b", `a\b`, "../best"} {
		if err := d.Save(bad, nil); err == nil || !strings.Contains(err.Error(), "plain file name") {
			t.Errorf("Save(%q): %v, want it refused", bad, err)
		}
		if _, err := d.Load(bad); err == nil {
			t.Errorf("Load(%q) accepted", bad)
		}
	}
}

func TestAReplaySavesNothing(t *testing.T) {
	dir := t.TempDir()
	d, err := newSaveData(dir, "game", true, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	if err := d.Save("best", []byte("1")); err != nil {
		t.Fatal(err)
	}
	if names, _ := os.ReadDir(dir); len(names) != 0 {
		t.Errorf("a replay saved %v", names)
	}
}

func TestSaveDataDefaultsToTheUsersConfigDirectory(t *testing.T) {
	base := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", base)
	t.Setenv("HOME", base) // macOS reads it
	d, err := newSaveData("", "My Game/2", false, slog.Default())
	if err != nil {
		t.Fatal(err)
	}
	cfg, _ := os.UserConfigDir()
	if want := filepath.Join(cfg, "My Game_2"); d.Dir() != want {
		t.Errorf("Dir() = %q, want %q", d.Dir(), want)
	}
}

func TestSaveNamesUpToTheFileSystemsLimitWorkAndLongerOnesAreRefusedAlike(t *testing.T) {
	dir := t.TempDir()
	d, err := newSaveData(dir, "game", false, slog.Default())
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{240, 250, MaxSaveName} {
		name := strings.Repeat("s", n)
		if err := d.Save(name, []byte("kept")); err != nil {
			t.Errorf("Save of a %d-byte name: %v", n, err)
			continue
		}
		if b, err := d.Load(name); err != nil || string(b) != "kept" {
			t.Errorf("Load of a %d-byte name: %q, %v", n, b, err)
		}
	}
	long := strings.Repeat("s", MaxSaveName+1)
	if err := d.Save(long, nil); err == nil || !strings.Contains(err.Error(), "at most 255 bytes") {
		t.Errorf("Save of a %d-byte name: %v, want the limit named", len(long), err)
	}
	if _, err := d.Load(long); err == nil || !strings.Contains(err.Error(), "at most 255 bytes") {
		t.Errorf("Load of a %d-byte name: %v, want the limit named", len(long), err)
	}
}

// Names Windows cannot hold are refused on every system, so a game tried
// on Linux saves on Windows too.
func TestSaveNamesWindowsCannotHoldAreRefusedEverywhere(t *testing.T) {
	d, err := newSaveData(t.TempDir(), "game", false, slog.Default())
	if err != nil {
		t.Fatal(err)
	}
	for name, why := range map[string]string{
		"con": "a device's name", "NUL.txt": "a device's name", "com1.json": "a device's name", "Lpt9": "a device's name",
		"best.": "ends in a dot", "best ": "ends in a dot or a space", "a:b": `holds ":"`, "what?": `holds "?"`, "tab\tname": `holds "\t"`,
	} {
		err := d.Save(name, []byte("1"))
		if err == nil || !strings.Contains(err.Error(), why) || !strings.Contains(err.Error(), "on Windows") {
			t.Errorf("Save(%q) = %v, want a refusal saying it %s", name, err, why)
		}
	}
	for _, name := range []string{"console.json", "com10", "nul-scores", "best.v2.json"} {
		if err := d.Save(name, []byte("1")); err != nil {
			t.Errorf("Save(%q) = %v, want it saved", name, err)
		}
	}
}

func TestAGameNamedLikeADeviceGetsAFolderWindowsCanHold(t *testing.T) {
	for name, want := range map[string]string{"CON": "CON_", "aux": "aux_", "breakout": "breakout", "Go.": "Go._"} {
		if got := folderName(name); got != want {
			t.Errorf("folderName(%q) = %q, want %q", name, got, want)
		}
	}
}
