package eval

// termKeys are, for each term of the breakdown, the [eval] keys whose
// values the term grows in proportion to: multiplying all of them by one
// factor multiplies the term by it (a term of several keys adds or
// nests their products; the rabbit-goal term's root of squares is still
// of degree one). Material has none here, being the scale the others are
// measured in, nor the rabbit advance, a value per rank that is no
// multiple of anything.
var termKeys = [numTerms][]string{
	termFrozen:        {"eval.frozen_percent"},
	termTrapGuards:    {"eval.trap_guards"},
	termTrapDominance: {"eval.trap_dominance"},
	termTrapControl:   {"eval.trap_sole", "eval.trap_pot", "eval.trap_safe", "eval.trap_active", "eval.trap_active_blocked"},
	termTrapDanger:    {"eval.trap_danger"},
	termFrames:        {"eval.frame_percent"},
	termPins:          {"eval.pin_percent", "eval.pin_weak_percent"},
	termHostage:       {"eval.camel_hostage"},
	termBlockade:      {"eval.elephant_blockade", "eval.elephant_blockade_square"},
	termCentre:        {"eval.centre"},
	termMinorAdvance:  {"eval.phase_minor_advance"},
	termInfluence:     {"eval.trap_influence"},
	termPeril:         {"eval.trap_peril"},
	termAttack:        {"eval.trap_attack"},
	termRabbitGoal:    {"eval.rabbit_goal", "eval.rabbit_goal_trap"},
	termThreat:        {"eval.piece_threat"},
	termCamelAdvance:  {"eval.camel_advance"},
	termAlignment:     {"eval.alignment"},
	termPlacement:     {"eval.placement"},
	termImbalance:     {"eval.imbalance"},
	termHostages:      {"eval.hostages"},
}

// Term kinds, as TermKind reports them.
const (
	// KindMaterial is the material of the pieces and the rabbits left.
	KindMaterial = "material"
	// KindRabbitRank is the rabbit advance, a value by rank.
	KindRabbitRank = "rabbit rank"
	// KindScaled is a term in proportion to its keys (TermKeys).
	KindScaled = "scaled"
)

// TermKind says how the term of the breakdown named name (Term.Name) is
// made: of material, of the rabbits' ranks, or in proportion to the keys
// TermKeys gives. An unknown name gives "".
func TermKind(name string) string {
	for i, n := range termNames {
		if n != name {
			continue
		}
		switch i {
		case termMaterial, termRabbits:
			return KindMaterial
		case termRabbitRank:
			return KindRabbitRank
		}
		return KindScaled
	}
	return ""
}

// TermKeys returns the [eval] keys (dotted, as config.Keys names them)
// that the term named name grows in proportion to, or nil for material,
// the rabbit advance and unknown names.
func TermKeys(name string) []string {
	for i, n := range termNames {
		if n == name {
			return append([]string(nil), termKeys[i]...)
		}
	}
	return nil
}
