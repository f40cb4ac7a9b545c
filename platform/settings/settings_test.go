package settings

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"testing"
)

// memFiles is Files in memory; fail makes Save fail.
type memFiles struct {
	files map[string][]byte
	saves int
	fail  error
}

func (m *memFiles) Load(name string) ([]byte, error) {
	b, ok := m.files[name]
	if !ok {
		return nil, fmt.Errorf("load %s: %w", name, fs.ErrNotExist)
	}
	return b, nil
}

func (m *memFiles) Save(name string, data []byte) error {
	if m.fail != nil {
		return m.fail
	}
	if m.files == nil {
		m.files = map[string][]byte{}
	}
	m.files[name] = append([]byte(nil), data...)
	m.saves++
	return nil
}

// game is a game's settings: the player's, and its own.
type game struct {
	Player
	Difficulty string `json:"difficulty"`
}

func checkGame(g *game) error {
	if err := g.Player.Check(); err != nil {
		return err
	}
	if g.Difficulty != "easy" && g.Difficulty != "hard" {
		return fmt.Errorf("difficulty %q: want easy or hard", g.Difficulty)
	}
	return nil
}

func defaults() game { return game{Player: DefaultPlayer(), Difficulty: "easy"} }

func TestSettingsLoadSaveOnChangeAndKeepADamagedFile(t *testing.T) {
	tests := []struct {
		name    string
		file    string // "": none
		want    game
		damaged bool
	}{
		{"no file: the defaults", "", defaults(), false},
		{"a file", `{"volume": 0.5, "music": 1, "effects": 1, "fullscreen": true, "difficulty": "hard"}`,
			game{Player: Player{Volume: 0.5, Music: 1, Effects: 1, Fullscreen: true}, Difficulty: "hard"}, false},
		{"fields it lacks keep their defaults", `{"difficulty": "hard"}`, game{Player: DefaultPlayer(), Difficulty: "hard"}, false},
		{"not JSON", `{"volume": 0.`, defaults(), true},
		{"out of range", `{"volume": 7}`, defaults(), true},
		{"refused by the game", `{"difficulty": "nightmare"}`, defaults(), true},
		{"two values", `{} {}`, defaults(), true},
		{"too large", `{"difficulty": "easy"` + strings.Repeat(" ", MaxSize) + `}`, defaults(), true},
	}
	for _, tt := range tests {
		files := &memFiles{files: map[string][]byte{}}
		if tt.file != "" {
			files.files["settings.json"] = []byte(tt.file)
		}
		s, msg, err := Open(files, "settings.json", defaults(), checkGame)
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		got := s.Get()
		if got.Player.Bindings != nil || got.Volume != tt.want.Volume || got.Fullscreen != tt.want.Fullscreen || got.Difficulty != tt.want.Difficulty {
			t.Errorf("%s: %+v, want %+v", tt.name, got, tt.want)
		}
		if kept := string(files.files["settings.json.damaged"]); (msg != nil) != tt.damaged || (tt.damaged && kept != tt.file) {
			t.Errorf("%s: message %v, damaged copy %d bytes; want a message %v and the file kept", tt.name, msg, len(kept), tt.damaged)
		}
		if files.saves != map[bool]int{true: 1, false: 0}[tt.damaged] {
			t.Errorf("%s: %d saves on opening", tt.name, files.saves)
		}
	}
}

func TestSetSavesOnlyChangesAndRefusesBadValues(t *testing.T) {
	files := &memFiles{}
	s, _, err := Open(files, "settings.json", defaults(), checkGame)
	if err != nil {
		t.Fatal(err)
	}
	var told []game
	s.OnChange(func(g game) { told = append(told, g) })
	if err := s.Update(func(g *game) { g.Fullscreen = true }); err != nil {
		t.Fatal(err)
	}
	if err := s.Update(func(g *game) { g.Fullscreen = true }); err != nil { // no change
		t.Fatal(err)
	}
	if files.saves != 1 || len(told) != 1 || !told[0].Fullscreen {
		t.Fatalf("%d saves and %d changes told, want 1 and 1", files.saves, len(told))
	}
	if err := s.Update(func(g *game) { g.Music = -1 }); err == nil || s.Get().Music != 1 {
		t.Fatalf("a music volume of -1: err %v, music now %v; want an error and 1 kept", err, s.Get().Music)
	}
	again, msg, err := Open(files, "settings.json", defaults(), checkGame)
	if err != nil || msg != nil || !again.Get().Fullscreen {
		t.Fatalf("reopened: %+v, %v, %v; want fullscreen", again.Get(), msg, err)
	}
	files.fail = errors.New("disk full")
	if err := s.Update(func(g *game) { g.Difficulty = "hard" }); err == nil || s.Get().Difficulty != "hard" {
		t.Fatalf("a failed save: err %v, difficulty %q; want the error and the choice kept for this run", err, s.Get().Difficulty)
	}
}

func TestOpenReportsFilesThatCannotBeRead(t *testing.T) {
	files := &failingLoad{}
	if _, _, err := Open(files, "settings.json", defaults(), nil); err == nil {
		t.Fatal("a read failure: no error")
	}
}

type failingLoad struct{ memFiles }

func (*failingLoad) Load(string) ([]byte, error) { return nil, errors.New("permission denied") }

// FuzzOpen: any file either loads or is kept as damaged; never a panic.
func FuzzOpen(f *testing.F) {
	f.Add([]byte(`{"volume": 0.5, "difficulty": "hard", "bindings": {"fire": ["Space"]}}`))
	f.Add([]byte(`{"volume": 1e999}`))
	f.Add([]byte(`[]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		files := &memFiles{files: map[string][]byte{"s.json": data}}
		s, msg, err := Open(files, "s.json", defaults(), checkGame)
		if err != nil {
			t.Fatal(err)
		}
		if msg == nil {
			g := s.Get()
			if checkGame(&g) != nil {
				t.Fatalf("loaded settings the check refuses: %+v", g)
			}
		} else if string(files.files["s.json.damaged"]) != string(data) {
			t.Fatal("a damaged file was not kept")
		}
	})
}
