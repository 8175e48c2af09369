# The README's two commands: `make run` and `make test`. Both install what
# is missing first, so they work on a fresh Debian/Ubuntu machine with only
# Go and gcc.

GO      ?= go
BIN     := bin/arimaa-workbench
SUDO    := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# System packages a Fyne (GLFW) + GTK3 build needs, plus Xvfb for the smoke test.
APT_PKGS := gcc pkg-config libgl1-mesa-dev xorg-dev libgtk-3-dev xvfb xauth
PC_MODS  := gl x11 xcursor xrandr xinerama xi xxf86vm gtk+-3.0

.PHONY: run test deps build fmt-check vet unit fuzz smoke bench baseline clean

# The frozen engine every strength change is measured against (a match
# against this build, see the README's "Measuring strength"). The commit is
# the engine as it stood before the strength work began.
BASELINE_COMMIT := 1fe6b6352f16bdc71795ad24aa0aff0bce763d24
BASELINE_BIN    := bin/baseline

run: build
	./$(BIN)

test: deps fmt-check vet unit fuzz build smoke

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
# tests run under the race detector.
unit:
	$(GO) test -race -count=1 ./...

# Every fuzz target of every package runs for FUZZTIME. A run that ends
# with "context deadline exceeded" and no failing input is the fuzzer
# timing out a worker at the deadline, not a bug found: it does not fail
# the build. Minimising a new
# input is capped at 100 runs: with the default (a minute per input) a slow
# target spent its whole time minimising and hardly fuzzed.
FUZZTIME ?= 5s

fuzz:
	@set -e; for dir in $$(grep -rl --include='*_test.go' --exclude-dir=bin --exclude-dir=.git '^func Fuzz' . | xargs -n1 dirname | sort -u); do \
	  for target in $$($(GO) test -list 'Fuzz.*' $$dir | grep '^Fuzz'); do \
	    echo "fuzz: $$dir $$target"; \
	    out=$$($(GO) test -run '^$$' -fuzz "^$$target\$$" -fuzztime=$(FUZZTIME) -fuzzminimizetime=100x $$dir 2>&1) && { echo "$$out" | tail -1; continue; }; \
	    echo "$$out"; \
	    if echo "$$out" | grep -q 'Failing input written\|panic:' || ! echo "$$out" | grep -q 'context deadline exceeded'; then exit 1; fi; \
	    echo "fuzz: $$target: the fuzzer's own time-out, not a failing input (Go reports a worker busy at the deadline this way)"; \
	  done; \
	done

# Start the real binary under Xvfb, save a screenshot and check it is a
# non-empty image; then open a game record given as the first argument, as
# `arimaa-workbench game.txt` does (the window, not a command).
smoke: build
	@rm -f bin/smoke.png bin/smoke-game.png
	timeout 600 xvfb-run -a -s "-screen 0 1280x900x24" ./$(BIN) --screenshot bin/smoke.png
	@test -s bin/smoke.png && echo "smoke: screenshot bin/smoke.png written"
	timeout 600 xvfb-run -a -s "-screen 0 1280x900x24" ./$(BIN) assets/games/goal_race.txt --screenshot bin/smoke-game.png
	@test -s bin/smoke-game.png && echo "smoke: assets/games/goal_race.txt opened in the window, bin/smoke-game.png written"

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...

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

clean:
	rm -rf bin
	git worktree prune
