package backend

// noBox2DHint says why a Windows build has no Box2D backend: tools/windows
// builds without it, and a Box2D built against Windows' C library steps
// differently from Linux's (its sinf and cosf differ), so it could not
// play a Linux peer or replay a Linux tape.
const noBox2DHint = "Windows builds are Chipmunk-only (Box2D follows the C library's sinf and cosf, which differ from Linux's, so its sessions and replays could not match other players'): use -physics chipmunk"
