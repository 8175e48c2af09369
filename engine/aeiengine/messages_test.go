package aeiengine

import (
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
	"testing"
	"testing/iotest"
)

// readAll reads every message of in, writing a message too long as
// "!LINE:SIZE"; it stops at the first other error, which it returns.
func readAll(in io.Reader, max int) ([]string, error) {
	m := newMessageReader(in, max)
	var out []string
	for {
		msg, err := m.next()
		var tl *tooLongError
		switch {
		case errors.As(err, &tl):
			out = append(out, fmt.Sprintf("!%d:%d", tl.line, tl.size))
		case err == io.EOF:
			return out, nil
		case err != nil:
			return out, err
		default:
			out = append(out, msg)
		}
	}
}

func TestMessageReader(t *testing.T) {
	long := strings.Repeat("x", 40)
	tests := []struct {
		name, in string
		want     []string
	}{
		{"empty", "", nil},
		{"lines", "aei\nisready\n", []string{"aei", "isready"}},
		{"crlf and a last line without newline", "aei\r\ngo", []string{"aei", "go"}},
		{"empty lines", "\n\r\n\n", []string{"", "", ""}},
		{"exactly the limit", strings.Repeat("y", 8) + "\r\n", []string{strings.Repeat("y", 8)}},
		{"one over the limit", strings.Repeat("y", 9) + "\nisready\n", []string{"!1:9", "isready"}},
		{"longer than the buffer, then more", "go\n" + long + "\nstop\n", []string{"go", "!2:40", "stop"}},
		{"long at the end without newline", "go\n" + long, []string{"go", "!2:40"}},
		{"two long lines", long + "\r\n" + long + "\n", []string{"!1:40", "!2:40"}},
	}
	for _, tc := range tests {
		got, err := readAll(strings.NewReader(tc.in), 8)
		if err != nil || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: %q, %v; want %q", tc.name, got, err, tc.want)
		}
		// Byte by byte the same: nothing depends on how the input arrives.
		if got, err := readAll(iotest.OneByteReader(strings.NewReader(tc.in)), 8); err != nil || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s, one byte at a time: %q, %v", tc.name, got, err)
		}
	}
}

// TestMessageReaderReadError: a failing input ends the reading with its
// error, also in the middle of a line too long.
func TestMessageReaderReadError(t *testing.T) {
	boom := errors.New("boom")
	for _, in := range []string{"", "go\n", strings.Repeat("x", 50)} {
		got, err := readAll(io.MultiReader(strings.NewReader(in), iotest.ErrReader(boom)), 8)
		if !errors.Is(err, boom) {
			t.Errorf("%q: %q, %v; want the read error", in, got, err)
		}
	}
}

// FuzzMessageReader: the reader gives what splitting the whole input at
// each newline gives, a piece over the limit as an error naming its line
// and size.
func FuzzMessageReader(f *testing.F) {
	f.Add([]byte("aei\r\nisready\n"), uint8(4))
	f.Add([]byte("xxxxxxxxxx\nok"), uint8(3))
	f.Add([]byte("\r\r\n\n"), uint8(0))
	f.Fuzz(func(t *testing.T, in []byte, max uint8) {
		limit := int(max % 32)
		var want []string
		text := string(in)
		if text != "" {
			pieces := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
			for i, p := range pieces {
				p = strings.TrimSuffix(p, "\r")
				if len(p) > limit {
					p = fmt.Sprintf("!%d:%d", i+1, len(p))
				}
				want = append(want, p)
			}
		}
		got, err := readAll(strings.NewReader(text), limit)
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Fatalf("limit %d, %q: %q, %v; want %q", limit, text, got, err, want)
		}
	})
}
