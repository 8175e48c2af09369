package rules

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// MaxQuoted is how many bytes of an input Quote echoes.
const MaxQuoted = 200

// Quote writes a piece of input for an error message or a log line: in
// double quotes with Go's escapes, so control bytes and broken UTF-8 never
// reach a terminal raw, and cut after MaxQuoted bytes with the whole
// length said, so a 50 MB line makes a short message.
func Quote(s string) string {
	if len(s) <= MaxQuoted {
		return strconv.Quote(s)
	}
	cut := MaxQuoted
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return fmt.Sprintf("%s... (%d bytes)", strconv.Quote(s[:cut]), len(s))
}

// Echo writes a name from the input (a game id, a column name) as it is
// when it is short, printable text, and as Quote does otherwise, so the
// common case reads naturally and the odd one is still safe to print.
func Echo(s string) string {
	if len(s) <= MaxQuoted && utf8.ValidString(s) && !strings.ContainsFunc(s, func(r rune) bool { return !unicode.IsPrint(r) }) {
		return s
	}
	return Quote(s)
}

// QuoteByte writes one byte of input for a message: 'Q' when printable,
// otherwise its value, such as "byte 0x1b".
func QuoteByte(c byte) string {
	if c >= 0x20 && c < 0x7f {
		return strconv.QuoteRune(rune(c))
	}
	return fmt.Sprintf("byte 0x%02x", c)
}
