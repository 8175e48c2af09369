package enginepanel

import (
	"strings"
	"testing"
	"time"

	"arimaa-workbench/engine/aei"
	"arimaa-workbench/engine/aei/aeitest"
	"arimaa-workbench/engine/analysis"
	"arimaa-workbench/engine/rules"
)

// TestMain lets the test binary act as a fake AEI engine when re-executed.
func TestMain(m *testing.M) { aeitest.Main(m.Run) }

// fakeAEI is a fake AEI engine with the given habits ("plain" for none).
func fakeAEI(t *testing.T, habits string) *aei.External {
	cmd, env, err := aeitest.Command(habits)
	if err != nil {
		t.Fatal(err)
	}
	return aei.NewExternal("fake AEI", aei.Config{
		Command:      cmd,
		Env:          env,
		StartTimeout: 10 * time.Second,
		Grace:        2 * time.Second,
	})
}

func TestExternalEngineInPanel(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a process")
	}
	p, _ := newTestPanel(t, fakeAEI(t, "plain"))
	p.timeEntry.SetText("1")
	p.Sync()
	p.start()
	p.model.Wait()
	p.Sync()
	st := p.model.State()
	if st.Err != nil {
		t.Fatalf("analysis failed: %v\nraw: %q", st.Err, st.Raw)
	}
	if st.Report.Best.N == 0 {
		t.Fatalf("no best move; raw output %q", st.Raw)
	}
	var sawInfo, sawBest bool
	for _, l := range p.rawLines {
		sawInfo = sawInfo || strings.HasPrefix(l, "info ")
		sawBest = sawBest || strings.HasPrefix(l, "bestmove ")
	}
	if !sawInfo || !sawBest {
		t.Errorf("raw output lacks info or bestmove lines: %q", p.rawLines)
	}
	if p.figures[6].Text == "—" {
		t.Error("best move not shown")
	}
}

func TestExternalEngineCrash(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a process")
	}
	m := NewModel()
	if err := m.Start(fakeAEI(t, "crash"), startGame(), analysis.Limits{Time: time.Second}); err != nil {
		t.Fatal(err)
	}
	m.Wait()
	if st := m.State(); st.Err == nil {
		t.Errorf("a crashing engine gave no error; raw %q", st.Raw)
	}
}

// FuzzPVLine: whatever an engine writes, the PV read from it
// (rules.ParsePV) shows in full on the board.
func FuzzPVLine(f *testing.F) {
	f.Add("Ee2n Ee3n Ee4n Ee5w b me7s me6w")
	f.Add("Ee2n 2b me7s rc3x 3w Ra1n")
	f.Add("w b g s 12 x")
	f.Fuzz(func(t *testing.T, text string) {
		start := rules.StartPosition()
		pv, _ := rules.ParsePV(start, text)
		l := PVLine(start, analysis.Report{PV: pv})
		if len(l.Steps) != len(pv) {
			t.Fatalf("%q: %d steps read but only %d replay", text, len(pv), len(l.Steps))
		}
	})
}
