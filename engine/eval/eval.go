package eval

import (
	"math"

	"arimaa-workbench/engine/phase"
	"arimaa-workbench/engine/rules"
)

// Evaluator scores positions and steps with one set of weights. It holds
// no mutable state, so one value may be shared by any number of goroutines
// or copied freely.
type Evaluator struct {
	w      Weights
	value  [7]int  // by piece type
	harlog *harlog // the material by HarLog, when eval.harlog is set
	// rabbitGoalOn: some weight of eval.rabbit_goal or rabbit_goal_trap
	// is set.
	rabbitGoalOn bool
}

// New returns an evaluator using w.
func New(w Weights) *Evaluator {
	e := &Evaluator{w: w}
	s := &w.Eval
	e.value = [7]int{0, s.Rabbit, s.Cat, s.Dog, s.Horse, s.Camel, s.Elephant}
	for i := range s.RabbitGoal {
		if s.RabbitGoal[i] != 0 || s.RabbitGoalTrap[i] != 0 {
			e.rabbitGoalOn = true
		}
	}
	if s.Harlog > 0 {
		e.harlog = newHarlog(s.Harlog)
		e.value = e.harlog.values()
	}
	return e
}

// Weights returns the weights the evaluator uses.
func (e *Evaluator) Weights() Weights { return e.w }

// Value returns the material value of a piece type.
func (e *Evaluator) Value(t rules.PieceType) int { return e.value[t] }

// The evaluation terms, in the order Breakdown lists them.
const (
	termMaterial = iota
	termRabbits
	termFrozen
	termTrapGuards
	termTrapDominance
	termTrapControl
	termTrapDanger
	termFrames
	termPins
	termHostage
	termBlockade
	termRabbitRank
	termCentre
	termMinorAdvance
	termInfluence
	termPeril
	termAttack
	termRabbitGoal
	termThreat
	termCamelAdvance
	termAlignment
	termPlacement
	termImbalance
	termHostages
	numTerms
)

var termNames = [numTerms]string{
	"material",
	"rabbits left",
	"frozen",
	"trap guards",
	"trap dominance",
	"trap control",
	"piece on a trap",
	"frames",
	"pins",
	"camel hostage",
	"elephant blockade",
	"rabbit advance",
	"centre",
	"minors forward",
	"trap influence",
	"pieces in peril",
	"home trap attack",
	"rabbit goal threat",
	"pieces threatened",
	"camel advance",
	"alignment",
	"placement",
	"imbalance",
	"hostages",
}

// Term is one feature of the evaluation with each side's share, in
// evaluation points (penalties are negative).
type Term struct {
	Name         string
	Gold, Silver int
}

// Net is the term from Gold's point of view.
func (t Term) Net() int { return t.Gold - t.Silver }

// Breakdown is an evaluation feature by feature.
type Breakdown struct {
	Terms        []Term
	Gold, Silver int // sums of the terms
	Side         rules.Color
	Score        int // Gold - Silver from Side's point of view, as Evaluate
}

// Evaluate returns the static evaluation of p in evaluation points (a cat
// is 150) from the point of view of the side to move: the side's features
// minus the other side's (Kozelek 2009, ch. 4.5.1). It does not look for goals;
// callers run GoalCheck first where it matters. It allocates nothing.
func (e *Evaluator) Evaluate(p *rules.Position) int {
	var t [numTerms][2]int
	e.terms(p, &t)
	s := 0
	for i := range t {
		s += t[i][rules.Gold] - t[i][rules.Silver]
	}
	if p.Side() == rules.Silver {
		return -s
	}
	return s
}

// Breakdown returns Evaluate feature by feature and side by side.
func (e *Evaluator) Breakdown(p *rules.Position) Breakdown {
	var t [numTerms][2]int
	e.terms(p, &t)
	b := Breakdown{Terms: make([]Term, numTerms), Side: p.Side()}
	for i := range t {
		b.Terms[i] = Term{Name: termNames[i], Gold: t[i][rules.Gold], Silver: t[i][rules.Silver]}
		b.Gold += t[i][rules.Gold]
		b.Silver += t[i][rules.Silver]
	}
	b.Score = b.Gold - b.Silver
	if p.Side() == rules.Silver {
		b.Score = -b.Score
	}
	return b
}

// WinProbability maps a score (from Evaluate) to the probability that the
// side it is scored for wins: 1/(1+exp(-λ·score)), ch. 4.5.1.
func (e *Evaluator) WinProbability(score int) float64 {
	return 1 / (1 + math.Exp(-e.w.Eval.SigmoidLambda*float64(score)))
}

