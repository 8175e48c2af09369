package gamedb

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"arimaa-workbench/engine/rules"
	"arimaa-workbench/records"
)

// GenerateCorpus writes a game archive of n games shaped like the official
// one, to measure the database at the archive's scale without it: every
// one of its 29 columns, the events column at its real length (about 8 KB
// a game), human and bot players with ratings, time controls, events and
// start times over the years. The games are the base games varied: each
// takes a base game's moves (mirrored, for half of them) up to a random
// ply, then goes on with the base game's moves where they are still
// legal, one in four replaced by a random legal move, so that, as in the
// real archive, games share openings and part of their middle games and
// then go their own ways, but not too far. The same base, n and seed give the
// same archive.
func GenerateCorpus(ctx context.Context, w io.Writer, base []*rules.Game, n int, seed uint64) error {
	if len(base) == 0 {
		return fmt.Errorf("no base games to vary")
	}
	rng := rand.New(rand.NewPCG(seed, 0x9e3779b9))
	aw := records.NewArchiveWriter(w)
	var buf []rules.Step
	for i := range n {
		if i%1000 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		g, err := varyGame(base[rng.IntN(len(base))], rng, &buf)
		if err != nil {
			return err
		}
		if err := aw.Write(corpusRow(i, g, rng)); err != nil {
			return err
		}
	}
	return aw.Flush()
}

// varyGame plays b's setups and moves (mirrored, for half of the games) up
// to a random ply, then b's moves where they are legal, one in four
// replaced by a random legal move.
func varyGame(b *rules.Game, rng *rand.Rand, buf *[]rules.Step) (*rules.Game, error) {
	mirror := rng.IntN(2) == 1
	g := rules.NewGame()
	for c := rules.Gold; c <= rules.Silver; c++ {
		ps := b.Setup(c)
		if ps == nil {
			return nil, fmt.Errorf("a base game without setups")
		}
		if mirror {
			ps = mirrored(ps)
		}
		if err := g.SetupPieces(ps); err != nil {
			return nil, err
		}
	}
	moves := b.Moves()
	keep := len(moves)
	if keep > 8 {
		keep = 8 + rng.IntN(keep-7)
	}
	for i, m := range moves {
		if g.Phase() != rules.Playing {
			break
		}
		if mirror {
			m = m.Mirror()
		}
		// The base game's moves to the branch, then its moves where
		// they are still legal, one in four replaced by a random move.
		if i < keep || rng.IntN(4) > 0 {
			if err := g.Play(m); err == nil {
				continue
			} else if i < keep {
				return nil, err
			}
		}
		if !playRandom(g, rng, buf) {
			break
		}
	}
	return g, nil
}

func mirrored(ps []rules.Placement) []rules.Placement {
	out := make([]rules.Placement, len(ps))
	for i, p := range ps {
		out[i] = p.Mirror()
	}
	return out
}

// playRandom plays a move of random steps (up to four) in g, trying a few
// times for one the rules take; it reports whether it played one.
func playRandom(g *rules.Game, rng *rand.Rand, buf *[]rules.Step) bool {
	for range 50 {
		p := g.Position()
		var m rules.Move
		for k := 1 + rng.IntN(4); k > 0; k-- {
			*buf = p.Steps((*buf)[:0])
			if len(*buf) == 0 {
				break
			}
			s := (*buf)[rng.IntN(len(*buf))]
			m = m.Add(s)
			p = p.Play(s)
		}
		if m.N > 0 && g.Play(m) == nil {
			return true
		}
	}
	return false
}

// corpusPlayers are the generated archive's players: name, human or bot,
// rating.
var corpusPlayers = func() (ps []struct {
	name, kind string
	rating     int
}) {
	for i := range 400 {
		kind, name := "h", "player"+strconv.Itoa(i)
		if i%4 == 0 {
			kind, name = "b", "bot_"+strconv.Itoa(i)
		}
		ps = append(ps, struct {
			name, kind string
			rating     int
		}{name, kind, 1200 + (i*7919)%1300})
	}
	return ps
}()

var corpusControls = []string{"2m/2m/100/10m", "30s/5m/100/2h", "15s/2m30s/100", "1m/5m/100/1h", "2d/30d/100"}
var corpusEvents = []string{"Casual game", "Rated game", "World Championship", "Postal Mixer", "Bot Bash", "Arimaa Challenge"}

// corpusRow is game i of the generated archive.
func corpusRow(i int, g *rules.Game, rng *rand.Rand) *records.ArchiveGame {
	w, b := corpusPlayers[rng.IntN(len(corpusPlayers))], corpusPlayers[rng.IntN(len(corpusPlayers))]
	start := time.Date(2002+rng.IntN(16), time.Month(1+rng.IntN(12)), 1+rng.IntN(28), rng.IntN(24), rng.IntN(60), 0, 0, time.UTC)
	movelist := records.FormatMoveList(g)
	ag := &records.ArchiveGame{
		ID: strconv.Itoa(100000 + i), WPlayerID: strconv.Itoa(1000 + rng.IntN(5000)), BPlayerID: strconv.Itoa(1000 + rng.IntN(5000)),
		WPlayer: w.name, BPlayer: b.name, WCountry: "us", BCountry: "de", WRating: w.rating, BRating: b.rating,
		WRatingK: strconv.Itoa(30 + rng.IntN(60)), BRatingK: strconv.Itoa(30 + rng.IntN(60)), WType: w.kind, BType: b.kind,
		Event: corpusEvents[rng.IntN(len(corpusEvents))], Site: "Arimaa Game Room", TimeControl: corpusControls[rng.IntN(len(corpusControls))],
		Start: start, End: start.Add(time.Duration(10+rng.IntN(120)) * time.Minute),
		Result: rules.Color(rng.IntN(2)), Termination: rules.ByResignation, PlyCount: len(g.Moves()),
		Mode: "Web", Rated: rng.IntN(3) > 0, MoveList: movelist,
	}
	if res, over := g.Result(); over {
		ag.Result, ag.Termination = res.Winner, res.How
	}
	ag.Events = corpusEvents8K(ag, rng)
	return ag
}

// corpusEvents8K is a server log of the official archive's length: a line
// for each player joining and for each move with the clocks, padded with
// the chat and clock lines the server writes, about 8 KB in all.
func corpusEvents8K(ag *records.ArchiveGame, rng *rand.Rand) string {
	var b strings.Builder
	t := ag.Start.Unix()
	fmt.Fprintf(&b, "%d [%s joins as gold]\n%d [%s joins as silver]\n", t, ag.WPlayer, t+3, ag.BPlayer)
	for _, line := range strings.Split(ag.MoveList, "\n") {
		t += int64(5 + rng.IntN(90))
		fmt.Fprintf(&b, "%d m %s [clock gold %d silver %d reserve %d]\n", t, line, rng.IntN(600), rng.IntN(600), rng.IntN(3600))
	}
	for b.Len() < 8000 {
		t += int64(1 + rng.IntN(30))
		fmt.Fprintf(&b, "%d c [clock sync %d %d] [lag %dms]\n", t, rng.IntN(100000), rng.IntN(100000), rng.IntN(900))
	}
	return strings.TrimSuffix(b.String(), "\n")
}
