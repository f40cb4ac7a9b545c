// Package tilemap loads tile maps saved by the Tiled editor in its JSON
// format, draws them on a canvas (only the tiles in view), and turns
// their solid layers into static physics bodies, merged into as few boxes
// as the layer allows.
//
// A map file is input like any other: Decode bounds its size, its layers
// and tilesets before it keeps anything, and refuses what it does not
// read (compressed layers, external tilesets, infinite maps) saying what
// to change in Tiled.
package tilemap

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// Limits bound what Decode accepts. The zero Limits are DefaultLimits.
type Limits struct {
	Bytes    int64 // the file's size; 0: DefaultLimits.Bytes
	Side     int   // tiles along either side of the map; 0: DefaultLimits.Side
	Layers   int   // tile layers; 0: DefaultLimits.Layers
	Tilesets int   // tilesets; 0: DefaultLimits.Tilesets
}

// DefaultLimits are 32 MiB, 4096 tiles a side, 64 layers, 64 tilesets.
var DefaultLimits = Limits{Bytes: 32 << 20, Side: 4096, Layers: 64, Tilesets: 64}

func (l Limits) orDefaults() Limits {
	d := DefaultLimits
	if l.Bytes > 0 {
		d.Bytes = l.Bytes
	}
	if l.Side > 0 {
		d.Side = l.Side
	}
	if l.Layers > 0 {
		d.Layers = l.Layers
	}
	if l.Tilesets > 0 {
		d.Tilesets = l.Tilesets
	}
	return d
}

// Map is a decoded tile map: Width×Height tiles of TileWidth×TileHeight
// pixels, its tile layers in drawing order, and its tilesets.
type Map struct {
	Width, Height         int
	TileWidth, TileHeight int
	Layers                []Layer
	Tilesets              []Tileset
}

// Layer is one tile layer: a global tile ID per cell, row by row from the
// top-left (0: empty). Solid is its custom property "solid" (bool).
type Layer struct {
	Name    string
	Visible bool
	Solid   bool
	Tiles   []Tile // Width×Height
}

// Tile is a cell: its global tile ID (GID) with Tiled's flip bits taken
// out into FlipX and FlipY. GID 0 is an empty cell.
type Tile struct {
	GID          uint32
	FlipX, FlipY bool
}

// Tileset is an image of tiles in a grid: FirstGID is the global ID of
// its first tile. Image is the path Tiled wrote, relative to the map
// file.
type Tileset struct {
	Name                  string
	FirstGID              uint32
	Image                 string
	ImageWidth            int
	ImageHeight           int
	TileWidth, TileHeight int
	Columns, TileCount    int
	Margin, Spacing       int
}

// Tiled's flags in the top bits of a GID.
const (
	flipX    = 1 << 31
	flipY    = 1 << 30
	flipDiag = 1 << 29
	gidMask  = flipDiag - 1
)

// The JSON as Tiled writes it: only what this package reads.
type jsonMap struct {
	Width, Height int
	TileWidth     int `json:"tilewidth"`
	TileHeight    int `json:"tileheight"`
	Infinite      bool
	Orientation   string
	Layers        []jsonLayer
	Tilesets      []jsonTileset
}

type jsonLayer struct {
	Name, Type    string
	Width, Height int
	Visible       *bool
	Encoding      string
	Compression   string
	Data          json.RawMessage
	Properties    []struct {
		Name, Type string
		Value      json.RawMessage
	}
}

type jsonTileset struct {
	Name            string
	FirstGID        uint32 `json:"firstgid"`
	Source          string
	Image           string
	ImageWidth      int `json:"imagewidth"`
	ImageHeight     int `json:"imageheight"`
	TileWidth       int `json:"tilewidth"`
	TileHeight      int `json:"tileheight"`
	Columns         int
	TileCount       int `json:"tilecount"`
	Margin, Spacing int
}

