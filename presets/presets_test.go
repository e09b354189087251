package presets

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"lagscope/lagcomp"
	"lagscope/lagcomp/compensation"
	"lagscope/lagcomp/projectile"
	"lagscope/lagcomp/rule"
	"lagscope/model"
)

// The required scenarios, by the name they ship under.
var required = []string{"default", "ut2003-instagib", "source-cs", "ping-rewind", "zeroping", "dialup",
	"behind-cover", "teleport-no-reset", "rapid-fire-jitter", "constant-velocity"}

func TestEveryPresetLoadsAndRuns(t *testing.T) {
	ps, err := All()
	if err != nil {
		t.Fatal(err)
	}
	have := map[string]bool{}
	for _, p := range ps {
		have[p.Name] = true
		cfg, err := p.Config()
		if err != nil {
			t.Fatalf("%s: %v", p.Name, err)
		}
		if p.LookFor == "" {
			t.Errorf("%s: no look_for note", p.Name)
		}
		if len(p.KeyParams) == 0 {
			t.Errorf("%s: no key_params: say which settings the scenario is about (its captions show them)", p.Name)
		}
		s, err := lagcomp.New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		s.Step(5_000_000)
		if s.Shots.Len()+len(s.Projectiles()) == 0 {
			t.Errorf("%s: no shots in 5 s", p.Name)
		}
	}
	for _, r := range required {
		if !have[r] {
			t.Errorf("preset %q missing", r)
		}
	}
}

