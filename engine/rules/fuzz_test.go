package rules

import "testing"

func FuzzParseAEIPosition(f *testing.F) {
	f.Add("g [rrrrrrrrhdcemcdh                                HDCMECDHRRRRRRRR]")
	f.Add("s [r rrrr   r e crrc dhE  h        RD  m d  R C M DH  RRCH    RR RR]")
	f.Add("w [....x...]")
	f.Add("b[" + string(make([]byte, 64)) + "]")
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParseAEIPosition(s)
		if err != nil {
			if _, ok := err.(*CompactError); !ok {
				t.Fatalf("error %T is not a *CompactError", err)
			}
			return
		}
		out := p.AEIString()
		q, err := ParseAEIPosition(out)
		if err != nil {
			t.Fatalf("re-reading %q: %v", out, err)
		}
		if q.Board() != p.Board() || q.Side() != p.Side() || q.AEIString() != out {
			t.Fatalf("round trip changed %q to %q", out, q.AEIString())
		}
	})
}

func FuzzParseToken(f *testing.F) {
	for _, s := range []string{"Ee2n", "rc3x", "Ra1", "hh7w", "Qa1", "Ea9n", "Ea1q", "Ea1w"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		tok, err := ParseToken(s)
		if err != nil {
			return
		}
		if got := tok.String(); got != s {
			t.Fatalf("ParseToken(%q).String() = %q", s, got)
		}
		if tok.Kind == TokenStep {
			st := tok.Step()
			if !st.To().Valid() || st.To().Neighbors()&st.From().Bit() == 0 {
				t.Fatalf("step %q leads off the board", s)
			}
		}
	})
}

func TestCompactErrors(t *testing.T) {
	cases := []struct{ in, want string }{
		{"", "column 1: empty line"},
		{"q [", "column 1: 'q' is not a side"},
		{"g rr", "column 3: expected '['"},
		{"g [rrQ", "column 6: 'Q' is not an Arimaa piece"},
		{"g [rr]", "column 6: the board ends after 2 squares"},
		{"g [rrrrrrrrhdcemcdh                                HDCMECDHRRRRRRRR] x", "column 70: unexpected"},
	}
	for _, c := range cases {
		_, err := ParseAEIPosition(c.in)
		if err == nil || len(err.Error()) < len(c.want) || err.Error()[:len(c.want)] != c.want {
			t.Errorf("ParseAEIPosition(%q) error = %v, want prefix %q", c.in, err, c.want)
		}
	}
}
