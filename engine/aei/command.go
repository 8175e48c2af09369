package aei

import (
	"errors"
	"fmt"
	"strings"
)

// ErrCommand is wrapped by the errors of SplitCommand.
var ErrCommand = errors.New("bad command line")

// SplitCommand splits a command line into words the way a POSIX shell does
// for plain words: blanks separate words, single quotes keep everything
// literally, double quotes keep blanks and allow \" and \\, and a backslash
// outside quotes escapes the next character. An unclosed quote, a trailing
// backslash or a line break outside quotes is an error wrapping ErrCommand
// that names its column (1-based). A blank line gives no words and no
// error: callers that need a program say so. Every part of the workbench
// that starts an engine from a command line splits it here.
func SplitCommand(s string) ([]string, error) {
	var words []string
	var cur strings.Builder
	inWord := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t':
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		case c == '\'':
			end := strings.IndexByte(s[i+1:], '\'')
			if end < 0 {
				return nil, fmt.Errorf("%w: column %d: the single quote is never closed", ErrCommand, i+1)
			}
			cur.WriteString(s[i+1 : i+1+end])
			i += end + 1
			inWord = true
		case c == '"':
			j := i + 1
			for ; j < len(s) && s[j] != '"'; j++ {
				if s[j] == '\\' && j+1 < len(s) && (s[j+1] == '"' || s[j+1] == '\\') {
					j++
				}
				cur.WriteByte(s[j])
			}
			if j >= len(s) {
				return nil, fmt.Errorf("%w: column %d: the double quote is never closed", ErrCommand, i+1)
			}
			i = j
			inWord = true
		case c == '\\':
			if i+1 >= len(s) {
				return nil, fmt.Errorf("%w: column %d: a backslash ends the line", ErrCommand, i+1)
			}
			i++
			cur.WriteByte(s[i])
			inWord = true
		case c == '\n' || c == '\r':
			return nil, fmt.Errorf("%w: column %d: the command line spans lines", ErrCommand, i+1)
		default:
			cur.WriteByte(c)
			inWord = true
		}
	}
	if inWord {
		words = append(words, cur.String())
	}
	return words, nil
}

// SplitProgram is SplitCommand for a command line that must start an
// engine: a blank line is an error wrapping ErrCommand too.
func SplitProgram(s string) ([]string, error) {
	words, err := SplitCommand(s)
	if err == nil && len(words) == 0 {
		err = fmt.Errorf("%w: the command line is empty", ErrCommand)
	}
	return words, err
}

// QuoteWord writes s as one word that SplitCommand, and a POSIX shell,
// read back as s: unchanged when it holds only letters, digits and
// -_./=:,+@%, otherwise in single quotes.
func QuoteWord(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_./=:,+@%", r))
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// JoinCommand writes words as one command line that SplitCommand splits
// back into the same words (QuoteWord each, blank-separated).
func JoinCommand(words []string) string {
	quoted := make([]string, len(words))
	for i, w := range words {
		quoted[i] = QuoteWord(w)
	}
	return strings.Join(quoted, " ")
}