// Decode reads a Tiled JSON map (orthogonal, not infinite, tile layers in
// CSV or uncompressed base64, tilesets embedded in the map) from r, within
// limits.
func Decode(r io.Reader, limits Limits) (*Map, error) {
	l := limits.orDefaults()
	data, err := io.ReadAll(io.LimitReader(r, l.Bytes+1))
	if err != nil {
		return nil, fmt.Errorf("tilemap: read: %w", err)
	}
	if int64(len(data)) > l.Bytes {
		return nil, fmt.Errorf("tilemap: the map is more than %d bytes (Limits.Bytes)", l.Bytes)
	}
	var jm jsonMap
	if err := json.Unmarshal(data, &jm); err != nil {
		return nil, fmt.Errorf("tilemap: not a Tiled JSON map: %w", err)
	}
	if err := checkMap(&jm, l); err != nil {
		return nil, err
	}
	m := &Map{Width: jm.Width, Height: jm.Height, TileWidth: jm.TileWidth, TileHeight: jm.TileHeight}
	for i := range jm.Tilesets {
		ts, err := tileset(&jm.Tilesets[i])
		if err != nil {
			return nil, err
		}
		m.Tilesets = append(m.Tilesets, ts)
	}
	for i := range jm.Layers {
		jl := &jm.Layers[i]
		if jl.Type != "tilelayer" {
			continue // object and image layers: the game reads them itself
		}
		if len(m.Layers) == l.Layers {
			return nil, fmt.Errorf("tilemap: more than %d tile layers (Limits.Layers)", l.Layers)
		}
		layer, err := decodeLayer(jl, jm.Width, jm.Height)
		if err != nil {
			return nil, err
		}
		m.Layers = append(m.Layers, layer)
	}
	return m, nil
}

// checkMap refuses a map this package does not read, or too large.
func checkMap(jm *jsonMap, l Limits) error {
	switch {
	case jm.Infinite:
		return errors.New("tilemap: an infinite map: turn Infinite off in Tiled's map properties")
	case jm.Orientation != "" && jm.Orientation != "orthogonal":
		return fmt.Errorf("tilemap: a %s map: only orthogonal maps are read", jm.Orientation)
	case jm.Width < 1 || jm.Height < 1 || jm.Width > l.Side || jm.Height > l.Side:
		return fmt.Errorf("tilemap: %d×%d tiles: want 1 to %d a side (Limits.Side)", jm.Width, jm.Height, l.Side)
	case jm.TileWidth < 1 || jm.TileHeight < 1 || jm.TileWidth > 4096 || jm.TileHeight > 4096:
		return fmt.Errorf("tilemap: tiles of %d×%d pixels: want 1 to 4096 a side", jm.TileWidth, jm.TileHeight)
	case len(jm.Tilesets) > l.Tilesets:
		return fmt.Errorf("tilemap: %d tilesets: at most %d (Limits.Tilesets)", len(jm.Tilesets), l.Tilesets)
	}
	return nil
}

// tileset checks one embedded tileset.
func tileset(j *jsonTileset) (Tileset, error) {
	ts := Tileset{Name: j.Name, FirstGID: j.FirstGID, Image: j.Image, ImageWidth: j.ImageWidth, ImageHeight: j.ImageHeight,
		TileWidth: j.TileWidth, TileHeight: j.TileHeight, Columns: j.Columns, TileCount: j.TileCount, Margin: j.Margin, Spacing: j.Spacing}
	switch {
	case j.Source != "":
		return ts, fmt.Errorf("tilemap: tileset %s is an external file: embed it in the map (Tiled: Embed Tileset)", j.Source)
	case j.Image == "":
		return ts, fmt.Errorf("tilemap: tileset %q has no single image: collections of images are not read", j.Name)
	case j.FirstGID < 1 || j.FirstGID > gidMask:
		return ts, fmt.Errorf("tilemap: tileset %q starts at GID %d", j.Name, j.FirstGID)
	case ts.TileWidth < 1 || ts.TileHeight < 1 || ts.Columns < 1 || ts.TileCount < 1 || ts.TileCount > 1<<20 ||
		ts.Margin < 0 || ts.Spacing < 0 || ts.ImageWidth < 1 || ts.ImageHeight < 1:
		return ts, fmt.Errorf("tilemap: tileset %q: tiles %d×%d, %d columns, %d tiles, image %d×%d: want all positive",
			j.Name, ts.TileWidth, ts.TileHeight, ts.Columns, ts.TileCount, ts.ImageWidth, ts.ImageHeight)
	}
	return ts, nil
}

