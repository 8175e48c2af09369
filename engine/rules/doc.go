// Package rules is the Arimaa rules core: squares, bitboards, pieces,
// steps and moves, the position with its turn state, legal step and
// unique-move generation, and the game with its history and result.
//
// It implements shared/spec/rules.md and the step and move notation of
// shared/spec/formats.md. It imports nothing else of the workbench, so the
// engine, the record readers, the test suite and the UI can all build on it.
//
// Values are small and copied freely: a Square is an int8 (a1=0 … h8=63), a
// Step packs square, direction and piece into 16 bits, a Move is an array of
// up to four steps that compares with ==, and a Position is a value that
// Play returns anew, which is what both playouts and the editor want.
package rules
