package config

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// QuoteTOML writes s as a TOML basic string: quotes and backslashes
// escaped, control characters as TOML's escapes, and invalid UTF-8 (which
// TOML cannot hold) as U+FFFD. strconv.Quote is not the same: it writes
// Go's \a, \v and \x escapes, which a TOML reader refuses.
func QuoteTOML(s string) string {
	s = strings.ToValidUTF8(s, string(utf8.RuneError))
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\r':
			b.WriteString(`\r`)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\u%04X`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}
