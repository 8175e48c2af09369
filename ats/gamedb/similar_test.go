package gamedb

import (
	"context"
	"math/bits"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"arimaa-workbench/engine/phase"
	"arimaa-workbench/engine/rules"
	"arimaa-workbench/records"
)

// TestExcess: the bits two signatures share beyond chance, in quarter
// bits from 129, clamped to 1-255.
func TestExcess(t *testing.T) {
	q := sigWord(0xffff) // 16 bits
	ex := excessTable(q)
	for _, c := range []struct {
		common, n int
		want      uint8
	}{
		{16, 16, 4*(16-8) + 129},
		{8, 16, 129},
		{0, 32, 4*(0-16) + 129},
		{0, 0, 129},
		{32, 32, 4*(32-16) + 129},
	} {
		if got := ex[c.common][c.n]; got != c.want {
			t.Errorf("excess[%d][%d] = %d, want %d", c.common, c.n, got, c.want)
		}
	}
	all := excessTable(^sigWord(0))
	if all[0][32] != 1 {
		t.Errorf("no bits shared of 32 each: %d, want the floor 1", all[0][32])
	}
}

// TestSignatureEstimates: for positions of random games, the counts at
// radius 0 give the exact similarity; at the other radii the signatures'
// share of common bits follows it, on average above it (common piece data
// always share their bit; different ones picking a common bit raise it).
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
				a, b := sigWord(signatures(&pos[i])[r]), sigWord(signatures(&pos[j])[r])
				exact := similarity(pieceHashes(&pos[i], r, nil), pieceHashes(&pos[j], r, nil))
				if r == 0 {
					// Exact: the counts of the eight piece data.
					if got := similarity0(a, b); got != uint8(exact*255) {
						t.Fatalf("radius 0: %d/255 from the counts, exact %.4f", got, exact)
					}
					continue
				}
				est := float64(bits.OnesCount32(a&b)) / float64(max(1, bits.OnesCount32(a|b)))
				if i == j && est != 1 {
					t.Fatalf("radius %d: a position's estimate with itself is %.3f", r, est)
				}
				over += est - exact
				n++
			}
		}
		if r > 0 && (n == 0 || over/n > 0.35 || over/n < -0.05) {
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
	// Random steps (playRandom) rather than a choice among all legal
	// moves, which would list tens of thousands of moves a turn.
	for range n {
		if g.Phase() != rules.Playing || !playRandom(g, rng, &buf) {
			break
		}
	}
	return g
}

// TestStoredGame: a game stored and read back gives the positions and
// moves of the checked replay, captures included, unchecked (line) and
// checked (game); a game from a position too.
func TestStoredGame(t *testing.T) {
	captured := 0
	var gs []*rules.Game
	for seed := range uint64(6) {
		gs = append(gs, randomGame(t, seed, 80))
	}
	from, err := rules.NewGameFrom(gs[0].PositionBefore(10))
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range gs[0].Moves()[10:20] {
		if err := from.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	gs = append(gs, from)
	for k, g := range gs {
		end := g.Position()
		captured += 32 - end.Count(rules.Gold, rules.NoType) - end.Count(rules.Silver, rules.NoType)
		b, err := encodeGame(g)
		if err != nil {
			t.Fatal(err)
		}
		sg, err := decodeGame(b)
		if err != nil {
			t.Fatal(err)
		}
		for _, last := range []int{0, 1, len(g.Moves()) / 2, len(g.Moves()) - 1, len(g.Moves()), len(g.Moves()) + 5} {
			line, err := sg.line(last)
			if err != nil {
				t.Fatal(err)
			}
			if want := min(last, len(g.Moves())) + 1; len(line.pos) != want {
				t.Fatalf("game %d, last %d: %d positions, want %d", k, last, len(line.pos), want)
			}
			for i, p := range line.pos {
				if want := g.PositionBefore(i); p.TurnHash() != want.TurnHash() || p.Turn() != want.Turn() || p.Board() != want.Board() {
					t.Fatalf("game %d: position %d differs from the checked replay", k, i)
				}
				if i < len(g.Moves()) && line.moves[i] != g.Moves()[i] {
					t.Fatalf("game %d: move %d is %v, want %v", k, i, line.moves[i], g.Moves()[i])
				}
			}
		}
		back, err := sg.game()
		if err != nil || !slices.Equal(back.Moves(), g.Moves()) || back.PositionBefore(len(g.Moves())) != g.PositionBefore(len(g.Moves())) {
			t.Errorf("game %d read back under the rules: %v", k, err)
		}
		for c := rules.Gold; c <= rules.Silver && err == nil; c++ {
			if got, want := rules.SetupString(back.Setup(c)), canonicalSetup(g.Setup(c)); got != want {
				t.Errorf("game %d: setup %q, want %q", k, got, want)
			}
		}
		if len(b) > 1+2*setupBytes+5*len(g.Moves())+70 {
			t.Errorf("game %d: %d bytes for %d moves", k, len(b), len(g.Moves()))
		}
	}
	if captured == 0 {
		t.Error("the random games capture nothing: the test does not cover captures")
	}
	for _, bad := range [][]byte{nil, {9}, {startSetups, 1}, append(make([]byte, 1+2*setupBytes), 5, 1)} {
		if _, err := decodeGame(bad); err == nil {
			t.Errorf("%x read as a game", bad)
		}
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
		hits, err := d.Similar(ctx, q, r, 0, 0, Filter{Own: 4})
		if err != nil {
			t.Fatal(err)
		}
		if len(hits) == 0 || hits[0].Similarity != 1 || hits[0].Game != 4 || hits[0].Ply != 21 {
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
	// A limit keeps the first games in the order of indexing, those
	// through the mirror image among them.
	for limit, want := range map[int]string{1: "g1", 3: "g1 g2 g3", 4: "g1 g2 g3 g4"} {
		hits, err := d.Find(ctx, start, Filter{Mirrors: true}, limit)
		var got []string
		for _, h := range hits {
			got = append(got, h.Gold)
		}
		if err != nil || strings.Join(got, " ") != want {
			t.Errorf("find with mirrors, limit %d: %v, %v; want %s", limit, got, err, want)
		}
	}
}

// TestFindPlan checks that exact search reads a position's rows in the
// order of the positions' primary key, whatever the filter, so that its
// limit stops the reading instead of sorting every game through a
// popular position first.
func TestFindPlan(t *testing.T) {
	d := openTest(t)
	f := Filter{MinRating: 1800, Players: Humans, TimeControl: "2m/2m/100/10m"}
	if err := f.SetDates("2010-01-01", "2012-12-31"); err != nil {
		t.Fatal(err)
	}
	for _, f := range []Filter{{}, f} {
		args := []any{int64(1)}
		q := findQuery(f, &args, 50)
		rows, err := d.db.Query("EXPLAIN QUERY PLAN "+q, args...)
		if err != nil {
			t.Fatal(err)
		}
		var plan []string
		for rows.Next() {
			var id, parent, unused int
			var detail string
			if err := rows.Scan(&id, &parent, &unused, &detail); err != nil {
				t.Fatal(err)
			}
			plan = append(plan, detail)
		}
		rows.Close()
		text := strings.Join(plan, "; ")
		if !strings.Contains(text, "SEARCH p USING PRIMARY KEY (key=?)") || strings.Contains(text, "TEMP B-TREE") {
			t.Errorf("filter %+v: the plan is %q, want the positions searched by their key in its order", f, text)
		}
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
