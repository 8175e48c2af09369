package viewer

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"arimaa-workbench/ats"
	"arimaa-workbench/engine/analysis"
	"arimaa-workbench/engine/rules"
)

// gatedAnalyser answers like fakeAnalyser once the test lets it, so the
// test goroutine is idle while the answer comes back through fyne.Do.
type gatedAnalyser struct {
	fakeAnalyser
	release chan struct{}
}

func (g *gatedAnalyser) Evaluate(ctx context.Context, gm *rules.Game, per time.Duration) (analysis.PositionEval, error) {
	<-g.release
	return g.fakeAnalyser.Evaluate(ctx, gm, per)
}

// TestNewTestForm: New test from here prefills the form from the game's
// next move, typed criteria are checked live (a bad atom, criteria the
// answer fails, with the reason), Save writes a TOML suite that ats reads
// back, and the engine's best move fills a second test added to it.
func TestNewTestForm(t *testing.T) {
	v, d, _, _ := newTestPanel(t)
	var saved []string
	v.OnTestSaved = func(path string) { saved = append(saved, path) }
	g := openGoalRace(t, v)
	v.Model.Seek(54) // before the goal
	v.changed()
	goal := g.PositionBefore(54).MoveString(g.Moves()[54])
	f := v.form
	v.NewTest()
	if v.tabs.Selected() != v.testTab {
		t.Fatal("the New test tab is not shown")
	}
	if f.answer.Text != goal || f.from.Selected != answerFromGame || !f.scoreGoal.Checked || f.bestMove.Text != "" {
		t.Fatalf("prefill: answer %q from %q, score goal %v, best move %q", f.answer.Text, f.from.Selected, f.scoreGoal.Checked, f.bestMove.Text)
	}
	if !ats.HasTag(f.tagsChosen(), "goal") || !strings.HasPrefix(f.result.Text, "✓") || f.newFile.Disabled() {
		t.Fatalf("tags %v, result %q", f.tagsChosen(), f.result.Text)
	}
	if len(v.Board.Overlays().PV) != 0 || len(f.board.Overlays().PV) == 0 {
		t.Errorf("the answer's arrows are not on the form's board")
	}

	// Live validation: a malformed atom, then criteria the answer fails.
	test.Type(f.pieces, "Ed9")
	if !strings.Contains(f.result.Text, "pieces: atom \"Ed9\"") || !f.addTo.Disabled() || !f.newFile.Disabled() {
		t.Errorf("bad atom: %q (save enabled: %v)", f.result.Text, !f.newFile.Disabled())
	}
	f.pieces.SetText("")
	test.Type(f.avoidMove, goal)
	if !strings.Contains(f.result.Text, "avoid move: the answer reaches the position of "+goal) || !f.newFile.Disabled() {
		t.Errorf("avoided answer: %q", f.result.Text)
	}
	f.avoidMove.SetText("")
	if !strings.HasPrefix(f.result.Text, "✓") {
		t.Fatalf("after clearing: %q", f.result.Text)
	}

	// Save as a new suite; ats reads it back.
	f.name.SetText("race-goal")
	test.Type(f.moreTags, "race")
	path := filepath.Join(t.TempDir(), "mine.toml")
	d.SavePath = path
	test.Tap(f.newFile)
	if len(d.Errors) > 0 || len(saved) != 1 || saved[0] != path {
		t.Fatalf("save: errors %v, told %v", d.Errors, saved)
	}
	s, errs := ats.LoadSuite(path)
	if len(errs) > 0 || len(s.Tests) != 1 {
		t.Fatalf("reload: %v", errs)
	}
	x := s.Tests[0]
	p54 := g.PositionBefore(54)
	if x.Name != "race-goal" || x.Solution != goal || !x.HasTag("goal") || !x.HasTag("race") || x.Position.AEIString() != p54.AEIString() || x.Criteria.String() != "score goal" {
		t.Errorf("the test read back: %+v", x)
	}
	// The same name again is refused.
	d.OpenPath = path
	test.Tap(f.addTo)
	if len(d.Errors) != 1 || !errors.Is(d.Errors[0], ats.ErrDuplicate) {
		t.Fatalf("duplicate name: %v", d.Errors)
	}

	// A second test from the engine's best move, added to the file.
	eng := &gatedAnalyser{release: make(chan struct{})}
	v.SetGameAnalyser(func() (analysis.Analyser, error) { return eng, nil })
	v.tabs.SelectIndex(0)
	v.Model.Seek(10)
	v.changed()
	v.NewTest()
	f.from.SetSelected(answerFromEngine)
	done := f.engineDone
	eng.release <- struct{}{}
	<-done
	gm, err := v.Model.GameAt()
	if err != nil {
		t.Fatal(err)
	}
	p10 := g.PositionBefore(10)
	best := p10.MoveString(gm.LegalMoves(nil)[0])
	if f.answer.Text != best || f.bestMove.Text != best {
		t.Fatalf("engine's answer %q, best move %q; want %q", f.answer.Text, f.bestMove.Text, best)
	}
	test.Tap(f.addTo)
	s, errs = ats.LoadSuite(path)
	if len(errs) > 0 || len(s.Tests) != 2 || s.Tests[1].Name != "test-"+rules.TurnLabel(p10.Turn(), p10.Side()) || s.Tests[1].Solution != best {
		t.Fatalf("after adding: %v, %d tests", errs, len(s.Tests))
	}
}
