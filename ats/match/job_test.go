package match

import (
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"arimaa-workbench/ats"
	"arimaa-workbench/engine/aei"
	"arimaa-workbench/engine/rules"
)

// TestGameJSON: a game sent as a job comes back the same, with its
// configuration, AEI options and opening.
func TestGameJSON(t *testing.T) {
	book := writeFile(t, t.TempDir(), "book.txt", "1w Ra1 Rb1 Rc1 Rd1 Re1 Rf1 Rg1 Rh1 Ha2 Db2 Cc2 Md2 Ee2 Cf2 Dg2 Hh2\n1b ra8 rb8 rc8 rd8 re8 rf8 rg8 rh8 ha7 db7 cc7 ed7 me7 cf7 dg7 hh7\n2w Ee2n Ee3n Ee4n Ee5w\n2b")
	ops, err := ReadOpenings(book, -1)
	if err != nil {
		t.Fatal(err)
	}
	tc, _ := ParseTimeControl("1s/30s/100/30s/10m")
	g := &Game{ID: 7, Engines: [2]ats.Spec{builtin(t, "base", "search.exploration=0.35", "threads=2"),
		{Name: "bot", Command: []string{"/bin/bot", "--x"}, Dir: "/opt/bot", Options: []aei.Option{{Name: "hash", Value: "64"}}, Env: []string{"A=b"}}},
		Opening: &ops[0], Seed: 99, Event: "e",
		Limits: Limits{TC: tc, Playouts: 5, Nodes: 6, MaxTurns: 7, MoveTimeout: 8, StartTimeout: 9, Grace: 10}}
	back, data := throughJSON[Game](t, g)
	if !reflect.DeepEqual(back.Engines[0].Config, g.Engines[0].Config) || back.Engines[0].Config.Search.Exploration != 0.35 || back.Engines[0].Threads != 2 {
		t.Errorf("builtin engine differs: %+v", back.Engines[0].Config.Search)
	}
	back.Engines[0].Config = g.Engines[0].Config
	back.Engines[0].Named, back.Engines[1].Named = g.Engines[0].Named, g.Engines[1].Named
	bo, _ := back.Opening.Game()
	wo, _ := g.Opening.Game()
	if bo.Position() != wo.Position() || len(bo.Moves()) != 1 || back.Opening.Name != g.Opening.Name {
		t.Errorf("opening differs: %+v", back.Opening)
	}
	back.Opening = g.Opening
	if !reflect.DeepEqual(&back, g) {
		t.Errorf("got %+v\nwant %+v", back, *g)
	}
	if cmds := g.Commands(); len(cmds) != 1 || cmds[0] != "/bin/bot" {
		t.Errorf("commands %q", cmds)
	}

	// A key this build does not know is refused, naming it.
	bad := strings.Replace(string(data), "exploration = ", "no_such_key = 1\\nexploration = ", 1)
	if err := json.Unmarshal([]byte(bad), &back); err == nil || !strings.Contains(err.Error(), "no_such_key") {
		t.Errorf("unknown key: %v", err)
	}
}

// TestResultJSON: a played game's result goes over the wire with its
// archive row, faults and standings fields.
func TestResultJSON(t *testing.T) {
	r := mustRunner(t, builtinConfig(t, "", 1))
	g := r.game(r.plan[0])
	g.Limits.MaxTurns = 2
	res, err := NewSlot("here").Play(context.Background(), g)
	if err != nil {
		t.Fatal(err)
	}
	res.Faults = []EngineFault{{Side: rules.Silver, Err: errorString("crashed"), Start: true}}
	back, _ := throughJSON[GameResult](t, res)
	// The archive format keeps no final line break in a field.
	if back.Archive.MoveList != strings.TrimSuffix(res.Archive.MoveList, "\n") || back.Archive.Site != "here" || back.Archive.Events != res.Archive.Events ||
		back.Reason != res.Reason || back.Kind != "adjudication" || back.Termination != res.Termination || back.Moves != 4 ||
		back.Started != [2]bool{true, true} || len(back.Faults) != 1 || back.Faults[0].Err.Error() != "crashed" || !back.Faults[0].Start {
		t.Errorf("got %+v\nwant %+v", back, *res)
	}
	if err := json.Unmarshal([]byte(`{"id":1,"termination":"s","archive":"nonsense"}`), &back); err == nil {
		t.Error("a result without an archive row was read")
	}
}

// throughJSON writes v as JSON and reads it back as a T, as a job or a
// result goes over the wire; it returns the JSON too.
func throughJSON[T any](t *testing.T, v any) (T, []byte) {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var back T
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	return back, data
}

type errorString string

func (e errorString) Error() string { return string(e) }