// WinProbabilityAt is WinProbability for a score of position p, with the
// sigmoid steeper the fewer pieces are left (sigmoid_late): the same
// material lead decides more of a thinned game, so the search can tell a
// winning line from a merely good one there.
func (e *Evaluator) WinProbabilityAt(p *rules.Position, score int) float64 {
	l := e.w.Eval.SigmoidLambda
	if k := e.w.Eval.SigmoidLate; k != 0 {
		l *= 1 + k*float64(32-p.Occupied().Count())/32
	}
	return 1 / (1 + math.Exp(-l*float64(score)))
}

var trapSquares = [4]rules.Square{rules.C3, rules.F3, rules.C6, rules.F6}

// near2 is, for each square, the squares within Manhattan distance 2.
var near2 = func() (m [64]rules.Bitboard) {
	for s := rules.Square(0); s < 64; s++ {
		b := s.Bit()
		b |= b.Adjacent()
		b |= b.Adjacent()
		m[s] = b
	}
	return m
}()

// near3 is, for each square, the squares within Manhattan distance 3.
var near3 = func() (m [64]rules.Bitboard) {
	for s := rules.Square(0); s < 64; s++ {
		m[s] = near2[s] | near2[s].Adjacent()
	}
	return m
}()

// strongest returns the strongest type of side c's pieces within set, or
// NoType.
func strongest(p *rules.Position, c rules.Color, set rules.Bitboard) rules.PieceType {
	for t := rules.Elephant; t >= rules.Rabbit; t-- {
		if p.Pieces(c, t)&set != 0 {
			return t
		}
	}
	return rules.NoType
}

// strongerThan is the set of side c's pieces stronger than type t.
func strongerThan(p *rules.Position, c rules.Color, t rules.PieceType) rules.Bitboard {
	var b rules.Bitboard
	for u := t + 1; u <= rules.Elephant; u++ {
		b |= p.Pieces(c, u)
	}
	return b
}

// material scores c's pieces: their values and the rabbits_left penalty,
// or by HarLog (eval.harlog), where the penalty counts only when no
// rabbit is left.
// n holds both sides' piece counts when HarLog is on.
func (e *Evaluator) material(p *rules.Position, c rules.Color, n *[2]counts, t *[numTerms][2]int) {
	s := &e.w.Eval
	if e.harlog != nil {
		own := n[c]
		t[termMaterial][c] = int(math.Round(e.harlog.side(own, n[c.Other()])))
		if own[rules.Rabbit] == 0 {
			t[termRabbits][c] = -s.RabbitsLeft[0]
		}
		return
	}
	mat := 0
	for ty := rules.Rabbit; ty <= rules.Elephant; ty++ {
		mat += e.value[ty] * p.Pieces(c, ty).Count()
	}
	t[termMaterial][c] = mat
	if n := p.Pieces(c, rules.Rabbit).Count(); n < len(s.RabbitsLeft) {
		t[termRabbits][c] = -s.RabbitsLeft[n]
	}
}

// dominant returns the side owning the strongest piece within set, and
// false when the set is empty or both sides have a piece of that type there.
func dominant(p *rules.Position, set rules.Bitboard) (rules.Color, bool) {
	for t := rules.Elephant; t >= rules.Rabbit; t-- {
		g, s := p.Pieces(rules.Gold, t)&set != 0, p.Pieces(rules.Silver, t)&set != 0
		switch {
		case g && s:
			return 0, false
		case g:
			return rules.Gold, true
		case s:
			return rules.Silver, true
		}
	}
	return 0, false
}

