# The README's two commands: `make run` and `make test`. Both install what
# is missing first, so they work on a fresh Debian/Ubuntu machine with only
# Go and gcc.

GO      ?= go
BIN     := bin/arimaa-workbench
SUDO    := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# System packages a Fyne (GLFW) + GTK3 build needs, plus Xvfb for the smoke test.
APT_PKGS := gcc pkg-config libgl1-mesa-dev xorg-dev libgtk-3-dev xvfb xauth
PC_MODS  := gl x11 xcursor xrandr xinerama xi xxf86vm gtk+-3.0

.PHONY: run test test-long soak deps build fmt-check vet unit fuzz smoke bench baseline corpus db-bench db-archive db-archive-bench learn-corpus mcts-match sharp-match sharp-handicap sharp-corpus sharp-judge package package-check clean

# The frozen engine every strength change is measured against (a match
# against this build, see the README's "Measuring strength"). The commit is
# the engine as it stood before the strength work began.
BASELINE_COMMIT := 1fe6b6352f16bdc71795ad24aa0aff0bce763d24
BASELINE_BIN    := bin/baseline

run: build
	./$(BIN)

test: deps fmt-check vet unit fuzz build smoke

# The long run, for when it matters (a release, a change to the search, the
# readers or the match runner): everything `make test` runs with every fuzz
# target fuzzed for LONG_FUZZTIME, then the load and soak tests.
LONG_FUZZTIME ?= 1m

test-long:
	$(MAKE) test FUZZTIME=$(LONG_FUZZTIME)
	$(MAKE) soak

# The load and soak tests (thousands of tests through the runner, a
# thousand engine sessions) watch memory and take minutes: they are not part
# of `make test`, and run without the race detector, whose own memory would
# hide what they measure.
soak: deps
	ARIMAA_SOAK=1 $(GO) test -count=1 -timeout 60m -run Soak ./...

deps:
	@if ! command -v pkg-config >/dev/null 2>&1 || ! pkg-config --exists $(PC_MODS) \
	    || ! command -v Xvfb >/dev/null 2>&1 || ! command -v xauth >/dev/null 2>&1; then \
	  if command -v apt-get >/dev/null 2>&1; then \
	    echo "installing system packages: $(APT_PKGS)"; \
	    $(SUDO) apt-get update -qq && \
	    DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $(APT_PKGS) >/dev/null; \
	  else \
	    echo "missing system packages (need: $(APT_PKGS)); install them with your package manager" >&2; exit 1; \
	  fi; \
	fi
	$(GO) mod download

build: deps
	$(GO) build -o $(BIN) .

fmt-check:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi

vet:
	$(GO) vet ./...

# The search, the suite runner and the panels' models are concurrent: the
# tests run under the race detector. go test runs two packages at a time
# and starts them in the order given: the slowest start first (UNIT_FIRST,
# any package may be named or left out), so that no long package runs
# alone at the end.
UNIT_FIRST ?= ./ui/panels/window ./ui/panels/window/states ./ui/viewer ./ui/panels ./ui/shell ./ui/cli ./engine/eval ./ats/match/cluster

unit:
	$(GO) test -race -count=1 -timeout 20m $(UNIT_FIRST) ./...

# Every fuzz target of every package runs for FUZZTIME. Each package's
# test binary is built once, with the fuzzer's coverage instrumentation
# (go test -c -fuzz), into bin/fuzz, and runs each of its targets in turn
# from the package's folder, so a failing input is written to its
# testdata/fuzz as `go test -fuzz` writes it; the corpus the fuzzer has
# built up is kept where `go test -fuzz` keeps it. A run that ends with
# "context deadline exceeded" and no failing input is the fuzzer timing out
# a worker at the deadline, not a bug found: it does not fail the build.
# Minimising a new input is capped at 100 runs: with the default (a minute
# per input) a slow target spent its whole time minimising and hardly fuzzed.
# FUZZ_DIRS picks the packages (make fuzz FUZZ_DIRS=./records).
FUZZTIME  ?= 5s
FUZZ_DIRS ?= $(shell grep -rl --include='*_test.go' --exclude-dir=bin --exclude-dir=.git '^func Fuzz' . | xargs -n1 dirname | sort -u)
FUZZ_BIN  := bin/fuzz

