package viewer

import (
	"strings"

	"arimaa-workbench/engine/rules"
	"arimaa-workbench/records"
)

// TestTemplate returns a legacy Arimaa Test Suite file (the format of
// package ats's documentation) holding p, with the criteria left for the
// user to fill in.
func TestTemplate(p rules.Position, source string) string {
	var b strings.Builder
	b.WriteString("[settings]\ncomment =\n    From " + source + ". Say what the engine should find here.\n")
	b.WriteString("position =\n")
	for _, line := range strings.Split(strings.TrimRight(records.FormatPosition(p), "\n"), "\n") {
		b.WriteString("    " + line + "\n")
	}
	b.WriteString("tags =\n")
	b.WriteString("[criteria]\n")
	b.WriteString("# Choose one condition:\n")
	b.WriteString("#   condition = score goal      (the move must win by goal)\n")
	b.WriteString("#   condition = prevent goal    (after the move the opponent cannot score a goal)\n")
	b.WriteString("#   condition = piece_position  (with after_piece_position, e.g. Ec5 Dd4 | Ed5 : 0.5 | !rc3 | Hf6x)\n")
	b.WriteString("condition = piece_position\n")
	b.WriteString("after_piece_position =\n")
	return b.String()
}
