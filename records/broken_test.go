package records

import (
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

// TestArchiveBroken: a bad row leaves the archive readable; its end, a
// bad header or a read error does not.
func TestArchiveBroken(t *testing.T) {
	const header = "id\twplayer\tbplayer\tmovelist\n"
	boom := errors.New("boom")
	tests := []struct {
		name string
		in   io.Reader
		want []string // per Next: "game ID", "row", "broken" or "end"
	}{
		{"a bad row", strings.NewReader(header + "1\ta\tb\n2\ta\tb\t1w Ra1\n"), []string{"row", "game 2", "end"}},
		{"a header naming a column twice", strings.NewReader("id\tmovelist\tid\n1\t1w Ra1\t1\n"), []string{"broken", "broken"}},
		{"no header", strings.NewReader(""), []string{"broken", "broken"}},
		{"a read error", io.MultiReader(strings.NewReader(header+"1\ta\tb\t1w Ra1\n"), iotest.ErrReader(boom)), []string{"game 1", "broken", "broken"}},
	}
	for _, tc := range tests {
		ar := NewArchiveReader(tc.in, "a.txt")
		var got []string
		for range tc.want {
			ag, err := ar.Next()
			switch {
			case err == io.EOF && ar.Broken():
				got = append(got, "end")
			case err != nil && ar.Broken():
				got = append(got, "broken")
			case err != nil:
				got = append(got, "row")
			default:
				got = append(got, "game "+ag.ID)
			}
		}
		if strings.Join(got, ",") != strings.Join(tc.want, ",") {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}
