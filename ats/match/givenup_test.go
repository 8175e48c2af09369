package match

import (
	"context"
	"path/filepath"
	"testing"
)

// givingUp is an Executor that gives every game up, as a distributed
// match does with a game whose workers all vanish.
type givingUp struct{}

func (givingUp) Execute(_ context.Context, games []*Game, to Reporter) error {
	for _, g := range games {
		to.Done(g.GivenUpResult("given up after 5 deliveries: test"))
	}
	return nil
}

// TestGivenUp: games given up are in the output, replayable (from their
// opening, when they have one), counted as played and under their ending
// but for neither engine, and a resumed match counts them the same.
func TestGivenUp(t *testing.T) {
	openings, err := ReadOpenings("../../assets/games/sample_archive.tsv", 6)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name     string
		openings []Opening
	}{{"setups", nil}, {"openings", openings[:1]}} {
		t.Run(tc.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "m.txt")
			cfg := builtinConfig(t, out, 2)
			cfg.Openings, cfg.Executor = tc.openings, givingUp{}
			check := func(sum *Summary) {
				t.Helper()
				if !sum.Finished || sum.Done != 2 || sum.Kinds[GivenUp] != 2 {
					t.Fatalf("summary %+v", sum)
				}
				for _, e := range sum.Engines {
					if e.Wins+e.Losses+e.Draws != 0 || len(e.Faults) != 0 {
						t.Errorf("%s: %+v", e.Name, e)
					}
				}
			}
			check(run(t, cfg))
			games := readArchive(t, out)
			for id, ag := range games {
				if !ag.Unfinished || KindOf(ag) != GivenUp || (tc.openings != nil) != (ag.PlyCount > 0) {
					t.Errorf("game %d: %+v", id, ag)
				}
			}
			cfg.Resume = true
			check(run(t, cfg))
		})
	}
}