fuzz:
	@set -e; mkdir -p $(FUZZ_BIN); cache=$$($(GO) env GOCACHE)/fuzz; \
	for dir in $(FUZZ_DIRS); do \
	  pkg=$$($(GO) list $$dir); bin=$(CURDIR)/$(FUZZ_BIN)/$$(echo $$pkg | tr / _).test; \
	  $(GO) test -c -fuzz=. -o $$bin $$dir; \
	  for target in $$(cd $$dir && $$bin -test.list 'Fuzz.*' | grep '^Fuzz'); do \
	    echo "fuzz: $$dir $$target"; \
	    out=$$(cd $$dir && $$bin -test.run '^$$' -test.fuzz "^$$target\$$" -test.fuzztime=$(FUZZTIME) \
	      -test.fuzzminimizetime=100x -test.fuzzcachedir=$$cache/$$pkg -test.timeout=2h 2>&1) \
	      && { echo "$$out" | grep '^fuzz: elapsed' | tail -1; continue; }; \
	    echo "$$out"; \
	    if echo "$$out" | grep -q 'Failing input written\|panic:' || ! echo "$$out" | grep -q 'context deadline exceeded'; then exit 1; fi; \
	    echo "fuzz: $$target: the fuzzer's own time-out, not a failing input (Go reports a worker busy at the deadline this way)"; \
	  done; \
	done

# Start the real binary under Xvfb, save a screenshot and check it is a
# non-empty image; then open a game record given as the first argument, as
# `arimaa-workbench game.txt` does (the window, not a command). Both runs
# share one X server, started with -noreset: an X server whose last client
# leaves resets itself, and a window system connecting meanwhile is refused.
smoke: build
	@rm -f bin/smoke.png bin/smoke-game.png
	timeout 600 xvfb-run -a -s "-screen 0 1280x900x24 -noreset" sh -c '\
	  ./$(BIN) --screenshot bin/smoke.png && \
	  ./$(BIN) assets/games/goal_race.txt --screenshot bin/smoke-game.png'
	@test -s bin/smoke.png && echo "smoke: screenshot bin/smoke.png written"
	@test -s bin/smoke-game.png && echo "smoke: assets/games/goal_race.txt opened in the window, bin/smoke-game.png written"

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...

# A self-play archive of CORPUS_GAMES games at 100 playouts a move for the
# game database's benchmarks (about 33 minutes on one core for 20,000),
# then the benchmarks: indexing (games/s, positions/s, bytes a game) and
# the p50/p99 of the explorer, exact and similar search.
CORPUS_GAMES ?= 20000
CORPUS       := bin/corpus/selfplay.txt

corpus: build
	@mkdir -p bin/corpus
	./$(BIN) match --engine builtin:search.algorithm=mcts,search.memory_mb=8 name=a \
	    --engine builtin:search.algorithm=mcts,search.memory_mb=8,search.exploration=0.15 name=b \
	    --playouts 100 --games $(CORPUS_GAMES) -j 2 --seed 7 --out $(CORPUS)

# Self-play games to learn the evaluation from (`arimaa-workbench learn`):
# LEARN_GAMES games at LEARN_PLAYOUTS playouts a move, one thread an
# engine, as jobs on the embedded NATS server (match --dist) played by
# LEARN_JOBS workers in this process; more machines join with the worker
# command it prints. The second engine explores a little more, so the two
# sides do not repeat each other's games. An interrupted run continues
# where it stopped (--resume). At 2,000 playouts a move 2,000 games take
# about half an hour on two cores; the 50,000 a move a strong corpus wants
# take about 25 times as long.
LEARN_GAMES    ?= 2000
LEARN_PLAYOUTS ?= 2000
LEARN_JOBS     ?= 2
LEARN_CORPUS   := bin/learn/selfplay-$(LEARN_PLAYOUTS).txt

learn-corpus: build
	@mkdir -p bin/learn
	./$(BIN) match --dist -j $(LEARN_JOBS) -q \
	    --engine builtin:search.algorithm=mcts,search.memory_mb=32 threads=1 name=a \
	    --engine builtin:search.algorithm=mcts,search.memory_mb=32,search.exploration=0.15 threads=1 name=b \
	    --playouts $(LEARN_PLAYOUTS) --games $(LEARN_GAMES) --seed 5 \
	    $$(if [ -e $(LEARN_CORPUS) ]; then echo --resume; else echo --out; fi) $(LEARN_CORPUS)