func (e *Evaluator) terms(p *rules.Position, t *[numTerms][2]int) {
	s := &e.w.Eval
	empty := ^p.Occupied()
	frozenBoth := [2]rules.Bitboard{p.Frozen(rules.Gold), p.Frozen(rules.Silver)}
	e.trapControl(p, frozenBoth, t)
	if e.w.Eval.TrapInfluence != 0 || e.w.Eval.TrapPeril != 0 {
		e.trapInfluence(p, frozenBoth, t)
	}
	e.positional(p, frozenBoth, t)
	rabbitRank := &s.RabbitRank
	if p.Occupied().Count() <= s.LatePieces {
		rabbitRank = &s.RabbitRankLate
	}
	// The game phase costs a tenth of a microsecond: only when a term
	// uses it.
	ph := 0.0
	if s.PhaseWeight > 0 || s.PhaseMinorAdvance > 0 {
		ph = phase.Of(*p)
	}
	// Each side's counts once: HarLog scores either side against both.
	var n [2]counts
	if e.harlog != nil {
		n = [2]counts{countsOf(p, rules.Gold), countsOf(p, rules.Silver)}
	}
	for c := rules.Gold; c <= rules.Silver; c++ {
		o := c.Other()
		own, enemy := p.Pieces(c, rules.NoType), p.Pieces(o, rules.NoType)

		e.material(p, c, &n, t)

		frozen := frozenBoth[c]
		fz := 0
		for b := frozen; b != 0; {
			ty := p.At(b.Pop()).Type()
			fz += e.value[ty] * s.FrozenPercent[ty] / 100
		}
		t[termFrozen][c] = -fz

		if m := p.Pieces(c, rules.Camel) & frozen; m != 0 {
			for _, tr := range trapSquares {
				if empty.Has(tr) && near2[tr]&m != 0 && (tr.Neighbors()&own).Count() < 2 {
					t[termHostage][c] = -s.CamelHostage
					break
				}
			}
		}

		for _, tr := range trapSquares {
			nb := tr.Neighbors()
			t[termTrapGuards][c] += s.TrapGuards[(nb & own).Count()]
			if strongest(p, c, nb) > strongest(p, o, nb) {
				t[termTrapDominance][c] += s.TrapDominance
			}
			e.frame(p, c, tr, own, enemy, empty, t)
			if own.Has(tr) {
				if g := nb & own; g.Count() == 1 {
					if strongerThan(p, o, p.At(g.First()).Type())&near2[g.First()] != 0 {
						t[termTrapDanger][c] -= e.value[p.At(tr).Type()] * s.TrapDanger / 100
					}
				}
			}
		}

		for el := p.Pieces(o, rules.Elephant); el != 0; {
			if sq := el.Pop(); blockaded(p, sq, own, empty, frozenBoth[o]) {
				// 7.5 of bot_sharp's units a point, over the percentage.
				t[termBlockade][c] += s.ElephantBlockade + (blockadeSquare[homeRank(c, sq)][edgeFile(sq)]*s.BlockadeSquare+375)/750
			}
		}

		rr := 0
		for b := p.Pieces(c, rules.Rabbit); b != 0; {
			rr += rabbitRank[homeRank(c, b.Pop())]
		}
		if w := s.PhaseWeight; w > 0 {
			rr = e.phasedRabbitAdvance(p, c, rr, ph)
			t[termFrames][c] = int(math.Round(float64(t[termFrames][c]) * (1 - w*ph)))
		}
		t[termRabbitRank][c] = rr
		if s.PhaseMinorAdvance > 0 {
			minors := (p.Pieces(c, rules.Cat) | p.Pieces(c, rules.Dog)) & phase.Advanced(c)
			t[termMinorAdvance][c] = -int(math.Round(float64(s.PhaseMinorAdvance*minors.Count()) * (1 - ph)))
		}

		for ty := rules.Rabbit; ty <= rules.Elephant; ty++ {
			if w := s.Centre[ty]; w != 0 {
				for b := p.Pieces(c, ty); b != 0; {
					t[termCentre][c] -= w * centreDistance[b.Pop()]
				}
			}
		}
	}
}

// positional fills the terms that read the attackers' leads at the four
// traps (weighed once for all of them) and bot_sharp's parts: trap
// attack, threats, the rabbits' goal threat, camel advance, alignment,
// placement, imbalance and hostages, each only when its weight is on.
func (e *Evaluator) positional(p *rules.Position, frozenBoth [2]rules.Bitboard, t *[numTerms][2]int) {
	s := &e.w.Eval
	// The attackers' leads at the four traps, weighed once for the terms
	// that read them.
	leads := trapLeads{p: p, frozen: frozenBoth}
	if s.TrapAttack != 0 {
		e.trapAttack(&leads, t)
	}
	// Each piece's threat, for the hostage term not to count it twice
	// (recorded only while that term is on).
	var threatAt [64]int
	if s.PieceThreat != 0 {
		at := &threatAt
		if s.Hostages == 0 {
			at = nil
		}
		e.pieceThreats(p, frozenBoth, &leads, at, t)
	}
	if e.rabbitGoalOn {
		e.rabbitGoal(p, frozenBoth, &leads, t)
	}
	if s.CamelAdvance != 0 {
		e.camelAdvance(p, frozenBoth, &leads, t)
	}
	if s.Alignment != 0 {
		e.alignment(p, t)
	}
	if s.Placement != 0 {
		e.placement(p, leads.strongerCounts(), t)
	}
	if s.Imbalance != 0 {
		e.imbalance(p, frozenBoth, t)
	}
	if s.Hostages != 0 {
		e.hostages(p, frozenBoth, &leads, &threatAt, t)
	}
}

