package ats

import (
	"strings"
	"testing"

	"arimaa-workbench/records"
)

// capturePosition: Gold's elephant can push the lone Silver camel on c5
// into the trap on c6; Silver's rabbit on b2 threatens to score on b1.
const capturePosition = `10w
 +-----------------+
8| . . . . . . . . |
7| . . . . . . . r |
6| . . x . . x . . |
5| . . m . . . . . |
4| . . E . . . . . |
3| . . x . . x . . |
2| . r . . . . . . |
1| R . . . . . . . |
 +-----------------+
   a b c d e f g h
`

// TestTestDraft: Suggest fills the criteria from the answer, and Check
// tells why an answer fails them.
func TestTestDraft(t *testing.T) {
	p, err := records.ParseAny(capturePosition)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, answer string
		edit         func(*TestDraft)
		wantErr      string   // part of Suggest's or Check's error
		want         []string // parts of the reasons, none for a pass
		captures     string   // the captures Suggest fills in
	}{
		{name: "push", answer: "mc5w Ec4n"},
		{name: "push into the trap", answer: "mc5n Ec4n", captures: "mc6"},
		{name: "illegal answer", answer: "Ec4s Ec3s Ec2s Ec1s Ec0s", wantErr: "Answer:"},
		{name: "prevent goal fails", answer: "mc5n Ec4n", captures: "mc6", edit: func(d *TestDraft) { d.PreventGoal = true },
			want: []string{"prevent goal: after the answer silver can still score a goal"}},
		{name: "piece not there", answer: "mc5n Ec4n", captures: "mc6", edit: func(d *TestDraft) { d.Pieces = "Ec6 !Ec5" },
			want: []string{"Ec6: after the answer E is not on c6", "!Ec5: after the answer E still stands on c5"}},
		{name: "no name", answer: "mc5n Ec4n", captures: "mc6", edit: func(d *TestDraft) { d.Name = " " }, wantErr: "Name:"},
		{name: "win ratio out of range", answer: "mc5n Ec4n", captures: "mc6", edit: func(d *TestDraft) { d.WinRatio = "2" }, wantErr: "Win ratio at least"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := &TestDraft{Name: "x", Position: p, Answer: tc.answer}
			err := d.Suggest()
			if err == nil && (d.Captures != tc.captures || d.NoLoss != (tc.captures != "") || d.BestMove != tc.answer) {
				t.Errorf("suggested captures %q, no loss %v, best move %q", d.Captures, d.NoLoss, d.BestMove)
			}
			if err == nil && tc.edit != nil {
				tc.edit(d)
			}
			var why []string
			if err == nil {
				_, why, err = d.Check()
			}
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("error %v, want %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if strings.Join(why, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("reasons %q, want %q", why, tc.want)
			}
		})
	}
}

// TestTestDraftPreventCapture: the silver camel threatens to push the
// frozen horse on e3 into a trap. An answer that meets the threat gets
// prevent capture suggested; one that does not fails it, with the reason.
func TestTestDraftPreventCapture(t *testing.T) {
	p, err := records.ParseAny(`20w
 +-----------------+
8| r . . . . . . . |
7| . . . . . . . . |
6| . . x . . x . . |
5| . . . . . . . . |
4| . . . . m . . . |
3| . . x . H x . . |
2| . . . . . . D . |
1| R . . . E . . . |
 +-----------------+
   a b c d e f g h
`)
	if err != nil {
		t.Fatal(err)
	}
	d := &TestDraft{Name: "x", Position: p, Answer: "Ee1n He3w Ee2n Hd3n"}
	if err := d.Suggest(); err != nil {
		t.Fatal(err)
	}
	if !d.PreventCapture || !d.NoLoss || !HasTag(d.Tags, "prevent-capture") {
		t.Errorf("suggested prevent capture %v, no loss %v, tags %q", d.PreventCapture, d.NoLoss, d.Tags)
	}
	d = &TestDraft{Name: "x", Position: p, Answer: "Dg2n"}
	if err := d.Suggest(); err != nil {
		t.Fatal(err)
	}
	if d.PreventCapture {
		t.Error("prevent capture suggested for an answer that leaves the horse to be taken on c3")
	}
	d.PreventCapture = true
	_, why, err := d.Check()
	want := "prevent capture: after the answer silver can still capture a piece of gold's"
	if err != nil || len(why) != 1 || why[0] != want {
		t.Errorf("reasons %q, %v; want %q", why, err, want)
	}
}

// TestTestDraftVerdict: the form's sentence for each outcome of Check, and
// whether the test may be saved.
func TestTestDraftVerdict(t *testing.T) {
	p, err := records.ParseAny(capturePosition)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		draft TestDraft
		ok    bool
		text  string
	}{
		{"passes", TestDraft{Name: "x", Position: p, Answer: "mc5n  Ec4n", Captures: "mc6"}, true,
			"✓ The answer mc5n Ec4n satisfies the criteria."},
		{"no answer", TestDraft{Name: "x", Position: p, ScoreGoal: true}, true,
			"✓ The criteria are valid. With no answer they are not checked against a move."},
		{"fails two criteria", TestDraft{Name: "x", Position: p, Answer: "mc5w Ec4n", Captures: "mc6", PreventGoal: true}, false,
			"✗ The answer does not satisfy the criteria:\n• prevent goal: after the answer silver can still score a goal\n• captures mc6: the answer makes no such capture"},
		{"invalid", TestDraft{Position: p}, false, "✗ Name: a test needs a name"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			test, ok, text := tc.draft.Verdict()
			if ok != tc.ok || text != tc.text || (ok && test == nil) {
				t.Errorf("Verdict: %v %q, want %v %q", ok, text, tc.ok, tc.text)
			}
		})
	}
}

func TestAddTags(t *testing.T) {
	tests := []struct {
		tags []string
		more string
		want string
	}{
		{nil, "", ""},
		{[]string{"goal"}, " endgame  goal ", "goal endgame"},
		{nil, "a b a", "a b"},
	}
	for _, tc := range tests {
		if got := strings.Join(AddTags(tc.tags, tc.more), " "); got != tc.want {
			t.Errorf("AddTags(%q, %q) = %q, want %q", tc.tags, tc.more, got, tc.want)
		}
	}
}
