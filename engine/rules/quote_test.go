package rules

import (
	"strings"
	"testing"
)

func TestQuote(t *testing.T) {
	long := strings.Repeat("x", 50<<20)
	tests := []struct {
		in, want string
	}{
		{"Ra1n", `"Ra1n"`},
		{"\x1b[31m\x07", `"\x1b[31m\a"`},
		{"\xff\xfe", `"\xff\xfe"`},
		{strings.Repeat("é", 150), `"` + strings.Repeat("é", 100) + `"... (300 bytes)`},
		{long, `"` + strings.Repeat("x", MaxQuoted) + `"... (52428800 bytes)`},
	}
	for _, tc := range tests {
		if got := Quote(tc.in); got != tc.want {
			t.Errorf("Quote(%.20q...) = %.60s..., want %.60s...", tc.in, got, tc.want)
		}
	}
	for in, want := range map[string]string{"4711": "4711", "game 1 (rated)": "game 1 (rated)", "a\tb": `"a\tb"`, "\x1b[2J": `"\x1b[2J"`, long: Quote(long)} {
		if got := Echo(in); got != want {
			t.Errorf("Echo(%.20q) = %.60s, want %.60s", in, got, want)
		}
	}
	for c, want := range map[byte]string{'Q': "'Q'", 0x1b: "byte 0x1b", 0xff: "byte 0xff", '\'': `'\''`} {
		if got := QuoteByte(c); got != want {
			t.Errorf("QuoteByte(%#x) = %s, want %s", c, got, want)
		}
	}
}