// phasedRabbitAdvance is side c's rabbit-advance term under phase_weight:
// byCount, the term of the table the piece count chose, blended with
// rabbit_rank and rabbit_rank_late mixed by the game phase ph. It is apart
// from the loop in terms so that the default (phase_weight 0) pays for no
// second pass over the rabbits.
func (e *Evaluator) phasedRabbitAdvance(p *rules.Position, c rules.Color, byCount int, ph float64) int {
	s := &e.w.Eval
	soft := 0.0
	for b := p.Pieces(c, rules.Rabbit); b != 0; {
		r := homeRank(c, b.Pop())
		soft += (1-ph)*float64(s.RabbitRank[r]) + ph*float64(s.RabbitRankLate[r])
	}
	w := s.PhaseWeight
	return int(math.Round((1-w)*float64(byCount) + w*soft))
}

// centreDistance is each square's distance in steps from the nearest of
// the four centre squares (d4, e4, d5, e5): 0 there, 6 in a corner.
var centreDistance = func() (d [64]int) {
	for sq := rules.Square(0); sq < 64; sq++ {
		d[sq] = centreAxis(sq.File()) + centreAxis(sq.Rank())
	}
	return d
}()

// centreAxis is how far file or rank x (0 to 7) lies outside 3..4.
func centreAxis(x int) int {
	switch {
	case x < 3:
		return 3 - x
	case x > 4:
		return x - 4
	}
	return 0
}

// homeRank is sq's rank counted from side c's home rank (0) to its goal
// (7).
func homeRank(c rules.Color, sq rules.Square) int {
	if c == rules.Silver {
		return 7 - sq.Rank()
	}
	return sq.Rank()
}

// trapControl scores each trap for each side (Kozelek 2009, ch. 4.5.2:
// traps are categorised by the guards of both sides and the owner of the
// dominant guard). A trap only one side guards is that side's; where both
// guard it, a side holds it safely with two guards or when neither the
// strongest guard nor the strongest unfrozen piece nearby is the enemy's,
// and actively when it also has the strongest guard and at least as many
// guards. A sole trap with frozen enemy pieces nearby and the local
// initiative is a capture in the making.
func (e *Evaluator) trapControl(p *rules.Position, frozen [2]rules.Bitboard, t *[numTerms][2]int) {
	s := &e.w.Eval
	all := p.Occupied()
	movable := all &^ (frozen[0] | frozen[1])
	for _, tr := range trapSquares {
		nb := tr.Neighbors()
		var guards [2]int
		guards[rules.Gold] = (nb & p.Pieces(rules.Gold, rules.NoType)).Count()
		guards[rules.Silver] = (nb & p.Pieces(rules.Silver, rules.NoType)).Count()
		if guards[0]+guards[1] == 0 {
			continue
		}
		guardDom, guardOK := dominant(p, nb&all)
		inflDom, inflOK := dominant(p, near3[tr]&movable)
		for c := rules.Gold; c <= rules.Silver; c++ {
			o := c.Other()
			if guards[c] == 0 {
				continue
			}
			v := 0
			if guards[o] == 0 {
				v += s.TrapSole
				if inflOK && inflDom == c && near2[tr]&frozen[o] != 0 {
					v += s.TrapPot
				}
			} else if guards[c] >= 2 || (!guardOK || guardDom != o) && (!inflOK || inflDom != o) {
				if guards[c] >= guards[o] && guardOK && guardDom == c {
					v += s.TrapActive
					if p.Pieces(c, rules.NoType).Has(tr) {
						v -= s.TrapActiveBlocked
					}
				} else {
					v += s.TrapSafe
				}
			}
			t[termTrapControl][c] += v
		}
	}
}

// influenceWeight is a piece's weight in the control of a trap by how
// many enemy pieces are stronger than it (none: 4, one: 3, two: 2, more:
// 1), and influenceDistance its weight by its distance from the trap
// (on it 1, beside it 2, two steps away 1).
var (
	influenceWeight   = [17]int{4, 3, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}
	influenceDistance = [3]int{1, 2, 1}
)

