package aei

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

func TestSplitCommand(t *testing.T) {
	tests := []struct {
		in   string
		want []string
		err  string
	}{
		{"bot", []string{"bot"}, ""},
		{"  /opt/bot  --quiet -c x.cfg ", []string{"/opt/bot", "--quiet", "-c", "x.cfg"}, ""},
		{`"/my engines/bot" 'a b' c\ d`, []string{"/my engines/bot", "a b", "c d"}, ""},
		{`x "say \"hi\"" 'it''s'`, []string{"x", `say "hi"`, "its"}, ""},
		{`x ""`, []string{"x", ""}, ""},
		{"", nil, ""},
		{`bot 'open`, nil, "column 5: the single quote is never closed"},
		{`bot "open`, nil, "column 5: the double quote is never closed"},
		{`bot \`, nil, "column 5: a backslash ends the line"},
		{"bot\nx", nil, "column 4: the command line spans lines"},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			got, err := SplitCommand(tc.in)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) || !errors.Is(err, ErrCommand) {
					t.Fatalf("error %v, want one containing %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

// FuzzSplitCommand: a line that splits gives words that, joined again
// with JoinCommand, split back into the same words.
func FuzzSplitCommand(f *testing.F) {
	for _, s := range []string{"bot -c x.cfg", `"/my engines/bot" 'a b' c\ d`, `x "say \"hi\"" 'it''s' ""`, "'open", "a\tb\\"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		words, err := SplitCommand(line)
		if err != nil {
			if !errors.Is(err, ErrCommand) {
				t.Fatalf("%q: error %v does not wrap ErrCommand", line, err)
			}
			return
		}
		again, err := SplitCommand(JoinCommand(words))
		if err != nil || !reflect.DeepEqual(again, words) && len(words) > 0 {
			t.Fatalf("%q split into %q, which quoted splits into %q, %v", line, words, again, err)
		}
	})
}

func TestSplitProgram(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"bot", []string{"bot"}},
		{"  akimot/akimot -c akimot/akimot.cfg ", []string{"akimot/akimot", "-c", "akimot/akimot.cfg"}},
		{`'/opt/my bot/run' --x "a b" c\ d ''`, []string{"/opt/my bot/run", "--x", "a b", "c d", ""}},
	} {
		got, err := SplitProgram(tc.in)
		if err != nil || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("SplitProgram(%q) = %q, %v", tc.in, got, err)
		}
	}
	for _, bad := range []string{"", "  ", "'open", `trailing\`} {
		if _, err := SplitProgram(bad); !errors.Is(err, ErrCommand) {
			t.Errorf("SplitProgram(%q): error %v", bad, err)
		}
	}
}
