// Package framefile is the format of -frames-out: every frame's phase
// times, written as the loop runs and read back by tools/framereport.
//
// A file is a header and one record a frame, every number an unsigned
// varint (encoding/binary), times in whole microseconds:
//
//	"LSFRAMES" version(1) scene-length scene tps phases {name-length name}
//	{frame tick duration steps flags resimulated gcs gc-pause {wall cpu}...}
//
// flags: bit 0 the predicted copy was made again, bit 1 the frame was a
// hitch (-hitch). The reader bounds every count, so a damaged or hostile
// file is an error, never a panic or a huge allocation.
package framefile

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/lockstep-engine/lockstep/engine/host"
)

// Version is the format's version, which Write writes and Read takes.
const Version = 1

const magic = "LSFRAMES"

// Limits the reader holds a file to; the writer stays within them.
const (
	MaxFrames    = 1 << 20 // frames in a file: 4.8 hours at 60 frames a second
	maxPhases    = 32
	maxName      = 64
	maxScene     = 256
	maxMicros    = 1 << 40 // about 12 days, any one time
	maxTPS       = host.MaxTPS
	maxSteps     = host.MaxMaxSteps
	maxCount     = 1 << 20 // resimulated ticks, collections
	recordFields = 8
	// maxRecord is the longest record a frame of host.NumPhases
	// phases encodes to.
	maxRecord = (recordFields + 2*int(host.NumPhases)) * binary.MaxVarintLen64
)

// Flags of a frame.
const (
	flagCopied = 1 << iota
	flagHitch
)

// Writer writes a frame file. Its methods allocate nothing once made.
type Writer struct {
	w      *bufio.Writer
	buf    [maxRecord]byte
	frames int
	err    error
}

// NewWriter writes the header of a file of scene, at tps ticks a second,
// with the engine's phases, to w, and returns the writer for its frames.
func NewWriter(w io.Writer, scene string, tps int) (*Writer, error) {
	if len(scene) > maxScene {
		scene = scene[:maxScene]
	}
	fw := &Writer{w: bufio.NewWriterSize(w, 64<<10)}
	b := append([]byte(magic), Version)
	b = binary.AppendUvarint(b, uint64(len(scene)))
	b = append(b, scene...)
	b = binary.AppendUvarint(b, uint64(tps))
	b = binary.AppendUvarint(b, uint64(host.NumPhases))
	for p := range host.NumPhases {
		b = binary.AppendUvarint(b, uint64(len(p.String())))
		b = append(b, p.String()...)
	}
	_, fw.err = fw.w.Write(b)
	return fw, fw.err
}

func micros(d time.Duration) uint64 {
	return uint64(min(max(d, 0)/time.Microsecond, maxMicros))
}

// Frame writes one frame; hitch marks it as one -hitch caught. Past
// MaxFrames frames it writes nothing more and reports Full. The first
// error is kept and returned by every later call.
func (w *Writer) Frame(r *host.FrameRecord, hitch bool) error {
	if w.err != nil || w.frames >= MaxFrames {
		return w.err
	}
	var flags uint64
	if r.Copied {
		flags |= flagCopied
	}
	if hitch {
		flags |= flagHitch
	}
	b := w.buf[:0]
	for _, v := range [recordFields]uint64{r.N, r.Tick, micros(r.Duration), uint64(r.Steps), flags,
		uint64(min(r.Resimulated, maxCount)), uint64(min(r.GCs, maxCount)), micros(r.GCPause)} {
		b = binary.AppendUvarint(b, v)
	}
	for p := range host.NumPhases {
		b = binary.AppendUvarint(b, micros(r.Wall[p]))
		b = binary.AppendUvarint(b, micros(r.CPU[p]))
	}
	_, w.err = w.w.Write(b)
	w.frames++
	return w.err
}

// Full reports that the file holds MaxFrames frames: later ones are not
// written.
func (w *Writer) Full() bool { return w.frames >= MaxFrames }

// Flush writes what is buffered.
func (w *Writer) Flush() error {
	if w.err != nil {
		return w.err
	}
	w.err = w.w.Flush()
	return w.err
}

// File is a frame file read back.
type File struct {
	Version int      // the format's version
	Scene   string   // the game's name
	TPS     int      // ticks a second
	Phases  []string // the phases' names, in the loop's order
	Frames  []Frame  // every frame, in order
}