// maxInfluence caps a trap's control, in units of influence, where the
// term stops growing: one side's elephant beside a trap against nothing
// is control enough.
const maxInfluence = 8

// trapInfluence weighs who controls each trap by the pieces around it,
// the stronger relative to the enemy's pieces and the nearer the more,
// frozen ones at half: a side gains trap_influence points a unit of its
// lead, capped at maxInfluence units, and a side's pieces on or beside a
// trap the enemy controls are in peril: trap_peril percent of their value
// at the full cap, in proportion below it. The Akimot trap terms look
// only at the guards beside a trap, so that an enemy elephant two steps
// away, ready to push and pull, counts for nothing there; the pieces the
// alpha-beta search lost in its matches were taken in just such traps.
func (e *Evaluator) trapInfluence(p *rules.Position, frozen [2]rules.Bitboard, t *[numTerms][2]int) {
	s := &e.w.Eval
	stronger := strongerCounts(p)
	for _, tr := range trapSquares {
		inf := weigh(p, tr, near2[tr], frozen, &stronger, influenceWeight[:], influenceDistance[:])
		lead := min(max(inf[rules.Gold]-inf[rules.Silver], -maxInfluence), maxInfluence)
		t[termInfluence][rules.Gold] += s.TrapInfluence * max(lead, 0)
		t[termInfluence][rules.Silver] += s.TrapInfluence * max(-lead, 0)
		if lead == 0 || s.TrapPeril == 0 {
			continue
		}
		loser, margin := rules.Silver, lead
		if lead < 0 {
			loser, margin = rules.Gold, -lead
		}
		at := 0
		for b := (tr.Neighbors() | tr.Bit()) & p.Pieces(loser, rules.NoType); b != 0; {
			at += e.value[p.At(b.Pop()).Type()]
		}
		t[termPeril][loser] -= at * s.TrapPeril * margin / (100 * maxInfluence)
	}
}

// The weights of trap_attack: a piece's by how many enemy pieces are
// stronger than it, and by its distance from the trap; the leads at which
// the attacker's control counts for nothing and in full.
var (
	attackWeight   = [17]int{8, 6, 5, 4, 4, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3}
	attackDistance = [4]int{4, 4, 2, 1}
)

const (
	attackNone = -12
	attackFull = 68
)

// trapAttack weighs the control of each home trap by the pieces within
// three steps of it, as the strongest programs do (Wu 2015 describes
// bot_sharp's trap control: the stronger and nearer a piece, the more it
// counts), and gives the side attacking it trap_attack points in
// proportion to its lead between attackNone and attackFull. A home trap
// the enemy's elephant and camel stand beside while one's own strong
// pieces are away is where the matches' games were lost; the Akimot trap
// terms, which see only the guards beside a trap, valued all four traps
// alike.
func (e *Evaluator) trapAttack(leads *trapLeads, t *[numTerms][2]int) {
	full := e.w.Eval.TrapAttack
	for i, tr := range trapSquares {
		lead := min(max(leads.at(i), attackNone), attackFull)
		t[termAttack][homeOf(tr).Other()] += full * (lead - attackNone) / (attackFull - attackNone)
	}
}

// homeOf is the side whose home trap tr is.
func homeOf(tr rules.Square) rules.Color {
	if tr.Rank() >= 4 {
		return rules.Silver
	}
	return rules.Gold
}

// trapLeads is, for each trap of trapSquares, the lead of the side
// attacking it (the side whose home it is not) when the pieces within
// three steps of it are weighed as trap_attack weighs them; each lead is
// worked out when first asked for, and only once for the terms that read
// it (trap_attack, piece_threat, rabbit_goal_trap).
type trapLeads struct {
	p            *rules.Position
	frozen       [2]rules.Bitboard
	stronger     [2][7]int
	haveStronger bool
	lead         [4]int
	have         [4]bool
}

// strongerCounts is strongerCounts of the position, worked out once.
func (l *trapLeads) strongerCounts() *[2][7]int {
	if !l.haveStronger {
		l.stronger, l.haveStronger = strongerCounts(l.p), true
	}
	return &l.stronger
}

// at is the attacker's lead at trap i of trapSquares.
func (l *trapLeads) at(i int) int {
	if !l.have[i] {
		l.strongerCounts()
		tr := trapSquares[i]
		home := homeOf(tr)
		inf := weigh(l.p, tr, near3[tr], l.frozen, &l.stronger, attackWeight[:], attackDistance[:])
		l.lead[i], l.have[i] = inf[home.Other()]-inf[home], true
	}
	return l.lead[i]
}