// decodeLayer reads one tile layer's cells and properties.
func decodeLayer(jl *jsonLayer, w, h int) (Layer, error) {
	layer := Layer{Name: jl.Name, Visible: jl.Visible == nil || *jl.Visible}
	if jl.Width != w || jl.Height != h {
		return layer, fmt.Errorf("tilemap: layer %q is %d×%d in a %d×%d map", jl.Name, jl.Width, jl.Height, w, h)
	}
	for _, p := range jl.Properties {
		if p.Name == "solid" && (p.Type == "" || p.Type == "bool") {
			if err := json.Unmarshal(p.Value, &layer.Solid); err != nil {
				return layer, fmt.Errorf("tilemap: layer %q: property solid: %w", jl.Name, err)
			}
		}
	}
	gids, err := layerGIDs(jl, w*h)
	if err != nil {
		return layer, err
	}
	layer.Tiles = make([]Tile, len(gids))
	for i, g := range gids {
		layer.Tiles[i] = Tile{GID: g & gidMask, FlipX: g&flipX != 0, FlipY: g&flipY != 0}
	}
	return layer, nil
}

// layerGIDs reads a layer's n cells, as a JSON array or base64.
func layerGIDs(jl *jsonLayer, n int) ([]uint32, error) {
	var gids []uint32
	switch {
	case jl.Compression != "":
		return nil, fmt.Errorf("tilemap: layer %q is compressed (%s): save it as CSV or uncompressed Base64 (Tiled: Tile Layer Format)", jl.Name, jl.Compression)
	case jl.Encoding == "" || jl.Encoding == "csv":
		if err := json.Unmarshal(jl.Data, &gids); err != nil {
			return nil, fmt.Errorf("tilemap: layer %q: data: %w", jl.Name, err)
		}
	case jl.Encoding == "base64":
		var s string
		if err := json.Unmarshal(jl.Data, &s); err != nil {
			return nil, fmt.Errorf("tilemap: layer %q: data: %w", jl.Name, err)
		}
		raw, err := base64.StdEncoding.DecodeString(s)
		if err != nil {
			return nil, fmt.Errorf("tilemap: layer %q: data: %w", jl.Name, err)
		}
		if len(raw) != 4*n {
			return nil, fmt.Errorf("tilemap: layer %q holds %d bytes, want %d", jl.Name, len(raw), 4*n)
		}
		gids = make([]uint32, n)
		if err := binary.Read(bytes.NewReader(raw), binary.LittleEndian, gids); err != nil {
			return nil, fmt.Errorf("tilemap: layer %q: %w", jl.Name, err)
		}
	default:
		return nil, fmt.Errorf("tilemap: layer %q: encoding %q: want csv or base64", jl.Name, jl.Encoding)
	}
	if len(gids) != n {
		return nil, fmt.Errorf("tilemap: layer %q holds %d cells, want %d", jl.Name, len(gids), n)
	}
	return gids, nil
}

// At returns the tile of layer l at column x, row y (row 0 at the top);
// an empty tile outside the map.
func (m *Map) At(l, x, y int) Tile {
	if l < 0 || l >= len(m.Layers) || x < 0 || y < 0 || x >= m.Width || y >= m.Height {
		return Tile{}
	}
	return m.Layers[l].Tiles[y*m.Width+x]
}

// tilesetOf returns the index of the tileset holding gid, or -1.
func (m *Map) tilesetOf(gid uint32) int {
	best := -1
	for i := range m.Tilesets {
		ts := &m.Tilesets[i]
		if gid >= ts.FirstGID && gid < ts.FirstGID+uint32(ts.TileCount) && (best < 0 || ts.FirstGID > m.Tilesets[best].FirstGID) {
			best = i
		}
	}
	return best
}
