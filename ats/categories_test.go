package ats

import (
	"flag"
	"strings"
	"testing"

	"arimaa-workbench/engine/eval"
	"arimaa-workbench/engine/rules"
)

// The categorised example suite (assets/tests/categories) is checked here
// against the rules core, test by test: the position is valid, the
// author's answer is legal and scores full marks, a wrong answer named
// below does not, and the claim the test makes holds exactly. The goal and
// trap searches of engine/eval are exact, so they decide whether a goal or
// a capture exists; no answer comes from the search engine.

// categorySuiteDir holds the categorised tests.
const categorySuiteDir = "../assets/tests/categories"

// categoryTags are the category tags: every test carries exactly one.
var categoryTags = []string{
	"goal", "prevent-goal", "capture", "prevent-capture", "hostage", "frame",
	"pin", "elephant-blockade", "easy-way", "positional", "opening", "endgame",
}

// categoryMinimum is the fewest tests a category may have.
const categoryMinimum = 8

// categoryExhaustive also judges every move of each test with a threat
// claim: each move the criteria accept must leave the threatened piece
// safe. It makes the test several times slower, so it is off by default:
//
//	go test ./ats/ -run TestCategorySuite -args -categories.exhaustive
var categoryExhaustive = flag.Bool("categories.exhaustive", false, "judge every move of the categorised tests with a threat claim")

// categoryCheck is what a test of the suite is checked against besides
// its own criteria.
type categoryCheck struct {
	// wrong is a legal move that must score less than full marks; for
	// the tactical categories it must also fail for the tactical reason
	// (no goal, the goal still allowed, no capture, the piece still lost).
	wrong string
	// claims are facts about the position after the author's answer,
	// separated by spaces:
	//   threat:Xsq   the piece X on sq can be captured if the side to move
	//                passes, and cannot be after the answer (prevent-capture)
	//   safe         after the answer the opponent can capture nothing
	//   frozen:Xsq   after the answer X stands on sq and is frozen
	//   wrong-frozen:Xsq  after the wrong answer X stands on sq, frozen
	//   framed:Xsq   after the answer X stands on the trap sq with every
	//                neighbouring square taken, and no move of the opponent
	//                ends with X elsewhere
	//   blockaded:X  no move of the opponent ends with its elephant X on
	//                another square
	//   free:X       the opponent's elephant X could get out if the side to
	//                move passed, so the answer is what shuts it in
	//   pinned:Xsq   X on sq is the only friend of a piece on a trap next
	//                to it, so the piece dies if X leaves
	//   goal-threat  the opponent could score if the side to move passed,
	//                and can after the wrong answer
	//   goal-race    the opponent could score if the side to move passed:
	//                the answer must win at once
	//   wins:L       the answer ends the game in the mover's favour, L the
	//                termination letter (g goal, e elimination)
	// Besides, every answer outside the goal category that does not end the
	// game must leave the opponent no goal.
	claims string
}