// Frame is one frame of a File.
type Frame struct {
	N, Tick     uint64          // the frame's index and the ticks run when it ended
	Duration    time.Duration   // the frame's time, its wait included
	Steps       int             // ticks it ran
	Resimulated int             // predicted ticks it ran
	GCs         int             // collections that ended in it
	GCPause     time.Duration   // their pauses
	Copied      bool            // it made the predicted copy again
	Hitch       bool            // -hitch caught it
	Wall, CPU   []time.Duration // by phase, as File.Phases names them
}

// ErrFormat is what Read returns for a file that is not a frame file of
// a version it reads, or is damaged.
var ErrFormat = errors.New("framefile: not a frame file (from -frames-out) or damaged")

// Read reads a whole frame file.
func Read(r io.Reader) (*File, error) {
	br := bufio.NewReader(r)
	f, err := readHeader(br)
	if err != nil {
		return nil, err
	}
	for {
		if _, err := br.Peek(1); err == io.EOF {
			return f, nil
		}
		if len(f.Frames) >= MaxFrames {
			return nil, fmt.Errorf("%w: more than %d frames", ErrFormat, MaxFrames)
		}
		fr, err := readFrame(br, len(f.Phases))
		if err != nil {
			return nil, fmt.Errorf("%w: frame %d: %v", ErrFormat, len(f.Frames), err)
		}
		f.Frames = append(f.Frames, fr)
	}
}

func readHeader(br *bufio.Reader) (*File, error) {
	head := make([]byte, len(magic)+1)
	if _, err := io.ReadFull(br, head); err != nil || string(head[:len(magic)]) != magic {
		return nil, ErrFormat
	}
	f := &File{Version: int(head[len(magic)])}
	if f.Version != Version {
		return nil, fmt.Errorf("%w: version %d, this reads %d", ErrFormat, f.Version, Version)
	}
	scene, err := readString(br, maxScene)
	if err != nil {
		return nil, fmt.Errorf("%w: scene: %v", ErrFormat, err)
	}
	f.Scene = scene
	tps, err := readBounded(br, maxTPS)
	if err != nil {
		return nil, fmt.Errorf("%w: tps: %v", ErrFormat, err)
	}
	n, err := readBounded(br, maxPhases)
	if err != nil {
		return nil, fmt.Errorf("%w: phases: %v", ErrFormat, err)
	}
	f.TPS = int(tps)
	for range n {
		name, err := readString(br, maxName)
		if err != nil {
			return nil, fmt.Errorf("%w: phase name: %v", ErrFormat, err)
		}
		f.Phases = append(f.Phases, name)
	}
	return f, nil
}

func readFrame(br *bufio.Reader, phases int) (Frame, error) {
	limits := [recordFields]uint64{1<<63 - 1, 1<<63 - 1, maxMicros, maxSteps, flagCopied | flagHitch, maxCount, maxCount, maxMicros}
	var v [recordFields]uint64
	for i := range v {
		var err error
		if v[i], err = readBounded(br, limits[i]); err != nil {
			return Frame{}, err
		}
	}
	fr := Frame{N: v[0], Tick: v[1], Duration: time.Duration(v[2]) * time.Microsecond, Steps: int(v[3]),
		Copied: v[4]&flagCopied != 0, Hitch: v[4]&flagHitch != 0, Resimulated: int(v[5]), GCs: int(v[6]),
		GCPause: time.Duration(v[7]) * time.Microsecond}
	times := make([]time.Duration, 2*phases)
	fr.Wall, fr.CPU = times[:phases:phases], times[phases:]
	for p := range phases {
		for _, dst := range []*time.Duration{&fr.Wall[p], &fr.CPU[p]} {
			u, err := readBounded(br, maxMicros)
			if err != nil {
				return Frame{}, err
			}
			*dst = time.Duration(u) * time.Microsecond
		}
	}
	return fr, nil
}

func readBounded(br *bufio.Reader, limit uint64) (uint64, error) {
	v, err := binary.ReadUvarint(br)
	if err == io.EOF {
		err = io.ErrUnexpectedEOF
	}
	if err != nil {
		return 0, err
	}
	if v > limit {
		return 0, fmt.Errorf("value %d above its limit %d", v, limit)
	}
	return v, nil
}

func readString(br *bufio.Reader, limit uint64) (string, error) {
	n, err := readBounded(br, limit)
	if err != nil {
		return "", err
	}
	b := make([]byte, n)
	if _, err := io.ReadFull(br, b); err != nil {
		return "", err
	}
	return string(b), nil
}
