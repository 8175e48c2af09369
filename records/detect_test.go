package records

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestDetect(t *testing.T) {
	const start = "g [rrrrrrrrhdcemcdh                                HDCMECDHRRRRRRRR]"
	header := strings.Join(ArchiveColumns(), "\t")
	tests := []struct {
		name string
		text string
		want Kind
	}{
		{"empty", "", KindUnknown},
		{"blank lines", "\n  \n\t\n", KindUnknown},
		{"prose", "hello world\n", KindUnknown},
		{"long position", thesisPos, KindPosition},
		{"long position, no borders", "8b\n" + strings.Join(boardRanks(thesisPos), "\n") + "\n", KindPosition},
		{"long position, CRLF, BOM, indented", "\ufeff" + strings.ReplaceAll(indentAll(thesisPos, "    "), "\n", "\r\n"), KindPosition},
		{"long position, blank lines after", thesisPos + "\n\n  \n", KindPosition},
		{"long position, header without side", strings.Replace(thesisPos, "8b", "8", 1), KindPosition},
		{"record from a position", thesisPos + "8b rf5s\n", KindRecord},
		{"record from a position, side to move only", thesisPos + "8b\n", KindRecord},
		{"record from the setups", "1w Ra1 Rb1\n1b ra8 rb8\n2w Ra1n\n", KindRecord},
		{"record, g/s labels and indentation", "  1g Ra1\n  1s ra8\n", KindRecord},
		{"record, bare label", "1w\n", KindRecord},
		{"compact", start + "\n", KindCompact},
		{"compact list with comments", "# openings\n\n" + start + "\n" + start + "\n", KindCompact},
		{"compact, no side blank", "g[rrrrrrrrhdcemcdh                                HDCMECDHRRRRRRRR]", KindCompact},
		{"archive, official header", header + "\n1\t2\n", KindArchive},
		{"archive, header only", header, KindArchive},
		{"archive, BOM and CRLF", "\ufeff" + header + "\r\n", KindArchive},
		{"archive, two columns", "id\tmovelist\n7\t1w Ra1\n", KindArchive},
		{"archive, columns in another order", "event\tmovelist\tid\n", KindArchive},
		{"archive, indented header", "  id\tresult\n", KindArchive},
		{"tabs without the archive's columns", "a\tb\tc\td\te\tf\n", KindUnknown},
		{"id without a tab", "id\n", KindUnknown},
		{"archive header not on the first line", "\n" + header + "\n", KindUnknown},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Detect([]byte(tt.text)); got != tt.want {
				t.Errorf("Detect(%q) = %v, want %v", tt.text, got, tt.want)
			}
		})
	}
}

// TestDetectFiles checks Detect on the golden files and the example games,
// and that the reader it points to reads each of them.
func TestDetectFiles(t *testing.T) {
	want := map[string]Kind{
		"golden/archive.tsv":                      KindArchive,
		"golden/compact.txt":                      KindCompact,
		"golden/position_empty.txt":               KindPosition,
		"golden/position_start.txt":               KindPosition,
		"golden/position_thesis.txt":              KindPosition,
		"golden/record_goal.txt":                  KindRecord,
		"golden/record_position.txt":              KindRecord,
		"golden/record_setup_only.txt":            KindRecord,
		"golden/record_thesis.txt":                KindRecord,
		"from_position.txt":                       KindRecord,
		"game_goal.txt":                           KindRecord,
		"thesis_example.txt":                      KindRecord,
		"../../assets/games/sample_archive.tsv":   KindArchive,
		"../../assets/games/elimination.txt":      KindRecord,
		"../../assets/games/endgame_goal.txt":     KindRecord,
		"../../assets/games/goal_race.txt":        KindRecord,
		"../../assets/games/opening_skirmish.txt": KindRecord,
	}
	for name, kind := range want {
		data, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		if got := Detect(data); got != kind {
			t.Errorf("%s: Detect = %v, want %v", name, got, kind)
			continue
		}
		if err := readAs(kind, data); err != nil {
			t.Errorf("%s: detected as %v, but that reader says %v", name, kind, err)
		}
	}
}

// readAs reads data with the reader for kind.
func readAs(kind Kind, data []byte) error {
	switch kind {
	case KindPosition:
		_, err := ReadPosition(bytes.NewReader(data), "")
		return err
	case KindCompact:
		for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
			if _, err := ParseCompact(l); err != nil {
				return err
			}
		}
		return nil
	case KindRecord:
		_, err := ReadRecord(bytes.NewReader(data), "")
		return err
	case KindArchive:
		ar := NewArchiveReader(bytes.NewReader(data), "")
		for {
			if _, err := ar.Next(); err == io.EOF {
				return nil
			} else if err != nil {
				return err
			}
		}
	}
	return nil
}

// boardRanks gives the eight rank lines of a long position.
func boardRanks(pos string) []string {
	var out []string
	for _, l := range strings.Split(pos, "\n") {
		if len(l) > 1 && l[1] == '|' {
			out = append(out, l)
		}
	}
	return out
}

func indentAll(s, by string) string {
	lines := strings.Split(strings.TrimSuffix(s, "\n"), "\n")
	return by + strings.Join(lines, "\n"+by) + "\n"
}
