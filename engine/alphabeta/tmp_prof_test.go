package alphabeta

import (
	"testing"

	"arimaa-workbench/engine/rules"
)

func TestTmpProf(t *testing.T) {
	p, err := rules.ParseAEIPosition("s [hr r r r Mr  d  ce    R rC  cEmr     dH   D   Dr  R  CR RR R R R]")
	if err != nil {
		t.Fatal(err)
	}
	r := search(t, p, 9, nil, false)
	t.Logf("%s nodes %d score %d", r.Best, r.Report.Nodes, r.Report.Score)
}