// categoryChecks names the wrong answer and the claims of every test.
var categoryChecks = map[string]categoryCheck{
	// elephant-blockade.toml
	"blockade-close-g7":                         {wrong: "Ed4n", claims: "blockaded:e free:e"},
	"blockade-silver-close-b2":                  {wrong: "ef4w", claims: "blockaded:E free:E"},
	"blockade-with-its-own-pieces":              {wrong: "Ee4n", claims: "blockaded:e free:e"},
	"blockade-silver-corner-h1":                 {wrong: "ef4s", claims: "blockaded:E free:E"},
	"blockade-capture-without-releasing":        {wrong: "Ha6e", claims: "blockaded:e"},
	"blockade-silver-capture-without-releasing": {wrong: "hh3w", claims: "blockaded:E"},
	"blockade-defend-and-keep":                  {wrong: "Db7e", claims: "blockaded:e"},
	"blockade-silver-shut-the-corner":           {wrong: "ee3n", claims: "blockaded:E free:E"},
	// capture.toml
	"capture-silver-takes-elephant":     {wrong: "ee5n"},
	"capture-camel-before-horse":        {wrong: "Ee5w hc5n Ed5w"},
	"capture-silver-dog-pulls-guard":    {wrong: "Hd3w ee3w"},
	"capture-horse-on-trap":             {wrong: "Mf5e dg6w Mg5n"},
	"capture-silver-camel-two-pushes":   {wrong: "ed4n"},
	"capture-camel-guard-pushed":        {wrong: "Ee5e Ef5e"},
	"capture-silver-guard-then-dog":     {wrong: "Dc4s mb4e"},
	"capture-horse-into-f6":             {wrong: "Eh5w"},
	"capture-silver-elephant-pulls-cat": {wrong: "ef3n ef4n"},
	"capture-pull-dog-onto-f6":          {wrong: "Ef6n Ef7n"},
	"capture-silver-save-horse-first":   {wrong: "He3n ed3e"},
	"capture-invading-camel":            {wrong: "Ee3n"},
	"capture-silver-elephant-invades":   {wrong: "eg4s eg3s", claims: "safe"},
	"capture-horse-into-c6":             {wrong: "Ed5e"},
	// easy-way.toml
	"easy-way-rabbit-closes-g1":       {wrong: "Ed3e Ee3e", claims: "safe goal-threat"},
	"easy-way-silver-cat-to-f7":       {wrong: "ee4n ee5n", claims: "safe goal-threat"},
	"easy-way-camel-steps-off":        {wrong: "Ee1w Ed1w", claims: "threat:Mc3 safe"},
	"easy-way-silver-horse-steps-off": {wrong: "df7w", claims: "threat:hf6 safe"},
	"easy-way-goal-not-camel":         {wrong: "mc4s Ed4w"},
	"easy-way-silver-goal-not-cat":    {wrong: "Cc5n eb5e"},
	"easy-way-elephant-guards-f3":     {wrong: "Ee2w", claims: "threat:Hg3 safe"},
	"easy-way-silver-guard-c6":        {wrong: "ed8w", claims: "threat:hb6 safe"},
	// endgame.toml
	"endgame-take-the-last-rabbit":        {wrong: "rf4s Ee4e", claims: "wins:e"},
	"endgame-silver-take-the-last-rabbit": {wrong: "Rc5n ed5w", claims: "wins:e"},
	"endgame-race-score-first":            {wrong: "Rb5n Rb6n Ea6n", claims: "goal-race"},
	"endgame-silver-race-score-first":     {wrong: "eg6n eg7w", claims: "goal-race"},
	"endgame-elephant-comes-back":         {wrong: "Rh2w", claims: "goal-threat"},
	"endgame-silver-push-runner-aside":    {wrong: "ra7s", claims: "goal-threat"},
	"endgame-save-the-last-rabbit":        {wrong: "Ed4n", claims: "threat:Rf4"},
	"endgame-silver-save-the-last-rabbit": {wrong: "ed7n", claims: "threat:rc5"},
	// frame.toml
	"frame-silver-horse-on-c3":        {wrong: "Ee3w", claims: "framed:hc3"},
	"frame-silver-frames-camel":       {wrong: "ee5n", claims: "framed:Mf6"},
	"frame-camel-pulls-supporter":     {wrong: "Eg3n"},
	"frame-silver-pushes-supporter":   {wrong: "ee5w"},
	"frame-horse-escapes":             {wrong: "Dd6s", claims: "threat:Hc6"},
	"frame-silver-horse-escapes":      {wrong: "dg3n", claims: "threat:hf3"},
	"frame-silver-frames-dog":         {wrong: "md4s", claims: "framed:Dc3"},
	"frame-elephant-pushes-supporter": {wrong: "Ed7e"},
	// goal.toml
	"goal-elephant-unfreezes-runner":     {wrong: "Ed6e Ee6n"},
	"goal-silver-cat-unfreezes":          {wrong: "rf2e"},
	"goal-elephant-pulls-blocker":        {wrong: "He7s"},
	"goal-silver-guarded-trap-path":      {wrong: "rc4e rd4s rd3s"},
	"goal-capture-the-freezer":           {wrong: "Ee6n rd7n Ee7w"},
	"goal-silver-dog-makes-room":         {wrong: "rg2w"},
	"goal-horse-removes-freezer":         {wrong: "Hg5w dg6s"},
	"goal-silver-elephant-escorts":       {wrong: "rb3e rc3s"},
	"goal-silver-elephant-pushes-cat":    {wrong: "hd6s"},
	"goal-horse-clears-the-way":          {wrong: "De6w"},
	"goal-silver-open-file":              {wrong: "ed6s ed5w"},
	"goal-silver-elephant-unpins-rabbit": {wrong: "eh3n"},
	"goal-horse-guards-f6":               {wrong: "Rf5n"},
	"goal-cat-pulls-rabbit-off-goal":     {wrong: "Cd8e rc8e"},
	// hostage.toml
	"hostage-take-camel":           {wrong: "Eb4e", claims: "frozen:mb6 safe"},
	"hostage-silver-take-horse":    {wrong: "ef5w", claims: "frozen:Hg3 safe"},
	"hostage-cash-in-camel":        {wrong: "Eg5w"},
	"hostage-silver-free-camel":    {wrong: "dc4w", claims: "safe"},
	"hostage-keep-and-defend":      {wrong: "Ed7s", claims: "frozen:mc7"},
	"hostage-silver-cash-in-horse": {wrong: "eb4e"},
	"hostage-take-horse":           {wrong: "Ee4n", claims: "frozen:hf5 safe"},
	"hostage-silver-cash-in-camel": {wrong: "ea3n"},
	// opening.toml
	"opening-elephant-forward":               {wrong: "Dh2n Dh3n Rh1n Rh2n", claims: "safe"},
	"opening-silver-elephant-forward":        {wrong: "da7s da6s ra8s ra7s", claims: "safe"},
	"opening-punish-the-horse":               {wrong: "Ed4w Ec4w"},
	"opening-silver-punish-the-horse":        {wrong: "ee5n"},
	"opening-punish-the-raider":              {wrong: "Ed2n Ed3e"},
	"opening-silver-punish-the-raider":       {wrong: "ec4n"},
	"opening-elephant-meets-elephant":        {wrong: "Md2n Md3n Md4n", claims: "safe wrong-frozen:Md5"},
	"opening-silver-elephant-meets-elephant": {wrong: "me7s me6s me5w", claims: "safe wrong-frozen:md5"},
	// pin.toml
	"pin-capture-with-free-piece":        {wrong: "ce6e Dd6e", claims: "pinned:Dd6"},
	"pin-silver-capture-with-free-piece": {wrong: "Ce3e dd3e", claims: "pinned:dd3"},
	"pin-push-horse-onto-trap":           {wrong: "Ec4e", claims: "pinned:dd6 framed:hc6"},
	"pin-silver-push-horse-onto-trap":    {wrong: "ef5w", claims: "pinned:De3"},
	"pin-push-the-pinned-dog":            {wrong: "Ee6s"},
	"pin-silver-push-the-pinned-dog":     {wrong: "ed3n"},
	"pin-silver-defend-without-the-dog":  {wrong: "dc7n", claims: "pinned:dc7"},
	"pin-defend-without-the-camel":       {wrong: "Mg3n", claims: "pinned:Mg3"},
	// positional.toml
	"positional-elephant-to-the-centre":            {wrong: "Ra2n Rh2n", claims: "safe"},
	"positional-silver-elephant-to-the-centre":     {wrong: "ra7s rh7s", claims: "safe"},
	"positional-silver-camel-away-from-elephant":   {wrong: "md6e", claims: "safe wrong-frozen:me6"},
	"positional-camel-away-from-elephant":          {wrong: "Ra2n", claims: "safe"},
	"positional-second-guard-for-c3":               {wrong: "Ra2n", claims: "safe"},
	"positional-silver-second-guard-for-f6":        {wrong: "ra7s", claims: "safe"},
	"positional-camel-leaves-the-elephant":         {wrong: "Mf4n", claims: "safe wrong-frozen:Mf5"},
	"positional-silver-elephant-out-of-the-corner": {wrong: "rc8e", claims: "safe"},
	// prevent-capture.toml
	"prevent-capture-guard-c3-for-camel":              {wrong: "Eg4n", claims: "threat:Mb3"},
	"prevent-capture-silver-horse-guards-f6":          {wrong: "ec4n", claims: "threat:df7"},
	"prevent-capture-dog-guards-f3":                   {wrong: "Ee1n", claims: "threat:He3"},
	"prevent-capture-silver-cat-off-trap":             {wrong: "mg4n", claims: "threat:cc6"},
	"prevent-capture-unfreeze-and-retreat":            {wrong: "Ee1n", claims: "threat:Me3 safe"},
	"prevent-capture-silver-rabbit-guards-f6":         {wrong: "mb4n", claims: "threat:de6"},
	"prevent-capture-silver-camel-escapes":            {wrong: "hc5s", claims: "threat:md3"},
	"prevent-capture-dog-leaves-f6":                   {wrong: "Ed1n", claims: "threat:Df6"},
	"prevent-capture-silver-elephant-unfreezes-horse": {wrong: "ed5e ee5s", claims: "threat:hf4"},
	"prevent-capture-camel-freezes-attacker":          {wrong: "Rb1n Rb2n", claims: "threat:Dc4"},
	"prevent-capture-silver-elephant-freezes-horse":   {wrong: "ra7e rb7e", claims: "threat:cc5"},
	"prevent-capture-cat-steps-away":                  {wrong: "Ed1n", claims: "threat:Cf2 safe"},
	// prevent-goal.toml
	"prevent-goal-capture-runner":            {wrong: "Eg4w Ef4w"},
	"prevent-goal-silver-cat-drags-runner":   {wrong: "cc7n cc8e"},
	"prevent-goal-cat-pushes-runner-back":    {wrong: "Df1w"},
	"prevent-goal-push-runner-aside":         {wrong: "Ra1e"},
	"prevent-goal-silver-rabbit-blocks-file": {wrong: "ee5e"},
	"prevent-goal-elephant-guards-d2":        {wrong: "Ee1w"},
	"prevent-goal-silver-rabbits-fill-rank":  {wrong: "dd8e"},
	"prevent-goal-close-the-home-rank":       {wrong: "Rb1e"},
	"prevent-goal-silver-elephant-to-f7":     {wrong: "rf8e"},
	"prevent-goal-horse-closes-g2":           {wrong: "Ea3n"},
	"prevent-goal-silver-dog-into-d7":        {wrong: "cf7w"},
	"prevent-goal-cat-and-rabbit-close-rank": {wrong: "Mb3n"},
}

