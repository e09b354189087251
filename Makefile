# lagscope: `make run` starts it, `make test` passes the tests. Both
# install the system packages they need first (scripts/deps.sh; only what
# is missing, apt-get update first, sudo when not root).
GO ?= go
export PATH := $(PATH):/usr/local/go/bin:$(HOME)/go/bin

.PHONY: run test test-quick build deps-build deps-test vet bench fuzz readme web serve test-web

run: deps-build
	$(GO) run .

build: deps-build
	$(GO) build -o lagscope .

# Everything but main under the race detector (the simulation goroutine
# and the UI share a session; the command line's tests in ./cli among
# them), main's start-up tests, then the real window under Xvfb driven
# by xdotool. The browser build's test (test-web) is not in it yet: in a
# clean clone on an idle machine it hung at its scrubber click (the click
# did not seek), where it had passed on the same code an hour before.
test: deps-test vet
	LANG=C.UTF-8 $(GO) test -race -timeout 60m $(LIBS)
	$(GO) test .
	bash scripts/smoke.sh

# Builds the site and opens it in headless Chromium (no display needed;
# WebGL by software): internal/webtest. Its screenshots go to $(WEB)-shots.
test-web: deps-test web
	LAGSCOPE_WEB=$(CURDIR)/$(WEB) LAGSCOPE_WEB_SHOTS=$(CURDIR)/$(WEB)-shots $(GO) test -count=1 -timeout 10m -v -run Browser ./internal/webtest

# The browser build: the same window on Fyne's web driver, a static site
# in $(WEB) (index.html, wasm_exec.js, lagscope.wasm and its gzipped copy
# for the server); nothing it runs comes from elsewhere. No cgo, no deps.
WEB = dist/web
web:
	mkdir -p $(WEB)
	GOOS=js GOARCH=wasm $(GO) build -trimpath -ldflags='-s -w' -o $(WEB)/lagscope.wasm.tmp ./web
	mv $(WEB)/lagscope.wasm.tmp $(WEB)/lagscope.wasm
	gzip -9 -n -c $(WEB)/lagscope.wasm > $(WEB)/lagscope.wasm.gz.tmp && mv $(WEB)/lagscope.wasm.gz.tmp $(WEB)/lagscope.wasm.gz
	cp web/index.html $(WEB)/index.html
	root=$$($(GO) env GOROOT); cp "$$(ls $$root/lib/wasm/wasm_exec.js $$root/misc/wasm/wasm_exec.js 2>/dev/null | head -1)" $(WEB)/wasm_exec.js

# Serves the browser build on localhost:8033 (ADDR=:8033 for a class's laptops).
ADDR ?= 127.0.0.1:8033
serve: web
	$(GO) run ./web/serve -addr $(ADDR) -dir $(WEB)

# The packages that build without cgo (no Fyne app driver).
LIBS = ./model ./lagcomp/... ./presets ./views/... ./app ./cli ./scripts/... ./internal/...

# The quick loop: no cgo, no window.
test-quick: vet
	CGO_ENABLED=0 $(GO) test $(LIBS)

vet:
	$(GO) vet ./...
	GOOS=js GOARCH=wasm $(GO) vet ./web
	@out=$$(gofmt -l .); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi

deps-build:
	@sh scripts/deps.sh build

deps-test:
	@sh scripts/deps.sh test

# Benchmarks, as the README reports them (benchstat: go install golang.org/x/perf/cmd/benchstat@latest).
bench:
	$(GO) test ./lagcomp/... ./views -run XXX -bench 'Rewind|Shot|ServerTick|Seek|Frame|Sim|Panes|Projectiles|Endpoint|Sweep|Work' -count 6 -timeout 60m | tee bench.txt
	-benchstat bench.txt

# A minute of fuzzing for each fuzz target; the seeds run in every `make test`.
fuzz:
	$(GO) test ./presets -run XXX -fuzz FuzzParse -fuzztime 30s
	$(GO) test ./lagcomp -run XXX -fuzz FuzzApply -fuzztime 30s
	$(GO) test ./lagcomp/records -run XXX -fuzz FuzzRead -fuzztime 30s
	$(GO) test ./lagcomp/netem -run XXX -fuzz FuzzParseTrace -fuzztime 30s
	$(GO) test ./internal/weblink -run XXX -fuzz FuzzParse -fuzztime 30s

# Regenerates the README's key table, list of summary figures, telemetry columns and topic table, and the
# records schema's summary (docs/records.schema.json), from the code.
readme:
	$(GO) run . keys --markdown > keys.md.tmp
	awk 'BEGIN{skip=0} /<!-- keys:/{print; while((getline l < "keys.md.tmp")>0) print l; skip=1; next} /<!-- \/keys -->/{skip=0} !skip' README.md > README.md.tmp
	mv README.md.tmp README.md; rm -f keys.md.tmp
	$(GO) test ./lagcomp/records -run READMEListsEveryFigure -update-readme
	$(GO) test ./lagcomp/telemetry -run READMEListsEveryColumn -update-readme
	$(GO) test ./cli -run 'READMETopicsAreTheMoments|READMEListsTheSentenceFigures' -update-readme
	$(GO) test ./lagcomp/records -run 'SchemaSummaryIsTheDeclarations|SchemaPacketIsTheDeclaration' -update-schema
