package phase

import (
	"math"
	"math/rand/v2"
	"testing"

	"arimaa-workbench/engine/rules"
	"arimaa-workbench/engine/rules/rulestest"
)

// mirror swaps the colours: each piece goes to the same file on the
// mirrored rank as a piece of the other side, and the other side moves.
func mirror(p rules.Position) rules.Position {
	var b [64]rules.Piece
	src := p.Board()
	for sq := rules.Square(0); sq < 64; sq++ {
		if pc := src[sq]; pc.Valid() {
			b[rules.NewSquare(sq.File(), 7-sq.Rank())] = rules.MakePiece(pc.Color().Other(), pc.Type())
		}
	}
	return rules.NewPosition(p.Side().Other(), p.Turn(), b)
}

func TestFeatures(t *testing.T) {
	tests := []struct {
		name string
		pos  rules.Position
		want Features
	}{
		{"start", rules.StartPosition(), Features{16, 0, false}},
		// Gold's rank 4 is advanced and rank 3 is not; the elephant never counts.
		{"gold ranks", rulestest.Board(t, rules.Gold,
			"rrrrrrrr", "hdcemcdh", "........", "........", "D...E...", ".D......", "HHC.MC..", "RRRRRRRR"), Features{16, 1, false}},
		// Silver's rank 5 is advanced and rank 6 is not.
		{"silver ranks", rulestest.Board(t, rules.Gold,
			"rrrrrrrr", "...e..dh", "h.......", "dc.m....", ".......c", "........", "HDCEMCDH", "RRRRRRRR"), Features{16, 4, false}},
		{"weaker side counts", rulestest.Board(t, rules.Gold,
			"........", "....e...", "........", "........", "........", "........", "HDCEMCDH", "RRRRRRRR"), Features{1, 0, false}},
		{"silver goal threat", rulestest.Board(t, rules.Gold,
			"e.......", "........", "........", "........", ".....r..", "........", "........", "RRRR..RR"), Features{2, 1, true}},
		{"gold goal threat", rulestest.Board(t, rules.Silver,
			"r.r..rrr", "........", "........", "....R...", "........", "........", "........", "E......."), Features{2, 1, true}},
		{"blocked is no threat", rulestest.Board(t, rules.Silver,
			"r.r.rrrr", "....d...", "........", "....R...", "........", "........", "........", "E......."), Features{2, 1, false}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := FeaturesOf(&tc.pos); got != tc.want {
				t.Errorf("FeaturesOf = %+v, want %+v", got, tc.want)
			}
		})
	}
}

// setupTurn is Silver placing its last piece: one piece short, turn 1.
func setupTurn() rules.Position {
	start := rules.StartPosition()
	return rules.NewPosition(rules.Silver, 1, start.Board()).WithPiece(rules.A8, rules.Empty)
}

func TestOfStages(t *testing.T) {
	tests := []struct {
		name  string
		pos   rules.Position
		phase float64
		stage Stage
	}{
		{"start after setups", rules.StartPosition(), 0, Opening},
		{"setup turn", setupTurn(), 0, Opening},
		{"empty board in setup", rules.NewPosition(rules.Gold, 1, [64]rules.Piece{}), 0, Opening},
		// Three pieces across, no capture: still the opening (score 1).
		{"opening advance", rulestest.Board(t, rules.Silver,
			"rrrrrrrr", "hdcemcdh", "........", "........", "DH.CE...", "........", "H.C.MD..", "RRRRRRRR"), 1.0 / 12, Opening},
		// Kozelek's middle-game example: no capture, but four silver
		// pieces across (score 4/3).
		{"kozelek middle game", rulestest.MiddleGame(t), 4.0 / 3 / 12, Middle},
		{"a few pieces left", rulestest.Board(t, rules.Gold,
			"r..e...r", "........", "...m....", "........", "........", "..M.....", "........", "R..E..R."), 1, End},
		{"eight captures", rulestest.Board(t, rules.Gold,
			"rrrr....", "..demh..", "........", "........", "........", "........", "HDCEMCDH", "RRRRRRRR"), 8.0 / 12, End},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := Of(tc.pos)
			if math.Abs(got-tc.phase) > 1e-12 {
				t.Errorf("Of = %v, want %v (features %+v)", got, tc.phase, FeaturesOf(&tc.pos))
			}
			if s := StageOf(got); s != tc.stage {
				t.Errorf("StageOf(%v) = %v, want %v", got, s, tc.stage)
			}
			if s := StageOfPosition(tc.pos); s != tc.stage {
				t.Errorf("StageOfPosition = %v, want %v", s, tc.stage)
			}
		})
	}
}

// TestThreatTipsTheStage: the same thinned-out board is the middle game
// without a goal threat and the endgame with one (the paper's oscillation).
func TestThreatTipsTheStage(t *testing.T) {
	quiet := rulestest.Board(t, rules.Gold,
		"rmrr.rr.", "e.c...dh", "........", "........", "........", "....R...", "HD.EMCDH", "RRR.RRR.")
	threat := quiet.WithPiece(rules.E3, rules.Empty).WithPiece(rules.E5, rules.MakePiece(rules.Gold, rules.Rabbit))
	fq, ft := FeaturesOf(&quiet), FeaturesOf(&threat)
	if fq.GoalThreat || !ft.GoalThreat {
		t.Fatalf("threats: quiet %+v, threat %+v", fq, ft)
	}
	if s := StageOf(Of(quiet)); s != Middle {
		t.Errorf("quiet stage %v (%+v), want middle", s, fq)
	}
	if s := StageOf(Of(threat)); s != End {
		t.Errorf("threat stage %v (%+v), want end", s, ft)
	}
}