func TestCategorySuite(t *testing.T) {
	s, errs := LoadSuite(categorySuiteDir)
	for _, err := range errs {
		t.Errorf("load: %v", err)
	}
	perCategory := map[string]int{}
	perSide := map[string][2]int{}
	seen := map[string]bool{}
	for _, tc := range s.Tests {
		cat := ""
		for _, c := range categoryTags {
			if tc.HasTag(c) {
				if cat != "" {
					t.Errorf("%s: tagged both %s and %s", tc.Name, cat, c)
				}
				cat = c
			}
		}
		if cat == "" {
			t.Errorf("%s: no category tag", tc.Name)
			continue
		}
		perCategory[cat]++
		sides := perSide[cat]
		sides[tc.Position.Side()]++
		perSide[cat] = sides
		check, ok := categoryChecks[tc.Name]
		if !ok {
			t.Errorf("%s: no entry in categoryChecks", tc.Name)
			continue
		}
		seen[tc.Name] = true
		t.Run(tc.Name, func(t *testing.T) {
			t.Parallel()
			checkCategoryTest(t, tc, cat, check)
		})
	}
	for name := range categoryChecks {
		if !seen[name] {
			t.Errorf("categoryChecks has %q, which is not in the suite", name)
		}
	}
	total := 0
	for _, c := range categoryTags {
		n := perCategory[c]
		total += n
		if n < categoryMinimum {
			t.Errorf("category %s has %d tests, want at least %d", c, n, categoryMinimum)
		}
		if sides := perSide[c]; sides[rules.Gold] == 0 || sides[rules.Silver] == 0 {
			t.Errorf("category %s: gold to move in %d tests, silver in %d; want both", c, sides[rules.Gold], sides[rules.Silver])
		}
	}
	if total < 100 {
		t.Errorf("%d categorised tests, want at least 100", total)
	}
}

