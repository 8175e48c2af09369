package records

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"arimaa-workbench/engine/rules"
)

// movelist returns a record's text as an archive field.
func movelist(text string) string {
	return strings.ReplaceAll(strings.TrimSuffix(text, "\n"), "\n", `\n`)
}

func TestArchiveReader(t *testing.T) {
	seed := readTestdata(t, "thesis_example.txt")
	goal := readTestdata(t, "game_goal.txt")
	// Columns in another order, some missing, one unknown; CRLF; a blank line.
	text := "id\tresult\ttermination\twusername\tbusername\twrating\tbrating\tstartts\trated\tcorrupt\tmovelist\tevents\tnote\r\n" +
		"101\tb\tr\tann\tbob\t1612\t1540.6\t1700000000\t1\t0\t" + movelist(seed) + "\t1700000000 w joined\\n1700000005 b joined\tfirst\r\n" +
		"\r\n" +
		"102\tw\tg\tcid\tdee\t\t\t\t\t\t" + movelist(goal) + "\t\t\n"
	ar := NewArchiveReader(strings.NewReader(text), "games.tsv")
	g1, err := ar.Next()
	if err != nil {
		t.Fatal(err)
	}
	if g1.ID != "101" || g1.WPlayer != "ann" || g1.BPlayer != "bob" || g1.WRating != 1612 || g1.BRating != 1541 ||
		g1.Result != rules.Silver || g1.Termination != rules.ByResignation || !g1.Rated || g1.Corrupt ||
		!g1.Start.Equal(time.Unix(1700000000, 0)) || g1.Line != 2 || g1.Events != "1700000000 w joined\n1700000005 b joined" {
		t.Errorf("first game %+v", g1)
	}
	if g1.MoveList != strings.TrimSuffix(seed, "\n") {
		t.Errorf("move list not unescaped: %q", g1.MoveList)
	}
	if v, ok := g1.Field("note"); !ok || v != "first" {
		t.Errorf("Field(note) = %q, %v", v, ok)
	}
	if _, ok := g1.Field("site"); ok {
		t.Error("Field(site) should be missing")
	}
	if got := g1.ResultString(); got != "b r" {
		t.Errorf("ResultString = %q", got)
	}
	rec, err := g1.Record()
	if err != nil {
		t.Fatal(err)
	}
	if g, err := rec.Game(); err != nil || len(g.Moves()) != 13 {
		t.Fatalf("game: %v", err)
	}
	g2, err := ar.Next()
	if err != nil {
		t.Fatal(err)
	}
	if g2.ID != "102" || g2.Line != 4 || g2.WRating != 0 || !g2.Start.IsZero() || g2.Termination != rules.ByGoal {
		t.Errorf("second game %+v", g2)
	}
	if _, err := ar.Next(); err != io.EOF {
		t.Errorf("after the last game: %v, want io.EOF", err)
	}
	if _, err := ar.Next(); err != io.EOF {
		t.Errorf("io.EOF should stick: %v", err)
	}
}

func TestArchiveRowErrors(t *testing.T) {
	header := "id\twrating\tresult\ttermination\trated\tstartts\tplycount\tmovelist\n"
	tests := []struct {
		name, row string
		col       int
		msg       string
	}{
		{"too few fields", "1\t1500\tw\n", 0, "games.tsv:2: the row has 3 fields but the header has 8"},
		{"bad rating", "1\tstrong\tw\tg\t1\t0\t3\t1w\n", 3, `games.tsv:2:3: wrating "strong" is not a number`},
		{"bad result", "1\t1500\tx\tg\t1\t0\t3\t1w\n", 8, `games.tsv:2:8: result "x" is not w or b (the winner)`},
		{"long termination", "1\t1500\tw\tgoal\t1\t0\t3\t1w\n", 10, `games.tsv:2:10: termination "goal" is not a single letter`},
		{"bad flag", "1\t1500\tw\tg\tmaybe\t0\t3\t1w\n", 12, `games.tsv:2:12: rated "maybe" is not 0 or 1`},
		{"bad time", "1\t1500\tw\tg\t1\tnoon\t3\t1w\n", 14, `games.tsv:2:14: startts "noon" is not a time in Unix seconds`},
		{"bad plycount", "1\t1500\tw\tg\t1\t0\tmany\t1w\n", 16, `games.tsv:2:16: plycount "many" is not a number`},
	}
	good := "7\t1500\tw\tg\t1\t0\t3\t1w\n"
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ar := NewArchiveReader(strings.NewReader(header+tc.row+good), "games.tsv")
			_, err := ar.Next()
			var pe *ParseError
			if !errors.As(err, &pe) || pe.Line != 2 || pe.Column != tc.col || !errors.Is(err, ErrArchive) {
				t.Fatalf("error %v", err)
			}
			if err.Error() != tc.msg {
				t.Errorf("message %q, want %q", err.Error(), tc.msg)
			}
			g, err := ar.Next()
			if err != nil || g.ID != "7" || g.Line != 3 {
				t.Errorf("the reader should go on with the next row: %v %v", g, err)
			}
		})
	}
}