// Each preset shows what its look_for note promises.
func TestPresetsShowTheirPoint(t *testing.T) {
	sum := func(name string, set ...lagcomp.Setting) lagcomp.Summary {
		p, err := Load(name)
		if err != nil {
			t.Fatal(err)
		}
		cfg, _ := p.Config()
		if err := lagcomp.Apply(&cfg, set); err != nil {
			t.Fatal(err)
		}
		s, _ := lagcomp.New(cfg)
		s.Step(10_000_000)
		return s.Summary()
	}
	count := func(s lagcomp.Summary, r lagcomp.Rule) int {
		for _, rc := range s.RuleCounts {
			if rc.Rule == r {
				return rc.Count
			}
		}
		return 0
	}
	if s := sum("constant-velocity"); s.MeanRewindErrM > 1e-6 || s.Agreement != 1 {
		t.Errorf("constant-velocity: %+v", s)
	}
	if s := sum("dialup"); count(s, rule.MaxRewindCap) != s.Shots || s.MeanRewindErrM < 0.5 {
		t.Errorf("dialup should be capped every shot: %+v", s)
	}
	if s := sum("behind-cover"); s.BehindCover == 0 {
		t.Errorf("behind-cover: no shot behind cover: %+v", s)
	}
	if s := sum("rapid-fire-jitter"); count(s, rule.StampAdvanced) == 0 || s.MeanRewindErrM < 0.05 {
		t.Errorf("rapid-fire-jitter: %+v", s)
	}
	if s := sum("ut2003-instagib"); s.MaxWarpM < 0.1 {
		t.Errorf("ut2003-instagib: extrapolating clients should warp: %+v", s)
	}
	if s := sum("zeroping", lagcomp.Setting{Key: "cheat_forge_hits", Value: "true"}, lagcomp.Setting{Key: "aim_error_deg", Value: "20"}); s.ServerHits != s.Shots || s.ClientHits == s.Shots {
		t.Errorf("zeroping with forged hits: %+v", s)
	}
	proj := func(name string) []lagcomp.ProjectileRecord {
		p, _ := Load(name)
		cfg, _ := p.Config()
		s, _ := lagcomp.New(cfg)
		s.Step(10_000_000)
		return s.Projectiles()
	}
	for _, r := range proj("projectile-high-ping") { // the first too: the handshake measured the ping
		if r.FakeDelay < 185_000 || r.FakeDelay > 215_000 {
			t.Errorf("projectile-high-ping: fake delay %v, want ~185 ms (300 ms ping less the 15 ms PredictionLatencyReduction, 100 ms cap)", r.FakeDelay)
		}
		if r.Spawned && (r.Forward != 50_000 || !slices.Contains(r.ServerRules, rule.MaxPredictionPing)) {
			t.Errorf("projectile-high-ping: fast-forward %v (rules %v), want 50 ms (bias 0.5 x the 100 ms cap), the clamp named", r.Forward, r.ServerRules)
		}
	}
	countRule := func(rs []lagcomp.ProjectileRecord, rule lagcomp.Reconcile) int {
		n := 0
		for _, r := range rs {
			n += b2i(r.Rule == rule)
		}
		return n
	}
	rs := proj("projectile-bias-1")
	done := 0
	for _, r := range rs {
		done += b2i(r.Done)
		if lead := r.LinkOffsetMs; lead < 50 || lead > 85 {
			t.Errorf("projectile-bias-1: projectile %d spawned %.1f ms ahead of its fake, look_for says 55–80", r.Seq, lead)
		}
	}
	if countRule(rs, projectile.ReconcileAuthFirst) != 7 || countRule(rs, projectile.ReconcileConfirmed) != 7 || done != 14 {
		t.Errorf("projectile-bias-1: auth_first %d, confirmed %d of %d done; look_for says 7 and 7 of 14", countRule(rs, projectile.ReconcileAuthFirst), countRule(rs, projectile.ReconcileConfirmed), done)
	}
	if rs := proj("projectile-rockets"); countRule(rs, projectile.ReconcileConfirmed) < len(rs)/2 {
		t.Errorf("projectile-rockets: confirmed %d of %d", countRule(rs, projectile.ReconcileConfirmed), len(rs))
	}
	if rs := proj("projectile-bias-0"); rs[3].Forward != 0 || rs[3].LinkOffsetM < 1 {
		t.Errorf("projectile-bias-0: forward %v, spawn offset %v", rs[3].Forward, rs[3].LinkOffsetM)
	}
	// the replayed commands are refused and counted, one record per shot
	// source-cs keeps sv_maxunlag's second of history: a player at 300 ms
	// each way is rewound the whole ~700 ms, not cut short by the trail —
	// beyond the time drawn by no more than whole ticks add (look_for: 7
	// ticks of lerp, 106.1 ms for 100, and up to a tick of the command's
	// tick_count: 15.9 ms on average at the seed's command phase)
	if s := sum("source-cs", lagcomp.Setting{Key: "latency_ms", Value: "300"}); count(s, rule.TrailExhausted)+count(s, rule.MaxRewindCap) > 0 ||
		s.MeanIdealMs < 600 || s.MeanRewindMs < s.MeanIdealMs || s.MeanRewindMs-s.MeanIdealMs > 7000.0/66-100+1000.0/66 {
		t.Errorf("source-cs at 300 ms each way: rewind %.1f ms vs ideal %.1f, rules %v", s.MeanRewindMs, s.MeanIdealMs, s.RuleCounts)
	}
	// naive-rotation: rewinds that interpolate across the 0/360 seam swing
	// the naive lerp round; the shortest arc follows the client's view
	worstYaw := func(rot string) (worst float64, seam int) {
		p, _ := Load("naive-rotation")
		cfg, _ := p.Config()
		if err := lagcomp.Apply(&cfg, []lagcomp.Setting{{Key: "rotation_lerp", Value: rot}}); err != nil {
			t.Fatal(err)
		}
		s, _ := lagcomp.New(cfg)
		s.Step(10_000_000)
		for _, r := range s.Shots.Records() {
			worst = max(worst, r.YawErrorDeg)
			seam += b2i(r.YawErrorDeg > 30)
		}
		return worst, seam
	}
	if naive, seam := worstYaw("naive"); naive < 60 || seam < 2 {
		t.Errorf("naive-rotation: worst yaw error %.1f deg over %d seam shots", naive, seam)
	}
	if shortest, _ := worstYaw("shortest"); shortest > 1 {
		t.Errorf("naive-rotation with the shortest arc: worst yaw error %.1f deg", shortest)
	}
	if s := sum("cheater"); s.DupsRejected == 0 || s.DupsRejected != count(s, rule.Duplicate) || count(s, rule.MaxRewindCap) == 0 {
		t.Errorf("cheater: %+v", s)
	}
}

