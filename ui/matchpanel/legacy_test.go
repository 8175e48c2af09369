package matchpanel

import (
	"reflect"
	"testing"

	"fyne.io/fyne/v2/test"

	"arimaa-workbench/ui/engines"
)

// oldSaved is the form as a version that called the builtin engine
// "Embedded MCTS" in its lists kept it in the preferences: the engine by
// that name, a configuration of it named wide, and an external engine.
const oldSaved = `{"Lineup":[` +
	`{"Choice":"Embedded MCTS","Text":"","Name":"Embedded MCTS"},` +
	`{"Choice":"Embedded MCTS","Text":"search.exploration=0.3 name=wide","Name":"wide"},` +
	`{"Choice":"bot","Text":"","Name":"bot"}],` +
	`"Form":{"Gauntlet":false,"TC":"","Playouts":"50","Games":"4","Jobs":"1","MaxTurns":"","Seed":"7",` +
	`"Openings":"","SetupPly":"","SPRT":false,"Elo0":"0","Elo1":"10","Alpha":"0.05","Beta":"0.05",` +
	`"Out":"/tmp/old-match.txt"},"AutoOut":""}`

// TestOldLineupStillLoads: a lineup saved under the builtin engine's old
// name comes back naming the builtin choice, and its engines keep the
// names the old match archive gave its players, so Resume still matches
// them.
func TestOldLineupStillLoads(t *testing.T) {
	a := test.NewTempApp(t)
	a.Preferences().SetString(prefKey, oldSaved)
	p := New(Options{Engines: testChoices, Prefs: a.Preferences(), Manual: true})
	defer p.Close()
	if len(p.lineup) != 3 {
		t.Fatalf("restored lineup %+v, want 3 entries", p.lineup)
	}
	for i, want := range []string{"Builtin", "Builtin", "bot"} {
		if p.lineup[i].Choice != want {
			t.Errorf("entry %d chooses %q, want %q", i+1, p.lineup[i].Choice, want)
		}
	}
	specs, err := Specs(p.engines, p.lineup)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, s := range specs {
		names = append(names, s.Name)
	}
	if want := []string{"Embedded MCTS", "wide", "bot"}; !reflect.DeepEqual(names, want) {
		t.Errorf("engine names %q, want %q (the old archive's players)", names, want)
	}
	if !specs[0].Builtin || !specs[1].Builtin || specs[1].Config.Search.Exploration != 0.3 || specs[2].Builtin {
		t.Errorf("specs %+v", specs)
	}
	if p.playouts.Text != "50" || p.out.Text != "/tmp/old-match.txt" {
		t.Errorf("form: playouts %q, out %q", p.playouts.Text, p.out.Text)
	}
}

// TestUpgradeEntry: only the old name of the builtin engine is changed,
// and only when the list has a builtin engine and no engine of that name.
func TestUpgradeEntry(t *testing.T) {
	builtin := engines.Choice{Name: "Builtin", Builtin: true}
	external := engines.Choice{Name: legacyBuiltin}
	bot := engines.Choice{Name: "bot"}
	old := Entry{Choice: legacyBuiltin, Name: legacyBuiltin}
	renamed := Entry{Choice: legacyBuiltin, Text: "name=fast", Name: "fast"}
	tests := []struct {
		name    string
		choices []engines.Choice
		in      Entry
		want    Entry
	}{
		{"old name", []engines.Choice{builtin, bot}, old,
			Entry{Choice: "Builtin", Text: "name='Embedded MCTS'", Name: legacyBuiltin}},
		{"old name, own name", []engines.Choice{bot, builtin}, renamed,
			Entry{Choice: "Builtin", Text: "name=fast", Name: "fast"}},
		{"an external engine of that name", []engines.Choice{builtin, external}, old, old},
		{"no builtin engine", []engines.Choice{bot}, old, old},
		{"another choice", []engines.Choice{builtin, bot}, Entry{Choice: "bot", Name: "bot"}, Entry{Choice: "bot", Name: "bot"}},
	}
	for _, tc := range tests {
		if got := tc.in.upgrade(tc.choices); got != tc.want {
			t.Errorf("%s: %+v, want %+v", tc.name, got, tc.want)
		}
	}
}
