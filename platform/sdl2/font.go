package sdl2

import (
	"fmt"
	"io"

	"github.com/lockstep-engine/lockstep/platform/internal/output"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/font/sfnt"
)

// Font is a parsed TrueType or OpenType font. Canvas.Face gives it a size to
// draw and measure text with. The Go fonts come without files:
//
//	f, err := sdl2.ParseFont(goregular.TTF) // golang.org/x/image/font/gofont/goregular
type Font struct {
	sf   *sfnt.Font
	name string // full name, for errors
}

// ParseFont parses a TrueType (.ttf) or OpenType (.otf) font. It keeps
// data: do not change it afterwards.
func ParseFont(data []byte) (*Font, error) {
	sf, err := opentype.Parse(data)
	if err != nil {
		return nil, fmt.Errorf("sdl2: parse font: %w; give the bytes of a TrueType or OpenType file (not a collection)", err)
	}
	var buf sfnt.Buffer
	name, err := sf.Name(&buf, sfnt.NameIDFull)
	if err != nil || name == "" {
		name = "unnamed font"
	}
	return &Font{sf: sf, name: name}, nil
}

// LoadFont reads and parses a TrueType or OpenType font file.
func LoadFont(path string) (*Font, error) {
	// Not os.ReadFile: a FIFO would hang it, /dev/zero fill the memory.
	file, err := output.OpenRegular(path)
	if err != nil {
		return nil, fmt.Errorf("sdl2: load font: %w", err)
	}
	data, err := io.ReadAll(file)
	file.Close()
	if err != nil {
		return nil, fmt.Errorf("sdl2: load font: %w", err)
	}
	f, err := ParseFont(data)
	if err != nil {
		return nil, fmt.Errorf("%w (%s)", err, path)
	}
	return f, nil
}

// Name returns the font's full name, such as "Go Regular".
func (f *Font) Name() string { return f.name }