// The cap bounds the latency compensated (the rewind beyond the
// interpolation delay): no preset may cap an honest shot at its own
// latency (dialup exists to show the cap), and every preset keeps at
// least the longest rewind the cap allows in its history, or rewinds
// would be cut short by the trail instead of the cap.
func TestNoPresetCapsAnHonestShotOrOutrunsItsHistory(t *testing.T) {
	ps, err := All()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range ps {
		cfg, err := p.Config()
		if err != nil {
			t.Fatal(err)
		}
		longest := cfg.MaxRewindMs
		if cfg.Display == lagcomp.DisplayInterp {
			longest += cfg.InterpMs
		}
		if cfg.MaxTrailMs < longest {
			t.Errorf("%s: max_trail_ms %v keeps less than the longest rewind the cap allows (%v ms)", p.Name, cfg.MaxTrailMs, longest)
		}
		if p.Name == "dialup" {
			continue
		}
		cfg.CheatStampMs, cfg.CheatPingMs, cfg.CheatResend, cfg.CheatForgeHits = 0, 0, false, false
		s, err := lagcomp.New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		s.Step(10_000_000)
		for _, r := range s.Shots.Records() {
			for _, x := range r.Rules {
				if x == rule.MaxRewindCap || x == rule.TrailExhausted {
					t.Errorf("%s: honest shot %d (ideal rewind %.1f ms): %v", p.Name, r.Seq, r.IdealRewindMs(), r.Rules)
				}
			}
		}
	}
}

func TestStrictLoaderNamesFileLineKeyAndRange(t *testing.T) {
	cases := []struct{ text, want string }{
		{"description = \"x\"\nlatncy_ms = 40\n", `bad.toml:2: unknown key "latncy_ms" (did you mean "latency_ms"?`},
		{"description = \"x\"\nLatency_ms = 40\n", `bad.toml:2: unknown key "Latency_ms"`},
		{"description = \"x\"\n\nup_ms = 9000\n", `bad.toml:3: key "up_ms": 9000 is out of range (allowed: 0 to 5000 ms)`},
		{"description = \"x\"\nmode = 3\n", `bad.toml:2: key "mode": 3 is a whole number, want a name in quotes (allowed: one of none, timestamp,`},
		{"description = \"x\"\nlatency_ms = \"fifty\"\n", `bad.toml:2: key "latency_ms": "fifty" is text, want a number without quotes (allowed: 0 to 5000 ms)`},
		{"description = \"x\"\ntick_hz = [64]\n", `bad.toml:2: key "tick_hz": a list, want a whole number without quotes (allowed: 1 to 1000 Hz)`},
		{"description = \"x\"\nmode = \"none\"\nmode = \"ping\"\n", `bad.toml:3: key "mode" is written twice, first on line 2 (allowed: each key once)`},
		{"description = \"x\"\nlatency_ms = 40 40\n", "bad.toml:2: not valid TOML: "},
		{"description = \"x\"\ntrail_reset = \"no\"\n", `key "trail_reset"`},
		{"description = \"x\"\ntick_hz = 64.5\n", "not a whole number"},
		{"description = \"x\"\n[network]\nup_ms = 3\n", "tables are not part of a preset"},
		// the table's own line, not line 0
		{"description = \"x\"\nup_ms = 3\n\n  [ section ]\nup_ms = 3\n", "bad.toml:4: [section]: tables are not part of a preset"},
		{"description = \"x\"\n[[runs]]\nup_ms = 3\n", `bad.toml:2: unknown key "runs"`},
		{"description = \"x\"\n# up_ms = 3\nup.ms = 3\n", "bad.toml:3: [up]"},
		{"latency_ms = 40\n", `key "description" is missing`},
		{"description = \"x\"\nkey_params = \"mode\"\n", `bad.toml:2: key "key_params": want a list of keys`},
		{"description = \"x\"\nkey_params = [\"mode\", \"correction_facter\"]\n", `bad.toml:2: key "key_params": unknown key "correction_facter"`},
		{"description = \"x\"\nkey_params = [\"mode\", \"mode\"]\n", `"mode" is listed twice`},
		{"description = \"x\"\nkey_params = [3]\n", `3 is not a key name`},
		{"description = \"x\"\nlatency_ms = \n", "bad.toml:2:"},
		{"description = \"x\"\ndescription = \"y\"\n", "bad.toml:2:"},
		{"description = 5\n", "want text"},
		{"description = \"x\"\nsnapshot_hz = 100\ntick_hz = 20\n", "snapshot_hz 100 is above tick_hz 20"},
	}
	for _, tc := range cases {
		p, err := Parse("bad.toml", []byte(tc.text))
		if err == nil {
			_, err = p.Config()
		}
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q:\n got %v\nwant %q", tc.text, err, tc.want)
		}
	}
}