# The alpha-beta search against the MCTS (issue target: 75% over 200
# games at 1 s a move), one thread each, two games at once (a core a
# game); it goes on where it stopped (--resume), so a long match may span
# sessions when it is played by the same binary: MCTS_BIN, say the
# baseline built from the commit engine/STRENGTH.md names.
MCTS_GAMES ?= 200
MCTS_TC    ?= 1s/30s/100
MCTS_JOBS  ?= 2
MCTS_OUT   ?= bin/mcts/alphabeta-vs-mcts.txt
MCTS_BIN   ?= $(BIN)

mcts-match: build
	@mkdir -p $$(dirname $(MCTS_OUT))
	./$(MCTS_BIN) match --engine builtin:search.algorithm=alphabeta threads=1 name=alphabeta \
	    --engine builtin:search.algorithm=mcts threads=1 name=mcts --tc $(MCTS_TC) --games $(MCTS_GAMES) \
	    -j $(MCTS_JOBS) --seed 41 $$(if [ -e $(MCTS_OUT) ]; then echo --resume; else echo --out; fi) $(MCTS_OUT)

# The alpha-beta search against bot_sharp (D. Wu's program, winner of the
# 2015 Arimaa Challenge), one thread each, under a standard time control.
# bot_sharp is built outside the repository (engine/STRENGTH.md says how);
# BOT_SHARP names the binary. An interrupted match goes on where it
# stopped (--resume); nothing of bot_sharp enters the repository or CI.
BOT_SHARP   ?= $(HOME)/bot_sharp/bot_sharp
SHARP_GAMES ?= 100
SHARP_TC    ?= 2s/30s/100/30s/10m
SHARP_OUT   := bin/sharp/alphabeta-vs-sharp.txt
# need-sharp, a recipe's first line, stops the target where BOT_SHARP
# names no program.
need-sharp = @test -x "$(BOT_SHARP)" || { echo "$@: no bot_sharp at BOT_SHARP=$(BOT_SHARP) (engine/STRENGTH.md says how to build one)" >&2; exit 1; }

sharp-match: build
	$(need-sharp)
	@mkdir -p bin/sharp
	./$(BIN) match --engine builtin:search.algorithm=alphabeta threads=1 name=alphabeta \
	    --engine '$(BOT_SHARP) aei' name=bot_sharp --tc $(SHARP_TC) --games $(SHARP_GAMES) --seed 21 \
	    $$(if [ -e $(SHARP_OUT) ]; then echo --resume; else echo --out; fi) $(SHARP_OUT)

# The same against bot_sharp held to a search of SHARP_DEPTH steps (its
# AEI option depth, 4 to its default; 4 is one turn and its quiescence),
# at the matches' shorter time control, two games at once: a sparring
# partner for changes to the evaluation (engine/STRENGTH.md).
SHARP_DEPTH        ?= 4
SHARP_HANDICAP_OUT ?= bin/sharp/alphabeta-vs-sharp-depth$(SHARP_DEPTH).txt

sharp-handicap: build
	$(need-sharp)
	@mkdir -p $$(dirname $(SHARP_HANDICAP_OUT))
	./$(BIN) match --engine builtin:search.algorithm=alphabeta threads=1 name=alphabeta \
	    --engine '$(BOT_SHARP) aei' depth=$(SHARP_DEPTH) name=bot_sharp_depth$(SHARP_DEPTH) --tc 1s/30s/100 \
	    --games $(SHARP_GAMES) -j 2 --seed 61 \
	    $$(if [ -e $(SHARP_HANDICAP_OUT) ]; then echo --resume; else echo --out; fi) $(SHARP_HANDICAP_OUT)

# bot_sharp's self-play, games of a stronger player for learn (see
# engine/STRENGTH.md): SHARP_CORPUS_GAMES games at SHARP_CORPUS_TC, the
# setting in every game's event; resumes where it stopped.
SHARP_CORPUS_GAMES ?= 400
SHARP_CORPUS_TC    ?= 0.5s/15s/100/15s/8m
SHARP_CORPUS       ?= bin/sharp/self-play.txt

sharp-corpus: build
	$(need-sharp)
	@mkdir -p $$(dirname $(SHARP_CORPUS))
	./$(BIN) match --engine '$(BOT_SHARP) aei' name=bot_sharp_a --engine '$(BOT_SHARP) aei' name=bot_sharp_b \
	    --tc $(SHARP_CORPUS_TC) --games $(SHARP_CORPUS_GAMES) --seed 31 --event "bot_sharp self-play $(SHARP_CORPUS_TC)" \
	    $$(if [ -e $(SHARP_CORPUS) ]; then echo --resume; else echo --out; fi) $(SHARP_CORPUS)

