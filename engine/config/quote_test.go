package config

import (
	"testing"

	"github.com/BurntSushi/toml"
)

func TestQuoteTOMLReadsBack(t *testing.T) {
	for _, s := range []string{"", "plain", `a "quoted" \ word`, "line\nbreak\ttab\r", "bell\a vt\v nul\x00 del\x7f", "ünïcode ✓", "bad \xff byte"} {
		var v struct{ V string }
		if _, err := toml.Decode("V = "+QuoteTOML(s), &v); err != nil {
			t.Errorf("%q: %s does not read: %v", s, QuoteTOML(s), err)
			continue
		}
		want := s
		if s == "bad \xff byte" {
			want = "bad \uFFFD byte"
		}
		if v.V != want {
			t.Errorf("%q read back as %q", s, v.V)
		}
	}
}