// checkCategoryTest checks one test of the categorised suite.
func checkCategoryTest(t *testing.T, tc *Test, cat string, check categoryCheck) {
	p := tc.Position
	if probs := p.Validate(); len(probs) > 0 {
		t.Fatalf("invalid position: %v", probs)
	}
	g, err := rules.NewGameFrom(p)
	if err != nil {
		t.Fatal(err)
	}
	if g.Phase() != rules.Playing {
		t.Fatalf("the game is not in progress: phase %v", g.Phase())
	}
	if p.StepsTaken() != 0 {
		t.Fatalf("the position is in the middle of a turn")
	}
	rep := Report{WinRatio: 1, HasWinRatio: true}
	full := tc.Criteria.MaxScore()
	if full <= 0 {
		t.Fatalf("criteria %v can score nothing", tc.Criteria)
	}
	pl, v, err := tc.Score(tc.Solution, rep)
	if err != nil {
		t.Fatalf("solution %q: %v", tc.Solution, err)
	}
	if v.Score != full {
		t.Fatalf("solution %s scores %v of %v", pl.Text, v.Score, full)
	}
	// The rules core's game agrees with PlayMove on the answer.
	if err := g.Play(pl.Move); err != nil {
		t.Fatalf("the game refuses the solution %s: %v", pl.Text, err)
	}
	if got := g.Position(); got.Board() != pl.After.Board() || got.Side() != pl.After.Side() {
		t.Fatalf("the game and PlayMove disagree on the position after %s", pl.Text)
	}
	wrong, err := PlayMove(p, check.wrong)
	if err != nil {
		t.Fatalf("wrong answer %q: %v", check.wrong, err)
	}
	if s := tc.Criteria.Judge(p, wrong, rep).Score; s >= full {
		t.Fatalf("wrong answer %s scores %v, full marks", wrong.Text, s)
	}
	claims := strings.Fields(check.claims)
	mover := p.Side()
	after := pl.After

	switch cat {
	case "goal":
		r, over := g.Result()
		if !over || r.Winner != mover || r.How != rules.ByGoal {
			t.Fatalf("solution %s does not win by goal (result %v, over %v)", pl.Text, r, over)
		}
		if _, ok := eval.GoalCheck(&p); !ok {
			t.Fatalf("GoalCheck finds no goal, yet %s scores one", pl.Text)
		}
		if r, over := wrong.After.Outcome(); over && r.Winner == mover {
			t.Fatalf("wrong answer %s wins too", wrong.Text)
		}
	case "prevent-goal":
		pass := p.WithSide(mover.Other())
		if _, ok := eval.GoalCheck(&pass); !ok {
			t.Fatalf("the opponent has no goal to prevent")
		}
		if m, ok := eval.GoalCheck(&after); ok {
			t.Fatalf("after %s the opponent still scores with %s", pl.Text, after.MoveString(m))
		}
		if _, ok := eval.GoalCheck(&wrong.After); !ok {
			t.Fatalf("after the wrong answer %s the opponent cannot score", wrong.Text)
		}
	case "capture":
		targets := criteriaCaptures(tc.Criteria)
		if len(targets) == 0 {
			t.Fatalf("a capture test without a captures criterion")
		}
		top := targets[0]
		if !capturedBy(pl.Captures, top) {
			t.Fatalf("solution %s does not capture %s", pl.Text, top)
		}
		if !threatened(eval.TrapCheck(&p), top.Piece, top.Square, true) {
			t.Fatalf("TrapCheck does not find the capture of %s", top)
		}
		if capturedBy(wrong.Captures, top) && !(criteriaNoLoss(tc.Criteria) && lostAny(wrong, mover)) {
			t.Fatalf("the wrong answer %s also satisfies %s", wrong.Text, top)
		}
	case "prevent-capture":
		if !strings.Contains(check.claims, "threat:") {
			t.Fatalf("a prevent-capture test without a threat claim")
		}
	}
	won := false
	if r, over := after.Outcome(); over {
		if r.Winner != mover {
			t.Fatalf("solution %s loses: %v", pl.Text, r)
		}
		won = true
	}
	if cat != "goal" && !won {
		if m, ok := eval.GoalCheck(&after); ok {
			t.Fatalf("after %s the opponent scores with %s", pl.Text, after.MoveString(m))
		}
	}
	for _, c := range claims {
		checkCategoryClaim(t, tc, c, p, pl, wrong)
	}
}

