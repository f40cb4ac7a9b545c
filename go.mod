module github.com/lockstep-engine/lockstep

go 1.26.0

require (
	github.com/HdrHistogram/hdrhistogram-go v1.4.0
	github.com/go-gl/mathgl v1.2.0
	github.com/hajimehoshi/go-mp3 v0.3.4
	github.com/jakecoffman/cp/v2 v2.4.0
	github.com/petermattis/goid v0.0.0-20261109124353-7cfa343ad0ab
	github.com/pion/ice/v4 v4.4.8
	github.com/pion/logging v0.2.4
	github.com/pion/stun/v4 v4.0.1
	github.com/pion/transport/v5 v5.1.4
	github.com/pion/turn/v5 v5.1.3
	github.com/quic-go/quic-go v0.65.0
	github.com/veandco/go-sdl2 v0.4.40
	golang.org/x/crypto v0.54.0
	golang.org/x/image v0.47.0
	golang.org/x/sys v0.49.0
	golang.org/x/time v0.16.0
)

require (
	github.com/google/uuid v1.6.0 // indirect
	github.com/pion/dtls/v3 v3.1.9 // indirect
	github.com/pion/mdns/v2 v2.2.2 // indirect
	github.com/pion/randutil v0.1.0 // indirect
	github.com/wlynxg/anet v0.0.5 // indirect
	golang.org/x/net v0.56.0 // indirect
	golang.org/x/text v0.43.0 // indirect
)
