// Package archdoc keeps ARCHITECTURE.md equal to the module: its test reads
// the file's package table and layer rule and checks them against the
// import graph of the source, so the map a newcomer reads cannot drift
// from the code. It holds no code a program calls.
package archdoc