// checkCategoryClaim checks one claim of a test about the position after
// its solution pl (wrong is the test's wrong answer).
func checkCategoryClaim(t *testing.T, tc *Test, claim string, p rules.Position, pl, wrong Played) {
	t.Helper()
	after := pl.After
	kind, arg, _ := strings.Cut(claim, ":")
	var pc rules.Piece
	sq := rules.NoSquare
	if arg != "" && kind != "wins" {
		var ok bool
		if pc, ok = rules.ParsePiece(arg[0]); !ok {
			t.Fatalf("claim %q: bad piece", claim)
		}
		if len(arg) == 3 {
			var err error
			if sq, err = rules.ParseSquare(arg[1:]); err != nil {
				t.Fatalf("claim %q: %v", claim, err)
			}
		}
	}
	switch kind {
	case "goal-race", "goal-threat":
		pass := p.WithSide(p.Side().Other())
		if _, ok := eval.GoalCheck(&pass); !ok {
			t.Errorf("claim %s: the opponent cannot score even if the side to move passes", claim)
		}
		// A threat, unlike a race, is one the wrong answer leaves.
		if _, ok := eval.GoalCheck(&wrong.After); kind == "goal-threat" && !ok {
			t.Errorf("claim %s: the opponent cannot score after the wrong answer %s either", claim, wrong.Text)
		}
	case "wins":
		r, over := after.Outcome()
		if !over || r.Winner != p.Side() || byte(r.How) != arg[0] {
			t.Errorf("claim %s: after %s the result is %v (over %v)", claim, pl.Text, r, over)
		}
	case "safe":
		if th := eval.TrapCheck(&after); len(th) > 0 {
			t.Errorf("claim safe: after %s the opponent captures %s%s", pl.Text, th[0].Piece, th[0].Square)
		}
	case "threat":
		if p.At(sq) != pc || pc.Color() != p.Side() {
			t.Fatalf("claim %s: no piece of the side to move there", claim)
		}
		pass := p.WithSide(p.Side().Other())
		if !threatened(eval.TrapCheck(&pass), pc, sq, false) {
			t.Errorf("claim %s: the opponent cannot capture it even if the side to move passes", claim)
		}
		if threatened(eval.TrapCheck(&after), pc, rules.NoSquare, false) {
			t.Errorf("claim %s: after %s the opponent can still capture it", claim, pl.Text)
		}
		if !threatened(eval.TrapCheck(&wrong.After), pc, rules.NoSquare, false) && !lost(wrong, pc) {
			t.Errorf("claim %s: the wrong answer %s saves it too", claim, wrong.Text)
		}
		if *categoryExhaustive {
			exhaustiveThreat(t, tc, pc)
		}
	case "frozen":
		if after.At(sq) != pc || !after.IsFrozen(sq) {
			t.Errorf("claim %s: after %s the piece is not there frozen", claim, pl.Text)
		}
	case "framed":
		if !sq.IsTrap() || after.At(sq) != pc {
			t.Fatalf("claim %s: after %s the piece is not on that trap", claim, pl.Text)
		}
		if sq.Neighbors()&^after.Occupied() != 0 {
			t.Errorf("claim %s: a square next to the trap is empty", claim)
		}
		if m, ok := canLeave(after, pc, sq); ok {
			t.Errorf("claim %s: the opponent frees it with %s", claim, after.MoveString(m))
		}
	case "blockaded":
		if pc.Type() != rules.Elephant || pc.Color() != after.Side() || after.Count(pc.Color(), rules.Elephant) != 1 {
			t.Fatalf("claim %s: not the opponent's elephant", claim)
		}
		at := after.Pieces(pc.Color(), rules.Elephant).First()
		if m, ok := canLeave(after, pc, at); ok {
			t.Errorf("claim %s: the elephant on %s gets out with %s", claim, at, after.MoveString(m))
		}
	case "free":
		pass := p.WithSide(p.Side().Other())
		if pc.Type() != rules.Elephant || pc.Color() != pass.Side() || pass.Count(pc.Color(), rules.Elephant) != 1 {
			t.Fatalf("claim %s: not the opponent's elephant", claim)
		}
		if _, ok := canLeave(pass, pc, pass.Pieces(pc.Color(), rules.Elephant).First()); !ok {
			t.Errorf("claim %s: the elephant is shut in even if the side to move passes", claim)
		}
	case "wrong-frozen":
		if wrong.After.At(sq) != pc || !wrong.After.IsFrozen(sq) {
			t.Errorf("claim %s: after the wrong answer %s the piece is not there frozen", claim, wrong.Text)
		}
	case "pinned":
		if after.At(sq) != pc {
			t.Fatalf("claim %s: after %s the piece is not there", claim, pl.Text)
		}
		held := false
		for traps := sq.Neighbors() & rules.Traps; traps != 0; {
			tr := traps.Pop()
			if x := after.At(tr); x != rules.Empty && x.Color() == pc.Color() && tr.Neighbors()&after.Pieces(pc.Color(), rules.NoType) == sq.Bit() {
				held = true
			}
		}
		if !held {
			t.Errorf("claim %s: after %s it is not the only friend of a piece on a trap", claim, pl.Text)
		}
	default:
		t.Fatalf("unknown claim %q", claim)
	}
}