// A preset is TOML: a .json file (a sidecar, most likely) or any other
// suffix is refused by its name, saying what a preset is, not parsed and
// reported as "not valid TOML" — even when it would parse as TOML.
func TestLoadRefusesAFileNotNamedTOML(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct{ name, text, want string }{
		{"x.json", `{"latency_ms": 40}`, "a preset is a TOML file (.toml), not .json (a .json file is a picture's sidecar: lagscope shot --from "},
		{"x.JSON", `{"latency_ms": 40}`, "not .JSON (a .json file is a picture's sidecar"},
		{"x.txt", "latency_ms = 40\n", "a preset is a TOML file (.toml), not .txt (name the file .toml)"},
	} {
		path := filepath.Join(dir, tc.name)
		if err := os.WriteFile(path, []byte(tc.text), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, arg := range []string{path, tc.name} { // a path, and a bare name that is no preset's
			_, err := Load(arg)
			if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "TOML:") {
				t.Errorf("Load(%s): %v, want %q", arg, err, tc.want)
			}
		}
	}
	if _, err := Load(filepath.Join(dir, "none.toml")); err == nil || strings.Contains(err.Error(), "a preset is a TOML file") {
		t.Errorf("a missing .toml: %v", err)
	}
}

// A preset path is read through a cap: /dev/zero, a directory or a
// file larger than the cap is refused at once with its name and the
// limit, never read whole (it used to hang and take 3.8 GB).
func TestLoadRefusesWhatIsNotAPresetFile(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big.toml")
	data := append([]byte("description = \"x\"\n"), bytes.Repeat([]byte("# padding\n"), MaxFileBytes/10+1)...)
	if err := os.WriteFile(big, data, 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct{ path, want string }{
		{big, big + ": larger than 1 MiB"},
		{dir, dir + ": not a regular file (a directory)"},
	}
	if _, err := os.Stat("/dev/zero"); err == nil {
		cases = append(cases, struct{ path, want string }{"/dev/zero", "/dev/zero: not a regular file (a character device)"})
	}
	for _, tc := range cases {
		if _, err := Load(tc.path); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Load(%s): got %v, want %q", tc.path, err, tc.want)
		}
	}
	// a pipe that never ends is refused before any read (no hang)
	fifo := filepath.Join(dir, "pipe.toml")
	if err := mkfifo(fifo); err == nil {
		if _, err := ReadFileLimited(fifo, 10); err == nil {
			t.Error("a named pipe was accepted")
		}
	}
	// exactly at the cap is fine
	if err := os.WriteFile(big, bytes.Repeat([]byte("#"), 100), 0o644); err != nil {
		t.Fatal(err)
	}
	if got, err := ReadFileLimited(big, 100); err != nil || len(got) != 100 {
		t.Fatalf("100 bytes at a 100-byte cap: %d, %v", len(got), err)
	}
	if _, err := ReadFileLimited(big, 99); err == nil || !strings.Contains(err.Error(), "larger than 99 bytes") {
		t.Fatalf("100 bytes at a 99-byte cap: %v", err)
	}
}

func TestUnknownPresetListsTheKnown(t *testing.T) {
	_, err := Load("nope")
	if err == nil || !strings.Contains(err.Error(), "default") {
		t.Fatalf("got %v", err)
	}
	_, err = Load(filepath.Join(t.TempDir(), "missing.toml"))
	if err == nil || !strings.Contains(err.Error(), "missing.toml") {
		t.Fatalf("got %v", err)
	}
}