// TestMonotoneCaptures takes pieces off the home ranks one at a time,
// alternating sides, weakest first: the phase never goes down, and goes up
// whenever the side with fewer pieces loses one.
func TestMonotoneCaptures(t *testing.T) {
	p := rules.StartPosition()
	var order []rules.Square
	for f := 0; f < 8; f++ {
		order = append(order, rules.NewSquare(f, 0), rules.NewSquare(f, 7))
	}
	for f := 0; f < 8; f++ {
		order = append(order, rules.NewSquare(f, 1), rules.NewSquare(f, 6))
	}
	prev := Of(p)
	for i, sq := range order {
		before := FeaturesOf(&p)
		p = p.WithPiece(sq, rules.Empty)
		got := Of(p)
		if got < prev {
			t.Fatalf("capture %d (%v): phase %v fell below %v", i+1, sq, got, prev)
		}
		if FeaturesOf(&p).MinPieces < before.MinPieces && got == prev && prev < 1 {
			t.Fatalf("capture %d (%v) from the weaker side left the phase at %v", i+1, sq, got)
		}
		prev = got
	}
	if prev != 1 {
		t.Errorf("empty board phase %v, want 1", prev)
	}
}

// TestColourSymmetry: a position and its colour-mirrored twin have the
// same features and phase, on random boards.
func TestColourSymmetry(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 2000; i++ {
		p := randomBoard(rng)
		m := mirror(p)
		if fp, fm := FeaturesOf(&p), FeaturesOf(&m); fp != fm {
			t.Fatalf("features %+v, mirrored %+v:\n%s\n%s", fp, fm, p.AEIString(), m.AEIString())
		}
		if a, b := Of(p), Of(m); a != b {
			t.Fatalf("phase %v, mirrored %v:\n%s", a, b, p.AEIString())
		}
	}
}

// randomBoard scatters up to a full army of each side on random squares.
func randomBoard(rng *rand.Rand) rules.Position {
	var b [64]rules.Piece
	for _, c := range []rules.Color{rules.Gold, rules.Silver} {
		for t := rules.Rabbit; t <= rules.Elephant; t++ {
			for n := rng.IntN(rules.FullArmy[t] + 1); n > 0; n-- {
				sq := rng.IntN(64)
				if !b[sq].Valid() {
					b[sq] = rules.MakePiece(c, t)
				}
			}
		}
	}
	return rules.NewPosition(rules.Color(rng.IntN(2)), 5, b)
}

func TestRange(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 2000; i++ {
		p := randomBoard(rng)
		if x := Of(p); x < 0 || x > 1 || math.IsNaN(x) {
			t.Fatalf("Of = %v out of [0, 1]:\n%s", x, p.AEIString())
		}
	}
}

func TestStageOfCutoffs(t *testing.T) {
	tests := []struct {
		score float64
		want  Stage
	}{
		{0, Opening}, {1, Opening}, {4.0 / 3, Middle}, {2, Middle}, {7 + 2.0/3, Middle}, {8, End}, {12, End},
	}
	for _, tc := range tests {
		if got := StageOf(tc.score / 12); got != tc.want {
			t.Errorf("StageOf(score %v) = %v, want %v", tc.score, got, tc.want)
		}
	}
}

func TestStageString(t *testing.T) {
	tests := map[Stage]string{Opening: "opening", Middle: "middle", End: "end", Stage(7): "Stage(7)"}
	for s, want := range tests {
		if got := s.String(); got != want {
			t.Errorf("%d.String() = %q, want %q", s, got, want)
		}
	}
}

func TestRabbitPathsRegion(t *testing.T) {
	p := rulestest.Board(t, rules.Gold,
		"r.r..rrr", "........", "........", "....R...", "........", "........", "........", "E.......")
	paths, ok := RabbitPaths(&p, rules.Gold, 4, true)
	if !ok {
		t.Fatal("no path found")
	}
	for _, sq := range []rules.Square{rules.E5, rules.E6, rules.E7, rules.E8} {
		if !paths.Has(sq) {
			t.Errorf("region %v lacks %v", paths, sq)
		}
	}
	if _, ok := RabbitPaths(&p, rules.Silver, 4, true); ok {
		t.Error("silver rabbits far from goal found a path")
	}
}

func TestOfAllocatesNothing(t *testing.T) {
	p := rulestest.MiddleGame(t)
	if n := testing.AllocsPerRun(100, func() { _ = Of(p) }); n != 0 {
		t.Errorf("Of allocates %v times per call", n)
	}
}

func BenchmarkOf(b *testing.B) {
	rng := rand.New(rand.NewPCG(5, 6))
	ps := make([]rules.Position, 256)
	for i := range ps {
		ps[i] = randomBoard(rng)
	}
	ps[0] = rules.StartPosition()
	ps[1] = rulestest.MiddleGame(b)
	b.ReportAllocs()
	b.ResetTimer()
	var sum float64
	for i := 0; i < b.N; i++ {
		sum += Of(ps[i&255])
	}
	if sum < 0 {
		b.Fatal(sum)
	}
}
