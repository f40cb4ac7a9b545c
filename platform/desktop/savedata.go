package desktop

import (
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"

	"github.com/lockstep-engine/lockstep/platform/internal/output"
)

// SaveData is a game's directory for what outlives a run: best scores,
// settings, progress. Each file is saved whole or not at all (a crash or a
// full disk mid-save leaves the previous one), through the same writer as
// every output of a run. A replay loads but never saves: what it replays
// is someone else's play, and may run on their machine.
//
// What a game loads must not change its ticks, or replays on another
// machine diverge: keep it beside the simulation (breakout shows the saved
// best score but plays the same without it), or make it a flag.
type SaveData struct {
	dir    string
	replay bool // saves are skipped
	log    *slog.Logger
	warned bool // a skipped save was logged
}

// newSaveData returns the save data of the game called name in dir, or
// when dir is "" in the user's configuration directory (os.UserConfigDir:
// $XDG_CONFIG_HOME or ~/.config on Linux, ~/Library/Application Support
// on macOS, %AppData% on Windows), in a folder named after the game.
func newSaveData(dir, name string, replay bool, log *slog.Logger) (*SaveData, error) {
	if dir == "" {
		base, err := os.UserConfigDir()
		if err != nil {
			return nil, fmt.Errorf("save data: no user configuration directory (%w): set Config.SaveDir", err)
		}
		dir = filepath.Join(base, folderName(name))
	}
	return &SaveData{dir: dir, replay: replay, log: log}, nil
}

// folderName is name made safe as one directory name.
func folderName(name string) string {
	s := strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_', r == '.', r == ' ':
			return r
		}
		return '_'
	}, name)
	if strings.Trim(s, ". ") == "" {
		return "lockstep-game"
	}
	if notForWindows(s) != "" { // a trailing dot or space, or a device's name
		s += "_"
	}
	return s
}

// Dir is the directory the game's files are saved in. It exists once
// something was saved.
func (d *SaveData) Dir() string { return d.dir }

// Load returns the contents of the file called name, saved by an earlier
// run; an error that wraps fs.ErrNotExist when there is none yet. Names
// are plain file names of at most MaxSaveName bytes, for Load and Save
// alike.
func (d *SaveData) Load(name string) ([]byte, error) {
	if err := checkSaveName(name); err != nil {
		return nil, err
	}
	// Not os.ReadFile: a FIFO there would hang it.
	f, err := output.OpenRegular(filepath.Join(d.dir, name))
	if err != nil {
		return nil, fmt.Errorf("save data: load: %w", err)
	}
	defer f.Close()
	b, err := io.ReadAll(f)
	if err != nil {
		return nil, fmt.Errorf("save data: load: %w", err)
	}
	return b, nil
}

// Save replaces the file called name with data, whole or not at all,
// creating the directory if need be. In a replay it saves nothing and
// returns nil.
func (d *SaveData) Save(name string, data []byte) error {
	if err := checkSaveName(name); err != nil {
		return err
	}
	if d.replay {
		if !d.warned {
			d.warned = true
			d.log.Info("a replay saves nothing", "file", name)
		}
		return nil
	}
	if err := os.MkdirAll(d.dir, 0o755); err != nil {
		return fmt.Errorf("save data: %w", err)
	}
	path := filepath.Join(d.dir, name)
	f, err := output.Create(path)
	if err != nil {
		return fmt.Errorf("save data: %w", err)
	}
	if _, err := f.Write(data); err != nil {
		return errors.Join(fmt.Errorf("save data %s: %w", path, err), f.Abort())
	}
	if err := f.Commit(); err != nil {
		return fmt.Errorf("save data: %w", err)
	}
	return nil
}

// MaxSaveName is the longest name, in bytes, Save and Load take: the
// file system's limit (see output.MaxName). Both refuse a longer one
// alike, saying so, before touching the disk.
const MaxSaveName = output.MaxName

// checkSaveName refuses a name that is not one plain file name that fits
// in the file system.
func checkSaveName(name string) error {
	if name == "" || name == "." || name == ".." || strings.ContainsAny(name, `/\`) || !filepath.IsLocal(name) {
		return fmt.Errorf("save data: file name %q: want a plain file name, such as \"best\" or \"settings.json\"", name)
	}
	if len(name) > MaxSaveName {
		return fmt.Errorf("save data: a file name of %d bytes (%.20q...): names take at most %d bytes: give a shorter one", len(name), name, MaxSaveName)
	}
	if why := notForWindows(name); why != "" {
		return fmt.Errorf("save data: file name %q %s, so the game could not save it on Windows: give another", name, why)
	}
	return nil
}

// notForWindows says why Windows cannot hold a file called name, "" when
// it can: refused everywhere, so that a game tried on Linux saves on its
// players' Windows PCs too.
func notForWindows(name string) string {
	if i := strings.IndexFunc(name, func(r rune) bool { return r < ' ' || strings.ContainsRune(`<>:"|?*`, r) }); i >= 0 {
		return fmt.Sprintf("holds %q", name[i:i+1])
	}
	return output.Unportable(name) // the one rule outputs follow too
}