func TestSaveIsAtomicAndReadsBack(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "mine.toml")
	cfg := lagcomp.Defaults()
	cfg.Mode, cfg.Up.LatencyMs, cfg.Bias = compensation.Source, 123.5, 0.25
	if err := Save(path, "my \"test\" scenario", "look here", &cfg, "mode", "bias"); err != nil {
		t.Fatal(err)
	}
	p, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	// an ordinary document, as other tools write them, not CreateTemp's 0600
	if st, err := os.Stat(path); err != nil || st.Mode().Perm() != 0o644 {
		t.Fatalf("saved with mode %v (%v), want 0644", st.Mode().Perm(), err)
	}
	back, err := p.Config()
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(p.KeyParams, []string{"mode", "bias"}) {
		t.Fatalf("key_params read back as %v", p.KeyParams)
	}
	if d := lagcomp.Diff(&cfg, &back); len(d) != 0 || p.Description != `my "test" scenario` {
		t.Fatalf("round trip lost %v / %q", d, p.Description)
	}
	// A save that cannot be written leaves the old file whole.
	before, _ := os.ReadFile(path)
	if err := os.Chmod(dir, 0o500); err != nil {
		t.Fatal(err)
	}
	defer os.Chmod(dir, 0o755)
	cfg.Bias = 0.75
	err = Save(path, "x", "", &cfg)
	after, _ := os.ReadFile(path)
	if os.Geteuid() != 0 && err == nil {
		t.Fatal("save into a read-only directory succeeded")
	}
	if err != nil && string(after) != string(before) {
		t.Fatal("a failed save changed the file")
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.Contains(e.Name(), ".tmp") {
			t.Fatalf("temporary file left behind: %s", e.Name())
		}
	}
}

func FuzzParse(f *testing.F) {
	ents, _ := files.ReadDir(".")
	for _, e := range ents {
		data, _ := files.ReadFile(e.Name())
		f.Add(data)
	}
	f.Add([]byte("description = \"x\"\nwalls = \"1,2,3,4;\"\n[t]\na=1"))
	f.Add([]byte("description = \"\"\"\nx\"\"\"\nseed = 1e400"))
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := Parse("fuzz.toml", data)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "fuzz.toml") {
				t.Fatalf("error does not name the file: %v", err)
			}
			return
		}
		if cfg, err := p.Config(); err == nil {
			if err := cfg.Validate(); err != nil {
				t.Fatal(err)
			}
		}
	})
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// The burst presets show what their look_for notes say.
func TestBurstPresetsShowTheirPoint(t *testing.T) {
	recs := func(name string, set ...lagcomp.Setting) []lagcomp.BurstRecord {
		p, err := Load(name)
		if err != nil {
			t.Fatal(err)
		}
		cfg, _ := p.Config()
		if err := lagcomp.Apply(&cfg, set); err != nil {
			t.Fatal(err)
		}
		s, _ := lagcomp.New(cfg)
		s.Step(model.MsF(cfg.DurationMs))
		return s.BurstRecords()
	}
	robust := lagcomp.Setting{Key: "burst_encoding", Value: "robust"}
	if r := recs("burst-single-shot-loss")[0]; r.SingleShotsMissed < 10 || r.UpdatesLost == 0 {
		t.Errorf("burst-single-shot-loss, naive: %+v", r)
	}
	for _, r := range recs("burst-single-shot-loss", robust) {
		if r.SingleShotsMissed != 0 || r.ShotsWithoutEffect != 0 {
			t.Errorf("burst-single-shot-loss, robust: %+v", r)
		}
	}
	plain, loop := recs("burst-900rpm-jitter")[0], recs("burst-900rpm-autoloop")[0]
	if plain.ExtraEffects != 0 || loop.ExtraEffects == 0 || loop.EffectGapSDMs > plain.EffectGapSDMs/4 {
		t.Errorf("900 rpm: without auto-loop %+v, with %+v", plain, loop)
	}
	if r := recs("burst-relevancy")[1]; r.BogusBursts == 0 || r.ShotsCulled == 0 {
		t.Errorf("burst-relevancy without the check: %+v", r)
	}
	if r := recs("burst-relevancy", lagcomp.Setting{Key: "burst_creation_check", Value: "true"})[1]; r.BogusBursts != 0 || r.SingleShotsMissed != 0 {
		t.Errorf("burst-relevancy with the check: %+v", r)
	}
}

// key_params takes any key, a shorthand too: network is shown by the
// profile it set (lagcomp.ShownValue).
func TestKeyParamsTakeAnyKey(t *testing.T) {
	p, err := Parse("mine.toml", []byte("description = \"x\"\nnetwork = \"regional-p50\"\nkey_params = [\"network\", \"latency_ms\", \"mode\"]\n"))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(p.KeyParams, ",") != "network,latency_ms,mode" {
		t.Errorf("key_params: %q", p.KeyParams)
	}
}
