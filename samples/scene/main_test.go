package scene

import (
	"os"
	"testing"
)

// SDL and the engine's Run want the main OS thread: tests hand work to it.
var mainCalls = make(chan func())

func TestMain(m *testing.M) {
	done := make(chan int)
	go func() { done <- m.Run() }()
	for {
		select {
		case f := <-mainCalls:
			f()
		case code := <-done:
			os.Exit(code)
		}
	}
}

// onMain runs f on the main OS thread and waits for it. f must not call
// t.Fatal (it would stop the main goroutine).
func onMain(f func()) {
	finished := make(chan struct{})
	mainCalls <- func() {
		defer close(finished)
		f()
	}
	<-finished
}

// execute runs Execute on the main thread.
func execute(s Scene, o Options, env Env) (sum Summary, err error) {
	onMain(func() { sum, err = Execute(s, &o, env) })
	return sum, err
}
