// Command framereport turns a frame file written by -frames-out into a
// picture and a table: each frame's phases stacked as a bar (wall time),
// the collections and hitches marked beneath, the slowest frames
// labelled; and the ten slowest frames with their phases' wall and CPU
// time as text.
//
//	go run ./tools/framereport [-o report.png] [-top 10] [-width 1200] [-cpu] FILE.frames
//
// Exit status: 0 when the report was made, 1 when the file could not be
// read or the picture written, 2 for a bad command line.
package main

import (
	"flag"
	"fmt"
	"image"
	"image/png"
	"io"
	"os"
	"path/filepath"

	"github.com/lockstep-engine/lockstep/engine/framefile"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("framereport", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("o", "", "write the picture to `file`.png (default: the input's name with .png)")
	top := fs.Int("top", 10, "slowest frames in the table, an `int` from 1 to 1000")
	width := fs.Int("width", 1200, "the picture's width in pixels, an `int` from 400 to 8000")
	cpu := fs.Bool("cpu", false, "stack each phase's thread CPU time instead of its wall time")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: framereport [-o report.png] [-top 10] [-width 1200] [-cpu] FILE.frames")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	switch {
	case fs.NArg() != 1:
		fmt.Fprintln(stderr, "framereport: want one frame file (written by -frames-out)")
		return 2
	case *top < 1 || *top > 1000:
		fmt.Fprintf(stderr, "framereport: -top %d out of range: want 1 to 1000\n", *top)
		return 2
	case *width < 400 || *width > 8000:
		fmt.Fprintf(stderr, "framereport: -width %d out of range: want 400 to 8000\n", *width)
		return 2
	}
	in := fs.Arg(0)
	if *out == "" {
		*out = in[:len(in)-len(filepath.Ext(in))] + ".png"
	}
	if err := report(in, *out, *top, *width, *cpu, stdout); err != nil {
		fmt.Fprintf(stderr, "framereport: %v\n", err)
		return 1
	}
	return 0
}

// report reads the frame file in, writes its picture to out and its
// table to w.
func report(in, out string, top, width int, cpu bool, w io.Writer) error {
	r, err := os.Open(in)
	if err != nil {
		return err
	}
	defer r.Close()
	f, err := framefile.Read(r)
	if err != nil {
		return fmt.Errorf("%s: %w", in, err)
	}
	if len(f.Frames) == 0 {
		return fmt.Errorf("%s: no frames: the run ended before its first frame", in)
	}
	if err := writePNG(out, render(f, width, cpu)); err != nil {
		return err
	}
	writeTable(w, f, top)
	fmt.Fprintf(w, "picture: %s\n", out)
	return nil
}

// writePNG writes img to path whole: to a new temporary file beside it,
// renamed over path once complete, so a failed write never leaves half
// a picture.
func writePNG(path string, img image.Image) (err error) {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if err := png.Encode(tmp, img); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := tmp.Chmod(0o644); err != nil { // CreateTemp's 0600 is for secrets, not pictures
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}
