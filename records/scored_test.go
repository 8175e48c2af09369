package records

import (
	"errors"
	"strings"
	"testing"

	"arimaa-workbench/engine/rules"
)

func TestReadScored(t *testing.T) {
	in := "# teacher scores\n\n" +
		"  -412.5\tg [rrrrrrrrhdcemcdh                                HDCMECDHRRRRRRRR]\n" +
		"30 s [rrrrrrrrhdcemcdh                                HDCMECDHRRRRRRRR]  \r\n"
	got, err := ReadScored(strings.NewReader(in), "t.txt")
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 {
		t.Fatalf("read %d positions, want 2", len(got))
	}
	start := rules.StartPosition()
	if got[0].Score != -412.5 || got[0].Line != 3 || got[0].Position.Side() != rules.Gold || got[0].Position.BoardHash() != start.BoardHash() {
		t.Errorf("first: %+v", got[0])
	}
	if got[1].Score != 30 || got[1].Line != 4 || got[1].Position.Side() != rules.Silver {
		t.Errorf("second: %+v", got[1])
	}
}

func TestReadScoredErrors(t *testing.T) {
	const board = "[rrrrrrrrhdcemcdh                                HDCMECDHRRRRRRRR]"
	for _, tc := range []struct {
		name, in string
		kind     error
		want     string
	}{
		{"no position", "12\n", ErrBoard, "t.txt:1:1: the line has a score but no position after it"},
		{"blanks only after", "12   \n", ErrBoard, "t.txt:1:1: the line has a score but no position after it"},
		{"not a number", "\n abc g " + board + "\n", ErrScore, "t.txt:2:2: \"abc\" is not a score"},
		{"nan", "NaN g " + board + "\n", ErrScore, "t.txt:1:1: \"NaN\" is not a score"},
		{"too large", "1e9 g " + board + "\n", ErrScore, "t.txt:1:1: \"1e9\" is not a score"},
		{"bad side", "5  x " + board + "\n", ErrSide, "t.txt:1:4: 'x' is not a side"},
		{"bad piece", "5 g [rrrrrrrrhdcemcdhQ" + board[18:] + "\n", ErrPiece, "t.txt:1:22: 'Q' is not an Arimaa piece"},
		{"nine rabbits", "5 g [rrrrrrrrrdcemcdh" + board[17:] + "\n", ErrPosition, "t.txt:1:"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ReadScored(strings.NewReader(tc.in), "t.txt")
			var pe *ParseError
			if !errors.As(err, &pe) || !errors.Is(err, tc.kind) {
				t.Fatalf("error %v (%T), want a *ParseError of %v", err, err, tc.kind)
			}
			if !strings.HasPrefix(err.Error(), tc.want) {
				t.Errorf("error %q, want it to start %q", err, tc.want)
			}
		})
	}
}
