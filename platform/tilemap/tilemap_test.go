package tilemap

import (
	"bytes"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/lockstep-engine/lockstep/physics"
	"github.com/lockstep-engine/lockstep/physics/chipmunk"
)

func arena(t testing.TB) *Map {
	t.Helper()
	f, err := os.Open("testdata/arena.json")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	m, err := Decode(f, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestDecodeReadsTiledJSON(t *testing.T) {
	m := arena(t)
	if m.Width != 8 || m.Height != 6 || m.TileWidth != 16 || len(m.Layers) != 2 || len(m.Tilesets) != 1 {
		t.Fatalf("%d×%d tiles of %d, %d layers, %d tilesets; want 8×6 of 16, 2 (the object layer skipped), 1",
			m.Width, m.Height, m.TileWidth, len(m.Layers), len(m.Tilesets))
	}
	if !m.Layers[0].Solid || m.Layers[1].Solid || !m.Layers[1].Visible {
		t.Error("walls must be solid, decor not, and visible")
	}
	if got := m.At(1, 1, 1); got != (Tile{GID: 3, FlipX: true}) {
		t.Errorf("decor at (1, 1), from base64: %+v, want GID 3 flipped in x", got)
	}
	if got := m.At(1, 6, 1); got != (Tile{GID: 4, FlipY: true}) {
		t.Errorf("decor at (6, 1): %+v, want GID 4 flipped in y", got)
	}
	if m.At(0, 3, 2).GID != 2 || m.At(0, 9, 9).GID != 0 {
		t.Error("At: wrong tile inside, or not empty outside")
	}
	if r, ts, ok := m.TileRect(4); !ok || ts != 0 || r.Min.X != 16 || r.Min.Y != 16 || r.Dx() != 16 {
		t.Errorf("TileRect(4) = %v %d %v, want the bottom-right 16×16 of the image", r, ts, ok)
	}
}

func TestDecodeRefusesWhatItCannotRead(t *testing.T) {
	good, err := os.ReadFile("testdata/arena.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name, from, to string
		limits         Limits
		want           string
	}{
		{"infinite", `"infinite": false`, `"infinite": true`, Limits{}, "Infinite off"},
		{"isometric", `"orthogonal"`, `"isometric"`, Limits{}, "orthogonal"},
		{"compressed", `"encoding": "base64"`, `"encoding": "base64", "compression": "zlib"`, Limits{}, "uncompressed"},
		{"external tileset", `"firstgid": 1,`, `"firstgid": 1, "source": "tiles.tsx",`, Limits{}, "Embed Tileset"},
		{"too large", "", "", Limits{Bytes: 100}, "Limits.Bytes"},
		{"too wide", "", "", Limits{Side: 7}, "Limits.Side"},
		{"too many layers", "", "", Limits{Layers: 1}, "Limits.Layers"},
		{"short layer", `"data": [`, `"data": [1, `, Limits{}, "cells"},
		{"not JSON", `{`, `[`, Limits{}, "not a Tiled JSON map"},
		{"a layer of another size", "   \"width\": 8,", "   \"width\": 7,", Limits{}, "7×6"},
	} {
		data := strings.Replace(string(good), tt.from, tt.to, 1)
		if tt.from != "" && data == string(good) {
			t.Fatalf("%s: %q is not in the test map", tt.name, tt.from)
		}
		_, err := Decode(strings.NewReader(data), tt.limits)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v, want an error saying %q", tt.name, err, tt.want)
		}
	}
}

// grid makes a one-layer map from rows of '#' (solid) and '.'.
func grid(rows ...string) *Map {
	m := &Map{Width: len(rows[0]), Height: len(rows), TileWidth: 1, TileHeight: 1, Layers: []Layer{{Solid: true, Visible: true}}}
	for _, r := range rows {
		for _, c := range r {
			g := uint32(0)
			if c == '#' {
				g = 1
			}
			m.Layers[0].Tiles = append(m.Layers[0].Tiles, Tile{GID: g})
		}
	}
	return m
}

func TestBoxesMergeWallsAndFloors(t *testing.T) {
	for _, tt := range []struct {
		name string
		rows []string
		want int
	}{
		{"a room", []string{"######", "#....#", "#....#", "######"}, 4},
		{"a block", []string{"###", "###"}, 1},
		{"nothing", []string{"...", "..."}, 0},
		{"an L", []string{"#..", "###"}, 2},
		{"a checkerboard", []string{"#.#", ".#.", "#.#"}, 5},
	} {
		m := grid(tt.rows...)
		boxes := m.Boxes(0)
		if len(boxes) != tt.want {
			t.Errorf("%s: %d boxes %v, want %d", tt.name, len(boxes), boxes, tt.want)
		}
		checkCover(t, m, boxes)
	}
}

// checkCover fails unless the boxes cover every solid cell once and no
// empty one.
func checkCover(t *testing.T, m *Map, boxes []Rect) {
	t.Helper()
	n := make([]int, m.Width*m.Height)
	for _, b := range boxes {
		for y := b.Y; y < b.Y+b.H; y++ {
			for x := b.X; x < b.X+b.W; x++ {
				n[y*m.Width+x]++
			}
		}
	}
	for i, c := range n {
		want := 0
		if m.Layers[0].Tiles[i].GID != 0 {
			want = 1
		}
		if c != want {
			t.Fatalf("cell (%d, %d) covered %d times, want %d; boxes %v", i%m.Width, i/m.Width, c, want, boxes)
		}
	}
}

// Property: on random layers the boxes cover exactly the solid cells, and
// are never more than the cells.
func TestBoxesCoverExactlyTheSolidCells(t *testing.T) {
	for seed := range uint64(60) {
		r := rand.New(rand.NewPCG(seed, 7))
		w, h := 1+r.IntN(20), 1+r.IntN(20)
		rows := make([]string, h)
		solid := 0
		for y := range rows {
			var b strings.Builder
			for range w {
				if r.IntN(3) > 0 {
					b.WriteByte('#')
					solid++
				} else {
					b.WriteByte('.')
				}
			}
			rows[y] = b.String()
		}
		m := grid(rows...)
		boxes := m.Boxes(0)
		checkCover(t, m, boxes)
		if len(boxes) > solid {
			t.Fatalf("seed %d: %d boxes for %d cells", seed, len(boxes), solid)
		}
	}
}

func TestSolidLayersBecomeStaticBodies(t *testing.T) {
	m := arena(t)
	w, err := chipmunk.New(physics.Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	ids, err := m.AddSolid(w, 0, 0.5, physics.Shape{Friction: 0.7})
	if err != nil {
		t.Fatal(err)
	}
	if len(ids) != len(m.Boxes(0)) || len(ids) != 5 {
		t.Fatalf("%d bodies for %d boxes, want 5 (the room and the block)", len(ids), len(m.Boxes(0)))
	}
	// The block is columns 3–4, rows 2–3: world x 1.5–2.5, y 1–2.
	for _, tt := range []struct {
		p    mgl64.Vec2
		want bool
	}{{mgl64.Vec2{2, 1.5}, true}, {mgl64.Vec2{0.25, 0.25}, true}, {mgl64.Vec2{1, 1.5}, false}} {
		hits, err := w.QueryPoint(tt.p, physics.Filter{}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if (len(hits) > 0) != tt.want {
			t.Errorf("a body at %v: %v, want %v", tt.p, len(hits) > 0, tt.want)
		}
	}
}

// FuzzDecode: any bytes decode or fail with an error, never a panic, and
// a decoded map is whole.
func FuzzDecode(f *testing.F) {
	good, err := os.ReadFile("testdata/arena.json")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(good)
	f.Add([]byte(`{"width":1,"height":1,"tilewidth":1,"tileheight":1,"layers":[{"type":"tilelayer","width":1,"height":1,"data":[4294967295]}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := Decode(bytes.NewReader(data), Limits{Bytes: 1 << 16, Side: 64})
		if err != nil {
			return
		}
		for _, l := range m.Layers {
			if len(l.Tiles) != m.Width*m.Height {
				t.Fatalf("a layer of %d tiles in a %d×%d map", len(l.Tiles), m.Width, m.Height)
			}
		}
		for l := range m.Layers {
			m.Boxes(l)
			for _, tile := range m.Layers[l].Tiles {
				m.TileRect(tile.GID)
			}
		}
	})
}