func TestArchiveHeaderErrors(t *testing.T) {
	tests := []struct{ name, text, msg string }{
		{"empty", "", "a.tsv:1: the archive is empty; expected a header line starting with \"id\""},
		{"no movelist", "id\tresult\n1\tw\n", `a.tsv:1: the header has no "movelist" column; this does not look like a game archive`},
		{"a record", "1w Ra1\n", `a.tsv:1: the header has no "id" column; this does not look like a game archive`},
		{"duplicate column", "id\tmovelist\tid\n", `a.tsv:1:13: the header names column "id" twice`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ar := NewArchiveReader(strings.NewReader(tc.text), "a.tsv")
			_, err := ar.Next()
			if err == nil || err.Error() != tc.msg {
				t.Fatalf("error %v, want %s", err, tc.msg)
			}
			if _, err2 := ar.Next(); err2 != err {
				t.Errorf("a header error should stick, got %v", err2)
			}
		})
	}
}

func TestArchiveMoveListErrors(t *testing.T) {
	seed := readTestdata(t, "thesis_example.txt")
	bad := strings.Replace(seed, "3w Ee6w", "3w Qe6w", 1)
	illegal := strings.Replace(seed, "3w Ee6w", "3w Ed6w", 1)
	text := "id\tresult\tmovelist\n" +
		"55\tw\t" + movelist(bad) + "\n" +
		"56\tw\t" + movelist(illegal) + "\n"
	ar := NewArchiveReader(strings.NewReader(text), "games.tsv")
	g, err := ar.Next()
	if err != nil {
		t.Fatal(err)
	}
	_, err = g.Record()
	want := "games.tsv:2:6: game 55, move list line 5, column 4: 'Q' is not an Arimaa piece"
	if err == nil || err.Error() != want || !errors.Is(err, ErrPiece) {
		t.Errorf("error %v, want %s", err, want)
	}
	g, err = ar.Next()
	if err != nil {
		t.Fatal(err)
	}
	rec, err := g.Record()
	if err != nil {
		t.Fatal(err)
	}
	_, err = rec.Game()
	want = "games.tsv:3:6: game 56, move list line 5, column 4: move 3w, step 1 (Ed6w): there is no piece on d6"
	if err == nil || err.Error() != want || !errors.Is(err, ErrIllegal) {
		t.Errorf("error %v, want %s", err, want)
	}
}

func TestArchiveLongRow(t *testing.T) {
	long := strings.Repeat("x", maxArchiveLine+10)
	text := "id\tmovelist\n1\t" + long + "\n2\t1w\n"
	ar := NewArchiveReader(strings.NewReader(text), "")
	if _, err := ar.Next(); !errors.Is(err, ErrTooLong) {
		t.Fatalf("error %v, want ErrTooLong", err)
	}
	if g, err := ar.Next(); err != nil || g.ID != "2" || g.Line != 3 {
		t.Errorf("after a long row: %v %v", g, err)
	}
}

func TestArchiveWriterRoundTrip(t *testing.T) {
	games := []*ArchiveGame{
		{ID: "1", WPlayer: "ann", BPlayer: "bob", WRating: 1600, BRating: 1500, WType: "h", BType: "b",
			Event: "casual", TimeControl: "15s/2m30s/100", Start: time.Unix(1700000000, 0).UTC(), End: time.Unix(1700001000, 0).UTC(),
			Result: rules.Gold, Termination: rules.ByGoal, PlyCount: 13, Rated: true,
			MoveList: strings.TrimSuffix(readTestdata(t, "thesis_example.txt"), "\n"), Events: "a\nb"},
		{ID: "2", Unfinished: true, MoveList: "1w"},
	}
	text := archiveText(t, games)
	ar := NewArchiveReader(strings.NewReader(text), "")
	for _, want := range games {
		got, err := ar.Next()
		if err != nil {
			t.Fatal(err)
		}
		if d := archiveDiff(got, want); d != "" {
			t.Errorf("game %s: %s", want.ID, d)
		}
	}
	if err := NewArchiveWriter(io.Discard).Write(&ArchiveGame{ID: "bad", Event: "tab\there"}); !errors.Is(err, ErrUnwritable) {
		t.Errorf("a tab in a field: %v", err)
	}
}

// archiveDiff compares the typed fields of two archive games.
func archiveDiff(a, b *ArchiveGame) string {
	type typed struct {
		ID, WPlayerID, BPlayerID, WPlayer, BPlayer, WTitle, BTitle, WCountry, BCountry string
		WRating, BRating                                                               int
		WRatingK, BRatingK, WType, BType, Event, Site, TimeControl                     string
		Postal                                                                         bool
		Start, End                                                                     int64
		Result                                                                         rules.Color
		Unfinished                                                                     bool
		Termination                                                                    rules.Termination
		PlyCount                                                                       int
		Mode                                                                           string
		Rated, Corrupt                                                                 bool
		MoveList, Events                                                               string
	}
	unix := func(t time.Time) int64 {
		if t.IsZero() {
			return 0
		}
		return t.Unix()
	}
	f := func(g *ArchiveGame) typed {
		return typed{g.ID, g.WPlayerID, g.BPlayerID, g.WPlayer, g.BPlayer, g.WTitle, g.BTitle, g.WCountry, g.BCountry,
			g.WRating, g.BRating, g.WRatingK, g.BRatingK, g.WType, g.BType, g.Event, g.Site, g.TimeControl, g.Postal,
			unix(g.Start), unix(g.End), g.Result, g.Unfinished, g.Termination, g.PlyCount, g.Mode, g.Rated, g.Corrupt,
			strings.TrimRight(g.MoveList, "\n"), strings.TrimRight(g.Events, "\n")}
	}
	if x, y := f(a), f(b); x != y {
		return fmt.Sprintf("differs:\n got %+v\nwant %+v", x, y)
	}
	return ""
}