// strongerCounts is, for each side and piece type, how many enemy pieces
// are stronger.
func strongerCounts(p *rules.Position) (stronger [2][7]int) {
	for c := rules.Gold; c <= rules.Silver; c++ {
		n := 0
		for ty := rules.Elephant; ty >= rules.Rabbit; ty-- {
			stronger[c][ty] = n
			n += p.Pieces(c.Other(), ty).Count()
		}
	}
	return stronger
}

// weigh sums each side's pieces in zone around trap tr: a piece weighs
// byStronger[the enemy pieces stronger than it] times byDistance[its
// distance from tr], half that when frozen.
func weigh(p *rules.Position, tr rules.Square, zone rules.Bitboard, frozen [2]rules.Bitboard, stronger *[2][7]int, byStronger, byDistance []int) (inf [2]int) {
	for b := zone & p.Occupied(); b != 0; {
		sq := b.Pop()
		pc := p.At(sq)
		c := pc.Color()
		// A board from the editor may hold more pieces than an army.
		w := byStronger[min(stronger[c][pc.Type()], len(byStronger)-1)] * byDistance[distance(sq, tr)]
		if frozen[c].Has(sq) {
			w /= 2
		}
		inf[c] += w
	}
	return inf
}

// frame scores a piece of side c framed on trap tr and its pinned guard.
func (e *Evaluator) frame(p *rules.Position, c rules.Color, tr rules.Square, own, enemy, empty rules.Bitboard, t *[numTerms][2]int) {
	if !own.Has(tr) {
		return
	}
	nb := tr.Neighbors()
	guards := nb & own
	if guards.Count() != 1 || nb&enemy != nb&^guards {
		return
	}
	x := p.At(tr).Type()
	for b := nb & enemy; b != 0; {
		sq := b.Pop()
		if p.At(sq).Type() < x && sq.Neighbors()&empty != 0 {
			return // x can push this enemy away and step off
		}
	}
	s := &e.w.Eval
	g := guards.First()
	gt := p.At(g).Type()
	t[termFrames][c] -= e.value[x] * s.FramePercent / 100
	t[termPins][c] -= e.value[gt] * s.PinPercent / 100
	if strongerThan(p, c.Other(), gt)&near2[g] != 0 {
		t[termPins][c] -= e.value[x] * s.PinWeakPercent / 100
	}
}

// blockaded reports whether the elephant on sq is held in a complete
// blockade by the side owning blockers: no empty neighbour to step or pull
// into (an empty trap none of its own pieces guards is no way out: it
// would be captured there), no neighbouring blocker it could push (every
// one has no empty neighbour), at least two blockers around it, and none
// its own side can pull away at once (an unfrozen piece stronger than the
// blocker beside it, with room to step back); frozen are the elephant's
// side's frozen pieces.
func blockaded(p *rules.Position, sq rules.Square, blockers, empty, frozen rules.Bitboard) bool {
	nb := sq.Neighbors()
	if (nb & blockers).Count() < 2 {
		return false
	}
	friends := p.Pieces(p.At(sq).Color(), rules.NoType) &^ sq.Bit()
	for b := nb & empty; b != 0; {
		if t := b.Pop(); !t.IsTrap() || t.Neighbors()&friends != 0 {
			return false
		}
	}
	for b := nb & blockers; b != 0; {
		if b.Pop().Neighbors()&empty != 0 {
			return false
		}
	}
	for b := nb & blockers; b != 0; {
		x := b.Pop()
		for f := x.Neighbors() & friends &^ frozen; f != 0; {
			if y := f.Pop(); p.At(y).Type() > p.At(x).Type() && y.Neighbors()&empty != 0 {
				return false
			}
		}
	}
	return true
}

// blockadeSquare is the figure of a blockaded elephant by its rank from
// the blockading side's home and its file from the nearer edge: dearest
// in the blockader's camp and on the edges, where the elephant is out of
// play for good (bot_sharp's figures, Wu 2015, before its reductions for
// the steps to break the blockade and the pieces it ties).
var blockadeSquare = [8][4]int{
	{4800, 4200, 3700, 3800},
	{4000, 3250, 3600, 2900},
	{3000, 2200, 1500, 1000},
	{2100, 1300, 1300, 800},
	{2100, 1300, 1000, 800},
	{2200, 1500, 1000, 700},
	{2700, 1900, 1700, 1200},
	{3200, 2500, 2000, 1800},
}
