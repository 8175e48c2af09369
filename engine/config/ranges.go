package config

// Ranges of the numbers that bound a search, shared by the command line,
// the AEI options and suite runs so that each refuses the same values.
const (
	// MaxSeconds bounds a time setting: 100 days, longer than any game's
	// clock and far below where a time.Duration overflows.
	MaxSeconds = 100 * 24 * 3600
	// MaxPlayouts bounds a playout budget.
	MaxPlayouts = 1_000_000_000_000
	// MaxNodes bounds a node budget: the most nodes a tree can index.
	// Memory usually allows far fewer (MemoryLimitMB).
	MaxNodes = 1<<30 - 2
	// MaxDepth bounds a search depth in steps: the deepest the tree
	// records.
	MaxDepth = 255
	// MaxThreads bounds the search workers; search.threads' range ends
	// here too.
	MaxThreads = 256
)