# bot_sharp as the teacher of the alpha-beta search's moves: every third
# move it played in the games of JUDGE_GAMES (a match archive; the
# handicap match's by default), chosen again by the engine with JUDGE_SET
# (configuration keys, e.g. JUDGE_SET=,alphabeta.threat=0) at 1 s and
# scored by bot_sharp at 1 s before and after it. Rows go to JUDGE_OUT and
# resume; the teacher's scores are kept in JUDGE_CACHE for the next
# setting. Compare two with `judge --summary A --compare B --within 2000`.
JUDGE_GAMES ?= $(SHARP_HANDICAP_OUT)
JUDGE_SET   ?=
JUDGE_OUT   ?= bin/sharp/judge$(subst =,-,$(subst $(comma),_,$(JUDGE_SET))).tsv
JUDGE_CACHE ?= bin/sharp/judge-cache.tsv
comma := ,

sharp-judge: build
	$(need-sharp)
	./$(BIN) judge --teacher '$(BOT_SHARP) aei' --score-word Eval --teacher-time 1 \
	    --engine builtin:search.algorithm=alphabeta$(JUDGE_SET) threads=1 --time 1 --player alphabeta \
	    --every 3 --within 2000 --clip 3000 -j 2 --quiet --cache $(JUDGE_CACHE) --out $(JUDGE_OUT) $(JUDGE_GAMES)

db-bench:
	@test -s $(CORPUS) || { echo "db-bench: run make corpus first" >&2; exit 1; }
	ARIMAA_CORPUS=$(CURDIR)/$(CORPUS) $(GO) test -run '^$$' -bench . -benchtime 1x ./ats/gamedb/

# The game database at the official archive's scale: ARCHIVE_GAMES games
# shaped like the official archive (29 columns, 8 KB of events a game,
# human and bot players, ratings, time controls, dates), varied from
# ARCHIVE_BASE_GAMES self-play games (about two minutes on two cores,
# made once) by `db corpus` (about 90 s for 300,000, 2.9 GB). db-archive-bench
# then indexes it with the command line (the time and `db stats`: the
# bytes a game by table), and runs the benchmarks on that database: the
# explorer, exact and similar search p50/p99 over 100 random positions in
# the process and from the command line (its start included), and the
# similar search's recall against an exact scan. ARCHIVE_DIR puts the
# corpus and its database elsewhere (4 GB at 300,000 games), for one
# corpus shared by several checkouts.
ARCHIVE_GAMES      ?= 300000
ARCHIVE_BASE_GAMES ?= 1000
ARCHIVE_DIR        ?= bin/corpus
ARCHIVE_BASE       := $(abspath $(ARCHIVE_DIR)/base-$(ARCHIVE_BASE_GAMES).txt)
ARCHIVE            := $(abspath $(ARCHIVE_DIR)/archive-$(ARCHIVE_GAMES).txt)
ARCHIVE_DB         := $(abspath $(ARCHIVE_DIR)/archive-$(ARCHIVE_GAMES).db)

db-archive: build
	@mkdir -p $(ARCHIVE_DIR)
	test -s $(ARCHIVE_BASE) || ./$(BIN) match -q --engine builtin:search.algorithm=mcts,search.memory_mb=8 name=a \
	    --engine builtin:search.algorithm=mcts,search.memory_mb=8,search.exploration=0.15 name=b \
	    --playouts 100 --games $(ARCHIVE_BASE_GAMES) -j 2 --seed 11 --out $(ARCHIVE_BASE)
	test -s $(ARCHIVE) || ./$(BIN) db corpus --base $(ARCHIVE_BASE) --games $(ARCHIVE_GAMES) --seed 1 --out $(ARCHIVE)

db-archive-bench: db-archive
	rm -f $(ARCHIVE_DB) $(ARCHIVE_DB)-wal $(ARCHIVE_DB)-shm
	./$(BIN) db index -q --db $(ARCHIVE_DB) $(ARCHIVE)
	./$(BIN) db stats --db $(ARCHIVE_DB)
	ARIMAA_CORPUS=$(ARCHIVE) ARIMAA_CORPUS_DB=$(ARCHIVE_DB) ARIMAA_BIN=$(CURDIR)/$(BIN) \
	    $(GO) test -run '^$$' -bench 'Queries|CommandLine|SimilarRecall' -benchtime 1x -timeout 2h ./ats/gamedb/

# Builds the baseline engine from BASELINE_COMMIT in a temporary git
# worktree; `bin/baseline aei` is then an AEI engine for `match`.
baseline: $(BASELINE_BIN)

