package engine

// Loop is a running loop, handed to Update and Draw through Frame.Loop so a
// game can read its stats and switch its modes while it runs.
type Loop struct {
}
