package gamedb

import (
	"context"
	"encoding/binary"
	"math/rand/v2"
	"path/filepath"
	"reflect"
	"strconv"
	"testing"

	"arimaa-workbench/engine/phase"
	"arimaa-workbench/engine/rules"
	"arimaa-workbench/records"
)

// TestEstimate: the share of common bits, in 1/255 steps.
func TestEstimate(t *testing.T) {
	for _, c := range []struct {
		a, b [sigWords]uint64
		want uint8
	}{
		{[sigWords]uint64{}, [sigWords]uint64{}, 0},
		{[sigWords]uint64{1, 0}, [sigWords]uint64{1, 0}, 255},
		{[sigWords]uint64{1, 0}, [sigWords]uint64{2, 0}, 0},
		{[sigWords]uint64{3, 0}, [sigWords]uint64{1, 0}, 127},
		{[sigWords]uint64{0xff, 1 << 63}, [sigWords]uint64{0x0f, 1 << 63}, 5 * 255 / 9},
		{[sigWords]uint64{^uint64(0), ^uint64(0)}, [sigWords]uint64{^uint64(0), 0}, 127},
	} {
		if got := estimate(&c.a, &c.b); got != c.want {
			t.Errorf("estimate(%x, %x) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}

// TestSignatureEstimates: for positions of random games, the signature's
// estimate is close to the exact similarity: never far below it (common
// piece data always share their bit; only two of them picking one bit
// lowers it) and, averaged, a little above it.
func TestSignatureEstimates(t *testing.T) {
	var pos []rules.Position
	for seed := range uint64(4) {
		g := randomGame(t, 200+seed, 60)
		for i := 0; i <= len(g.Moves()); i += 3 {
			pos = append(pos, g.PositionBefore(i))
		}
	}
	for r := 0; r <= MaxRadius; r++ {
		var over, n float64
		for i := range pos {
			for j := i; j < len(pos); j += 7 {
				if pos[i].Side() != pos[j].Side() {
					continue
				}
				si, sj := signature(&pos[i]), signature(&pos[j])
				var a, b [sigWords]uint64
				for k := range a {
					a[k] = binary.LittleEndian.Uint64(si[(r*sigWords+k)*8:])
					b[k] = binary.LittleEndian.Uint64(sj[(r*sigWords+k)*8:])
				}
				exact := similarity(pieceHashes(&pos[i], r, nil), pieceHashes(&pos[j], r, nil))
				est := float64(estimate(&a, &b)) / 255
				if est < exact-0.1 {
					t.Fatalf("radius %d: estimate %.3f below the exact %.3f", r, est, exact)
				}
				over += est - exact
				n++
			}
		}
		if n == 0 || over/n > 0.15 {
			t.Errorf("radius %d: the estimate is %.3f above the exact similarity on average over %v pairs", r, over/n, n)
		}
		t.Logf("radius %d: estimate above exact by %.3f on average (%v pairs)", r, over/n, n)
	}
}

// randomGame plays up to n random legal moves after the two test setups.
func randomGame(t testing.TB, seed uint64, n int) *rules.Game {
	t.Helper()
	g := rules.NewGame()
	for c, s := range []string{goldSetup, silverSetup} {
		ps, err := rules.ParseSetup(s, rules.Color(c))
		if err != nil {
			t.Fatal(err)
		}
		if err := g.SetupPieces(ps); err != nil {
			t.Fatal(err)
		}
	}
	rng := rand.New(rand.NewPCG(seed, 1))
	var buf []rules.Step
	// Random steps rather than a choice among all legal moves, which
	// would list tens of thousands of moves a turn.
	for range n {
		played := false
		for try := 0; try < 50 && !played && g.Phase() == rules.Playing; try++ {
			p := g.Position()
			var m rules.Move
			for k := 1 + rng.IntN(4); k > 0; k-- {
				buf = p.Steps(buf[:0])
				if len(buf) == 0 {
					break
				}
				s := buf[rng.IntN(len(buf))]
				m = m.Add(s)
				p = p.Play(s)
			}
			played = m.N > 0 && g.Play(m) == nil
		}
		if !played {
			break
		}
	}
	return g
}

// TestStoredLine: replaying a stored move list without the rules' checks
// gives the positions and moves of the checked replay, captures included.
func TestStoredLine(t *testing.T) {
	captured := 0
	for seed := range uint64(6) {
		g := randomGame(t, seed, 80)
		end := g.Position()
		captured += 32 - end.Count(rules.Gold, rules.NoType) - end.Count(rules.Silver, rules.NoType)
		movelist := records.FormatMoveList(g)
		for _, last := range []int{0, 1, len(g.Moves()) / 2, len(g.Moves()) - 1, len(g.Moves()), len(g.Moves()) + 5} {
			line, err := storedLine(movelist, last)
			if err != nil {
				t.Fatal(err)
			}
			if want := min(last, len(g.Moves())) + 1; len(line.pos) != want {
				t.Fatalf("seed %d, last %d: %d positions, want %d", seed, last, len(line.pos), want)
			}
			for i, p := range line.pos {
				if want := g.PositionBefore(i); p != want {
					t.Fatalf("seed %d: position %d differs from the checked replay", seed, i)
				}
				if i < len(g.Moves()) && line.moves[i] != g.Moves()[i] {
					t.Fatalf("seed %d: move %d is %v, want %v", seed, i, line.moves[i], g.Moves()[i])
				}
			}
		}
	}
	if captured == 0 {
		t.Error("the random games capture nothing: the test does not cover captures")
	}
}

// TestSimilarIsExact: every hit's similarity is the exact one of its
// position, the query's own position is found at 1, and no position of
// the database missing from the answer is more similar than the weakest
// hit by more than the signature's estimate lets slip.
func TestSimilarIsExact(t *testing.T) {
	dir := t.TempDir()
	var tg []*rules.Game
	path := filepath.Join(dir, "r.txt")
	for seed := range uint64(12) {
		tg = append(tg, randomGame(t, 100+seed, 70))
	}
	writeGames(t, path, tg)
	d := openTest(t)
	ctx := context.Background()
	if _, err := d.Index(ctx, []string{path}, IndexOptions{}); err != nil {
		t.Fatal(err)
	}
	q := tg[3].PositionBefore(21)
	for r := 0; r <= MaxRadius; r++ {
		hits, err := d.Similar(ctx, q, r, 0, 0, Filter{})
		if err != nil {
			t.Fatal(err)
		}
		if len(hits) == 0 || hits[0].Similarity != 1 {
			t.Fatalf("radius %d: the query's own position is not first: %+v", r, hits[:min(len(hits), 1)])
		}
		mine := pieceHashes(&q, r, nil)
		for _, h := range hits {
			g, _, err := d.Game(ctx, h.Game)
			if err != nil {
				t.Fatal(err)
			}
			p := g.PositionBefore(h.Ply)
			if p.Side() != q.Side() {
				t.Fatalf("radius %d: %+v has the other side to move", r, h)
			}
			if got := similarity(mine, pieceHashes(&p, r, nil)); got != h.Similarity {
				t.Fatalf("radius %d: game %d ply %d: similarity %g, exact %g", r, h.Game, h.Ply, h.Similarity, got)
			}
			if want := float64(uint8(phase.Of(p)*255+0.5)) / 255; h.Phase != want {
				t.Fatalf("radius %d: game %d ply %d: phase %g, want %g", r, h.Game, h.Ply, h.Phase, want)
			}
			if h.Ply < len(g.Moves()) && h.Move != p.MoveString(g.Moves()[h.Ply]) {
				t.Fatalf("radius %d: game %d ply %d: move %q, want %q", r, h.Game, h.Ply, h.Move, p.MoveString(g.Moves()[h.Ply]))
			}
		}
		// Fewer positions than the candidates kept: every one with the
		// side to move and some piece data in common is compared, so the
		// answer is all of them.
		want := 0
		for _, g := range tg {
			for i := 0; i <= len(g.Moves()); i++ {
				if p := g.PositionBefore(i); p.Side() == q.Side() && similarity(mine, pieceHashes(&p, r, nil)) > 0 {
					want++
				}
			}
		}
		if len(hits) != want {
			t.Errorf("radius %d: %d hits, want every one of the %d positions with the side to move", r, len(hits), want)
		}
	}
}

// writeGames writes games as a game archive.
func writeGames(t *testing.T, path string, gs []*rules.Game) {
	t.Helper()
	var ags []*records.ArchiveGame
	for i, g := range gs {
		ags = append(ags, &records.ArchiveGame{ID: strconv.Itoa(i + 1), WPlayer: "g", BPlayer: "s", WType: "b", BType: "b",
			Result: rules.Gold, Termination: rules.ByScore, MoveList: records.FormatMoveList(g)})
	}
	writeArchiveGames(t, path, ags)
}

// TestMovesBeyondMemory: with only a few moves held in memory the index
// looks the rest up in the table and numbers new ones after those it gave
// out, and the explorer reads the same moves either way; a second run
// over a database that already has moves goes on numbering after them.
func TestMovesBeyondMemory(t *testing.T) {
	ctx := context.Background()
	path := writeArchive(t, t.TempDir(), "a.txt", games)
	explore := func(d *DB) []MoveStat {
		var all []MoveStat
		for _, g := range games {
			for n := 0; n <= len(g.moves); n++ {
				ms, err := d.Explore(ctx, positionAfter(t, g, n), Filter{})
				if err != nil {
					t.Fatal(err)
				}
				all = append(all, ms...)
			}
		}
		return all
	}
	want := explore(indexedTest(t, games))
	for _, max := range []int{1, 3, 5} {
		d := openTest(t)
		half := writeArchive(t, t.TempDir(), "h.txt", games[:2])
		if _, err := d.Index(ctx, []string{half}, IndexOptions{maxMoves: max, Batch: 1}); err != nil {
			t.Fatal(err)
		}
		if _, err := d.Index(ctx, []string{path}, IndexOptions{maxMoves: max, Batch: 1}); err != nil {
			t.Fatalf("max %d: %v", max, err)
		}
		if got := explore(d); !reflect.DeepEqual(got, want) {
			t.Errorf("max %d: explorer\n%+v\nwant\n%+v", max, got, want)
		}
	}
}

// TestMirrors: with Filter.Mirrors a setup is grouped with its mirror
// image, a position's moves include those played in its mirror image
// (mirrored), and Find includes the games through the mirror image.
func TestMirrors(t *testing.T) {
	mirrorText := func(setup string, side rules.Color) string {
		ps, err := rules.ParseSetup(setup, side)
		if err != nil {
			t.Fatal(err)
		}
		for i := range ps {
			ps[i] = ps[i].Mirror()
		}
		return rules.SetupString(ps)
	}
	mk := func(id string, gold, silver string, moves ...string) testGame {
		return testGame{id: id, gold: "g" + id, silver: "s", goldRating: 1500, result: rules.Gold, moves: moves,
			setup: [2]string{gold, silver}}
	}
	mg, ms := mirrorText(goldSetup, rules.Gold), mirrorText(silverSetup, rules.Silver)
	archive := []testGame{
		mk("1", goldSetup, silverSetup, "Ee2n", "ee7s"),
		mk("2", goldSetup, silverSetup, "Ee2n", "ee7s"),
		mk("3", mg, ms, "Ed2n", "ed7s"), // the mirror image of 1 and 2
		mk("4", goldSetup, silverSetup, "Ha2n", "ee7s"),
	}
	d := openTest(t)
	ctx := context.Background()
	pr, err := d.Index(ctx, []string{writeArchive(t, t.TempDir(), "m.txt", archive)}, IndexOptions{})
	if err != nil || pr.Added != 4 {
		t.Fatalf("indexed %+v, %v", pr, err)
	}
	empty := rules.NewGame().Position()
	plain, err := d.Explore(ctx, empty, Filter{})
	if err != nil || len(plain) != 2 {
		t.Fatalf("setups without mirrors: %+v, %v", plain, err)
	}
	grouped, err := d.Explore(ctx, empty, Filter{Mirrors: true})
	if err != nil || len(grouped) != 1 || grouped[0].Games != 4 || grouped[0].Mirrored != 1 {
		t.Fatalf("setups with mirrors: %+v, %v", grouped, err)
	}
	if want := canonicalSetup(mustSetup(t, goldSetup, rules.Gold)); grouped[0].Move != want {
		t.Errorf("the group is named %q, want the more played %q", grouped[0].Move, want)
	}
	start := positionAfter(t, archive[0], 0) // Gold to move after the setups
	moves, err := d.Explore(ctx, start, Filter{Mirrors: true})
	if err != nil || len(moves) != 2 || moves[0].Move != "Ee2n" || moves[0].Games != 3 || moves[0].Mirrored != 1 {
		t.Fatalf("moves with mirrors: %+v, %v", moves, err)
	}
	hits, err := d.Find(ctx, start, Filter{Mirrors: true}, 0)
	if err != nil || len(hits) != 4 {
		t.Fatalf("find with mirrors: %+v, %v", hits, err)
	}
	for _, h := range hits {
		if h.Mirrored != (h.Gold == "g3") {
			t.Errorf("%+v: Mirrored is %v", h, h.Mirrored)
		}
	}
	if hits, _ := d.Find(ctx, start, Filter{}, 0); len(hits) != 3 {
		t.Errorf("find without mirrors: %d games, want 3", len(hits))
	}
}

func mustSetup(t *testing.T, s string, c rules.Color) []rules.Placement {
	t.Helper()
	ps, err := rules.ParseSetup(s, c)
	if err != nil {
		t.Fatal(err)
	}
	return ps
}
