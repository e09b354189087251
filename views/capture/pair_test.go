package capture

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// picture is a capture's bytes standing for the picture drawn at at: the
// pair's checks look at bytes, not pixels.
func picture(at int64) []byte { return fmt.Appendf(nil, "picture drawn at %d µs", at) }

// Three runs writing the same picture at once, twenty times over, leave
// one run's picture beside that run's sidecar (before, a picture from 3 s
// beside a sidecar saying 1 s, 1 in 25), and a reader reading all along
// never sees a pair that does not match.
func TestConcurrentWritersLeaveOnePair(t *testing.T) {
	path := filepath.Join(t.TempDir(), "same.png")
	side := SidecarPath(path)
	for round := range 20 {
		var wg sync.WaitGroup
		stop := make(chan struct{})
		var readErr error
		var readers sync.WaitGroup
		if round > 0 {
			readers.Add(1)
			go func() { // a reader all along
				defer readers.Done()
				for {
					select {
					case <-stop:
						return
					default:
					}
					if _, err := Read(side); err != nil && readErr == nil {
						readErr = err
					}
				}
			}()
		}
		for w := range 3 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				sc := sidecar()
				sc.AtUs = int64(w+1) * 1_000_000
				if err := WriteFile(path, picture(sc.AtUs), sc); err != nil {
					t.Error(err)
				}
			}()
		}
		wg.Wait()
		close(stop)
		readers.Wait()
		if readErr != nil {
			t.Fatalf("round %d: a reader saw %v", round+1, readErr)
		}
		back, err := Read(side)
		if err != nil {
			t.Fatalf("round %d: %v", round+1, err)
		}
		data, _ := os.ReadFile(path)
		if string(data) != string(picture(back.AtUs)) {
			t.Fatalf("round %d: the picture is %q, its sidecar says at_us %d", round+1, data, back.AtUs)
		}
	}
}

// A run killed between its two renames leaves its new picture beside the
// old sidecar (and, killed earlier, its temporary files): the sidecar is
// refused, naming both hashes, and the next run that writes there
// removes the temporary files and leaves a pair that reads.
func TestKilledBetweenRenames(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "same.png")
	first := sidecar()
	if err := WriteFile(path, picture(first.AtUs), first); err != nil {
		t.Fatal(err)
	}
	killed := sidecar()
	killed.AtUs = 3_000_000
	afterImage = func() { panic("killed") }
	func() {
		defer func() { recover() }()
		WriteFile(path, picture(killed.AtUs), killed)
	}()
	afterImage = func() {}
	// what a kill inside a WriteFileAtomic leaves
	stale := []string{".same.png.tmp123456", ".same.json.tmp42"}
	for _, s := range stale {
		os.WriteFile(filepath.Join(dir, s), []byte("half"), 0o600)
	}
	keep := filepath.Join(dir, ".same.png.tmpx") // not a temporary file of ours
	os.WriteFile(keep, nil, 0o600)
	_, err := Read(SidecarPath(path))
	if err == nil || !strings.Contains(err.Error(), "image_sha256: "+path+" beside it is not the picture this sidecar drew") {
		t.Fatalf("a half-replaced pair read: %v", err)
	}
	next := sidecar()
	next.AtUs = 4_000_000
	if err := WriteFile(path, picture(next.AtUs), next); err != nil {
		t.Fatal(err)
	}
	if back, err := Read(SidecarPath(path)); err != nil || back.AtUs != next.AtUs {
		t.Fatalf("after the next run: %+v, %v", back, err)
	}
	for _, s := range stale {
		if _, err := os.Stat(filepath.Join(dir, s)); err == nil {
			t.Errorf("%s outlived the next run", s)
		}
	}
	if _, err := os.Stat(keep); err != nil {
		t.Errorf("the next run removed %s, not its own: %v", keep, err)
	}
}

// A sidecar from before the hash was kept reads, as it always has, with a
// note that its picture is not checked; a sidecar alone is a recipe and
// reads without one.
func TestSidecarWithoutImageHash(t *testing.T) {
	path := filepath.Join(t.TempDir(), "old.png")
	sc := sidecar()
	if err := WriteFile(path, picture(sc.AtUs), sc); err != nil {
		t.Fatal(err)
	}
	editSidecar(t, SidecarPath(path), func(m map[string]any) { delete(m, "image_sha256") })
	os.WriteFile(path, []byte("another picture"), 0o644)
	back, err := Read(SidecarPath(path))
	if err != nil || len(back.Notes) != 1 || !strings.Contains(back.Notes[0], "names no image_sha256") {
		t.Fatalf("an old sidecar: %v, notes %q", err, back.Notes)
	}
	os.Remove(path)
	editSidecar(t, SidecarPath(path), func(m map[string]any) { m["image_sha256"] = "sha256:00" })
	if back, err := Read(SidecarPath(path)); err != nil || len(back.Notes) != 0 {
		t.Fatalf("a sidecar alone: %v, notes %q", err, back.Notes)
	}
}

// --out takes .PNG as .png: its sidecar is checked against it too.
func TestPairCheckedWhateverTheExtensionsCase(t *testing.T) {
	path := filepath.Join(t.TempDir(), "up.PNG")
	sc := sidecar()
	if err := WriteFile(path, picture(sc.AtUs), sc); err != nil {
		t.Fatal(err)
	}
	if _, err := Read(SidecarPath(path)); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(path, []byte("another picture"), 0o644)
	if _, err := Read(SidecarPath(path)); err == nil || !strings.Contains(err.Error(), "up.PNG beside it is not the picture") {
		t.Errorf("a .PNG replaced: %v", err)
	}
}

func editSidecar(t *testing.T, path string, edit func(map[string]any)) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	edit(m)
	b, _ = json.MarshalIndent(m, "", "  ")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

func BenchmarkWriteFile(b *testing.B) {
	path := filepath.Join(b.TempDir(), "b.png")
	sc := sidecar()
	data := make([]byte, 1<<20)
	for b.Loop() {
		if err := WriteFile(path, data, sc); err != nil {
			b.Fatal(err)
		}
	}
}
