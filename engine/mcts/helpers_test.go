package mcts

import "arimaa-workbench/engine/config"

func searcher(threads int, seed uint64) *Searcher {
	return New(Options{Threads: threads, Seed: seed, Config: config.Default()})
}
