package gamedb

import (
	"slices"
	"testing"

	"arimaa-workbench/engine/rules"
)

// FuzzStoredGame: any bytes read as a stored game (a damaged database)
// give an error or a game, never a panic; a game read back plays under
// the rules as it replays unchecked, and stores as the same bytes.
func FuzzStoredGame(f *testing.F) {
	for seed := range uint64(3) {
		b, err := encodeGame(randomGame(f, seed, 20))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte{startPosition, 3, 'g', ' ', '['})
	f.Fuzz(func(t *testing.T, b []byte) {
		sg, err := decodeGame(b)
		if err != nil {
			return
		}
		line, lerr := sg.line(1 << 20)
		var plies []int
		for i := -2; i <= len(sg.moves); i++ {
			plies = append(plies, i)
		}
		eerr := sg.each(plies, func(ply int, p *rules.Position, _ rules.Move) bool {
			if lerr == nil && (ply >= len(line.pos) || *p != line.pos[ply]) {
				t.Fatalf("each and line differ at ply %d", ply)
			}
			return true
		})
		if (lerr == nil) != (eerr == nil) {
			t.Fatalf("line: %v, each: %v", lerr, eerr)
		}
		g, err := sg.game()
		if err != nil {
			return
		}
		again, err := encodeGame(g)
		if err != nil {
			t.Fatal(err)
		}
		back, err := decodeGame(again)
		if err != nil || !slices.EqualFunc(back.moves, sg.moves, slices.Equal) {
			t.Fatalf("stored again differently: %v", err)
		}
	})
}