$(BASELINE_BIN): | deps
	@mkdir -p bin
	rm -rf bin/baseline-src
	git worktree prune
	git worktree add --detach bin/baseline-src $(BASELINE_COMMIT)
	cd bin/baseline-src && $(GO) build -o ../baseline .
	git worktree remove --force bin/baseline-src

# The installable bundle, built by Fyne's packaging tool from FyneApp.toml's
# name, id, version and icon (the tool builds the app again, with the
# version in it). On Linux and the BSDs it is bin/package/NAME.tar.xz,
# holding the binary, the desktop entry, the icon and a Makefile to install
# them. The tool is installed into bin/tools at a fixed version; it counts
# FyneApp.toml's Build up on every run, which is put back: a package does
# not change the sources.
FYNE_TOOL_VERSION := v1.7.4
FYNE_TOOL   := bin/tools/fyne
PACKAGE_DIR := bin/package
PACKAGE_OS  := $(shell $(GO) env GOOS)
APP_NAME    := $(shell sed -n 's/^Name *= *"\(.*\)"/\1/p' FyneApp.toml)
APP_ID      := $(shell sed -n 's/^ID *= *"\(.*\)"/\1/p' FyneApp.toml)
APP_ICON    := $(shell sed -n 's/^Icon *= *"\(.*\)"/\1/p' FyneApp.toml)
PACKAGE     := $(PACKAGE_DIR)/$(APP_NAME).tar.xz

$(FYNE_TOOL): | deps
	@mkdir -p bin/tools
	GOBIN=$(CURDIR)/bin/tools $(GO) install fyne.io/tools/cmd/fyne@$(FYNE_TOOL_VERSION)

package: $(FYNE_TOOL)
	@test -s "$(APP_ICON)" || { echo "package: the icon \"$(APP_ICON)\" that FyneApp.toml names is missing" >&2; exit 1; }
	@mkdir -p $(PACKAGE_DIR)
	rm -f "$(APP_NAME).tar.xz" "$(PACKAGE)"
	cp FyneApp.toml $(PACKAGE_DIR)/FyneApp.toml.orig
	$(FYNE_TOOL) package --target $(PACKAGE_OS) --release; status=$$?; \
	  cp $(PACKAGE_DIR)/FyneApp.toml.orig FyneApp.toml; rm -f $(PACKAGE_DIR)/FyneApp.toml.orig; exit $$status
	@if [ -f "$(APP_NAME).tar.xz" ]; then mv "$(APP_NAME).tar.xz" "$(PACKAGE)"; echo "package: $(PACKAGE)"; \
	 else echo "package: Fyne's packaging tool left the $(PACKAGE_OS) bundle in $(CURDIR)"; fi

# Builds the package and checks the archive: it holds the binary, which
# runs, and a desktop entry that starts it under the app's name.
package-check: package
	@list=$$(tar -tJf "$(PACKAGE)") || { echo "package-check: cannot read $(PACKAGE)" >&2; exit 1; }; \
	bin=$$(echo "$$list" | grep '/bin/arimaa-workbench$$'); \
	desktop=$$(echo "$$list" | grep '/share/applications/$(APP_ID)\.desktop$$'); \
	[ -n "$$bin" ] || { echo "package-check: no bin/arimaa-workbench in $(PACKAGE)" >&2; exit 1; }; \
	[ -n "$$desktop" ] || { echo "package-check: no $(APP_ID).desktop in $(PACKAGE)" >&2; exit 1; }; \
	entry=$$(tar -xJOf "$(PACKAGE)" "$$desktop"); \
	echo "$$entry" | grep -qx 'Exec=arimaa-workbench' && echo "$$entry" | grep -qx 'Name=$(APP_NAME)' \
	  || { echo "package-check: the desktop entry does not start arimaa-workbench as $(APP_NAME):"; echo "$$entry"; exit 1; } >&2; \
	tmp=$$(mktemp -d); tar -xJf "$(PACKAGE)" -C "$$tmp" "$$bin"; \
	"$$tmp/$$bin" help >/dev/null || { rm -rf "$$tmp"; echo "package-check: the packaged binary does not run" >&2; exit 1; }; \
	rm -rf "$$tmp"; \
	echo "package-check: $(PACKAGE) ($$(du -h "$(PACKAGE)" | cut -f1)) holds $$bin and $$desktop"

clean:
	rm -rf bin
	git worktree prune
