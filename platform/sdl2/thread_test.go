package sdl2

import (
	"bytes"
	"fmt"
	"image/color"
	"reflect"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/petermattis/goid"
)

// refusal calls f and returns what it panicked with, as text ("" if it
// returned).
func refusal(f func()) (msg string) {
	defer func() {
		if r := recover(); r != nil {
			msg = fmt.Sprint(r)
		}
	}()
	f()
	return ""
}

func TestEveryMethodOfWindowCanvasTextureAndFaceRefusesOtherGoroutines(t *testing.T) {
	w := openHeadless(t, Options{})
	c := onMain1(w.Canvas)
	tex := newTexture(t, w, shipImage(), TextureOptions{})
	face := newFace(t, w, goRegular(t), 16)
	n := 0
	for _, v := range []any{w, c, tex, face} {
		rv := reflect.ValueOf(v)
		typ := rv.Type()
		for i := range typ.NumMethod() {
			m := typ.Method(i)
			if m.Name == "MainThreadOnly" { // a marker: it does nothing
				continue
			}
			args := make([]reflect.Value, m.Type.NumIn()-1)
			for j := range args {
				args[j] = reflect.Zero(m.Type.In(j + 1))
			}
			name := typ.Elem().Name() + "." + m.Name
			msg := refusal(func() { rv.Method(i).Call(args) })
			if !strings.Contains(msg, name) || !strings.Contains(msg, "off the main thread") {
				t.Errorf("%s from another goroutine: panic %q, want a refusal naming it and the main thread", name, msg)
			}
			n++
		}
	}
	if n < 60 {
		t.Fatalf("%d methods tried, want them all", n)
	}
	// Nothing was touched: the window still draws.
	img := drawAndRead(t, w, func(c *Canvas) {
		c.Clear(black)
		c.FillRect(10, 10, 20, 20, white)
	})
	checkPixels(t, img, 0, []pixelWant{{"the square", 20, 20, white}, {"outside", 40, 40, black}})
}

func TestBoxFromAnotherGoroutineWhileTheLoopDrawsIsRefused(t *testing.T) {
	// It ended in SIGSEGV inside SDL, or in "Values of 'indices' out of
	// bounds"; under -race, in reports of data races.
	w := openHeadless(t, Options{})
	c := onMain1(w.Canvas)
	const frames, calls = 100, 2000
	var wg sync.WaitGroup
	refused := 0
	wg.Add(1)
	go func() {
		defer wg.Done()
		for range calls {
			if strings.Contains(refusal(func() { c.Box(mgl64.Vec2{5, 5}, mgl64.Vec2{100, 100}, 0, white) }), "Canvas.Box") {
				refused++
			}
		}
	}()
	var err error
	onMain(func() {
		for range frames {
			c.Clear(black)
			for i := range 200 {
				c.Box(mgl64.Vec2{float64(i), 10}, mgl64.Vec2{1, 1}, 0, color.RGBA{R: 200, A: 255})
			}
			if err = w.Present(); err != nil {
				return
			}
		}
	})
	wg.Wait()
	if err != nil || refused != calls {
		t.Fatalf("Present: %v; %d of %d calls from another goroutine refused", err, refused, calls)
	}
}

func TestTheCheckKnowsTheMainGoroutine(t *testing.T) {
	// goid reads the runtime's own goroutine ID: the one in stack traces.
	id := func() string {
		b := make([]byte, 64)
		b = b[:runtime.Stack(b, false)]
		return string(bytes.Fields(b)[1])
	}
	var onMainID, mainStack string
	onMain(func() { onMainID, mainStack = fmt.Sprint(goid.Get()), id() })
	if here := fmt.Sprint(goid.Get()); here == onMainID || here != id() || onMainID != mainStack || onMainID != fmt.Sprint(mainGoroutine) {
		t.Fatalf("goroutine %s (stack says %s), main %s (stack says %s), recorded %d", here, id(), onMainID, mainStack, mainGoroutine)
	}
}

// BenchmarkMainThreadCheck is what every method of a window, canvas,
// texture and face pays to check its goroutine.
func BenchmarkMainThreadCheck(b *testing.B) {
	onMain(func() {
		for b.Loop() {
			mustMain("Canvas.Box")
		}
	})
}

func TestOpenFromAnotherGoroutineIsRefused(t *testing.T) {
	if msg := refusal(func() { _, _ = Open(Options{Headless: true}) }); !strings.Contains(msg, "Open called") || !strings.Contains(msg, "main thread") {
		t.Fatalf("Open from another goroutine: panic %q, want a refusal naming the main thread", msg)
	}
}
