package chipmunk

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	"unsafe"

	"github.com/lockstep-engine/lockstep/physics"
)

// TestCPLayout: every cp field CopyFrom sets is where this cp has it, and
// a field that moved, changed type or went is refused by name.
func TestCPLayout(t *testing.T) {
	if _, err := newLayout(); err != nil {
		t.Fatalf("this cp: %v", err)
	}
	type fake struct {
		_ int
		b *int
	}
	if off, err := offsetOf(reflect.TypeFor[fake](), "b", reflect.TypeFor[*int]()); err != nil || off != unsafe.Offsetof(fake{}.b) {
		t.Errorf("offset of fake.b: %v, %v; want %v", off, err, unsafe.Offsetof(fake{}.b))
	}
	for _, tt := range []struct {
		name string
		typ  reflect.Type
	}{{"c", reflect.TypeFor[int]()}, {"b", reflect.TypeFor[*uint]()}} {
		_, err := offsetOf(reflect.TypeFor[fake](), tt.name, tt.typ)
		if !errors.Is(err, physics.ErrInvalid) || !strings.Contains(err.Error(), "field "+tt.name) || !strings.Contains(err.Error(), "v2.4.0") {
			t.Errorf("field %s of type %v: %v, want an error naming it and the cp version", tt.name, tt.typ, err)
		}
	}
}
