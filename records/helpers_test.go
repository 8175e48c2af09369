package records

import (
	"errors"
	"os"
	"strings"
	"testing"

	"arimaa-workbench/engine/rules"
)

// readTestdata returns a file of testdata as text.
func readTestdata(t testing.TB, name string) string {
	t.Helper()
	b, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// addTestdata adds files of testdata to a fuzz target's seeds.
func addTestdata(f *testing.F, names ...string) {
	f.Helper()
	for _, name := range names {
		f.Add(readTestdata(f, name))
	}
}

// mustRecord reads a record, failing the test if it cannot.
func mustRecord(t testing.TB, text string) *Record {
	t.Helper()
	rec, err := ParseRecord(text)
	if err != nil {
		t.Fatalf("ParseRecord: %v", err)
	}
	return rec
}

// mustGame replays a record under the rules.
func mustGame(t testing.TB, text string) *rules.Game {
	t.Helper()
	g, err := mustRecord(t, text).Game()
	if err != nil {
		t.Fatalf("Game: %v", err)
	}
	return g
}

// mustTree reads an annotated record.
func mustTree(t testing.TB, text string) *Tree {
	t.Helper()
	tr, err := mustRecord(t, text).Tree()
	if err != nil {
		t.Fatalf("Tree: %v", err)
	}
	return tr
}

// readBack reads a record that a writer wrote, failing the test if it
// does not read.
func readBack(t *testing.T, text string) *Record {
	t.Helper()
	rec, err := ParseRecord(text)
	if err != nil {
		t.Fatalf("reading back\n%s: %v", text, err)
	}
	return rec
}

// refused reports whether a reader refused its input (err is not nil),
// failing the test when the error is not a *ParseError.
func refused(t *testing.T, err error) bool {
	t.Helper()
	if err == nil {
		return false
	}
	var pe *ParseError
	if !errors.As(err, &pe) {
		t.Fatalf("error %v is a %T, not a *ParseError", err, err)
	}
	return true
}

// checkParseError checks that err is a *ParseError at line and column,
// matching kind, with exactly the message msg.
func checkParseError(t *testing.T, err error, line, col int, kind error, msg string) {
	t.Helper()
	var pe *ParseError
	if !errors.As(err, &pe) {
		t.Fatalf("error %v (%T) is not a *ParseError", err, err)
	}
	if pe.Line != line || pe.Column != col {
		t.Errorf("at line %d, column %d; want line %d, column %d (%v)", pe.Line, pe.Column, line, col, err)
	}
	if !errors.Is(err, kind) {
		t.Errorf("error %q does not match %v", err, kind)
	}
	if err.Error() != msg {
		t.Errorf("message\n %q\nwant\n %q", err.Error(), msg)
	}
}

// parseErrorCase is a text a reader must refuse with the error described.
type parseErrorCase struct {
	name      string
	text      string
	line, col int
	kind      error
	msg       string
}

// checkParseErrors checks the error read gives for each case's text.
func checkParseErrors(t *testing.T, cases []parseErrorCase, read func(text string) error) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			checkParseError(t, read(tc.text), tc.line, tc.col, tc.kind, tc.msg)
		})
	}
}

// archiveText writes games as an archive.
func archiveText(t *testing.T, games []*ArchiveGame) string {
	t.Helper()
	var b strings.Builder
	w := NewArchiveWriter(&b)
	for _, g := range games {
		if err := w.Write(g); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// benchOps runs op b.N times and reports allocations and ops a second
// as unit.
func benchOps(b *testing.B, unit string, op func() error) {
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := op(); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), unit)
}
