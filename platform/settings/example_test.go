package settings_test

import (
	"fmt"
	"io/fs"

	"github.com/lockstep-engine/lockstep/platform/settings"
)

// options are a game's settings: the player's usual ones and its own.
type options struct {
	settings.Player
	Subtitles bool `json:"subtitles"`
}

// files stands for desktop.SaveData (Setup.Save).
type files map[string][]byte

func (f files) Load(name string) ([]byte, error) {
	if b, ok := f[name]; ok {
		return b, nil
	}
	return nil, fs.ErrNotExist
}

func (f files) Save(name string, data []byte) error { f[name] = data; return nil }

// A damaged file is kept aside and the defaults are used; the next change
// saves a good file.
func ExampleOpen() {
	save := files{"options.json": []byte(`{"volume": 0.`)}
	defaults := options{Player: settings.DefaultPlayer()}
	store, msg, err := settings.Open(save, "options.json", defaults, func(o *options) error { return o.Check() })
	if err != nil {
		panic(err)
	}
	fmt.Println(msg != nil, len(save["options.json.damaged"]) > 0)
	store.Update(func(o *options) { o.Subtitles = true; o.Music = 0.5 })
	fmt.Println(store.Get().Subtitles, store.Get().Music)
	// Output:
	// true true
	// true 0.5
}
