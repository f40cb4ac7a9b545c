package inputcodec

import (
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/lockstep-engine/lockstep/engine"
)

// leaf is one value of an Input that the codec must carry: a bool, a
// number, or a Text.
type leaf struct {
	path string
	v    reflect.Value // settable
}

var textType = reflect.TypeFor[engine.Text]()

// leaves lists every leaf of the value v points into, by path, or fails
// naming what the codec could not hold.
func leaves(t *testing.T, v reflect.Value, path string, out []leaf) []leaf {
	t.Helper()
	switch {
	case v.Type() == textType:
		return append(out, leaf{path, v})
	case v.Kind() == reflect.Struct:
		for i := range v.NumField() {
			f := v.Type().Field(i)
			if !f.IsExported() {
				t.Fatalf("%s.%s is unexported: add it to the codec (Append, Decode, diff) and teach this test to fill it", path, f.Name)
			}
			out = leaves(t, v.Field(i), path+"."+f.Name, out)
		}
		return out
	case v.Kind() == reflect.Array:
		for i := range v.Len() {
			out = leaves(t, v.Index(i), fmt.Sprintf("%s[%d]", path, i), out)
		}
		return out
	}
	switch v.Kind() {
	case reflect.Bool, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64, reflect.Int,
		reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uint, reflect.Float32, reflect.Float64:
		return append(out, leaf{path, v})
	}
	t.Fatalf("%s is a %s: the codec holds bools, numbers and fixed arrays of them; add it to the codec and to this test", path, v.Type())
	return nil
}

// set gives l a valid value that differs for different k (1, 2...).
func (l leaf) set(k int) {
	v := l.v
	switch {
	case v.Type() == textType:
		var s engine.Text
		s.Append([]byte(strings.Repeat("é", k)))
		v.Set(reflect.ValueOf(s))
	case v.Kind() == reflect.Bool:
		v.SetBool(k%2 == 1)
	case v.CanInt():
		v.SetInt(int64(k))
	case v.CanUint():
		v.SetUint(uint64(k))
	case v.CanFloat():
		v.SetFloat(float64(k) + 0.5)
	}
}

func inputLeaves(t *testing.T, in *engine.Input) []leaf {
	return leaves(t, reflect.ValueOf(in).Elem(), "Input", nil)
}

// roundTrip encodes in against prev and decodes it; a decoding failure
// reads as an input no field of which came back.
func roundTrip(t *testing.T, in, prev *engine.Input) engine.Input {
	t.Helper()
	if err := Check(in); err != nil {
		t.Fatalf("the test made an input Check refuses: %v", err)
	}
	b := Append(nil, in, prev)
	var got engine.Input
	var d Decoder
	n, err := d.Decode(b, &got, prev)
	if err != nil || n != len(b) {
		t.Logf("decoding %d bytes: %d read, %v", len(b), n, err)
		return engine.Input{MouseX: math.NaN()}
	}
	return got
}

// Every leaf of Input, set alone, and changed against an input with every
// leaf set, comes back: a field added to Input (or Pad, KeySet...) that
// the codec does not carry fails here, named.
func TestEveryFieldOfInputRoundTrips(t *testing.T) {
	var probe engine.Input
	n := len(inputLeaves(t, &probe))
	var full engine.Input
	for _, l := range inputLeaves(t, &full) {
		l.set(1)
	}
	if got := roundTrip(t, &full, &engine.Input{}); got != full {
		t.Errorf("an input with every field set: got %+v, want %+v", got, full)
	}
	for i := range n {
		var in engine.Input
		l := inputLeaves(t, &in)[i]
		l.set(1)
		if got := roundTrip(t, &in, &engine.Input{}); got != in {
			t.Errorf("%s set alone does not survive encoding: the codec leaves it out", l.path)
		}
		changed := full
		l = inputLeaves(t, &changed)[i]
		l.set(2)
		if got := roundTrip(t, &changed, &full); got != changed {
			t.Errorf("%s changed against an input with every field set does not survive encoding", l.path)
		}
		l.set(0)
		if got := roundTrip(t, &changed, &full); got != changed {
			t.Errorf("%s cleared against an input with every field set does not survive encoding", l.path)
		}
	}
}

// shape is Input's fields as the codec was written for them. When Input
// changes, this fails: update Append, Decode, diff and the format in
// doc.go, then this list.
const shape = `Down engine.KeySet [8]uint64
Pressed engine.KeySet [8]uint64
Released engine.KeySet [8]uint64
Buttons mouse.ButtonSet uint8
ButtonsPressed mouse.ButtonSet uint8
ButtonsReleased mouse.ButtonSet uint8
MouseX float64 float64
MouseY float64 float64
WheelX int32 int32
WheelY int32 int32
WindowWidth int32 int32
WindowHeight int32 int32
Text engine.Text struct{n uint8; buf [32]uint8}
Pads [4]gamepad.State [4]struct{Connected bool; Buttons uint32; Pressed uint32; Released uint32; Axes [6]int16}`

func TestInputHasTheShapeTheCodecWasWrittenFor(t *testing.T) {
	var lines []string
	it := reflect.TypeFor[engine.Input]()
	for i := range it.NumField() {
		f := it.Field(i)
		lines = append(lines, fmt.Sprintf("%s %s %s", f.Name, f.Type, underlying(f.Type)))
	}
	if got := strings.Join(lines, "\n"); got != shape {
		t.Errorf("engine.Input changed shape: update the codec (Append, Decode, diff, doc.go's format) and then this test's shape.\ngot:\n%s\nwant:\n%s", got, shape)
	}
}

// underlying spells t's structure down to its leaves.
func underlying(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Array:
		return fmt.Sprintf("[%d]%s", t.Len(), underlying(t.Elem()))
	case reflect.Struct:
		var fs []string
		for i := range t.NumField() {
			f := t.Field(i)
			fs = append(fs, f.Name+" "+underlying(f.Type))
		}
		return "struct{" + strings.Join(fs, "; ") + "}"
	}
	return t.Kind().String()
}