// criteriaCaptures lists the Captures atoms of the blocks of full weight.
func criteriaCaptures(c Criteria) []Cond {
	var out []Cond
	for _, b := range c.Blocks {
		if b.Weight != c.MaxScore() {
			continue
		}
		for _, a := range b.Atoms {
			if a.Kind == Captures && !a.Negate {
				out = append(out, a)
			}
		}
	}
	return out
}

func capturedBy(caps []rules.Capture, c Cond) bool {
	for _, x := range caps {
		if x.Piece == c.Piece && (c.Square == rules.NoSquare || x.Square == c.Square) {
			return true
		}
	}
	return false
}

// threatened reports whether ths holds a capture of pc standing on from
// (any square when from is NoSquare); onTrap matches from against the trap
// it dies on instead.
func threatened(ths []eval.Threat, pc rules.Piece, from rules.Square, onTrap bool) bool {
	for _, th := range ths {
		sq := th.Square
		if onTrap {
			sq = th.Trap
		}
		if th.Piece == pc && (from == rules.NoSquare || sq == from) {
			return true
		}
	}
	return false
}

// criteriaNoLoss reports whether every block of full weight asks for no
// loss.
func criteriaNoLoss(c Criteria) bool {
	for _, b := range c.Blocks {
		if b.Weight != c.MaxScore() {
			continue
		}
		has := false
		for _, a := range b.Atoms {
			has = has || (a.Kind == NoLoss && !a.Negate)
		}
		if !has {
			return false
		}
	}
	return true
}

// lostAny reports whether the move pl lost a piece of side c.
func lostAny(pl Played, c rules.Color) bool {
	for _, x := range pl.Captures {
		if x.Piece.Color() == c {
			return true
		}
	}
	return false
}

func lost(pl Played, pc rules.Piece) bool {
	for _, c := range pl.Captures {
		if c.Piece == pc {
			return true
		}
	}
	return false
}

// canLeave looks for a move of the side to move in p that ends its turn
// with the piece pc no longer on sq and not captured.
func canLeave(p rules.Position, pc rules.Piece, sq rules.Square) (rules.Move, bool) {
	var found rules.Move
	ok := false
	n := p.Count(pc.Color(), pc.Type())
	var g rules.MoveGen
	g.EachUntil(p, func(m rules.Move, end *rules.Position) bool {
		if end.At(sq) != pc && end.Count(pc.Color(), pc.Type()) == n {
			found, ok = m, true
		}
		return !ok
	})
	return found, ok
}

// exhaustiveThreat judges every move of the test: each one the criteria
// give full marks must leave no capture of pc.
func exhaustiveThreat(t *testing.T, tc *Test, pc rules.Piece) {
	p := tc.Position
	full := tc.Criteria.MaxScore()
	var g rules.MoveGen
	bad := 0
	for _, m := range g.Moves(p, nil) {
		pl, err := PlayMove(p, p.MoveString(m))
		if err != nil {
			t.Fatal(err)
		}
		if tc.Criteria.Judge(p, pl, Report{}).Score < full {
			continue
		}
		if lost(pl, pc) || threatened(eval.TrapCheck(&pl.After), pc, rules.NoSquare, false) {
			if bad++; bad <= 3 {
				t.Errorf("%s gets full marks but leaves %s to be captured", pl.Text, pc)
			}
		}
	}
	if bad > 3 {
		t.Errorf("%d such moves", bad)
	}
}
